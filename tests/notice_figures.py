"""Case facts and sample cases, turned into the figures one notice type prints, for tests."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import msgspec

from noticeclerk.compose import compute_figures
from noticeclerk.computations import CaseContext
from noticeclerk.content.casefile import CaseFile, load_case, read_case_header
from noticeclerk.content.notice_types import load_notice
from noticeclerk.content.village import load_village

CASEBOOK = Path(__file__).resolve().parent.parent / "casebook"


def figures_of(
    village: str,
    notice: str,
    facts: dict[str, Any],
    *,
    events: dict[str, Any] | None = None,
    today: date = date(2026, 11, 30),
) -> dict[str, Any]:
    """What the notice type computes from these facts, declared tables and Python alike."""
    place = load_village(village)
    case = CaseContext(facts=facts, events=events or {}, village=place, today=today)
    return compute_figures(load_notice(village, notice), case)


def sample_case(village: str, stem: str, **changes: Any) -> CaseFile:
    """A sample case of the casebook, read as a clerk's case file, some facts written otherwise."""
    path = CASEBOOK / village / f"{stem}.toml"
    header = read_case_header(path)
    if changes:
        header = msgspec.structs.replace(header, facts={**header.facts, **changes})
    place = load_village(village)
    return load_case(path, header, load_notice(village, header.notice), place.timezone)


def sample_facts(village: str, stem: str) -> dict[str, Any]:
    """The sample case's facts, typed as the notice definition asks."""
    return dict(sample_case(village, stem).facts)
