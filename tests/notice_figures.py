"""Case facts, turned into the figures one notice type prints, as tests ask for them."""

from __future__ import annotations

from datetime import date
from typing import Any

from noticeclerk.compose import compute_figures
from noticeclerk.computations import CaseContext
from noticeclerk.content.notice_types import load_notice
from noticeclerk.content.village import load_village


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
