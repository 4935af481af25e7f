"""The command line as a package: each command's libraries load only when it runs."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import click
import pytest

from noticeclerk.cli import COMMANDS, cli

# What printing and the register need; a deadline at the counter needs none of them.
HEAVY = (
    "weasyprint",
    "docx",
    "cairosvg",
    "tinyhtml5",
    "sqlalchemy",
    "alembic",
    "babel",
    "jinja2",
    "noticeclerk.content.notice_types",
    "noticeclerk.render",
)

LOADED_AFTER = textwrap.dedent(
    """
    import sys
    from noticeclerk.cli import cli
    arguments = sys.argv[1:]
    if arguments:
        cli.main(arguments, prog_name="noticeclerk", standalone_mode=False)
    heavy = {heavy!r}
    print("loaded:", *(name for name in heavy if name in sys.modules))
    """
).format(heavy=HEAVY)

# Makes WeasyPrint fail to load as it does where Pango is missing: an OSError from cffi.
WITHOUT_PANGO = textwrap.dedent(
    """
    import sys

    class NoPango:
        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] == "weasyprint":
                raise OSError(
                    "cannot load library 'libpango-1.0-0': libpango-1.0-0: cannot open "
                    "shared object file: No such file or directory.  Additionally, ..."
                )
            return None

    sys.meta_path.insert(0, NoPango())
    from noticeclerk.cli import main
    sys.argv[0] = "noticeclerk"
    main()
    """
)


def loaded_after(*arguments: str) -> list[str]:
    """The heavy modules a fresh process has loaded after running `noticeclerk ARGUMENTS`."""
    result = subprocess.run(
        [sys.executable, "-c", LOADED_AFTER, *arguments],
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout.splitlines()[-1].split()[1:]


def without_pango(*arguments: str, cwd=None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", WITHOUT_PANGO, *arguments],
        capture_output=True,
        text=True,
        check=False,
        cwd=cwd,
    )


def test_importing_the_command_line_loads_no_printing_or_database_library():
    assert loaded_after() == []


@pytest.mark.parametrize("place", [["--jurisdiction", "NY"], ["--village", "luck"]])
def test_a_deadline_at_the_counter_loads_no_printing_or_database_library(place):
    deadline = ["calc", "deadline", *place, "--from", "2025-12-19", "--days", "7"]
    assert loaded_after(*deadline) == []


def test_the_root_help_lists_every_command_without_loading_their_libraries():
    assert loaded_after("--help") == []


def every_command(group: click.Group, ctx: click.Context, path: tuple[str, ...] = ()):
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None and command.name == name
        yield (*path, name)
        if isinstance(command, click.Group):
            yield from every_command(command, ctx, (*path, name))


def test_every_command_and_group_answers_help(runner):
    commands = list(every_command(cli, click.Context(cli)))
    assert {path[0] for path in commands} == set(COMMANDS)
    assert ("calc", "deadline") in commands and ("db", "upgrade") in commands
    for path in commands:
        result = runner.invoke(cli, [*path, "--help"])
        assert result.exit_code == 0, (path, result.output)
        assert result.output.startswith(f"Usage: cli {' '.join(path)} ")


def test_an_unknown_command_is_still_a_usage_error(runner):
    result = runner.invoke(cli, ["calendar"])
    assert result.exit_code == 1
    assert "No such command 'calendar'" in result.output


def test_the_doctor_reports_a_weasyprint_that_cannot_load_as_a_failed_check():
    result = without_pango("doctor")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert (
        "  [ MISSING] WeasyPrint: cannot be loaded (cannot load library 'libpango-1.0-0': "
        "libpango-1.0-0: cannot open shared object file: No such file or directory); "
        "WeasyPrint needs Pango: 'apt-get install libpango-1.0-0', then 'pip install weasyprint'"
    ) in result.stdout.splitlines()
    assert "python-docx: version" in result.stdout
    assert result.stderr == "Error: Something printing needs is missing; see the lines above.\n"


def test_the_doctor_reports_a_python_docx_that_cannot_be_imported(runner, monkeypatch):
    monkeypatch.setitem(sys.modules, "docx", None)
    result = runner.invoke(cli, ["doctor"])
    assert result.exit_code == 1
    assert "[ MISSING] python-docx: cannot be loaded (import of docx halted" in result.output
    assert "'pip install python-docx'" in result.output


def test_the_counter_and_the_catalogue_work_when_weasyprint_cannot_load():
    deadline = without_pango(
        "calc", "deadline", "--village", "luck", "--from", "2026-07-02", "--days", "10"
    )
    assert deadline.returncode == 0, deadline.stderr
    assert deadline.stdout.startswith("Deadline: ")
    catalog = without_pango("catalog", "--village", "tuckahoe")
    assert catalog.returncode == 0, catalog.stderr
    assert catalog.stdout.startswith("tuckahoe:")


def test_the_register_works_when_weasyprint_cannot_load(tmp_path):
    office = str(tmp_path / "office")
    assert without_pango("init", office).returncode == 0
    due = without_pango("--workspace", office, "due")
    assert (due.returncode, due.stdout, due.stderr) == (0, "Nothing is due.\n", "")


def test_render_without_weasyprint_is_one_sentence_pointing_at_the_doctor(tmp_path):
    result = without_pango("render", "casebook/palmyra/house-numbering-notice.toml", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == (
        "Error: WeasyPrint could not load (cannot load library 'libpango-1.0-0': "
        "libpango-1.0-0: cannot open shared object file: No such file or directory), so "
        "nothing can be printed; 'noticeclerk doctor' says what is missing.\n"
    )
