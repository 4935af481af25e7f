"""A determination's notice type and its village, turned into the review statement it prints.

The review lies under the state's law, not the ordinance: in Wisconsin under Wis. Stat. ch. 68
unless the Village opted out under § 68.16 (its file says which), in New York by a proceeding
under CPLR Article 78. The statement says what the Village relies on; it never guesses the
Village's choice.
"""

from __future__ import annotations

from noticeclerk.content.notice_types import NoticeType
from noticeclerk.content.village import Village
from noticeclerk.exceptions import ConfigError
from noticeclerk.rules.calendars import Jurisdiction


def review_statement(notice: NoticeType, village: Village) -> list[str] | None:
    """The paragraphs of the "Right to review" section, or None where the notice type states
    no review; ConfigError names the key a Wisconsin village or the notice type must add."""
    review = notice.review
    if review is None or review.of is None:
        return None
    if village.state is Jurisdiction.NY:
        return [
            f"The Village relies on Article 78 of the New York Civil Practice Law and Rules for "
            f"review of {review.of}: you may seek review of it by a proceeding under CPLR "
            f"Article 78, commenced within four months after it becomes final and binding upon "
            f"you (CPLR 217(1))."
        ]
    chapter = village.chapter_68
    if chapter is None:
        raise ConfigError(
            village.path,
            "review.chapter_68",
            f"is missing: the {notice.slug} notice type states the review of {review.of}, so say "
            'under [review] whether Wis. Stat. ch. 68 applies, chapter_68 = "applies", or the '
            'Village opted out under § 68.16, chapter_68 = "opted out" with opted_out_by and '
            "instead",
        )
    if chapter.opted_out_by is not None:
        return [
            f"The Village has elected under Wis. Stat. § 68.16 not to be bound by chapter 68 of "
            f"the Wisconsin Statutes ({chapter.opted_out_by}). For review of {review.of}: "
            f"{chapter.instead}"
        ]
    if review.after_hearing is not None:
        if chapter.hearing_is_appeal is None:
            raise ConfigError(
                village.path,
                "review.hearing_is_appeal",
                f"is missing: the {notice.slug} notice type is a decision made after the hearing "
                f"of {review.after_hearing}; say whether the Village treats that hearing as the "
                "appeal of Wis. Stat. § 68.11, making the decision the final determination "
                "reviewed by certiorari within 30 days (hearing_is_appeal = true), or not "
                "(false: a request for review under § 68.08 comes first), as the village "
                "attorney advises",
            )
        if chapter.hearing_is_appeal:
            return [
                f"The Village relies on chapter 68 of the Wisconsin Statutes, as it reads that "
                f"chapter: the hearing {review.made_by or 'the Village'} held under "
                f"{review.after_hearing} before this decision is the appeal of Wis. Stat. "
                f"§ 68.11, and {review.of} is the final determination on review (Wis. Stat. "
                f"§ 68.12). You may seek review of it by certiorari in the circuit court within "
                f"30 days of receiving it (Wis. Stat. § 68.13)."
            ]
    if review.made_by is None:
        raise ConfigError(
            notice.path,
            "review.made_by",
            "is missing: a request for review under Wis. Stat. § 68.08 is made to whoever made "
            'the determination, so name them, such as made_by = "the Director of Public Works"',
        )
    return [
        f"The Village relies on chapter 68 of the Wisconsin Statutes, as it reads that chapter, "
        f"for review of {review.of}. You may have it reviewed by a written or oral request to "
        f"{review.made_by} within 30 days of notice to you of it (Wis. Stat. § 68.08). After "
        f"the final determination on review, you may seek review by certiorari in the circuit "
        f"court within 30 days of receiving that final determination (Wis. Stat. § 68.13)."
    ]
