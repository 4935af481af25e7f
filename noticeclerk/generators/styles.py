"""The letter's look as Word can follow it, declared once, and a stylesheet checked against it.

The style map below is the single source of truth for every property the Word copy honours:
for each selector of templates/letter.css that the DOCX generator follows, the font size,
weight, style and family, line height, colour, alignment, capitals, letter spacing, margins,
padding, borders, sizes, keeping and breaking. `generators/docx.py` reads its values from here,
and letter.css must say the same: `stylesheet_disagreements` parses a stylesheet with tinycss2
and names every mapped selector and property on which the two differ.

Why the map is declared and the CSS checked against it, rather than the map derived from the
stylesheet: Word can follow only a small vocabulary (these properties, on these selectors,
without a cascade of its own), while a stylesheet can say anything CSS can. Deriving Word's
formatting from any stylesheet would mean a CSS engine inside the DOCX generator, and every
declaration outside the vocabulary would be silently dropped from the Word copy. Declaring the
vocabulary and its values in Word's own terms (points, RRGGBB) keeps the generator a reader of
a table, and a stylesheet that strays from it (the built-in one, a workspace's own letter.css)
is an error with one sentence instead of a PDF and a DOCX that quietly differ. To change the
look, change the map and letter.css together; the test suite holds them to each other.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Literal

import tinycss2
import tinycss2.color3

from noticeclerk.exceptions import ConfigError

IN = 72.0  # points per inch
PX = IN / 96
SERIF, SANS = "Liberation Serif", "Liberation Sans"
NORMAL: Literal["normal"] = "normal"  # line-height: normal, which Word cannot name


def inches(value: float) -> float:
    """A length in inches, in points."""
    return value * IN


@dataclass(frozen=True)
class Border:
    """One side's border: its width in points and colour as RRGGBB ("none" when removed)."""

    width: float
    colour: str


NO_BORDER = Border(0.0, "none")
_SIDES = ("top", "right", "bottom", "left")


@dataclass(frozen=True)
class Style:
    """What one selector sets, in points and RRGGBB; None is "the stylesheet says nothing"."""

    page_size: str | None = None
    size: float | None = None
    bold: bool | None = None
    italic: bool | None = None
    font: str | None = None  # the first family named
    line_height: float | Literal["normal"] | None = None  # times the font size
    color: str | None = None
    align: str | None = None
    upper: bool | None = None
    tracking: float | None = None
    margin_top: float | None = None
    margin_right: float | None = None
    margin_bottom: float | None = None
    margin_left: float | None = None
    padding_top: float | None = None
    padding_right: float | None = None
    padding_bottom: float | None = None
    padding_left: float | None = None
    border_top: Border | None = None
    border_right: Border | None = None
    border_bottom: Border | None = None
    border_left: Border | None = None
    width: float | str | None = None  # points, or a percentage such as "100%"
    height: float | None = None
    keep_with_next: bool | None = None  # avoid
    keep_together: bool | None = None  # avoid
    # "page" (page-break-before: always) or "avoid": kept on the page of what comes before it.
    break_before: str | None = None
    nowrap: bool | None = None
    valign: str | None = None

    @property
    def padding(self) -> tuple[float, float, float, float]:
        """Top, right, bottom, left, as CSS orders them."""
        sides = (self.padding_top, self.padding_right, self.padding_bottom, self.padding_left)
        return tuple(side or 0.0 for side in sides)  # type: ignore[return-value]

    def set_values(self) -> Iterator[tuple[str, Any]]:
        """The fields this style sets, by name."""
        for f in fields(self):
            value = getattr(self, f.name)
            if value is not None:
                yield f.name, value


# The CSS property each field of Style stands for.
CSS_PROPERTY = {
    "page_size": "size",
    "size": "font-size",
    "bold": "font-weight",
    "italic": "font-style",
    "font": "font-family",
    "line_height": "line-height",
    "color": "color",
    "align": "text-align",
    "upper": "text-transform",
    "tracking": "letter-spacing",
    "margin_top": "margin-top",
    "margin_right": "margin-right",
    "margin_bottom": "margin-bottom",
    "margin_left": "margin-left",
    "padding_top": "padding-top",
    "padding_right": "padding-right",
    "padding_bottom": "padding-bottom",
    "padding_left": "padding-left",
    "border_top": "border-top",
    "border_right": "border-right",
    "border_bottom": "border-bottom",
    "border_left": "border-left",
    "width": "width",
    "height": "height",
    "keep_with_next": "break-after",
    "keep_together": "break-inside",
    "break_before": "break-before",
    "nowrap": "white-space",
    "valign": "vertical-align",
}


def _box(top: float, right: float, bottom: float, left: float, kind: str) -> dict[str, float]:
    sides = zip(_SIDES, (top, right, bottom, left), strict=True)
    return {f"{kind}_{side}": value for side, value in sides}


def _margin(top: float, right: float = 0.0, bottom: float = 0.0, left: float = 0.0) -> Any:
    return _box(top, right, bottom, left, "margin")


def _padding(top: float, right: float, bottom: float, left: float) -> Any:
    return _box(top, right, bottom, left, "padding")


NO_MARGIN = _margin(0.0)
RUNNING_TEXT = Style(
    size=8, bold=False, italic=False, font=SANS, line_height=NORMAL, color="444444"
)
# The specimen mark in the running header: the running text's size, bold and red.
SPECIMEN_RUNNING = Style(
    size=8, bold=True, italic=False, font=SANS, line_height=NORMAL, color="BB0000"
)
AVOID = True

# letter.css, selector by selector and in its order. Shorthands are spelt out: `font: 11pt/1.35`
# also sets the weight and style to normal, `margin: 0 0 0.09in` all four sides.
STYLES: dict[str, Style] = {
    "@page": Style(
        page_size="letter", **_margin(inches(0.8), inches(0.875), inches(0.9), inches(0.875))
    ),
    "@page @top-left": SPECIMEN_RUNNING,
    "@page @top-right": RUNNING_TEXT,
    "@page @bottom-center": RUNNING_TEXT,
    "@page :first": Style(margin_top=inches(0.5)),
    "html": Style(size=11, bold=False, italic=False, line_height=1.35, font=SERIF, color="000000"),
    "body": Style(**NO_MARGIN),
    ".letterhead": Style(height=inches(1.6), border_bottom=Border(1.5, "1A3A5C")),
    ".letterhead .return-address": Style(valign="top", size=9.5, line_height=1.25),
    ".letterhead .village-name": Style(
        bold=True, italic=False, size=15, font=SERIF, line_height=NORMAL, color="1A3A5C"
    ),
    ".letterhead .contact": Style(
        valign="top",
        align="right",
        size=8.5,
        line_height=1.3,
        color="333333",
        padding_right=inches(0.15),
    ),
    ".letterhead .seal": Style(width=inches(0.95), height=inches(0.95)),
    ".letterhead .sample-banner": Style(
        bold=True,
        italic=False,
        size=9,
        font=SANS,
        line_height=NORMAL,
        color="BB0000",
        tracking=0.5,
    ),
    ".address-block": Style(
        height=inches(1.15),
        padding_top=inches(0.05),
        size=10.5,
        bold=False,
        italic=False,
        line_height=1.2,
        font=SANS,
        upper=True,
    ),
    ".address-block .mail-class": Style(size=8.5, bold=True, margin_bottom=2.0),
    ".address-block p": Style(**NO_MARGIN),
    ".document-date": Style(align="right", **_margin(inches(0.05), 0.0, inches(0.1))),
    "h1": Style(
        size=13.5,
        align="center",
        upper=True,
        tracking=0.5,
        **_margin(inches(0.1), 0.0, inches(0.12)),
    ),
    "h2": Style(
        size=11, upper=True, keep_with_next=AVOID, **_margin(inches(0.16), 0.0, inches(0.06))
    ),
    ".quote-heading": Style(keep_with_next=AVOID),
    ".lead-in": Style(keep_with_next=AVOID),
    "p": Style(align="justify", **_margin(0.0, 0.0, inches(0.09))),
    "table.re-block": Style(size=10, **_margin(0.0, 0.0, inches(0.14))),
    "table.re-block th": Style(
        align="left",
        bold=True,
        valign="top",
        nowrap=True,
        **_padding(0.0, inches(0.15), 1.0, 0.0),
    ),
    "table.re-block td": Style(**_padding(0.0, 0.0, 1.0, 0.0)),
    ".deadline": Style(
        border_top=Border(1.25, "000000"),
        border_right=Border(1.25, "000000"),
        border_bottom=Border(1.25, "000000"),
        border_left=Border(1.25, "000000"),
        **_padding(inches(0.08), inches(0.12), inches(0.08), inches(0.12)),
        **_margin(inches(0.1), 0.0, inches(0.12)),
    ),
    ".deadline p": Style(**NO_MARGIN),
    "blockquote.ordinance": Style(
        size=10, **_margin(inches(0.04), inches(0.3), inches(0.1), inches(0.3))
    ),
    "blockquote.ordinance p": Style(margin_bottom=inches(0.05)),
    ".citation": Style(italic=False, bold=True),
    "table.costs": Style(width="100%", size=10, **_margin(inches(0.06), 0.0, inches(0.14))),
    "table.costs th": Style(
        border_bottom=Border(0.5, "888888"), align="left", **_padding(2.0, 4.0, 2.0, 4.0)
    ),
    "table.costs td.amount": Style(align="right", nowrap=True),
    "table.costs tr.total td": Style(
        bold=True, border_top=Border(1.0, "000000"), border_bottom=NO_BORDER
    ),
    "ol.service-methods li": Style(margin_bottom=inches(0.04)),
    ".signature": Style(margin_top=inches(0.3), keep_together=AVOID, break_before="avoid"),
    ".signature .line": Style(
        margin_top=inches(0.4),
        border_top=Border(0.75, "000000"),
        width=inches(3),
        padding_top=2.0,
    ),
    ".signature p": Style(align="left", **NO_MARGIN),
    ".jurat": Style(margin_top=inches(0.25), keep_together=AVOID, break_before="avoid", size=10),
    ".page-break": Style(break_before="page"),
    ".remittance": Style(
        margin_top=inches(0.3),
        border_top=Border(1.0, "000000"),
        padding_top=inches(0.08),
        keep_together=AVOID,
    ),
    ".small": Style(size=9),
    ".specimen-note": Style(margin_top=inches(0.25), size=9),
    ".keep-together": Style(keep_together=AVOID),
    ".cite": Style(nowrap=True),  # Word can keep a table cell's text on one line, not a span's
    ".narrower": Style(margin_right=inches(0.4)),
    ".page-mark": Style(
        bold=True,
        italic=False,
        size=96,
        font=SANS,
        line_height=NORMAL,
        color="BB0000",
        align="center",
        tracking=8.0,
    ),
    ".legal-status": Style(
        bold=True, italic=False, size=7, font=SANS, line_height=1.15, color="000000", align="center"
    ),
}
# Selectors letter.css groups with one above, sharing its declarations.
STYLES["table.costs td"] = STYLES["table.costs th"]
STYLES["table.costs th.amount"] = STYLES["table.costs td.amount"]
STYLES["ul li"] = STYLES["ol.service-methods li"]

# Selectors whose honoured properties Word lays out by other means, and why; they are not
# checked, and a stylesheet may change them without being refused.
LAID_OUT_BY_HAND = {
    ".letterhead-row": "the letterhead's row: Word sizes it from .letterhead's height",
    ".letterhead .seal-cell": "the seal's cell: Word makes it the seal plus the contact padding",
}

# ---------------------------------------------------------------------------------------------
# Reading a stylesheet.

LENGTHS = {"pt": 1.0, "in": IN, "px": PX, "cm": IN / 2.54, "mm": IN / 25.4, "pc": 12.0}
_HONOURED = {css: name for name, css in CSS_PROPERTY.items()}


@dataclass(frozen=True)
class Disagreement:
    """One property on which a stylesheet and the style map differ."""

    selector: str
    property: str
    stylesheet: str
    word: str

    def problem(self) -> str:
        """One sentence, to follow the stylesheet's name."""
        return (
            f"'{self.selector}' has {self.property} {self.stylesheet} where the Word copy has "
            f"{self.word}, so the PDF and the DOCX would differ; keep the built-in value, or "
            "change noticeclerk/generators/styles.py and letter.css together"
        )


def stylesheet_disagreements(css: str) -> list[Disagreement]:
    """Every mapped selector and honoured property on which `css` and STYLES differ.

    A selector of `css` outside the map that sets an honoured property counts too: the Word
    copy would not follow it.
    """
    declared = read_stylesheet(css)
    found: list[Disagreement] = []
    for selector, style in declared.items():
        if selector in LAID_OUT_BY_HAND:
            continue
        expected = STYLES.get(selector)
        for name, value in style.set_values():
            if expected is None:
                found.append(_disagreement(selector, name, value, None))
            elif not _same(value, getattr(expected, name)):
                found.append(_disagreement(selector, name, value, getattr(expected, name)))
    for selector, expected in STYLES.items():
        style = declared.get(selector, Style())
        for name, value in expected.set_values():
            if getattr(style, name) is None:
                found.append(_disagreement(selector, name, None, value))
    return found


def check_stylesheet(path: Path) -> None:
    """Refuse a stylesheet the Word copy would not follow: one sentence, naming the selector."""
    found = stylesheet_disagreements(path.read_text(encoding="utf-8"))
    if found:
        raise ConfigError(path, None, found[0].problem())


def read_stylesheet(css: str) -> dict[str, Style]:
    """The honoured properties each selector of a stylesheet sets, the last declaration winning."""
    declared: dict[str, dict[str, Any]] = {}
    for selector, declarations in _rules(tinycss2.parse_stylesheet(css, True, True), ""):
        values = declared.setdefault(selector, {})
        for declaration in declarations:
            values.update(_longhands(declaration.lower_name, declaration.value))
    return {selector: Style(**values) for selector, values in declared.items() if values}


def _rules(nodes: Iterable[Any], prefix: str) -> Iterator[tuple[str, list[Any]]]:
    for node in nodes:
        if node.type == "qualified-rule":
            prelude = tinycss2.serialize(node.prelude)
            declarations = _declarations(node.content)
            for selector in prelude.split(","):
                yield _normal(f"{prefix} {selector}"), declarations
        elif node.type == "at-rule" and node.content is not None:
            name = _normal(f"{prefix} @{node.lower_at_keyword} {tinycss2.serialize(node.prelude)}")
            contents = tinycss2.parse_blocks_contents(node.content, True, True)
            yield name, [d for d in contents if d.type == "declaration"]
            # Margin boxes of @page, and the rules inside @media or @supports.
            yield from _rules((n for n in contents if n.type != "declaration"), name)


def _declarations(content: list[Any]) -> list[Any]:
    parsed = tinycss2.parse_blocks_contents(content, True, True)
    return [d for d in parsed if d.type == "declaration"]


def _normal(selector: str) -> str:
    return " ".join(selector.split())


def _longhands(name: str, tokens: list[Any]) -> dict[str, Any]:
    """One declaration as Style fields; properties Word does not follow give nothing."""
    values = [t for t in tokens if t.type not in ("whitespace", "comment")]
    if name == "font":
        return _font(values)
    if name in ("margin", "padding"):
        lengths = [_length(t) for t in values]
        if not 1 <= len(lengths) <= 4:
            return {f"{name}_{side}": _raw(tokens) for side in _SIDES}
        top, right, bottom, left = (lengths * 4)[:4] if len(lengths) == 1 else _four(lengths)
        return dict(zip((f"{name}_{s}" for s in _SIDES), (top, right, bottom, left), strict=True))
    if name == "border":
        border = _border(values)
        return {f"border_{side}": border for side in _SIDES}
    if name.startswith("border-") and name[7:] in _SIDES:
        return {f"border_{name[7:]}": _border(values)}
    if name in ("page-break-after", "page-break-inside", "page-break-before"):
        name = name[5:]
    if name.startswith(("margin-", "padding-")) or name in ("letter-spacing", "height"):
        field_name = _HONOURED.get(name, name.replace("-", "_"))
        return {field_name: _length(values[0]) if len(values) == 1 else _raw(tokens)}
    if name not in _HONOURED:
        return {}
    word = _keyword(values)
    value: Any
    if name == "font-size":
        value = _length(values[0]) if len(values) == 1 else _raw(tokens)
    elif name == "font-weight":
        value = _weight(values[0]) if len(values) == 1 else _raw(tokens)
    elif name == "font-style":
        value = word in ("italic", "oblique") if word in ("normal", "italic", "oblique") else word
    elif name == "font-family":
        value = _family(values)
    elif name == "line-height":
        value = _line_height(values[0]) if len(values) == 1 else _raw(tokens)
    elif name == "color":
        value = _colour(values[0]) if len(values) == 1 else _raw(tokens)
    elif name == "text-transform":
        value = word == "uppercase" if word in ("uppercase", "none") else word
    elif name in ("break-after", "break-inside"):
        value = word == "avoid" if word in ("avoid", "auto") else word
    elif name == "break-before":
        value = "page" if word == "always" else word
    elif name == "white-space":
        value = word == "nowrap" if word in ("nowrap", "normal") else word
    elif name == "width":
        value = _width(values[0]) if len(values) == 1 else _raw(tokens)
    else:  # size, text-align, vertical-align: keywords as they are written
        value = word
    return {_HONOURED[name]: value}


def _four(lengths: list[Any]) -> tuple[Any, Any, Any, Any]:
    if len(lengths) == 2:
        return lengths[0], lengths[1], lengths[0], lengths[1]
    if len(lengths) == 3:
        return lengths[0], lengths[1], lengths[2], lengths[1]
    return lengths[0], lengths[1], lengths[2], lengths[3]


def _font(values: list[Any]) -> dict[str, Any]:
    """`font: [style] [weight] size[/line-height] family`; the shorthand resets what it omits."""
    out: dict[str, Any] = {"bold": False, "italic": False, "line_height": NORMAL}
    index = 0
    while index < len(values) and values[index].type in ("ident", "number"):
        token = values[index]
        if token.type == "ident" and token.lower_value in ("italic", "oblique"):
            out["italic"] = True
        elif token.type == "number" or token.lower_value in ("bold", "bolder"):
            out["bold"] = _weight(token)
        index += 1
    if index < len(values):
        out["size"] = _length(values[index])
        index += 1
    if index + 1 < len(values) and values[index].type == "literal" and values[index].value == "/":
        out["line_height"] = _line_height(values[index + 1])
        index += 2
    out["font"] = _family(values[index:])
    return out


def _family(values: list[Any]) -> str:
    first: list[str] = []
    for token in values:
        if token.type == "literal" and token.value == ",":
            break
        first.append(token.value)
    return " ".join(first)


def _border(values: list[Any]) -> Border | str:
    if len(values) == 1 and values[0].type == "ident" and values[0].lower_value == "none":
        return NO_BORDER
    width, colour = None, "000000"
    for token in values:
        if token.type == "dimension":
            width = _length(token)
        elif token.type == "ident" and token.lower_value in ("solid", "none", "hidden"):
            if token.lower_value != "solid":
                return NO_BORDER
        else:
            colour = _colour(token)
    return Border(width, colour) if isinstance(width, float) else tinycss2.serialize(values)


def _length(token: Any) -> float | str:
    if token.type == "dimension" and token.lower_unit in LENGTHS:
        return token.value * LENGTHS[token.lower_unit]
    if token.type == "number" and token.value == 0:
        return 0.0
    return token.serialize()


def _width(token: Any) -> float | str:
    return f"{token.value:g}%" if token.type == "percentage" else _length(token)


def _weight(token: Any) -> bool | str:
    if token.type == "number":
        return token.value >= 600
    if token.type == "ident" and token.lower_value in ("bold", "bolder", "normal", "lighter"):
        return token.lower_value in ("bold", "bolder")
    return token.serialize()


def _line_height(token: Any) -> float | str:
    if token.type == "number":
        return float(token.value)
    if token.type == "ident" and token.lower_value == "normal":
        return NORMAL
    return token.serialize()


def _colour(token: Any) -> str:
    colour = tinycss2.color3.parse_color(token)
    if colour is None or isinstance(colour, str):
        return token.serialize()
    return "".join(f"{round(part * 255):02X}" for part in colour[:3])


def _keyword(values: list[Any]) -> str:
    if len(values) == 1 and values[0].type == "ident":
        return values[0].lower_value
    return tinycss2.serialize(values).strip()


def _raw(tokens: list[Any]) -> str:
    return tinycss2.serialize(tokens).strip()


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float | int) and not isinstance(b, bool):
        return abs(a - b) < 0.01
    if isinstance(a, Border) and isinstance(b, Border):
        return _same(a.width, b.width) and a.colour == b.colour
    return a == b


# How a yes or no of the map is written in CSS, property by property.
_KEYWORDS = {
    "bold": ("bold", "normal"),
    "italic": ("italic", "normal"),
    "upper": ("uppercase", "none"),
    "keep_with_next": ("avoid", "auto"),
    "keep_together": ("avoid", "auto"),
    "nowrap": ("nowrap", "normal"),
}


def _disagreement(selector: str, name: str, stylesheet: Any, word: Any) -> Disagreement:
    return Disagreement(selector, CSS_PROPERTY[name], _show(name, stylesheet), _show(name, word))


def _show(name: str, value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, Border):
        return "none" if value == NO_BORDER else f"{value.width:g}pt solid #{value.colour}"
    if isinstance(value, bool) and name in _KEYWORDS:
        return _KEYWORDS[name][0 if value else 1]
    if name == "color" and re.fullmatch(r"[0-9A-F]{6}", str(value)):
        return f"#{value}"
    if isinstance(value, float | int) and name != "line_height":
        return f"{round(value, 3):g}pt"
    return str(value)
