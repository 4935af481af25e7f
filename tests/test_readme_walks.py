"""The README's five walks run as written: each `noticeclerk` line of a village's block goes
through the CLI in a fresh workspace, and each `#=> text` line is found in the output of the
command above it."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from noticeclerk.cli import cli

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
SECTION = "## Five walks: one case per village, from the roll to the last document"
VILLAGES = ("luck", "palmyra", "tuckahoe", "village-a", "village-b")
EXPORT = re.compile(r"export NOTICECLERK_WORKSPACE=(\S+)")
DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def walks_section() -> str:
    text = README.read_text(encoding="utf-8")
    if SECTION not in text:
        pytest.fail(f"README.md has no section {SECTION!r}")
    start = text.index(SECTION) + len(SECTION)
    end = text.find("\n## ", start)
    return text[start:] if end == -1 else text[start:end]


def sh_blocks(section: str) -> list[str]:
    return re.findall(r"^```sh\n(.*?)^```$", section, flags=re.M | re.S)


def logical_lines(block: str) -> list[str]:
    """The block's lines with each backslash-continued command joined into one."""
    lines: list[str] = []
    pending: list[str] = []
    for line in block.splitlines():
        if line.endswith("\\"):
            pending.append(line[:-1].strip())
            continue
        lines.append(" ".join([*pending, line.strip()]).strip())
        pending = []
    if pending:
        pytest.fail(f"The block ends inside a continued command: {' '.join(pending)!r}")
    return [line for line in lines if line]


def walk_of(village: str) -> list[str]:
    blocks = [logical_lines(block) for block in sh_blocks(walks_section())]
    mine = [lines for lines in blocks if lines and lines[0] == export_line(village)]
    if len(mine) != 1:
        pytest.fail(
            f"The README's walks have {len(mine)} blocks beginning {export_line(village)!r}; "
            "one is expected"
        )
    return mine[0]


def export_line(village: str) -> str:
    return f"export NOTICECLERK_WORKSPACE=walk-{village}"


def normalised(text: str) -> str:
    return " ".join(text.split())


def command_arguments(line: str, workspace_name: str, office: Path) -> list[str]:
    """The arguments of one `noticeclerk --today DAY ...` line as the CLI takes them: the
    workspace given to `init` is the test's folder, and paths into the checkout are read from
    the repository."""
    words = shlex.split(line)
    if len(words) < 4 or words[1] != "--today" or not DAY.fullmatch(words[2]):
        pytest.fail(f"A command must begin 'noticeclerk --today YYYY-MM-DD': {line!r}")
    if {"--workspace", "--db"} & set(words):
        pytest.fail(f"A walk names its workspace only with the export line: {line!r}")
    arguments = words[1:]
    if words[3] == "init":
        if words[4:] != [workspace_name]:
            pytest.fail(f"'init' must create the exported workspace {workspace_name}: {line!r}")
        arguments = [*words[1:4], str(office)]
    return [str(ROOT / word) if word.startswith("casebook/") else word for word in arguments]


def run_walk(lines: list[str], tmp_path: Path, runner: CliRunner) -> int:
    """Runs a walk's lines; returns how many commands ran. Anything else fails the test."""
    exported = EXPORT.fullmatch(lines[0]) if lines else None
    if exported is None:
        pytest.fail("A walk begins with 'export NOTICECLERK_WORKSPACE=<folder>'")
    workspace_name = exported.group(1)
    office = tmp_path / workspace_name
    last: tuple[str, str] | None = None
    commands = 0
    for line in lines[1:]:
        if line.startswith("#=>"):
            expected = normalised(line[3:])
            if last is None or not expected:
                pytest.fail(f"An expectation needs a command above it and some text: {line!r}")
            command, output = last
            if expected not in normalised(output):
                pytest.fail(f"{command!r} printed no {expected!r}; it printed:\n{output}")
        elif line.startswith("noticeclerk "):
            arguments = command_arguments(line, workspace_name, office)
            result = runner.invoke(cli, ["--workspace", str(office), *arguments])
            if result.exit_code != 0:
                pytest.fail(f"{line!r} exited {result.exit_code}:\n{result.output}")
            last = (line, result.output)
            commands += 1
        else:
            pytest.fail(f"The walk has a line the test does not understand: {line!r}")
    return commands


@pytest.fixture
def walk_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each line gives its own day and the test its workspace; relative paths land in tmp."""
    monkeypatch.delenv("NOTICECLERK_TODAY", raising=False)
    monkeypatch.delenv("NOTICECLERK_DB", raising=False)
    monkeypatch.delenv("NOTICECLERK_WORKSPACE", raising=False)
    monkeypatch.chdir(tmp_path)


def test_the_walks_section_has_one_block_for_each_village_and_no_other():
    firsts = [logical_lines(block)[0] for block in sh_blocks(walks_section())]
    assert firsts == [export_line(village) for village in VILLAGES]


@pytest.mark.parametrize("village", VILLAGES)
def test_each_village_s_walk_runs_as_the_readme_writes_it(village, tmp_path, runner, walk_env):
    lines = walk_of(village)
    assert 10 <= run_walk(lines, tmp_path, runner) <= 24
    # It ends where a clerk looks last: the case, then what is due.
    last_two = [line.split()[3:5] for line in lines if line.startswith("noticeclerk ")][-2:]
    assert last_two == [["case", "show"], ["due"]]


# --- The runner itself fails on a broken walk --------------------------------------------------

START = [
    "export NOTICECLERK_WORKSPACE=walk-luck",
    "noticeclerk --today 2026-12-23 init walk-luck",
    "noticeclerk --today 2026-12-23 roll import casebook/luck/roll.csv --village luck",
]


@pytest.mark.parametrize(
    ("tail", "message"),
    [
        (["#=> Imported 8 rows"], "printed no 'Imported 8 rows'"),
        (["noticeclerk --today 2026-12-23 issue LU-C-2026-0001"], "exited 1"),
        (["noticeclerk roll export"], "must begin 'noticeclerk --today YYYY-MM-DD'"),
        (["# roll imported"], "a line the test does not understand"),
        (["noticeclerk --today 2026-12-23 due --workspace elsewhere"], "only with the export"),
    ],
    ids=["expectation", "refused-command", "no-today", "comment", "workspace"],
)
def test_a_broken_walk_fails_with_the_line_it_broke_on(tail, message, tmp_path, runner, walk_env):
    assert run_walk(START, tmp_path, runner) == 2
    with pytest.raises(pytest.fail.Exception, match=re.escape(message)):
        run_walk([*START, *tail], tmp_path / "again", runner)


def test_a_walk_whose_init_names_another_folder_fails(tmp_path, runner, walk_env):
    lines = [START[0], "noticeclerk --today 2026-12-23 init office", *START[2:]]
    with pytest.raises(pytest.fail.Exception, match="must create the exported workspace"):
        run_walk(lines, tmp_path, runner)
