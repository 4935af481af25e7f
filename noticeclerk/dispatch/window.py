"""The text on page 1 of a frozen letter, turned into the place in the envelope window where a
piece's article number (and its barcode) can print without covering any of it.

Where text is comes from the letter's own PDF, not from how a letter is expected to look: its
content stream is read operator by operator (the matrices, the text state, each string shown,
form XObjects too) and each run's width summed from the widths the embedded font lists for its
glyph codes, TJ adjustments and spacing included. A box is the run's width by its font's full
height (0.95 em up, 0.25 em down), a margin added all round, so a stamp that clears every box
clears the ink. Text drawn turned or slanted counts as covering the whole sheet.

Coordinates are points from the top-left corner of the sheet, as a ruler on the letter reads.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pypdf import PageObject

POINT = 1.0
INCH = 72.0
# The lower window of a #10 double-window envelope as letter.css lays the address block out:
# 2.1in from the top of the sheet, 7/8in from its left, 4.5in wide, 1.15in tall. The top edge
# is also the rule under the letterhead, which the stamp keeps clear of too.
WINDOW_LEFT = 0.875 * INCH
WINDOW_TOP = 2.1 * INCH
WINDOW_RIGHT = WINDOW_LEFT + 4.5 * INCH
WINDOW_BOTTOM = WINDOW_TOP + 1.15 * INCH
# The stamp's right edge: 1/8in inside the window's, so a letter shifted a little in the
# envelope still shows it whole.
STAMP_RIGHT = 5.25 * INCH
# The baseline of the stamp's last line: low in the window, under a three- or four-line
# address, above the letter's date (about 3.3in down).
STAMP_BASELINE = 3.15 * INCH
STAMP_SIZE = 8.5
STAMP_LINE_GAP = 9.5
BARCODE_HEIGHT = 0.25 * INCH
BARCODE_GAP = 2.0
# Clearance kept between the stamp and any text of the letter, beyond the boxes' own margins.
CLEARANCE = 1.0
# A run's box: its font's ascent above the baseline, its descent below (Liberation and DejaVu
# fit inside 0.95 and 0.25 em), a margin all round.
ASCENT = 0.95
DESCENT = 0.25
MARGIN = 0.5
# Widths of the stamp's own characters in Liberation Sans Bold (Helvetica-Bold metrics), in
# em, rounded up; any other character counts a full em.
_STAMP_WIDTHS = {
    **dict.fromkeys("0123456789", 0.556),
    " ": 0.278,
    "I": 0.278,
    "J": 0.556,
    "M": 0.833,
    "W": 0.944,
}
_STAMP_CAPITAL = 0.778
# Allowed per character beyond its width, in thousandths of an em, for letter-spacing (the
# specimen banner's 0.5pt) and kerning, which the font's widths do not include.
TRACKING = 60.0


@dataclass(frozen=True)
class Box:
    """A rectangle on the sheet, in points from its top-left corner."""

    left: float
    top: float
    right: float
    bottom: float

    def meets(self, other: Box, clearance: float = 0.0) -> bool:
        return not (
            self.right + clearance <= other.left
            or other.right + clearance <= self.left
            or self.bottom + clearance <= other.top
            or other.bottom + clearance <= self.top
        )


@dataclass(frozen=True)
class StampLine:
    """One line of the stamp: its text, its baseline, its right edge."""

    text: str
    baseline: float
    right: float = STAMP_RIGHT
    size: float = STAMP_SIZE

    def box(self) -> Box:
        width = sum(_STAMP_WIDTHS.get(c, _STAMP_CAPITAL if c.isupper() else 1.0) for c in self.text)
        return _run_box(self.right - width * self.size, self.baseline, width * self.size, self.size)


@dataclass(frozen=True)
class StampBarcode:
    """The barcode's place: its box on the sheet."""

    box: Box


@dataclass(frozen=True)
class Stamp:
    """What prints in the window of one letter, and where."""

    lines: tuple[StampLine, ...]
    barcode: StampBarcode | None = None

    def boxes(self) -> list[Box]:
        boxes = [line.box() for line in self.lines]
        if self.barcode is not None:
            boxes.append(self.barcode.box)
        return boxes


def text_boxes(page: PageObject) -> list[Box]:
    """Every run of text on the page, as a box on the sheet; a run drawn turned or slanted (a
    draft's mark) covers the whole sheet, since its corners are not where a box would say.

    The page's content is read here, operator by operator, with each run's width summed from
    the widths its font lists for its glyph codes (exact, and quick: a few milliseconds a page
    where pypdf's text extraction takes sixty). A page this reading does not understand (an
    inline image, a font with another encoding) is read through pypdf's text extraction."""
    try:
        return _ContentReader(page).boxes()
    except _Unreadable:
        return _boxes_by_pypdf(page)


def _boxes_by_pypdf(page: PageObject) -> list[Box]:
    """Every run of text as pypdf's text extraction reports it, its width summed from the
    widths of its characters (a character the font does not list counts a full em)."""
    height = float(page.mediabox.height)
    width_of = _FontWidths()
    boxes: list[Box] = []

    def visit(text: str, cm: Sequence[float], tm: Sequence[float], font: Any, size: float) -> None:
        if not text.strip():
            return
        a, b, c, d, e, f = _multiply(tm, cm)
        if abs(b) > 1e-6 or abs(c) > 1e-6:
            boxes.append(Box(0.0, 0.0, float(page.mediabox.width), height))
            return
        scale = abs(d)
        font_size = size * scale
        x, y = e, height - f
        lines = text.strip("\n").split("\n")
        widest = max(width_of(font, line) for line in lines) * font_size * abs(a) / scale
        box = _run_box(x, y, widest, font_size)
        # Several lines in one run: pypdf gives the first line's place only; the rest are
        # somewhere below it, so the box reaches down a generous line's height for each.
        extra = (len(lines) - 1) * font_size * 1.6
        boxes.append(Box(box.left, box.top, box.right, box.bottom + extra))

    page.extract_text(visitor_text=visit)
    return boxes


def place_stamp(
    boxes: Iterable[Box],
    label: str,
    number: str,
    barcode_width: float | None = None,
) -> Stamp | None:
    """The lowest place in the window where the stamp clears every text box, or None.

    Tried in this order: one line ("USPS ARTICLE 9407 ..."), right-aligned at STAMP_RIGHT,
    with its baseline at STAMP_BASELINE and then higher, point by point; then two lines (label
    over number), which fit beside a long address line. With `barcode_width`, the same two with
    the barcode above them are tried first, at the foot of the window only: a barcode beside
    the address lines would crowd the address the Post Office's readers look for. A stamp
    without its barcode is the fallback (the barcode is on the mailing book and the envelope).
    """
    near = [box for box in boxes if box.meets(_WINDOW, 2 * CLEARANCE)]
    layouts: list[tuple[str, float | None, bool]] = []
    if barcode_width is not None:
        layouts += [("line", barcode_width, False), ("stack", barcode_width, False)]
    layouts += [("line", None, True), ("stack", None, True)]
    for kind, width, higher in layouts:
        baseline = STAMP_BASELINE
        while True:
            stamp = _stamp(kind, label, number, baseline, width)
            boxes_here = stamp.boxes()
            if min(box.top for box in boxes_here) < WINDOW_TOP + 2 * CLEARANCE:
                break
            if not any(mine.meets(theirs, CLEARANCE) for mine in boxes_here for theirs in near):
                return stamp
            if not higher:
                break
            baseline -= POINT
    return None


def clears(stamp_boxes: Iterable[Box], letter_boxes: Iterable[Box]) -> bool:
    """Whether no stamp box meets any of the letter's text boxes."""
    letter = list(letter_boxes)
    return not any(mine.meets(theirs) for mine in stamp_boxes for theirs in letter)


_WINDOW = Box(WINDOW_LEFT, WINDOW_TOP, WINDOW_RIGHT, WINDOW_BOTTOM)


def _stamp(kind: str, label: str, number: str, baseline: float, barcode: float | None) -> Stamp:
    if kind == "line":
        lines: tuple[StampLine, ...] = (StampLine(f"{label} {number}", baseline),)
    else:
        lines = (StampLine(label, baseline - STAMP_LINE_GAP), StampLine(number, baseline))
    if barcode is None:
        return Stamp(lines)
    top_of_text = min(line.box().top for line in lines)
    bottom = top_of_text - BARCODE_GAP
    box = Box(STAMP_RIGHT - barcode, bottom - BARCODE_HEIGHT, STAMP_RIGHT, bottom)
    return Stamp(lines, StampBarcode(box))


def _run_box(x: float, baseline: float, width: float, size: float) -> Box:
    return Box(
        x - MARGIN,
        baseline - ASCENT * size - MARGIN,
        x + width + MARGIN,
        baseline + DESCENT * size + MARGIN,
    )


def _multiply(m: Sequence[float], n: Sequence[float]) -> tuple[float, ...]:
    """The PDF matrix product m x n ([a b c d e f] as a 3x3 affine matrix)."""
    a, b, c, d, e, f = (float(v) for v in m)
    A, B, C, D, E, F = (float(v) for v in n)
    return (
        a * A + b * C,
        a * B + b * D,
        c * A + d * C,
        c * B + d * D,
        e * A + f * C + E,
        e * B + f * D + F,
    )


class _FontWidths:
    """A text's width in em from the widths its embedded font lists, a font read once a page.

    pypdf's Font (pypdf.generic._font, which its layout-mode text extraction uses; no public
    API gives widths) keys widths by character code and maps codes to text in character_map;
    a character it cannot map counts a full em.
    """

    def __init__(self) -> None:
        self.fonts: dict[int, dict[str, float]] = {}

    def __call__(self, font: Any, text: str) -> float:
        widths = self._widths(font)
        return sum(max(widths.get(char, 1000.0), 0.0) + TRACKING for char in text) / 1000.0

    def _widths(self, font: Any) -> dict[str, float]:
        key = id(font)
        if key not in self.fonts:
            self.fonts[key] = _unicode_widths(font)
        return self.fonts[key]


def _unicode_widths(font: Any) -> dict[str, float]:
    if font is None:
        return {}
    try:
        # No public pypdf API gives a font's widths; its layout-mode text extraction uses this
        # class (pypdf 5 and later), so an older pypdf only makes every character an em.
        from pypdf.generic._font import Font

        parsed = Font.from_font_resource(font)
    except Exception:
        # A font pypdf cannot read makes every character of it count a full em.
        return {}
    widths: dict[str, float] = {}
    for code, text in parsed.character_map.items():
        width = parsed.character_widths.get(code)
        if isinstance(text, str) and len(text) == 1 and isinstance(width, int | float):
            widths[text] = max(float(width), widths.get(text, 0.0))
    return widths


class _Unreadable(Exception):
    """Content this module's reading does not interpret."""


_TOKEN = re.compile(
    rb"""(?P<space>[\x00\t\n\x0c\r ]+|%[^\r\n]*)
    |(?P<number>[+-]?(?:\d+\.?\d*|\.\d+))
    |(?P<name>/[^\x00\t\n\x0c\r ()<>\[\]{}/%]*)
    |(?P<hex><[0-9A-Fa-f\x00\t\n\x0c\r ]*>)
    |(?P<string>\((?:\\.|[^\\()])*\))
    |(?P<open>\[)|(?P<close>\])
    |(?P<operator>[A-Za-z'"*][A-Za-z0-9'"*]*)""",
    re.VERBOSE | re.DOTALL,
)
_IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_ESCAPES = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}


class _ContentReader:
    """A page's content stream, interpreted for where its text is: the graphics state's
    matrix (q, Q, cm), the text state (BT, Tf, Tm, Td, TD, T*, TL, Tc, Tw, Tz, Ts), the text
    shown (Tj, TJ, ', "), and form XObjects (Do), recursively."""

    def __init__(self, page: PageObject) -> None:
        self.height = float(page.mediabox.height)
        self.width = float(page.mediabox.width)
        self.page = page
        self.fonts: dict[int, tuple[bool, dict[int, float], float]] = {}
        self.found: list[Box] = []

    def boxes(self) -> list[Box]:
        contents = self.page.get_contents()
        if contents is None:
            return []
        self._read(contents.get_data(), self.page.get("/Resources"), _IDENTITY, depth=0)
        return self.found

    def _read(self, data: bytes, resources: Any, ctm: tuple[float, ...], depth: int) -> None:
        if depth > 8:
            raise _Unreadable("forms nested too deep")
        resources = resources.get_object() if resources is not None else {}
        stack: list[tuple[float, ...]] = []
        font: tuple[bool, dict[int, float], float] | None = None
        size = 0.0
        tm = tlm = _IDENTITY
        leading = spacing = word_spacing = rise = 0.0
        scaling = 1.0
        for op, operands in _statements(data):
            if op == b"q":
                stack.append(ctm)
            elif op == b"Q":
                ctm = stack.pop() if stack else ctm
            elif op == b"cm" and len(operands) == 6:
                ctm = _multiply(_numbers(operands), ctm)
            elif op == b"BT":
                tm = tlm = _IDENTITY
            elif op == b"Tf" and len(operands) == 2:
                font = self._font(resources, operands[0])
                size = _number(operands[1])
            elif op == b"Tm" and len(operands) == 6:
                tm = tlm = _numbers(operands)
            elif op in (b"Td", b"TD") and len(operands) == 2:
                if op == b"TD":
                    leading = -_number(operands[1])
                tx, ty = _numbers(operands)
                tm = tlm = _multiply((1.0, 0.0, 0.0, 1.0, tx, ty), tlm)
            elif op == b"T*":
                tm = tlm = _multiply((1.0, 0.0, 0.0, 1.0, 0.0, -leading), tlm)
            elif op == b"TL" and operands:
                leading = _number(operands[0])
            elif op == b"Tc" and operands:
                spacing = _number(operands[0])
            elif op == b"Tw" and operands:
                word_spacing = _number(operands[0])
            elif op == b"Tz" and operands:
                scaling = _number(operands[0]) / 100
            elif op == b"Ts" and operands:
                rise = _number(operands[0])
            elif op in (b"Tj", b"TJ", b"'", b'"') and operands:
                if op in (b"'", b'"'):
                    if op == b'"' and len(operands) == 3:
                        word_spacing, spacing = _number(operands[0]), _number(operands[1])
                    tm = tlm = _multiply((1.0, 0.0, 0.0, 1.0, 0.0, -leading), tlm)
                if font is None:
                    raise _Unreadable("text shown before a font is set")
                shown = operands[-1] if isinstance(operands[-1], list) else [operands[-1]]
                state = (size, spacing, word_spacing, scaling, rise)
                advance = self._show(shown, font, state, tm, ctm)
                tm = _multiply((1.0, 0.0, 0.0, 1.0, advance, 0.0), tm)
            elif op == b"Do" and operands:
                self._form(resources, operands[0], ctm, depth)
            elif op in (b"BI", b"ID", b"EI"):
                raise _Unreadable("an inline image")

    def _show(
        self,
        shown: list[Any],
        font: tuple[bool, dict[int, float], float],
        state: tuple[float, float, float, float, float],
        tm: tuple[float, ...],
        ctm: tuple[float, ...],
    ) -> float:
        """Put the run's box in `found`; the advance in unscaled text space units."""
        size, spacing, word_spacing, scaling, rise = state
        two_bytes, widths, default = font
        advance = 0.0
        for part in shown:
            if isinstance(part, float):
                advance -= part / 1000 * size * scaling
                continue
            if not isinstance(part, bytes):
                continue
            step = 2 if two_bytes else 1
            for index in range(0, len(part) - step + 1, step):
                code = int.from_bytes(part[index : index + step], "big")
                glyph = widths.get(code, default) / 1000 * size + spacing
                if not two_bytes and code == 32:
                    glyph += word_spacing
                advance += glyph * scaling
        matrix = _multiply(tm, ctm)
        if abs(matrix[1]) > 1e-6 or abs(matrix[2]) > 1e-6:
            self.found.append(Box(0.0, 0.0, self.width, self.height))
            return advance
        corners = [
            _apply(matrix, x, y)
            for x in (0.0, advance)
            for y in (rise - DESCENT * size, rise + ASCENT * size)
        ]
        xs = [x for x, _ in corners]
        ys = [self.height - y for _, y in corners]
        self.found.append(
            Box(min(xs) - MARGIN, min(ys) - MARGIN, max(xs) + MARGIN, max(ys) + MARGIN)
        )
        return advance

    def _font(self, resources: Any, name: str) -> tuple[bool, dict[int, float], float]:
        fonts = resources.get("/Font")
        font = fonts.get_object().get("/" + name) if fonts is not None else None
        if font is None:
            raise _Unreadable(f"no font {name}")
        font = font.get_object()
        key = id(font)
        if key not in self.fonts:
            self.fonts[key] = _font_widths(font)
        return self.fonts[key]

    def _form(self, resources: Any, name: str, ctm: tuple[float, ...], depth: int) -> None:
        xobjects = resources.get("/XObject")
        xobject = xobjects.get_object().get("/" + name) if xobjects is not None else None
        if xobject is None:
            return
        xobject = xobject.get_object()
        if xobject.get("/Subtype") != "/Form":
            return
        matrix = tuple(float(v) for v in xobject.get("/Matrix", _IDENTITY))
        inner = xobject.get("/Resources", resources)
        self._read(xobject.get_data(), inner, _multiply(matrix, ctm), depth + 1)


def _statements(data: bytes) -> list[tuple[bytes, list[Any]]]:
    """The content's operators with their operands, read quickly when the content is laid out
    as WeasyPrint writes it (tokens between white space, text as hex strings), else token by
    token."""
    try:
        return _plain_statements(data)
    except _Unreadable:
        return _tokenised_statements(data)


_NUMBER_START = frozenset(b"0123456789+-.")
_ARRAY_PART = re.compile(rb"<([0-9A-Fa-f]*)>|([+-]?(?:\d+\.?\d*|\.\d+))|(\S)")


def _plain_statements(data: bytes) -> list[tuple[bytes, list[Any]]]:
    if b"(" in data or b"%" in data:
        raise _Unreadable("literal strings or comments")
    statements: list[tuple[bytes, list[Any]]] = []
    operands: list[Any] = []
    for token in data.split():
        first = token[0]
        if first in _NUMBER_START:
            # Kept as written: most numbers are a path's, which are never used here; float()
            # reads the bytes where an operator uses them.
            operands.append(token)
        elif first == 0x2F:  # "/"
            operands.append(token[1:].decode("latin-1"))
        elif first == 0x5B:  # "["
            if not token.endswith(b"]"):
                raise _Unreadable("an array with spaces in it")
            operands.append(_array(token[1:-1]))
        elif first == 0x3C:  # "<"
            if token.startswith(b"<<") or not token.endswith(b">"):
                raise _Unreadable("a dictionary or a hex string with spaces in it")
            operands.append(_hex(token[1:-1]))
        elif first in b"])>{}":
            raise _Unreadable("a token this reading does not know")
        else:
            statements.append((token, operands))
            operands = []
    return statements


def _number(value: Any) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        raise _Unreadable(f"{value!r} is not a number") from None


def _numbers(values: list[Any]) -> tuple[float, ...]:
    return tuple(_number(value) for value in values)


def _array(body: bytes) -> list[Any]:
    parts: list[Any] = []
    for hex_string, number, other in _ARRAY_PART.findall(body):
        if other:
            raise _Unreadable("an array of something else")
        parts.append(float(number) if number else _hex(hex_string))
    return parts


def _hex(digits: bytes) -> bytes:
    digits = re.sub(rb"[^0-9A-Fa-f]", b"", digits)
    return bytes.fromhex((digits + b"0" * (len(digits) % 2)).decode("ascii"))


def _tokenised_statements(data: bytes) -> list[tuple[bytes, list[Any]]]:
    statements: list[tuple[bytes, list[Any]]] = []
    operands: list[Any] = []
    array: list[Any] | None = None
    position = 0
    end = len(data)
    while position < end:
        match = _TOKEN.match(data, position)
        if match is None:
            raise _Unreadable(f"cannot read the content at byte {position}")
        position = match.end()
        kind = match.lastgroup
        token = match.group()
        if kind == "space":
            continue
        if kind == "number":
            value: Any = float(token)
        elif kind == "name":
            value = token[1:].decode("latin-1")
        elif kind == "hex":
            value = _hex(token[1:-1])
        elif kind == "string":
            value = _literal(token[1:-1])
        elif kind == "open":
            array = []
            continue
        elif kind == "close":
            if array is None:
                raise _Unreadable("an array closed that was not opened")
            operands.append(array)
            array = None
            continue
        else:
            statements.append((token, operands))
            operands = []
            continue
        (array if array is not None else operands).append(value)
    return statements


def _font_widths(font: Any) -> tuple[bool, dict[int, float], float]:
    """Whether the font's codes are two bytes, its widths by code, and its default width (a
    code it does not list counts that, or a full em when it gives none)."""
    subtype = font.get("/Subtype")
    widths: dict[int, float] = {}
    if subtype == "/Type0":
        if font.get("/Encoding") not in ("/Identity-H", "/Identity-V"):
            raise _Unreadable("a composite font with another encoding")
        descendant = font["/DescendantFonts"][0].get_object()
        default = float(descendant.get("/DW", 1000))
        entries = list(descendant.get("/W", []))
        index = 0
        while index < len(entries):
            first = int(entries[index])
            following = entries[index + 1].get_object()
            if isinstance(following, list):
                for offset, width in enumerate(following):
                    widths[first + offset] = float(width)
                index += 2
            else:
                for code in range(first, int(following) + 1):
                    widths[code] = float(entries[index + 2])
                index += 3
        return True, widths, default
    if subtype == "/Type3":
        raise _Unreadable("a Type 3 font")
    first = int(font.get("/FirstChar", 0))
    for offset, width in enumerate(font.get("/Widths", [])):
        widths[first + offset] = float(width)
    return False, widths, 1000.0


def _apply(matrix: tuple[float, ...], x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = matrix
    return a * x + c * y + e, b * x + d * y + f


def _literal(body: bytes) -> bytes:
    """A literal string's bytes, its escapes undone."""
    out = bytearray()
    index = 0
    while index < len(body):
        char = body[index : index + 1]
        if char != b"\\":
            out += char
            index += 1
            continue
        following = body[index + 1 : index + 2]
        octal = re.match(rb"[0-7]{1,3}", body[index + 1 : index + 4])
        if octal:
            out.append(int(octal.group(), 8) & 0xFF)
            index += 1 + len(octal.group())
        else:
            out += _ESCAPES.get(following, following)
            index += 2
    return bytes(out)
