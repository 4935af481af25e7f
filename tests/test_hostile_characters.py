"""Characters no document can print, in every field and option: a case file's numbers and facts,
every text option of every command; refused with one sentence naming the field and the
position, and tabs and line breaks refused only where a field is printed on one line."""

from __future__ import annotations

import json
import shutil
from io import BytesIO
from pathlib import Path

import click
import pytest
from clerk import CASEBOOK, VILLAGE_A_DIRECTIVE, clerk_at, pdf_text
from docx import Document

from noticeclerk.cli import cli
from noticeclerk.cli.params import CheckedText
from noticeclerk.content.schema import refuse_control, unprintable
from noticeclerk.exceptions import InputError

# One of each kind: C0 controls, DEL and the C1 controls, the noncharacters (in the BMP, in
# the Arabic block and at the end of a supplementary plane), and every direction embedding,
# override and isolate.
HOSTILE = [
    "\x01", "\x07", "\x0b", "\x1b", "\x1f", "\x7f", "\x85", "\x9f",
    "\ufffe", "\uffff", "\ufdd0", "\U0001fffe", "\U0010ffff",
    "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069",
]  # fmt: skip


def code(character: str) -> str:
    return f"U+{ord(character):04X}"


def toml_escape(character: str) -> str:
    return f"\\U{ord(character):08X}"


@pytest.fixture
def palmyra_case(tmp_path) -> Path:
    shutil.copy(CASEBOOK / "palmyra" / "roll.csv", tmp_path / "roll.csv")
    case = tmp_path / "case.toml"
    shutil.copy(CASEBOOK / "palmyra" / "house-numbering-notice.toml", case)
    return case


def edit(case: Path, old: str, new: str) -> None:
    text = case.read_text(encoding="utf-8")
    assert old in text
    case.write_text(text.replace(old, new), encoding="utf-8")


def render(runner, case: Path, out: Path):
    return runner.invoke(cli, ["render", str(case), "--out", str(out)])


@pytest.mark.parametrize("character", HOSTILE, ids=code)
@pytest.mark.parametrize(
    ("key", "line"),
    [
        ("case", 'case = "PA-2026-0009"'),
        ("document", 'document = "PA-2026-H-0002"'),
        ("facts.street", 'street = "Taft Street"'),
    ],
)
def test_a_character_no_document_can_print_in_a_case_file_is_refused_naming_key_and_position(
    runner, palmyra_case, tmp_path, key, line, character
):
    value_start = line.index('"') + 1
    edit(
        palmyra_case, line, line[:value_start] + "AB" + toml_escape(character) + line[value_start:]
    )
    result = render(runner, palmyra_case, tmp_path / "out")
    assert result.exit_code == 1, result.output
    assert f"key '{key}': contains " in result.output
    assert f"({code(character)}) at position 3" in result.output
    assert "Traceback" not in result.output and result.exception.__class__ is SystemExit
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("line", "new", "message"),
    [
        (
            'case = "PA-2026-0009"',
            'case = "PA-2026\\t0009"',
            "the case number ('case') contains a tab (U+0009) at position 8, which must stay "
            "on one line",
        ),
        (
            'document = "PA-2026-H-0002"',
            'document = "PA-2026-H-0002\\n"',
            "the document number ('document') contains a line break (U+000A) at position 15",
        ),
        (
            "[facts]",
            '[recipient]\nname = "Ann\\nDoe"\naddress_lines = ["1 A St", "PALMYRA WI 53156"]\n'
            "[facts]",
            "the recipient's name contains a line break (U+000A) at position 4",
        ),
        (
            "[facts]",
            '[recipient]\nname = "Ann Doe"\naddress_lines = ["1 A\\tSt", "PALMYRA WI 53156"]\n'
            "[facts]",
            "line 1 of the recipient's address contains a tab (U+0009) at position 4",
        ),
    ],
)
def test_a_field_printed_on_one_line_refuses_a_tab_or_a_line_break(
    runner, palmyra_case, tmp_path, line, new, message
):
    edit(palmyra_case, line, new)
    result = render(runner, palmyra_case, tmp_path / "out")
    assert result.exit_code == 1
    assert message in result.output
    assert not (tmp_path / "out").exists()


def test_a_free_text_fact_keeps_its_line_breaks_and_tabs_in_both_formats(
    runner, tmp_path, palmyra_case
):
    # The Palmyra notice has no free-text fact; the street is one, of kind text.
    edit(palmyra_case, 'street = "Taft Street"', 'street = "Taft\\tStreet\\nNorth Side"')
    result = render(runner, palmyra_case, tmp_path / "out")
    assert result.exit_code == 0, result.output
    pdf = next((tmp_path / "out").glob("*.pdf"))
    assert "Taft Street North Side" in pdf_text(pdf)
    docx = next((tmp_path / "out").glob("*.docx"))
    words = " ".join(
        " ".join(p.text.split()) for p in Document(BytesIO(docx.read_bytes())).paragraphs
    )
    assert "Taft Street North Side" in words


def test_a_list_item_and_a_cost_line_are_one_line_each(eastern):
    from noticeclerk.content.casefile import convert_fact

    with pytest.raises(
        InputError, match=r"item 2, contains a line break \(U\+000A\) at position 2"
    ):
        convert_fact("text_list", ["one", "t\nwo"], eastern, what="The fact 'items'")
    lines = [{"description": "Plowing\tJanuary", "amount": "10.00"}]
    with pytest.raises(InputError, match=r"item 1, contains a tab \(U\+0009\) at position 8"):
        convert_fact("cost_lines", lines, eastern, what="The fact 'costs'")


# --- every option of every command ----------------------------------------------------------


def _parameters(command: click.Command, path: str, ctx: click.Context):
    for parameter in command.params:
        yield path, parameter
    if isinstance(command, click.Group):
        for name in command.list_commands(ctx):
            yield from _parameters(command.get_command(ctx, name), f"{path} {name}", ctx)


def test_every_text_option_and_argument_of_every_command_is_checked_text():
    unchecked = [
        f"{path} {'/'.join(parameter.opts)}"
        for path, parameter in _parameters(cli, "noticeclerk", click.Context(cli))
        if isinstance(parameter.type, click.types.StringParamType)
    ]
    assert unchecked == []


@pytest.mark.parametrize("character", [*HOSTILE, "\udcff"], ids=code)
def test_a_hostile_character_in_a_fact_typed_at_the_counter_is_refused_and_opens_no_case(
    tmp_path, runner, character
):
    clerk = clerk_at(tmp_path, runner, "village-a")
    given = [
        f"--fact=conditions=Deb{character}ris." if item.startswith("--fact=conditions=") else item
        for item in VILLAGE_A_DIRECTIVE
    ]
    result = clerk(*given, ok=False)
    assert result.exit_code == 1
    assert "The fact 'conditions' contains " in result.output
    assert f"({code(character)}) at position 4" in result.output
    assert json.loads(clerk("case", "list", "--json").output) == []


@pytest.mark.parametrize("character", [*HOSTILE, "\udcff", "\n", "\t"], ids=code)
def test_a_hostile_recipient_typed_for_an_issue_is_refused_and_takes_no_number(
    tmp_path, runner, character
):
    clerk = clerk_at(tmp_path, runner, "village-a")
    clerk(*VILLAGE_A_DIRECTIVE)
    result = clerk(
        "issue", "VA-C-2026-0001", "--recipient-name", f"Ann{character} Doe",
        "--recipient-address", "1 A St|VILLAGE A NY 10000", ok=False,
    )  # fmt: skip
    assert result.exit_code == 1
    assert "The option --recipient-name contains " in result.output
    assert f"({code(character)}) at position 4" in result.output
    shown = json.loads(clerk("case", "show", "VA-C-2026-0001", "--json").output)
    assert shown["documents"] == []
    # and the number it would have taken is the next document's
    assert "Issued VA-D-2026-00001" in clerk("issue", "VA-C-2026-0001").output


def test_a_free_text_fact_typed_at_the_counter_keeps_its_line_break_and_issues(tmp_path, runner):
    clerk = clerk_at(tmp_path, runner, "village-a")
    given = [
        "--fact=corrective_action=Remove the debris.\nAnd the sofa."
        if item.startswith("--fact=corrective_action=")
        else item
        for item in VILLAGE_A_DIRECTIVE
    ]
    clerk(*given)
    # an item of a list (what the inspection found, one per line) is one line
    listed = [f"{item}\nAnd a sofa." if "conditions=" in item else item for item in given]
    refused = clerk(*listed, ok=False)
    assert "The fact 'conditions', item 1, contains a line break (U+000A) at position 44" in (
        refused.output
    )
    issued = clerk("issue", "VA-C-2026-0001")
    assert "Issued VA-D-2026-00001" in issued.output


@pytest.mark.parametrize(
    "arguments",
    [
        ["case", "show", "VA-C-2026\x1b[2J-0001"],
        ["roll", "export", "--village", "village-a\x07"],
        ["--today", "2026-01-02\x07", "due"],
        ["calc", "deadline", "--village", "luck\u202e", "--from", "2026-01-02", "--days", "1"],
        ["serve", "VA-D-2026-00001", "--method", "registered_mail", "--article-number", "9407\x00"],
    ],
)
def test_an_option_or_argument_no_command_checked_before_is_refused_naming_it(
    tmp_path, runner, arguments
):
    clerk = clerk_at(tmp_path, runner)
    result = clerk(*arguments, ok=False)
    assert result.exit_code == 1
    assert result.output.startswith("Error: The ")
    assert "at position" in result.output and "retype it without one." in result.output
    assert "\x1b" not in result.output and "\x07" not in result.output


def test_an_option_names_itself_and_an_argument_its_name():
    with pytest.raises(InputError, match=r"^The option --note contains a control"):
        CheckedText().convert("a\x07", click.Option(["--note"]), None)
    with pytest.raises(InputError, match=r"^The case number contains a tab \(U\+0009\)"):
        CheckedText().convert("VA\t1", click.Argument(["case_number"]), None)
    assert CheckedText(one_line=False).convert("a\tb\nc", click.Option(["--note"]), None) == (
        "a\tb\nc"
    )


# --- the check itself ---------------------------------------------------------------------


@pytest.mark.parametrize("character", [*HOSTILE, "\udcff", "\ud800"], ids=code)
def test_every_hostile_character_is_found_at_its_position(character):
    assert f"({code(character)}) at position 5" in unprintable(f"Ann {character}Doe")


def test_the_first_fault_is_the_one_named_whatever_its_kind():
    assert unprintable("a\u202eb\x07", one_line=True).startswith("an invisible")
    assert unprintable("a\nb\u202e", one_line=True) == "a line break (U+000A) at position 2"
    assert unprintable("a\nb\u202e").startswith("an invisible formatting character (U+202E)")


def test_tabs_and_line_breaks_are_free_text_but_not_one_line():
    assert unprintable("Line one\n\tLine two\r\n") is None
    assert unprintable("Ann\tDoe", one_line=True) == "a tab (U+0009) at position 4"
    with pytest.raises(InputError, match=r"^The name contains a carriage return \(U\+000D\)"):
        refuse_control("Ann\rDoe", "The name", one_line=True)
    assert refuse_control("Ann Doe", "The name", one_line=True) == "Ann Doe"
