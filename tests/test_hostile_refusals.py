"""What no document can hold faithfully, turned into short refusals: long text, undrawable letters."""

import csv
import io
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from noticeclerk.cli import cli
from noticeclerk.content.folders import content_root
from noticeclerk.exceptions import InputError, quoted_back
from noticeclerk.generators.pdf import render_pdf

LONG = "W" * 5_000


def casebook_copy(tmp_path: Path, village: str) -> Path:
    folder = tmp_path / village
    shutil.copytree(content_root() / "casebook" / village, folder)
    return folder


def refusal_of(case: Path) -> str:
    result = CliRunner().invoke(cli, ["render", str(case), "--out", str(case.parent / "out")])
    assert result.exit_code == 1, result.output
    assert not (case.parent / "out").exists()
    return result.output


def test_text_quoted_back_is_cut_short_with_an_ellipsis():
    assert quoted_back("short") == "short"
    assert quoted_back(LONG) == "W" * 57 + "..."


def test_a_declared_check_quotes_a_five_thousand_letter_fact_back_cut_short(tmp_path):
    case = casebook_copy(tmp_path, "palmyra") / "unlawful-planting-order.toml"
    case.write_text(
        case.read_text(encoding="utf-8").replace("no permit or approval", LONG), encoding="utf-8"
    )
    output = refusal_of(case)
    assert "is not a ground § 8.15(8) gives" in output
    assert f"'{'W' * 57}...'" in output
    assert len(output) < 600


def test_a_computation_quotes_a_five_thousand_letter_ground_back_cut_short(tmp_path):
    case = casebook_copy(tmp_path, "tuckahoe") / "temporary-occupancy-revocation.toml"
    case.write_text(
        case.read_text(encoding="utf-8").replace('"not_diligent"', f'"{LONG}"'), encoding="utf-8"
    )
    output = refusal_of(case)
    assert "is not a ground § 19-50 gives" in output
    assert len(output) < 600


def no_installed_font_has(character: str) -> bool:
    found = subprocess.run(
        ["fc-list", f":charset={ord(character):x}"], capture_output=True, text=True, check=False
    )
    return found.returncode == 0 and not found.stdout.strip()


@pytest.mark.skipif(shutil.which("fc-list") is None, reason="fontconfig's fc-list is not here")
def test_a_character_no_installed_font_draws_is_refused_rather_than_printed_as_a_box(tmp_path):
    if not no_installed_font_has("李"):
        pytest.skip("a font on this machine draws Chinese, so the name would print")
    html = "<html><body><p>Owner: 李小龍</p></body></html>"
    with pytest.raises(InputError) as refused:
        render_pdf(html, [tmp_path], identifier="D-1")
    assert "'李' (U+674E), which no font installed here can draw" in str(refused.value)


def test_letters_the_fonts_have_print_with_no_refusal(tmp_path):
    html = "<html><body><p>Owner: Zoë Ørsted-Ñúñez, § 134-43</p></body></html>"
    assert render_pdf(html, [tmp_path], identifier="D-1").startswith(b"%PDF")


def test_an_owner_too_long_for_the_envelope_window_is_refused_not_printed_over_the_letter(
    tmp_path,
):
    folder = casebook_copy(tmp_path, "village-a")
    roll = folder / "roll.csv"
    rows = list(csv.reader(io.StringIO(roll.read_text(encoding="utf-8"))))
    owner = " ".join(["Alexandra Konstantinopoulou-Vanderbilt"] * 7)  # 272 characters
    for row in rows:
        if row[0] == "0301-02-004":
            row[3] = owner
    with roll.open("w", encoding="utf-8", newline="") as out:
        csv.writer(out).writerows(rows)
    output = refusal_of(folder / "directive-to-comply.toml")
    assert "take more lines than the envelope window shows" in output
    assert output.count("\n") == 1


def test_an_owner_of_two_lines_fits_the_envelope_window(tmp_path):
    folder = casebook_copy(tmp_path, "village-a")
    roll = folder / "roll.csv"
    roll.write_text(
        roll.read_text(encoding="utf-8").replace(
            "ABC LLC", "The Estate of Alexandra Konstantinopoulou-Vanderbilt by Her Executrix"
        ),
        encoding="utf-8",
    )
    case = folder / "directive-to-comply.toml"
    case.write_text(
        case.read_text(encoding="utf-8").replace('"0301-02-004"', '"0301-02-011"'),
        encoding="utf-8",
    )
    result = CliRunner().invoke(cli, ["render", str(case), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
