"""A citation as the catalogue keeps it ("§ 134-45F (inferred)"), turned into what a served
document prints ("§ 134-45F") and into the catalogue's list of inferred section numbers.

Some ordinance texts as published leave out section numbers or letters; the notice
definitions cite them with the mark "(inferred)" (INDEX.md), so the catalogue and the register
keep the truth. A served document cites the Code plainly: the mark is a drafting note for the
clerk and the attorney, not words addressed to the recipient.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# "§ 134-45F (inferred)", "(§ 134-43, inferred)", "§ 496-14B(2), (3), inferred" and the money
# engine's "Village A § 134-45F, section number inferred": the mark follows the citation it
# qualifies, in brackets or after a comma.
_MARK = re.compile(r" \(inferred\)|, (?:section number )?inferred\b")

INFERRED_WHY = (
    "The ordinance text as published does not print these section numbers or letters; they are "
    "inferred from the order of the text and its cross-references, and documents cite them plainly."
)


def is_inferred(citation: str) -> bool:
    """Whether a citation carries the mark of an inferred section number or letter."""
    return _MARK.search(citation) is not None


def plain_citation(text: str) -> str:
    """A citation, or a sentence citing sections, with every "(inferred)" mark taken out."""
    return _MARK.sub("", str(text))


def inferred_citations(citations: Iterable[str]) -> list[str]:
    """The cited sections whose number or letter is inferred, as a served document prints them."""
    return list(dict.fromkeys(plain_citation(c) for c in citations if is_inferred(c)))
