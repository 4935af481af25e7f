"""TOML files of the content folders, turned into typed records, or one sentence naming the key.

The shape of each file (which tables and keys it has, and the kind of each value) is declared
once as msgspec Structs beside its reader; this module decodes a file against its declaration
and turns msgspec's report into the sentence a clerk reads: the file, the key, and what to
write there. msgspec rather than pydantic or cattrs: it is strict by default (a quoted number
is not a number), it refuses unknown keys when told, and it imports in a few milliseconds, which
matters to `calc deadline --village`, a command that must answer at the counter at once. Rules
that need more than a value's kind (a time zone that must exist, a fee the Board sets) stay in
the readers, which raise ConfigError with the key themselves.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import msgspec
from msgspec import inspect as shape

from noticeclerk.exceptions import ConfigError, InputError

T = TypeVar("T")

# The name of a village, a notice type or a fee: lower-case letters, digits and dashes, so it
# is also a safe file name and TOML key.
NAME = r"[a-z0-9][a-z0-9-]*"
NAME_PATTERN = re.compile(NAME + r"\Z")

# A character no letter can print: a NUL, a bell, a terminal escape, DEL and the C1 controls
# (U+0080-U+009F, which a Word document takes but a reader never sees). A Word document cannot
# hold most of them at all (XML 1.0 forbids them), so text bound for a document is refused with
# one. Tab and line breaks are XML's own: free text (a description, a note) keeps them; a field
# printed on one line (a name, an address line, a number) refuses them too.
CONTROL_CHARACTER = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
LINE_BREAK = re.compile(r"[\t\n\r]")
_LINE_BREAK_WORDS = {"\t": "a tab", "\n": "a line break", "\r": "a carriage return"}


# Characters a reader cannot see or a document cannot print, by Unicode general category.
# Zero-width joiners (U+200C, U+200D) are left alone: some scripts spell names with them.
# Noncharacters (U+FFFE, U+FFFF, U+FDD0-U+FDEF and the last two of every plane) are "Cn";
# the direction embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) are "Cf":
# they would make a name print in an order other than the one stored.
_UNSEEN = {
    "Cs": "a lone surrogate ({code}){at}, left by text that was not UTF-8",
    "Cf": "an invisible formatting character ({code}){at}, such as a text-direction override",
    "Co": "a private-use character ({code}){at}, which has no agreed letter",
    "Cn": "a character Unicode does not assign ({code}){at}",
    "Zl": "a line separator ({code}){at}",
    "Zp": "a paragraph separator ({code}){at}",
}
_JOINERS = {"\u200c", "\u200d"}


def _first_fault(text: str, one_line: bool) -> tuple[int, str] | None:
    """The index of the first character of `text` unfit for a document, and the words for it
    with its position ("a control character (U+0007) at position 12")."""
    faults = []
    if found := CONTROL_CHARACTER.search(text):
        faults.append((found.start(), "a control character ({code}){at}"))
    if one_line and (found := LINE_BREAK.search(text)):
        faults.append((found.start(), _LINE_BREAK_WORDS[found[0]] + " ({code}){at}"))
    if not text.isascii():
        for index, character in enumerate(text):
            category = unicodedata.category(character)
            if category in _UNSEEN and character not in _JOINERS:
                faults.append((index, _UNSEEN[category]))
                break
    if not faults:
        return None
    index, words = min(faults)
    return index, words.format(code=f"U+{ord(text[index]):04X}", at=f" at position {index + 1}")


def unprintable(text: str, *, one_line: bool = False) -> str | None:
    """What is wrong with the first character of `text` that no document can print or no
    reader can see, in words with its position counted from 1 ("a control character (U+0007)
    at position 12"); None when every character is fit for a record. `one_line` refuses a
    tab or a line break as well, for a field a document prints on one line."""
    fault = _first_fault(text, one_line)
    return fault[1] if fault else None


def refuse_control(text: str, what: str, *, one_line: bool = False) -> str:
    """The text, or InputError naming `what` and the position when it holds a control
    character, a lone surrogate, a noncharacter or a character no reader can see (a direction
    override that reorders a name); with `one_line`, a tab or a line break too."""
    fault = _first_fault(text, one_line)
    if fault is not None:
        index, words = fault
        why = (
            "which must stay on one line"
            if LINE_BREAK.fullmatch(text[index])
            else "which a document cannot print faithfully"
        )
        raise InputError(f"{what} contains {words}, {why}; retype it without one.")
    return text


def unprintable_entry(data: object, key: str = "") -> tuple[str, str] | None:
    """The key (dotted, with list indexes) and the words for the first text in a file's
    tables, a key's own name included, that no document can print; None when all are fit.
    Tabs and line breaks pass here: which fields must be one line, the reader of each decides."""
    if isinstance(data, str):
        problem = unprintable(data)
        return (key, problem) if problem else None
    if isinstance(data, dict):
        for name, value in data.items():
            inner = _join(key, str(name))
            if problem := unprintable(str(name)):
                return inner, f"its name contains {problem}"
            if found := unprintable_entry(value, inner):
                return found
    if isinstance(data, list):
        for index, value in enumerate(data):
            if found := unprintable_entry(value, f"{key}[{index}]"):
                return found
    return None


def printed_setting(path: Path, key: str, text: str | None) -> str | None:
    """A setting a document prints, on one line; ConfigError naming the file and key when it
    holds a character no document can print or no reader can see."""
    if text is None:
        return None
    problem = unprintable(text)
    if problem:
        raise ConfigError(path, key, f"contains {problem}; retype it")
    return " ".join(text.split())


# Text that says something: a value of spaces only is as good as a missing one.
Text = Annotated[str, msgspec.Meta(pattern=r"\S", description="text in quotes")]


class Table(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A table of a content file: a key it does not declare is a mistake, never ignored."""


# msgspec reports "<problem> - at `$.table.key[0]`"; the location is absent at the top level.
_REPORT = re.compile(r"(?P<problem>.*?)(?: - at `\$(?P<where>[^`]*)`)?", re.S)
_MISSING = re.compile(r"Object missing required field `(?P<key>[^`]+)`")
_UNKNOWN = re.compile(r"Object contains unknown field `(?P<key>[^`]+)`")
_EXPECTED = re.compile(r"Expected `(?P<kind>[^`]+)`")
_KIND_WORDS = {
    "str": "text in quotes",
    "bool": "true or false",
    "int": "a whole number",
    "float": "a number",
    "object": "a table",
    "array": "a list",
    "date": "a date written YYYY-MM-DD",
    "datetime": "a date and time written YYYY-MM-DDTHH:MM",
    "time": "a time of day written HH:MM",
}


# What a mistake in a file raises: ConfigError for the folders the village attorney keeps,
# CaseFileError for the case files a clerk writes.
Mistake = Callable[[Path, str | None, str], Exception]


def read_toml(path: Path, mistake: Mistake = ConfigError) -> dict[str, Any]:
    """A content file's TOML as tables, or the mistake naming the file."""
    try:
        return tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise mistake(path, None, f"is not valid TOML: {error}") from None


def decode(
    path: Path, data: object, schema: type[T], prefix: str = "", mistake: Mistake = ConfigError
) -> T:
    """The tables of `path` as a `schema` record; a mistake names the key and what to write."""
    try:
        return msgspec.convert(data, schema, strict=True)
    except msgspec.ValidationError as error:
        key, problem = explain(str(error), schema, data)
        where = prefix + key if key else prefix.rstrip(".") or None
        raise mistake(path, where, problem) from None


def explain(report: str, schema: type, data: object) -> tuple[str, str]:
    """msgspec's report on `data`, as the key at fault and the clerk's words for the problem."""
    match = _REPORT.fullmatch(report)
    problem, where = (match["problem"], match["where"] or "") if match else (report, "")
    key = where.lstrip(".")
    if missing := _MISSING.fullmatch(problem):
        key = _join(key, missing["key"])
        hint = _hint(schema, key)
        return key, "is missing" + (f"; write {hint}" if hint else "")
    if unknown := _UNKNOWN.fullmatch(problem):
        settings = ", ".join(_settings(schema, key)) or "none"
        return _join(key, unknown["key"]), f"is not a setting; the settings here are: {settings}"
    got = _value_at(data, key)
    shown = "" if got is _ABSENT else f"; got {got!r}"
    if problem.startswith("Invalid enum value"):
        choices = ", ".join(_choices(schema, key))
        return key, f"must be one of {choices}{shown}"
    hint = _hint(schema, key)
    if hint:
        return key, f"must be {hint}{shown}"
    if expected := _EXPECTED.match(problem):
        kinds = [
            _KIND_WORDS.get(kind.strip(), kind.strip()) for kind in expected["kind"].split("|")
        ]
        return key, f"must be {' or '.join(k for k in kinds if k != 'null')}{shown}"
    if "date" in problem:
        return key, f"must be {_KIND_WORDS['date']}{shown}"
    return key, f"{problem[:1].lower()}{problem[1:]}{shown}"


class _Absent:
    def __repr__(self) -> str:
        return "nothing"


_ABSENT = _Absent()
_STEP = re.compile(r"\.([^.\[]+)|\[(\d+|'[^']*'|\.\.\.)\]")


def _steps(key: str) -> list[str | int]:
    steps: list[str | int] = []
    for name, index in _STEP.findall("." + key if key and not key.startswith("[") else key):
        if name:
            steps.append(name)
        elif index.isdigit():
            steps.append(int(index))
        else:
            steps.append(index.strip("'"))
    return steps


def _join(key: str, name: str) -> str:
    return f"{key}.{name}" if key else name


def _value_at(data: object, key: str) -> object:
    for step in _steps(key):
        if (isinstance(step, int) and isinstance(data, list) and step < len(data)) or (
            isinstance(step, str) and isinstance(data, dict) and step in data
        ):
            data = data[step]
        else:
            return _ABSENT
    return data


def _info_at(schema: type, key: str) -> Any:
    """The declared shape at `key`, following tables, lists and unions; None when unknown."""
    info: Any = shape.type_info(schema)
    for step in _steps(key):
        info = _unwrap(info, want_struct=isinstance(step, str))
        if isinstance(step, int) and isinstance(info, shape.ListType | shape.VarTupleType):
            info = info.item_type
        elif isinstance(step, str) and isinstance(info, shape.StructType):
            field = next((f for f in info.fields if f.encode_name == step), None)
            if field is None:
                return None
            info = field.type
        elif isinstance(step, str) and isinstance(info, shape.DictType):
            info = info.value_type
        else:
            return None
    return info


def _unwrap(info: Any, want_struct: bool = False) -> Any:
    """Look through Annotated metadata and optional unions to the type that holds the keys."""
    while True:
        if isinstance(info, shape.Metadata):
            info = info.type
        elif isinstance(info, shape.UnionType):
            kinds = [t for t in info.types if not isinstance(t, shape.NoneType)]
            tables = [t for t in kinds if isinstance(_unwrap(t), shape.StructType)]
            info = tables[0] if want_struct and tables else kinds[0]
        else:
            return info


def _hint(schema: type, key: str) -> str | None:
    info = _info_at(schema, key)
    while info is not None:
        if isinstance(info, shape.Metadata):
            description = (info.extra_json_schema or {}).get("description")
            if description:
                return description
            info = info.type
        elif isinstance(info, shape.UnionType):
            info = next(
                (t for t in info.types if isinstance(t, shape.Metadata)),
                None,
            )
        else:
            return None
    return None


def _settings(schema: type, key: str) -> list[str]:
    info = _unwrap(_info_at(schema, key), want_struct=True)
    if isinstance(info, shape.StructType):
        return sorted(f.encode_name for f in info.fields)
    return []


def _choices(schema: type, key: str) -> list[str]:
    info = _unwrap(_info_at(schema, key))
    if isinstance(info, shape.EnumType):
        return [str(member.value) for member in info.cls]
    if isinstance(info, shape.LiteralType):
        return [str(value) for value in info.values]
    return []


# The longest name the register keeps for a person (its columns are 200 characters).
MOST_NAME = 200


def person_named(text: str, what: str) -> str:
    """A person's name as a sworn document or the mailing book prints it: one line, some
    letters, no longer than MOST_NAME; else InputError naming `what`."""
    name = " ".join(text.split())
    if not name:
        raise InputError(f"{what} is empty: give the person's full name.")
    refuse_control(name, what, one_line=True)
    if len(name) > MOST_NAME:
        raise InputError(f"{what} is {len(name):,} characters; a name is at most {MOST_NAME}.")
    if not any(character.isalpha() for character in name):
        raise InputError(f"{what} is '{name}', which has no letters: give the person's name.")
    return name
