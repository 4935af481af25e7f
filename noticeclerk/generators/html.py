"""A document context and a catalogue template, turned into one semantic HTML document.

Templates are untrusted text: they run in Jinja2's sandbox with autoescape on, so case data
always prints literally, and with StrictUndefined, so a missing fact is an error naming the
fact and the template line instead of a blank in a legal notice. Template names resolve only
inside the template folders (the workspace's first, then the built-in ones). The sandbox is
bounded too: a loop, a string, a number or the whole document that grows past anything a
notice needs, or a render that runs too long, stops with a sentence naming the template.
"""

from __future__ import annotations

import functools
import re
import signal
import threading
import time
import traceback
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

from babel.dates import format_date, format_datetime, format_time
from babel.numbers import format_currency
from jinja2 import (
    FileSystemLoader,
    StrictUndefined,
    TemplateError,
    TemplateNotFound,
    TemplateSyntaxError,
    Undefined,
    UndefinedError,
    pass_context,
)
from jinja2.bccache import Bucket, BytecodeCache
from jinja2.filters import FILTERS
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup, escape

from noticeclerk.content.citations import plain_citation
from noticeclerk.content.folders import confined, content_dirs
from noticeclerk.exceptions import ConfigError, InputError

_SAFE_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.\-/]*\Z")
CENT = Decimal("0.01")

# The sandbox's bounds, far past any notice (the longest prints about 60,000 characters, and
# its longest loop runs over a roll of a few hundred parcels) and far short of a hang.
MAX_RANGE = 10_000
MAX_TEXT = 5_000_000
MAX_WIDTH = 10_000
MAX_EXPONENT = 1_000
RENDER_SECONDS = 20.0
# A printf or str.format field with a width or precision of five digits or more, or given
# by an argument ('*' or a nested field), which is how one short format makes a gigabyte.
_WIDE_FIELD = re.compile(r"%[-#0 +]*(?:\*|\d{5,}|\d*\.(?:\*|\d{5,}))|\{[^{}]*:[^{}]*(?:\d{5,}|\{)")


class TemplateNameError(InputError):
    """A template name that points outside the template folders."""


def check_template_name(name: str) -> str:
    """Refuse names that could leave the template folders: absolute, '..', or odd characters."""
    parts = name.split("/")
    if not _SAFE_NAME.match(name) or ".." in parts or "" in parts or "." in parts:
        raise TemplateNameError(
            f"Template name {name!r} is not allowed; name a file inside the templates folder, "
            f'such as "documents/directive.html.j2".'
        )
    return name


class _ConfinedLoader(FileSystemLoader):
    """A file loader that refuses suspicious names before looking anything up, and a template
    that is a link leading out of its folder (content.folders.confined)."""

    def get_source(self, environment: Any, template: str) -> Any:
        check_template_name(template)
        for place in self.searchpath:
            if confined(Path(place), template) is not None:
                break
        return super().get_source(environment, template)


class TemplateTooBig(ConfigError):
    """A template that would loop, grow or compute past the sandbox's bounds."""


class _BoundedSandbox(SandboxedEnvironment):
    """Jinja2's sandbox, with the arithmetic and string calls that can grow without bound
    checked before they run: `'x' * 10**9`, `10 ** 10 ** 9`, `'%*d' % (10**9, 1)`,
    `s.ljust(10**9)`, `s.replace('a', long)`."""

    intercepted_binops = frozenset({"*", "**", "%"})

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "**" and isinstance(right, int | float) and abs(right) > MAX_EXPONENT:
            raise _too_big(context, f"raises a number to the power {right}")
        if operator == "*":
            for sequence, times in ((left, right), (right, left)):
                if isinstance(sequence, str | list | tuple) and isinstance(times, int):
                    _bounded_length(context, len(sequence) * times)
        if operator == "%" and isinstance(left, str):
            _narrow_format(context, left)
        return super().call_binop(context, operator, left, right)

    def call(self, context: Any, obj: Any, /, *args: Any, **kwargs: Any) -> Any:
        owner = getattr(obj, "__self__", None)
        if isinstance(owner, str):
            name = getattr(obj, "__name__", "")
            values = (*args, *kwargs.values())
            if any(isinstance(value, int) and value > MAX_WIDTH for value in values):
                raise _too_big(context, f"calls {name} with a width over {MAX_WIDTH:,}")
            if name == "replace" and len(args) >= 2:
                _bounded_length(context, len(owner) * (1 + len(str(args[1]))))
        return super().call(context, obj, *args, **kwargs)

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        # The sandbox hands out str.format and format_map here, on access, not through call().
        wrapped = super().wrap_str_format(value)
        if wrapped is not None and _WIDE_FIELD.search(value.__self__):
            raise TemplateTooBig(
                "a template", None, f"formats with a field wider than {MAX_WIDTH:,}; remove it"
            )
        return wrapped


def _too_big(context: Any, what: str) -> TemplateTooBig:
    name = getattr(context, "name", None) or "a template"
    return TemplateTooBig(name, None, f"{what}, past what any document needs; remove it")


def _bounded_length(context: Any, length: int) -> None:
    if length > MAX_TEXT:
        raise _too_big(context, f"makes a text of {length:,} characters")


def _narrow_format(context: Any, text: str) -> None:
    if _WIDE_FIELD.search(text):
        raise _too_big(context, f"formats with a field wider than {MAX_WIDTH:,}")


def _bounded_range(*args: int) -> range:
    """range() as the sandbox offers it, to at most MAX_RANGE numbers."""
    numbers = range(*args)
    if len(numbers) > MAX_RANGE:
        raise TemplateTooBig(
            "a template",
            None,
            f"loops over {len(numbers):,} numbers, past the {MAX_RANGE:,} "
            "any document needs; remove the loop",
        )
    return numbers


def _bounded_filter(name: str, check: Callable[..., None]) -> Callable[..., Any]:
    """One of Jinja2's string filters, its arguments checked first (the filter keeps its
    pass_eval_context mark through functools.wraps)."""
    original = FILTERS[name]

    @functools.wraps(original)
    def bounded(*args: Any, **kwargs: Any) -> Any:
        check(*args, **kwargs)
        return original(*args, **kwargs)

    return bounded


def _bounded_lipsum(original: Callable[..., Any]) -> Callable[..., Any]:
    def lipsum(n: int = 5, *args: Any, **kwargs: Any) -> Any:
        if not isinstance(n, int) or n > 100:
            raise TemplateTooBig("a template", None, "asks lipsum for more than 100 paragraphs")
        return original(n, *args, **kwargs)

    return lipsum


def _check_width(*args: Any, **kwargs: Any) -> None:
    if any(isinstance(v, int) and v > MAX_WIDTH for v in (*args[1:], *kwargs.values())):
        raise TemplateTooBig("a template", None, f"pads text wider than {MAX_WIDTH:,}; remove it")


def _check_format_filter(value: Any, *args: Any, **kwargs: Any) -> None:
    if _WIDE_FIELD.search(str(value)):
        raise TemplateTooBig(
            "a template", None, f"formats with a field wider than {MAX_WIDTH:,}; remove it"
        )


def _check_replace(eval_ctx: Any, text: Any, old: Any, new: Any, *rest: Any) -> None:
    if len(str(text)) * (1 + len(str(new))) > MAX_TEXT:
        raise TemplateTooBig("a template", None, "replaces text into more than any document needs")


def unorphaned(text: str) -> str:
    """A heading whose last two words are kept on one line (a no-break space between them), so
    a long title never ends on a line of one word ("... PERFORMED BY THE / VILLAGE")."""
    head, space, last = str(text).rpartition(" ")
    return f"{head}\u00a0{last}" if space and " " in head.strip() else str(text)


def spell_money(amount: Decimal | int | str, locale: str = "en_US") -> str:
    """An amount as a bill prints it: "$1,234.56", rounded half-up to the cent."""
    value = Decimal(str(amount)).quantize(CENT, rounding=ROUND_HALF_UP)
    return format_currency(value, "USD", locale=locale)


class _CompiledOnce(BytecodeCache):
    """Templates compiled once per process, whichever environment asks: every Renderer (each
    command, each request of the desk, each test) builds its own environments, and compiling
    the templates again was a tenth of a short document's time. Jinja2 checks each entry
    against its template's source, so an edited template is compiled again. Kept in memory
    only: compiled code is never written to disk and read back."""

    def __init__(self) -> None:
        self.kept: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        found = self.kept.get(bucket.key)
        if found is not None:
            bucket.bytecode_from_string(found)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.kept[bucket.key] = bucket.bytecode_to_string()


_COMPILED = _CompiledOnce()


def make_environment(workspace: Path | None = None, locale: str = "en_US") -> SandboxedEnvironment:
    """The sandboxed Jinja2 environment every document is rendered with."""
    environment = _BoundedSandbox(
        loader=_ConfinedLoader([str(p) for p in content_dirs("templates", workspace)]),
        bytecode_cache=_COMPILED,
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    environment.filters["longdate"] = lambda d: _date_filter(d, "MMMM d, y", locale)
    environment.filters["weekdaydate"] = lambda d: _date_filter(d, "EEEE, MMMM d, y", locale)
    environment.filters["clock"] = lambda d: _clock(d, locale)
    environment.filters["money"] = lambda amount: spell_money(amount, locale)
    environment.filters["paragraphs"] = _paragraphs
    environment.filters["cite"] = plain_citation
    environment.filters["unorphaned"] = unorphaned
    environment.globals["quote"] = _quote
    environment.globals["range"] = _bounded_range
    # lipsum(10**5) takes half a minute; no notice has a use for more than a few paragraphs.
    environment.globals["lipsum"] = _bounded_lipsum(environment.globals["lipsum"])
    environment.filters["center"] = _bounded_filter("center", _check_width)
    environment.filters["indent"] = _bounded_filter("indent", _check_width)
    environment.filters["format"] = _bounded_filter("format", _check_format_filter)
    environment.filters["replace"] = _bounded_filter("replace", _check_replace)
    return environment


class MissingQuote(ConfigError):
    """A template quotes a section its notice definition does not carry."""


@pass_context
def _quote(context: Any, section: str) -> Markup:
    """The ordinance's words for one section, as the notice definition carries them verbatim,
    under the section's citation as a served document prints it (without "(inferred)")."""
    for quote in context["quotes"]:
        if plain_citation(quote["section"]) == plain_citation(section):
            return Markup(
                '<blockquote class="ordinance"><p class="quote-heading">'
                '<span class="citation">{}</span></p>{}</blockquote>'
            ).format(plain_citation(section), _paragraphs(quote["text"]))
    known = ", ".join(q["section"] for q in context["quotes"]) or "none"
    raise MissingQuote(
        context.name,
        None,
        f"quotes {section!r}, which the notice definition lacks (it has: {known})",
    )


def _date_filter(value: date | datetime, pattern: str, locale: str) -> str:
    _defined(value)
    if isinstance(value, datetime):
        return format_datetime(value, pattern, tzinfo=value.tzinfo, locale=locale)
    if isinstance(value, date):
        return format_date(value, pattern, locale=locale)
    raise TypeError(f"expected a date, got {value!r}")


def _defined(value: object) -> None:
    """A filter given a missing fact raises Jinja2's own error, which names the fact."""
    if isinstance(value, Undefined):
        value._fail_with_undefined_error()


def _clock(value: datetime, locale: str) -> str:
    """The hour as the ordinances write it: "12:00 noon", "11:00 a.m." and the zone."""
    _defined(value)
    if (value.hour, value.minute) == (12, 0):
        words = "12:00 noon"
    else:
        words = format_time(value, "h:mm a", tzinfo=value.tzinfo, locale=locale)
        words = words.replace("AM", "a.m.").replace("PM", "p.m.")
    return f"{words} {value.tzname()}"


def _paragraphs(text: str) -> Markup:
    """Plain text with blank lines, as <p> elements; the text itself stays escaped."""
    blocks = [block.strip() for block in re.split(r"\n\s*\n", str(text)) if block.strip()]
    return Markup("\n").join(Markup("<p>{}</p>").format(escape(b)) for b in blocks)


def render_html(
    template_name: str,
    context: Mapping[str, Any],
    *,
    environment: SandboxedEnvironment,
) -> str:
    """Render one document; a missing fact or a template mistake is a clean error."""
    check_template_name(template_name)
    try:
        template = environment.get_template(template_name)
        with _deadline(template_name):
            return _bounded_output(template_name, template.generate(context))
    except TemplateTooBig as error:
        # Raised in a partial or a filter that could not know which document it was in.
        raise TemplateTooBig(
            template_name if error.path == "a template" else error.path,
            None,
            error.problem + _template_line(error),
        ) from None
    except (RecursionError, OverflowError, MemoryError) as error:
        raise TemplateTooBig(
            template_name,
            None,
            f"recurses, loops or grows past what any document needs ({type(error).__name__})"
            f"{_template_line(error)}; remove it",
        ) from None
    except UndefinedError as error:
        where = _template_line(error)
        fact = _missing_name(str(error))
        raise InputError(
            f"The document needs the fact '{fact}'{where}; add it to the case file."
        ) from None
    except TemplateNotFound as error:
        raise ConfigError(error.name, None, "no such template in the templates folders") from None
    except TemplateSyntaxError as error:
        raise ConfigError(
            error.filename or error.name, None, f"line {error.lineno}: {error.message}"
        ) from None
    except TemplateError as error:
        raise ConfigError(
            template_name, None, f"template error: {error}{_template_line(error)}"
        ) from None


def _bounded_output(template_name: str, chunks: Iterator[str]) -> str:
    """The rendered text, stopped once it is longer than any document or runs out of time
    (the time checked here too, where a render in another thread has no alarm)."""
    parts: list[str] = []
    size = 0
    stop = time.monotonic() + RENDER_SECONDS
    for chunk in chunks:
        size += len(chunk)
        if size > MAX_TEXT:
            raise TemplateTooBig(
                template_name, None, f"prints more than {MAX_TEXT:,} characters; remove the loop"
            )
        if time.monotonic() > stop:
            raise _too_slow(template_name)
        parts.append(chunk)
    return "".join(parts)


def _too_slow(template_name: str) -> TemplateTooBig:
    return TemplateTooBig(
        template_name,
        None,
        f"takes longer than {RENDER_SECONDS:g} seconds to render; remove the loop",
    )


@contextmanager
def _deadline(template_name: str) -> Iterator[None]:
    """An alarm that stops a render running past RENDER_SECONDS, even a loop that prints
    nothing; signals reach the main thread only, which is where the CLI renders, and Windows
    has no alarm (there the output loop's own check of the time is what stops a render)."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(
        signal, "setitimer"
    ):
        yield
        return

    def stop(signum: int, frame: Any) -> None:
        raise _too_slow(template_name)

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, RENDER_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _template_line(error: BaseException) -> str:
    """ " (template X, line N)" from the frames Jinja2 maps back to template files."""
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        if frame.filename.endswith(".j2"):
            return f" (template {Path(frame.filename).name}, line {frame.lineno})"
    return ""


def _missing_name(message: str) -> str:
    # Jinja2 says "'owner' is undefined" or "'dict object' has no attribute 'owner'".
    match = re.search(r"has no attribute '([^']+)'", message) or re.search(
        r"'([^']+)' is undefined", message
    )
    return match.group(1) if match else message
