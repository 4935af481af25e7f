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


# "§ 19-15(c)", "§ 19A-4", "§ 8.03(3)(b)2", "§ 496-10B(1) and (2)": a section of the Village's
# Code, whose number begins with its chapter's; "Ch. 496, Specifications": an unnumbered one.
_SECTION_CHAPTER = re.compile(r"^§\s*([0-9]+[A-Z]?)[-.]")
_CHAPTER_NAMED = re.compile(r"^Ch\.\s*([0-9]+[A-Z]?),")


def chaptered(citations: Iterable[str], chapters: Iterable[str]) -> list[str]:
    """Citations as a document's authority line prints them: plainly, and the first section
    of each of the Village's chapters (`chapters`) after another chapter's, or first, with its
    chapter named ("Ch. 19, § 19-15(c)"); a state statute, or a section of an ordinance the
    Village's file places in no chapter, as it is."""
    known = set(chapters)
    printed, current = [], None
    for citation in citations:
        plain = plain_citation(citation)
        named = _CHAPTER_NAMED.match(plain)
        section = _SECTION_CHAPTER.match(plain)
        if named is not None:
            current = named.group(1)
        elif section is not None and section.group(1) in known:
            if section.group(1) != current:
                plain = f"Ch. {section.group(1)}, {plain}"
            current = section.group(1)
        printed.append(plain)
    return printed
