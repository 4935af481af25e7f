"""What no document can hold faithfully, turned into short refusals: long text, undrawable letters."""

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
