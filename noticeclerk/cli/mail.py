"""Mail on the command line: an article number typed from a receipt, turned into "valid" or the
one thing wrong with it, without opening the register."""

from __future__ import annotations

import click

from noticeclerk.article_numbers import METHODS, check_article_number
from noticeclerk.cli.params import LINE


@click.group("mail")
def mail_group() -> None:
    """Certified and registered mail: check an article number before you record it."""


@mail_group.command("check")
@click.argument("number", type=LINE, nargs=-1, required=True)
@click.option(
    "--method",
    type=click.Choice(METHODS),
    help="The mail it was sent by, to check the number is of that kind: certified mail has "
    "20 or 22 digits, registered mail a number such as RA123456785US.",
)
def check_command(number: tuple[str, ...], method: str | None) -> None:
    """Check an article number from a mailing receipt, as the Post Office would.

    NUMBER is the number under the barcode, typed with or without its spaces. A number
    scanned from a label may begin with 420 and the ZIP Code; that part is left off.
    Prints "valid" and the number as the register keeps it, or says what is wrong with it
    (a mistyped digit shows as a wrong check digit) and exits with status 1.

    \b
    Example:
      noticeclerk mail check 9407 1118 9922 3033 0000 19 --method certified_mail
    """
    article = check_article_number(" ".join(number), method)
    click.echo(f"valid: {article.number} ({article.form})")
