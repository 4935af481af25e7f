"""A Wisconsin village's review facts, turned into its decision on review (Wis. Stat. ch. 68).

The checks a decision on review makes on its dates and words are declared in its notice types;
the one thing no declared check can see is the village's own choice under Wis. Stat. § 68.16:
a village that elected not to be bound by ch. 68 gives the review its ordinance provides
instead, and issues no decision on review under the chapter.
"""

from __future__ import annotations

from typing import Any

from noticeclerk.computations.figures import CaseContext, computation
from noticeclerk.exceptions import InputError


@computation("wisconsin_review_decision")
def wisconsin_review_decision(case: CaseContext) -> dict[str, Any]:
    """Refused where the village's file says it opted out of ch. 68; otherwise nothing to add."""
    chapter = case.village.chapter_68
    if chapter is not None and chapter.opted_out_by is not None:
        raise InputError(
            f"The {case.village.name} has elected under Wis. Stat. § 68.16 not to be bound by "
            f"chapter 68 ({chapter.opted_out_by}), so it issues no decision on review under "
            f"§ 68.09; its review is: {chapter.instead}"
        )
    return {}
