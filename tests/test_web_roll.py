"""The roll at the desk (issue 19): a village's roll uploaded, checked and compared with the
register as `roll import --preview` does, every bad row named, nothing written until the clerk
imports the very file previewed."""

from __future__ import annotations

import io
import re

import pytest
from clerk import CASEBOOK, Clerk
from click.testing import CliRunner
from desk import add_users, form_token, register_rows
from desk import signed_in as signed_in_on

DAY = "2026-12-01"
ROLL = (CASEBOOK / "village-a" / "roll.csv").read_bytes()


@pytest.fixture
def office(tmp_path) -> Clerk:
    clerk = Clerk(tmp_path / "office", CliRunner())
    clerk("init", str(clerk.office))
    add_users(clerk, ("t.brennan", "clerk"), ("m.treas", "treasurer"))
    return clerk


def signed_in(clerk: Clerk, name: str = "t.brennan"):  # type: ignore[no-untyped-def]
    return signed_in_on(clerk, name, DAY)


token = form_token


def upload(client, data: bytes, name: str = "roll.csv", village: str = "village-a"):  # type: ignore[no-untyped-def]
    form = {"form_token": token(client.get("/roll").text), "village": village}
    form["roll"] = (io.BytesIO(data), name)
    return client.post("/roll/preview", data=form, content_type="multipart/form-data")


def parcels(clerk: Clerk) -> int:
    ((count,),) = register_rows(clerk, "SELECT count(*) FROM parcels")
    return count


def hidden(page: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', page)[1]


def test_a_previewed_roll_says_what_would_change_and_writes_nothing(office):
    client = signed_in(office)
    page = upload(client, ROLL, "village-a roll 2026.csv")
    assert page.status_code == 200
    assert "5 rows of the village-a roll: 5 parcels added, 0 changed, 0 unchanged." in page.text
    assert parcels(office) == 0
    answer = client.post(
        "/roll/import",
        data={
            "form_token": token(page.text),
            "village": "village-a",
            "sha256": hidden(page.text, "sha256"),
            "filename": hidden(page.text, "filename"),
        },
    )
    assert answer.status_code == 302
    assert parcels(office) == 5
    after = client.get("/roll").text
    assert "Imported 5 rows of the village-a roll (import 1): 5 added" in after
    assert "village-a_roll_2026.csv" in after and "t.brennan" in after
    assert not list((office.office / "uploads").iterdir())  # the upload is not kept


def test_a_change_of_owner_is_shown_before_it_is_imported(office):
    office("roll", "import", str(CASEBOOK / "village-a" / "roll.csv"), "--village", "village-a")
    sold = ROLL.replace(b"Ed and Marie Smith", b"Dana Whitfield")
    page = upload(signed_in(office), sold)
    assert "0 parcels added, 1 changed, 4 unchanged" in page.text
    assert re.search(
        r"<th scope=\"row\">0301-02-001</th><td>owner_name</td><td>Ed and Marie Smith</td><td>Dana Whitfield</td>",
        page.text,
    )


def test_every_bad_row_is_named_and_nothing_is_kept(office):
    lines = ROLL.decode().splitlines()
    bad = (
        "\n".join(
            [
                lines[0],
                lines[1].replace("0301-02-011", ""),
                lines[2],
                lines[3].replace(",yes", ",maybe"),
            ]
        )
        + "\n"
    )
    page = upload(signed_in(office), bad.encode())
    assert page.status_code == 400
    refusal = re.search(r'role="alert" id="roll-refusal">([^<]+)<', page.text)[1]
    assert "line 2" in refusal and "line 4" in refusal
    assert parcels(office) == 0


def test_a_file_that_is_not_text_is_refused_before_the_roll_is_read(office):
    page = upload(signed_in(office), b"PK\x03\x04\x00\x00 a spreadsheet", "roll.xlsx")
    assert page.status_code == 400
    assert "roll.xlsx is not a CSV text file (save the spreadsheet as CSV first)." in page.text


def test_an_import_of_a_file_other_than_the_one_previewed_is_refused(office):
    client = signed_in(office)
    page = upload(client, ROLL)
    staged = office.office / "uploads" / hidden(page.text, "sha256") / "roll.csv"
    staged.write_bytes(ROLL.replace(b"Ed and Marie Smith", b"Someone Else"))
    answer = client.post(
        "/roll/import",
        data={
            "form_token": token(page.text),
            "village": "village-a",
            "sha256": hidden(page.text, "sha256"),
            "filename": "roll.csv",
        },
    )
    assert answer.status_code == 400
    assert "The previewed file is no longer here; upload the roll again." in answer.text
    for digest in ["../../etc", "0" * 64]:
        refused = client.post(
            "/roll/import",
            data={
                "form_token": token(page.text),
                "village": "village-a",
                "sha256": digest,
                "filename": "../noticeclerk.db",
            },
        )
        assert refused.status_code == 400
    assert parcels(office) == 0


def test_a_treasurer_may_not_import_the_roll(office):
    client = signed_in(office, "m.treas")
    assert client.get("/roll").status_code == 403
    assert ">Roll<" not in client.get("/").text


def test_the_command_line_previews_a_roll_too(office):
    result = office(
        "roll",
        "import",
        str(CASEBOOK / "village-a" / "roll.csv"),
        "--village",
        "village-a",
        "--preview",
    )
    assert (
        "Previewed 5 rows of the village-a roll; nothing was imported. It would add 5"
        in result.output
    )
    assert parcels(office) == 0
