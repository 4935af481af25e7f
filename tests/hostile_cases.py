"""Sample cases of the casebook rewritten with text of a test's choosing in their free-text
facts and their recipient, and the documents' text read back for finding that text."""

from __future__ import annotations

import json
import re
import shutil
import tomllib
from dataclasses import dataclass, field
from datetime import date, datetime, time
from html import unescape
from pathlib import Path
from typing import Any

from document_text import RUNNING_LINES, docx_words, pdf_pages

from noticeclerk.content.casefile import read_case_header
from noticeclerk.content.folders import casebook_cases
from noticeclerk.content.notice_types import NoticeType, load_notice
from noticeclerk.render import Rendered

REPO = Path(__file__).resolve().parents[1]
FREE_TEXT = ("text", "text_list", "cost_lines")


def first_case_of_each_notice_type() -> list[Path]:
    cases: dict[tuple[str, str], Path] = {}
    for path in casebook_cases():
        header = read_case_header(path)
        cases.setdefault((header.village, header.notice), path)
    return list(cases.values())


def toml_value(value: Any) -> str:
    # JSON's string escapes are TOML's basic-string escapes.
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, date | datetime | time):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        pairs = (f"{json.dumps(key)} = {toml_value(item)}" for key, item in value.items())
        return "{" + ", ".join(pairs) + "}"
    raise TypeError(value)


def toml_text(data: dict[str, Any]) -> str:
    lines = [
        f"{json.dumps(k)} = {toml_value(v)}" for k, v in data.items() if not isinstance(v, dict)
    ]
    for table, values in data.items():
        if isinstance(values, dict):
            lines.append(f"[{table}]")
            lines += [f"{json.dumps(k)} = {toml_value(v)}" for k, v in values.items()]
    return "\n".join(lines) + "\n"


def named_in_the_definition(notice: NoticeType) -> set[str]:
    """Every key and text of a notice definition outside [facts]: a fact named there is
    compared, chosen by or looked up, so only a value it allows makes a document."""
    raw = tomllib.loads(notice.path.read_text(encoding="utf-8"))
    raw.pop("facts", None)
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            found.update(value)
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str):
            found.add(value)

    walk(raw)
    return found


def read_by_a_computation() -> set[str]:
    """Every quoted name in the computations package: a fact a village's computation reads
    (a kind of work, the lines of a schedule) takes only the values it knows."""
    source = REPO / "noticeclerk" / "computations"
    return {
        name
        for module in source.glob("*.py")
        for name in re.findall(r"[\"']([a-z][a-z0-9_]*)[\"']", module.read_text(encoding="utf-8"))
    }


COMPUTED = read_by_a_computation()


def free_text_facts(notice: NoticeType, given: dict[str, Any]) -> list[str]:
    """The case's text facts that only print: none compared, chosen by, looked up or read by
    a computation. Cost lines qualify unless a computation reads them, since only their
    descriptions take the hostile text."""
    named = named_in_the_definition(notice)
    computed = COMPUTED if notice.computation is not None else set()
    return [
        fact.name
        for fact in notice.facts
        if fact.type in FREE_TEXT
        and fact.name in given
        and given[fact.name]
        and fact.name not in computed
        and (fact.type == "cost_lines" or fact.name not in named)
    ]


def hostile_value(kind: str, sample: Any, text: str) -> Any:
    if kind == "text":
        return text
    if kind == "text_list":
        return [text, *sample[1:]]
    return [{**sample[0], "description": text}, *sample[1:]]


def squeezed(text: str) -> str:
    """Text without its white space: a line or a page may break anywhere in a long value."""
    return "".join(text.split()).casefold()


@dataclass
class HostileCase:
    path: Path
    notice: NoticeType
    # The hostile text given to each fact.
    placed: dict[str, str] = field(default_factory=dict)


def hostile_case(
    sample: Path,
    folder: Path,
    texts: list[str],
    name: str,
    facts: int | None = None,
    address: list[str] | None = None,
) -> HostileCase:
    """The sample case with `texts` dealt out over its free-text facts (`facts` of them at
    most), `name` as its recipient and `address` above the recipient's last address line,
    written beside a copy of its village's casebook."""
    data = tomllib.loads(sample.read_text(encoding="utf-8"))
    header = read_case_header(sample)
    notice = load_notice(header.village, header.notice)
    village = folder / sample.parent.name
    if not village.exists():
        shutil.copytree(sample.parent, village)
    kinds = {fact.name: fact.type for fact in notice.facts}
    names = free_text_facts(notice, data.get("facts", {}))[:facts]
    case = HostileCase(village / f"hostile-{sample.name}", notice)
    for index, fact in enumerate(names):
        dealt = " · ".join(texts[index :: len(names)])
        if not dealt:
            break
        original = data["facts"][fact]
        data["facts"][fact] = hostile_value(kinds[fact], original, dealt)
        case.placed[fact] = dealt
    lines = data.get("recipient", {}).get("address_lines") or ["1 Main Street", "ANYTOWN NY 10000"]
    if address is not None:
        lines = [*address, lines[-1]]
    data["recipient"] = {"name": name, "address_lines": lines}
    case.path.write_text(toml_text(data), encoding="utf-8")
    return case


def seal_lettering(village: str) -> str:
    """The words drawn inside the village's seal, which the PDF holds as text at a page's end."""
    svg = (REPO / "letterheads" / village / "seal.svg").read_text(encoding="utf-8")
    return squeezed(" ".join(re.findall(r"<text[^>]*>(?:\s*<textPath[^>]*>)?([^<]+)<", svg)))


def pdf_squeezed(rendered: Rendered) -> str:
    """The PDF's text without the running lines and the seal's lettering, which a long value
    running over pages would otherwise have in its middle."""
    seal = seal_lettering(rendered.village)
    lines = [
        line
        for page in pdf_pages(rendered.files["pdf"])
        for line in page.splitlines()
        if not RUNNING_LINES.match(line.strip()) and squeezed(line) not in seal
    ]
    return squeezed("\n".join(lines))


# Letters of the right-to-left scripts (Hebrew, Arabic and their presentation forms).
_RIGHT_TO_LEFT = re.compile(r"[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]+")
# What bidirectional reordering moves between runs: spaces and punctuation of no direction.
_NEUTRAL_EDGES = " \t\n·\"'«»“”()[].,:;-\u2013\u2014"


def pdf_pieces(text: str) -> list[str]:
    """What must be found in the PDF of `text`: each right-to-left word, and each stretch
    between them without the neutral punctuation at its edges.

    A PDF holds right-to-left letters in the order they are seen, and pypdf reads a line of
    mixed directions back with its runs (and the punctuation between them) reordered, while
    each word comes back in its own order; the Word copy holds the whole text in order.
    """
    pieces = [squeezed(word) for word in _RIGHT_TO_LEFT.findall(text)]
    for stretch in _RIGHT_TO_LEFT.split(text):
        stretch = squeezed(stretch).strip(_NEUTRAL_EDGES)
        if stretch:
            pieces.append(stretch)
    return pieces


def docx_squeezed(rendered: Rendered) -> str:
    return squeezed(" ".join(docx_words(rendered.files["docx"])))


def html_text(rendered: Rendered) -> str:
    """What the template printed, as text: the escaped case data read back."""
    return squeezed(unescape(re.sub(r"<[^>]+>", " ", rendered.html)))
