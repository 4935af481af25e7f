"""Documents on the command line: a case rendered, the demo casebook, the catalogue, the doctor."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from noticeclerk.cli.answers import print_json
from noticeclerk.cli.office import Office, pass_office
from noticeclerk.cli.params import FORMATS_OPTION, LINE, out_folder_option
from noticeclerk.doctor import require_printing, run_checks

# WeasyPrint, python-docx and the catalogue load inside the commands that use them, so
# `--help` and the doctor start without them (and the doctor can report them missing).


@click.command("render")
@click.argument(
    "case_files", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path)
)
@FORMATS_OPTION
@out_folder_option("outputs", "The folder to write into.")
@pass_office
def render_command(
    office: Office, case_files: tuple[Path, ...], formats: str, out_dir: Path
) -> None:
    """Render case files to PDF and DOCX on the village's letterhead.

    Every fact of every case is checked first; a missing or malformed one is named and nothing
    is written. Two case files with one document number, or two cases with one case number,
    are refused.

    \b
    Example:
      noticeclerk render casebook/tuckahoe/notice-to-repair-sidewalk.toml --out outputs
    """
    require_printing()
    from noticeclerk.render import render_case, render_into, write_rendered
    from noticeclerk.writing import parse_formats

    if len(case_files) == 1:
        written = write_rendered(
            render_case(case_files[0], parse_formats(formats), office.workspace), out_dir
        )
    else:
        # Many: rendered on every core, each written as it comes into a staging folder and
        # moved into place once all are.
        filed = render_into(list(case_files), out_dir, parse_formats(formats), office.workspace)
        written = [path for document in filed for path in document.paths]
    for path in written:
        click.echo(f"Wrote {path}")


@click.command("demo")
@out_folder_option("outputs/demo", "The folder to write into; each village gets its own folder.")
@FORMATS_OPTION
@pass_office
def demo_command(office: Office, out_dir: Path, formats: str) -> None:
    """Render the built-in sample casebook: one document per village.

    All the cases are rendered (on every core) and checked before the first file is put in
    place: each is written as it comes into a staging folder inside the output folder, and
    moved into place when all are; one bad case leaves nothing behind. A case whose
    notice type's law a court has held preempted is skipped, with a line saying why, unless
    the village's file records the village attorney's written approval.
    """
    require_printing()
    from noticeclerk.content.folders import casebook_cases
    from noticeclerk.content.village import load_village
    from noticeclerk.render import render_into, write_index
    from noticeclerk.writing import parse_formats

    cases = casebook_cases(office.workspace)
    if not cases:
        raise click.UsageError("The casebook is empty: no case files were found.")
    skips: list[str] = []
    with click.progressbar(
        length=len(cases), label="Rendering the casebook", file=sys.stderr
    ) as bar:
        filed = render_into(
            cases,
            out_dir,
            parse_formats(formats),
            office.workspace,
            by_village=True,
            progress=lambda _: bar.update(1),
            skipped=lambda case, why: skips.append(f"Skipped {case}: {why}"),
        )
    for line in skips:
        click.echo(line)
    for document in filed:
        for path in document.paths:
            click.echo(f"Wrote {path}")
    names = {slug: load_village(slug, office.workspace).name for slug in {d.village for d in filed}}
    click.echo(f"Wrote {write_index(filed, out_dir, names)}")


@click.command("catalog")
@click.option("--village", type=LINE, metavar="NAME", help="Only this village's notice types.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_office
def catalog_command(office: Office, village: str | None, as_json: bool) -> None:
    """List the documents each village can produce, with the sections they cite and which of
    their section numbers or letters are inferred."""
    from noticeclerk.content.citations import INFERRED_WHY
    from noticeclerk.content.notice_types import catalogue_entries
    from noticeclerk.legal_status import legal_status_words

    entries = catalogue_entries(village, office.workspace)
    if as_json:
        print_json(entries)
        return
    current = None
    for entry in entries:
        if entry["village"] != current:
            current = entry["village"]
            click.echo(f"{current}:")
        click.echo(f"  {entry['notice']:32} {entry['title']}")
        click.echo(f"  {'':32} {'; '.join(entry['sections'])}")
        if entry["inferred"]:
            click.echo(f"  {'':32} Inferred: {'; '.join(entry['inferred'])}")
        if entry["legal_status"]:
            click.echo(f"  {'':32} {legal_status_words(entry['legal_status'])}")
    if any(entry["inferred"] for entry in entries):
        click.echo(f"Inferred: {INFERRED_WHY}")


@click.command("doctor")
def doctor_command() -> None:
    """Check this machine's printing libraries, fonts and helper programs."""
    checks = run_checks()
    for check in checks:
        mark = "ok" if check.ok else ("MISSING" if check.required else "optional")
        click.echo(f"  [{mark:>8}] {check.name}: {check.detail}")
    if any(not c.ok and c.required for c in checks):
        raise click.ClickException("Something printing needs is missing; see the lines above.")
