"""A document context and a catalogue template, turned into one semantic HTML document.

Templates are untrusted text: they run in Jinja2's sandbox with autoescape on, so case data
always prints literally, and with StrictUndefined, so a missing fact is an error naming the
fact and the template line instead of a blank in a legal notice. Template names resolve only
inside the template folders (the workspace's first, then the built-in ones).
"""

from __future__ import annotations

import re
import traceback
from collections.abc import Mapping
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
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup, escape

from noticeclerk.content.citations import plain_citation
from noticeclerk.content.folders import confined, content_dirs
from noticeclerk.exceptions import ConfigError, InputError

_SAFE_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.\-/]*\Z")
CENT = Decimal("0.01")


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


def spell_money(amount: Decimal | int | str, locale: str = "en_US") -> str:
    """An amount as a bill prints it: "$1,234.56", rounded half-up to the cent."""
    value = Decimal(str(amount)).quantize(CENT, rounding=ROUND_HALF_UP)
    return format_currency(value, "USD", locale=locale)


def make_environment(workspace: Path | None = None, locale: str = "en_US") -> SandboxedEnvironment:
    """The sandboxed Jinja2 environment every document is rendered with."""
    environment = SandboxedEnvironment(
        loader=_ConfinedLoader([str(p) for p in content_dirs("templates", workspace)]),
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
    environment.globals["quote"] = _quote
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
        return template.render(context)
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
