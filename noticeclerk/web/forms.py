"""What a clerk typed into a form, turned back into the page with each mistake next to its
field: the form's values and errors, its fields with the command's option each stands for, and
the register's refusal put in the form's words."""

from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass
class Form:
    """A form sent back with what was typed and, next to each field, what is wrong with it;
    `refusal` is the register's own sentence, when the fields were right but the act was not."""

    values: dict[str, str]
    errors: dict[str, str] = field(default_factory=dict)
    refusal: str | None = None


@dataclass(frozen=True)
class Field:
    """One field of a form: its name, its label and hint, and what kind of value it takes."""

    name: str
    label: str
    hint: str = ""
    kind: str = "text"  # text, day, time, choice, note
    required: bool = True
    # The command's option for the same particular, as the register's sentences name it.
    option: str | None = None


def place_refusal(sentence: str, fields: list[Field], form: Form) -> None:
    """The register's refusal next to the field it names (in the form's words), else at the
    top of the form."""
    named = [one for one in fields if one.option and one.option in sentence]
    for one in fields:
        if one.option:
            sentence = re.sub(rf"{re.escape(one.option)}(?![\w-])", f"“{one.label}”", sentence)
    if named:
        form.errors[named[0].name] = sentence
    else:
        form.refusal = sentence
