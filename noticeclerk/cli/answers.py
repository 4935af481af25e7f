"""An answer and its reasons, turned into the lines the clerk reads or the JSON a program reads."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from noticeclerk.rules.periods import Step


def print_json(data: object) -> None:
    """Indented, with accents as they are."""
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def print_why(steps: Sequence[Step]) -> None:
    """The numbered reasons under an answer, each with the law it follows."""
    click.echo("")
    click.echo("Why:")
    for number, step in enumerate(steps, 1):
        click.echo(f"  {number}. {step}")
