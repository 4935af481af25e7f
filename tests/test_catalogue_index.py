"""Every document INDEX.md calls for, against the catalogue: made, or written down as pending.

tests/catalogue/<village>.toml maps each bullet of ../shared/ordinances/INDEX.md to the
notice types that produce its documents and lists what is still pending; the catalogue is
complete (issue 6) when every pending list is empty.
"""

from __future__ import annotations

import re

import pytest
from manifests import ORDINANCES, manifest, manifest_villages

from noticeclerk.content.notice_types import notice_names

INDEX = ORDINANCES / "INDEX.md"
# INDEX.md heads each village's documents with its ordinance file's number ("### 002 — ...").
SECTIONS = {manifest(village)["ordinance"][:3]: village for village in manifest_villages()}


def index_bullets() -> dict[str, list[str]]:
    bullets: dict[str, list[str]] = {}
    village = None
    for line in INDEX.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"### (\d{3}) ", line)
        if heading:
            village = SECTIONS[heading.group(1)]
            bullets[village] = []
        elif village and line.startswith("- "):
            bullets[village].append(line[2:])
    return bullets


def bullets_of(village: str) -> list[dict]:
    return manifest(village)["bullet"]


@pytest.mark.skipif(not INDEX.exists(), reason="INDEX.md in ../shared is not beside this checkout")
@pytest.mark.parametrize("village", manifest_villages())
def test_every_index_bullet_is_mapped_in_order(village):
    bullets = index_bullets()[village]
    entries = bullets_of(village)
    assert len(entries) == len(bullets)
    for bullet, entry in zip(bullets, entries, strict=True):
        assert bullet.startswith(entry["starts"]), (entry["starts"], bullet[:60])


@pytest.mark.parametrize("village", manifest_villages())
def test_every_mapped_notice_type_exists_and_every_notice_type_is_mapped(village):
    mapped = [name for entry in bullets_of(village) for name in entry["notices"]]
    assert sorted(mapped) == notice_names(village)


@pytest.mark.parametrize("village", manifest_villages())
def test_a_bullet_with_nothing_made_has_its_documents_pending_or_a_reason(village):
    for entry in bullets_of(village):
        assert (
            entry["notices"]
            or entry["pending"]
            or entry["starts"]
            in (
                "Service of the directive (§134-43)",
                "Time to clear:",
            )
        ), entry["starts"]
