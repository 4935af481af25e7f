"""The archive at the desk (issue 19): a signed scan kept with its document as `archive add`
keeps it (judged by its contents, never by its name), and the archive verified on request."""

from __future__ import annotations

import io
import re

import pytest
from clerk import VILLAGE_A_DIRECTIVE, Clerk, clerk_at
from click.testing import CliRunner
from desk import add_users, field_errors, form_token, register_rows
from desk import signed_in as signed_in_on
from PIL import Image

DAY = "2026-12-02"


@pytest.fixture
def office(tmp_path) -> Clerk:
    clerk = clerk_at(tmp_path, CliRunner(), "village-a")
    clerk(*VILLAGE_A_DIRECTIVE, today="2026-12-01")
    clerk("issue", "VA-C-2026-0001", today="2026-12-01")
    add_users(clerk, ("t.brennan", "clerk"), ("a.counsel", "attorney"))
    return clerk


def scan() -> bytes:
    buffer = io.BytesIO()
    Image.new("L", (200, 120), 255).save(buffer, "PNG")
    return buffer.getvalue()


def keep(client, data: bytes, name: str, **fields: str):  # type: ignore[no-untyped-def]
    form = {"form_token": form_token(client.get("/archive").text), **fields}
    form["file"] = (io.BytesIO(data), name)
    return client.post("/archive", data=form, content_type="multipart/form-data")


def test_a_scan_is_kept_with_its_document_and_the_archive_verifies(office):
    client = signed_in_on(office, "t.brennan", DAY)
    before = register_rows(office, "SELECT count(*) FROM archive_items")[0][0]
    answer = keep(
        client, scan(), "green card.png", document="VA-D-2026-00001", kind="green-card",
        signed_by="M ROSS", signed_on="12/2/2026",
    )  # fmt: skip
    assert answer.status_code == 302, field_errors(answer.text) or answer.text[-1500:]
    page = client.get("/archive").text
    assert re.search(
        r"Archived green card\.png as item \d+ \(green-card of document VA-D-2026-00001\), SHA-256 [0-9a-f]{64}\.",
        page,
    )
    assert register_rows(office, "SELECT count(*) FROM archive_items")[0][0] == before + 1
    verified = verified_page(client, page)
    assert "Every file matches its SHA-256 and the ledger&#39;s chain holds." in verified
    assert re.search(r"Ledger head: entry \d+, SHA-256 [0-9a-f]{64} \(write it", verified)


def verified_page(client, page: str) -> str:  # type: ignore[no-untyped-def]
    """The page of the job verifying the archive, once it has ended."""
    started = client.post("/archive/verify", data={"form_token": form_token(page)})
    assert started.status_code == 302
    client.application.extensions["noticeclerk.jobs"].wait(timeout=120)
    return client.get(started.headers["Location"]).text


def test_a_file_changed_in_the_archive_folder_is_named_as_an_alert(office):
    client = signed_in_on(office, "t.brennan", DAY)
    keep(client, scan(), "card.png", document="VA-D-2026-00001", kind="green-card")
    ((sha256,),) = register_rows(
        office, "SELECT sha256 FROM archive_items WHERE kind = 'green-card'"
    )
    (kept,) = [path for path in office.office.rglob(f"*{sha256}*") if path.is_file()]
    kept.chmod(0o644)
    kept.write_bytes(kept.read_bytes() + b"altered")
    verified = verified_page(client, client.get("/archive").text)
    assert '<p class="refusal" role="alert">1 problem found: do not rely' in verified
    assert "was modified after it was added" in verified


def test_a_file_is_judged_by_its_contents_and_a_second_copy_is_refused(office):
    client = signed_in_on(office, "t.brennan", DAY)
    fake = keep(
        client, b"MZ\x90\x00 a program", "card.png", document="VA-D-2026-00001", kind="green-card"
    )
    assert fake.status_code == 400
    assert 'class="refusal" role="alert"' in fake.text
    data = scan()
    assert (
        keep(client, data, "a.png", document="VA-D-2026-00001", kind="green-card").status_code
        == 302
    )
    twice = keep(client, data, "b.png", document="VA-D-2026-00001", kind="green-card")
    assert twice.status_code == 400


def test_the_form_names_what_is_missing_next_to_its_field(office):
    client = signed_in_on(office, "t.brennan", DAY)
    answer = keep(client, scan(), "a.png", kind="", signed_by="M ROSS")
    assert answer.status_code == 400
    assert set(field_errors(answer.text)) == {"kind", "document", "signed_on"}


def test_an_attorney_verifies_the_archive_but_keeps_nothing_in_it(office):
    client = signed_in_on(office, "a.counsel", DAY)
    page = client.get("/archive").text
    assert "Keep a signed scan" not in page
    assert "Every file matches" in verified_page(client, page)
    assert (
        keep(client, scan(), "a.png", document="VA-D-2026-00001", kind="green-card").status_code
        == 403
    )


def exported_page(client, **fields: str):  # type: ignore[no-untyped-def]
    token = form_token(client.get("/archive").text)
    answer = client.post("/archive/export", data={"form_token": token, **fields})
    if answer.status_code != 302:
        return answer
    client.application.extensions["noticeclerk.jobs"].wait(timeout=120)
    return client.get(answer.headers["Location"])


def test_a_documents_records_are_exported_by_a_job_and_handed_over_as_written(office):
    import zipfile

    client = signed_in_on(office, "t.brennan", DAY)
    keep(client, scan(), "card.png", document="VA-D-2026-00001", kind="green-card")
    page = exported_page(client, document="VA-D-2026-00001").text
    assert re.search(r"Exported 2 files \(\d+ bytes\)\.", page), page[-1500:]
    link = re.search(r'<a class="button" href="([^"]+)">Download ([^<]+\.zip)</a>', page)
    assert link is not None
    href = link[1].replace("&amp;", "&")
    zipped = client.get(href)
    assert zipped.status_code == 200 and zipped.mimetype == "application/zip"
    with zipfile.ZipFile(io.BytesIO(zipped.data)) as archive:
        assert {"manifest.csv", "ledger.jsonl", "certificate.pdf"} <= set(archive.namelist())
    ((record,),) = register_rows(
        office, "SELECT record FROM archive_ledger WHERE event = 'exported'"
    )
    assert '"by":"t.brennan"' in record.replace(" ", "")
    # Changed on disk, or asked for by another hash or name, it is not handed over.
    (written,) = (office.office / "outputs" / "exports").glob("*.zip")
    written.write_bytes(zipped.data + b"\0")
    assert client.get(href).status_code == 404
    assert client.get("/archive/exports/..%2Fnoticeclerk.db?sha256=" + "0" * 64).status_code == 404
    assert client.get(f"/archive/exports/{link[2]}?sha256=nothex").status_code == 404


def test_an_export_names_what_to_give_next_to_the_fields(office):
    client = signed_in_on(office, "t.brennan", DAY)
    nothing = exported_page(client)
    assert nothing.status_code == 400
    assert "“Case”, “Document”, or “Added from” with “Added to”" in nothing.text
    half = exported_page(client, date_from="1/1/2026")
    assert half.status_code == 400 and "Give “Added from” and “Added to” together" in half.text
    slip = exported_page(client, date_from="13/1/2026", date_to="1/2/2026")
    assert "not a day of the calendar" in field_errors(slip.text)["date_from"]
    unknown = exported_page(client, case="VA-C-2099-0009")
    assert "Not done:" in unknown.text  # the job's refusal, in the register's words
    assert register_rows(
        office, "SELECT count(*) FROM archive_ledger WHERE event = 'exported'"
    ) == [(0,)]


def test_records_past_their_period_are_listed_then_disposed_of_by_a_named_authority(office):
    client = signed_in_on(office, "t.brennan", DAY)
    keep(client, scan(), "card.png", document="VA-D-2026-00001", kind="green-card")
    ((item,),) = register_rows(office, "SELECT id FROM archive_items WHERE kind = 'green-card'")
    office("case", "close", "VA-C-2026-0001", "--reason", "complied", today=DAY)
    later = signed_in_on(office, "t.brennan", "2032-12-03")
    token = form_token(later.get("/archive").text)
    listed = later.post("/archive/retention", data={"form_token": token})
    assert listed.status_code == 200
    assert f'name="item" value="{item}"' in listed.text and "[SAMPLE period]" in listed.text
    huge = later.post(
        "/archive/dispose",
        data={"form_token": token, "item": "9" * 5000, "authorised_by": "J", "authority": "B"},
    )
    assert huge.status_code == 400 and "Choose the records to dispose of" in huge.text
    unnamed = later.post("/archive/dispose", data={"form_token": token, "item": str(item)})
    assert unnamed.status_code == 400 and "who authorised the disposal" in unnamed.text
    done = later.post(
        "/archive/dispose",
        data={"form_token": token, "item": str(item), "authorised_by": "Jordan Avery",
              "authority": "Board resolution 2032-14"},
    )  # fmt: skip
    assert done.status_code == 302
    assert f"Disposed of archive item {item}. Ledger head: entry" in later.get("/archive").text
    assert register_rows(
        office, f"SELECT disposed_by, disposal_authority FROM archive_items WHERE id = {item}"
    ) == [("Jordan Avery", "Board resolution 2032-14")]


def test_an_attorney_neither_lists_for_disposal_nor_exports(office):
    client = signed_in_on(office, "a.counsel", DAY)
    page = client.get("/archive").text
    assert "Records due for disposal" not in page and "Export for a records" not in page
    token = form_token(page)
    for path in ("/archive/retention", "/archive/dispose", "/archive/export"):
        assert client.post(path, data={"form_token": token}).status_code == 403
