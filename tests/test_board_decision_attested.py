"""A Board's decision is signed by the Village President and attested by the Village Clerk (WI
legal reading 2026-12-02, item 10; first reading: "Board decisions signed by the President and
attested by the Clerk"): the attestation is the notice type's (`attested_by`), printed in the
PDF and the Word copy alike, and a village without that officer is told which key to add."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from clerk import CASEBOOK
from docx import Document as WordDocument

from noticeclerk.exceptions import ConfigError
from noticeclerk.render import render_case

ROOT = Path(__file__).resolve().parent.parent
DECISIONS = [
    "tree-appeal-decision",
    "tree-appeal-decision-reversed",
]


@pytest.mark.parametrize("sample", DECISIONS)
def test_the_board_s_decision_carries_the_clerk_s_attestation_under_the_president(sample, tmp_path):
    rendered = render_case(CASEBOOK / "palmyra" / f"{sample}.toml", ("docx",))
    words = " ".join(rendered.html.split())
    assert (
        "Dana Lindqvist</p> <p>Village President, for the Village Board</p> </div> "
        '<p class="attest">Attest:</p>' in words
    )
    path = tmp_path / "decision.docx"
    path.write_bytes(rendered.files["docx"])
    lines = [paragraph.text for paragraph in WordDocument(str(path)).paragraphs]
    at = lines.index("Attest:")
    assert lines[at - 2 : at + 3] == [
        "Dana Lindqvist",
        "Village President, for the Village Board",
        "Attest:",
        "Robin Schultz",
        "Village Clerk",
    ]


def test_a_notice_signed_by_one_officer_alone_has_no_attestation():
    rendered = render_case(CASEBOOK / "palmyra" / "dangerous-tree-order.toml", ("docx",))
    assert "Attest:" not in rendered.html


def test_an_attesting_officer_the_village_file_lacks_is_named(tmp_path):
    own = tmp_path / "letterheads" / "palmyra"
    shutil.copytree(ROOT / "letterheads" / "palmyra", own)
    text = (own / "letterhead.toml").read_text(encoding="utf-8")
    (own / "letterhead.toml").write_text(
        text.replace("[officers.clerk]", "[officers.deputy_clerk]"), encoding="utf-8"
    )
    with pytest.raises(ConfigError, match=r"officers\.clerk.*attested_by"):
        render_case(CASEBOOK / "palmyra" / "tree-appeal-decision.toml", ("docx",), tmp_path)
