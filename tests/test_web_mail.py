"""Certified mail at the desk (issue 19): a batch picked, its pieces and addresses checked, its
labels scanned, recorded and printed by a job the clerk watches, its files served as printed,
the post office's acceptance recorded, and a batch never mailed cancelled.

Two Palmyra orders to remove a dangerous tree (certified mail, § 8.15(11)), issued in the order
PV-0722 then PV-0233, whose owners' ZIP Codes (53546, 53156) put them the other way round in the
mailing book."""

from __future__ import annotations

import hashlib
import re
import shutil
from pathlib import Path

import pytest
from clerk import CASEBOOK, Clerk, article, clerk_at, issued_number
from click.testing import CliRunner
from desk import add_users, field_errors, form_token, register_rows, signed_in

DAY = "2026-12-01"
PARCELS = ("PV-0722", "PV-0233")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    base = tmp_path_factory.mktemp("desk-mail")
    clerk = clerk_at(base, CliRunner(env={"NOTICECLERK_TODAY": DAY}), "palmyra")
    order = (CASEBOOK / "palmyra" / "dangerous-tree-order.toml").read_text()
    numbers = {}
    for parcel in PARCELS:
        case_file = base / f"order-{parcel}.toml"
        case_file.write_text(order.replace('parcels = ["PV-0233"]', f'parcels = ["{parcel}"]'))
        shutil.copy(CASEBOOK / "palmyra" / "roll.csv", base / "roll.csv")
        case = clerk("case", "open", "--from", str(case_file)).output.split()[-1].rstrip(".")
        numbers[parcel] = issued_number(clerk("issue", case))
    add_users(clerk, ("t.brennan", "clerk"), ("m.treas", "treasurer"), ("a.counsel", "attorney"))
    return clerk.office, numbers


@pytest.fixture
def clerk(office) -> Clerk:
    return Clerk(office, CliRunner(env={"NOTICECLERK_TODAY": DAY}))


@pytest.fixture
def numbers(built) -> dict[str, str]:
    return built[1]


def finished(client, answer):  # type: ignore[no-untyped-def]
    """The page of the job a form started, once the job has ended."""
    assert answer.status_code == 302, answer.text
    client.application.extensions["noticeclerk.jobs"].wait(timeout=120)
    return client.get(answer.headers["Location"])


def checked(client, **fields: str):  # type: ignore[no-untyped-def]
    query = {"village": "palmyra", "method": "certified_mail"} | fields
    return client.get("/mail/plan", query_string=query)


def recorded(client, plan_page: str, numbers: str, **fields: str):  # type: ignore[no-untyped-def]
    """The plan page's form sent with these labels' numbers."""
    pieces = re.search(r'name="pieces" value="([^"]*)"', plan_page)[1]
    return client.post(
        "/mail/batches",
        data={
            "form_token": form_token(plan_page),
            "village": "palmyra",
            "method": "certified_mail",
            "pieces": pieces,
            "source": "labels",
            "numbers": numbers,
        }
        | fields,
    )


def batches(clerk: Clerk) -> list[tuple]:
    return register_rows(clerk, "SELECT number, status, prepared_by FROM mail_batches")


def printed_batch(clerk: Clerk) -> str:
    """A batch of both orders printed at the desk by the clerk; its number."""
    client = signed_in(clerk, "t.brennan", DAY)
    plan = checked(client).text
    page = finished(client, recorded(client, plan, f"{article(1)}\n{article(2)}\n"))
    assert "Mail batch PA-M-2026-0001: 2 pieces" in page.text, page.text
    return "PA-M-2026-0001"


def acceptance(clerk: Clerk, batch: str, **fields: str):  # type: ignore[no-untyped-def]
    """The post office's acceptance of the batch recorded at the desk on December 2 (postmark
    December 1, 3:30 p.m.), with `fields` added to the form; the client and the answer."""
    client = signed_in(clerk, "t.brennan", "2026-12-02")
    page = client.get(f"/mail/{batch}").text
    data = {"form_token": form_token(page), "mailed_by": "Dana Whitfield",
            "day": "12/1/2026", "time": "3:30 pm",
            "deposited_at": "the post office at 2 Mill Street, Palmyra, Wisconsin"}  # fmt: skip
    return client, client.post(f"/mail/{batch}/accepted", data=data | fields)


def test_a_clerk_checks_the_pieces_scans_the_labels_and_the_job_prints_the_batch(clerk, numbers):
    client = signed_in(clerk, "t.brennan", DAY)
    plan = checked(client)
    assert plan.status_code == 200
    # Mailing order is by ZIP Code: PV-0233's owner (53156) before PV-0722's (53546).
    listed = re.findall(r'<th scope="row">(PA-D-\S+)<br>', plan.text)
    assert listed == [numbers["PV-0233"], numbers["PV-0722"]]
    assert "Nothing is recorded yet" in plan.text and batches(clerk) == []
    job = recorded(client, plan.text, f"{article(1)}\n{' '.join(re.findall('.{1,4}', article(2)))}")
    page = finished(client, job)
    assert "Mail batch PA-M-2026-0001: 2 pieces, article numbers" in page.text
    assert 'http-equiv="refresh"' not in page.text  # done: the page stops following
    assert batches(clerk) == [("PA-M-2026-0001", "prepared", "t.brennan")]
    pieces = register_rows(clerk, "SELECT line, article_number FROM mail_pieces ORDER BY line")
    assert pieces == [(1, article(1)), (2, article(2))]
    # The files are where 'mail batch' writes them, and served as printed.
    batch = client.get("/mail/PA-M-2026-0001")
    assert "letters.pdf</a>" in batch.text and "mailing-book.csv</a>" in batch.text
    letters = client.get("/mail/PA-M-2026-0001/files/letters.pdf")
    assert letters.status_code == 200 and letters.data.startswith(b"%PDF")
    assert letters.headers["Content-Disposition"].endswith('"PA-M-2026-0001-letters.pdf"')
    (recorded_files,) = register_rows(clerk, "SELECT files FROM mail_batches")
    assert hashlib.sha256(letters.data).hexdigest() in recorded_files[0]
    on_disk = clerk.office / "outputs" / "mail" / "PA-M-2026-0001" / "letters.pdf"
    assert on_disk.read_bytes() == letters.data


def test_the_post_offices_acceptance_serves_every_piece_it_took_and_names_the_one_it_did_not(
    clerk, numbers
):
    client, answer = acceptance(clerk, printed_batch(clerk), pieces="1", missing="2")
    assert answer.status_code == 302, answer.text
    notice = client.get(answer.headers["Location"]).text
    assert "accepted 1 pieces of mail batch PA-M-2026-0001" in notice
    assert f"not accepted, not served: {numbers['PV-0722']}" in notice
    services = register_rows(
        clerk, "SELECT d.number, s.method, s.article_number, s.served_by, s.recorded_by, "
        "s.deposited_at FROM services s JOIN documents d ON d.id = s.document_id",
    )  # fmt: skip
    # Served by the person who took it to the post office, in whose name the affidavit of
    # mailing is sworn, at the post office the form names; recorded by the desk's user.
    assert services == [
        (numbers["PV-0233"], "certified_mail", article(1), "Dana Whitfield", "t.brennan",
         "the post office at 2 Mill Street, Palmyra, Wisconsin")
    ]  # fmt: skip
    shown = clerk("case", "show", "PA-C-2026-0002", today="2026-12-02").output
    assert f"by certified_mail, article {article(1)} (Dana Whitfield)" in shown


def test_a_place_of_deposit_the_affidavit_cannot_print_is_refused_next_to_it(clerk):
    batch = printed_batch(clerk)
    client = signed_in(clerk, "t.brennan", "2026-12-02")
    page = client.get(f"/mail/{batch}").text
    refused = client.post(
        f"/mail/{batch}/accepted",
        data={"form_token": form_token(page), "mailed_by": "Dana Whitfield",
              "day": "12/1/2026", "time": "3:30 pm", "deposited_at": "x" * 201},
    )  # fmt: skip
    assert refused.status_code == 400
    assert "say it in at most 200" in field_errors(refused.text)["deposited_at"]
    assert register_rows(clerk, "SELECT id FROM services") == []


def test_a_count_that_does_not_reconcile_is_refused_next_to_the_count(clerk):
    batch = printed_batch(clerk)
    client = signed_in(clerk, "t.brennan", "2026-12-02")
    page = client.get(f"/mail/{batch}").text
    refused = client.post(
        f"/mail/{batch}/accepted",
        data={"form_token": form_token(page), "mailed_by": "Dana Whitfield",
              "day": "12/1/2026", "time": "3:30 pm",
              "pieces": "1"},
    )  # fmt: skip
    assert refused.status_code == 400
    errors = field_errors(refused.text)
    assert errors["missing"] == (
        "The post office received 1 pieces, but the mailing book lists 2: name each piece it "
        "did not take with “Pieces it did not take”."
    )
    # The refusal names the page's field, never a command-line option.  (The page as a whole
    # may hold "--" by chance: the form token is URL-safe base64.)
    assert not any("--" in error for error in errors.values())
    assert "--missing" not in refused.text
    late = client.post(
        f"/mail/{batch}/accepted",
        data={
            "form_token": form_token(page),
            "mailed_by": "Dana Whitfield",
            "day": "12/3/2026",
            "time": "9:00 am",
        },
    )
    assert "is later than now" in field_errors(late.text)["day"]
    unnamed = client.post(
        f"/mail/{batch}/accepted",
        data={"form_token": form_token(page), "day": "12/1/2026", "time": "3:30 pm"},
    )
    assert "is empty: give the person" in field_errors(unnamed.text)["mailed_by"]
    long = client.post(
        f"/mail/{batch}/accepted",
        data={"form_token": form_token(page), "mailed_by": "x" * 10_000, "day": "12/1/2026",
              "time": "3:30 pm"},
    )  # fmt: skip
    assert "a name is at most 200" in field_errors(long.text)["mailed_by"]
    assert register_rows(clerk, "SELECT count(*) FROM services") == [(0,)]


def test_labels_that_do_not_match_the_pieces_are_refused_in_the_form_and_nothing_is_recorded(
    clerk,
):
    client = signed_in(clerk, "t.brennan", DAY)
    plan = checked(client).text
    short = recorded(client, plan, article(1))
    assert short.status_code == 400
    assert field_errors(short.text)["numbers"].startswith("1 article number for 2 pieces")
    wrong_digit = article(2)[:-1] + str((int(article(2)[-1]) + 1) % 10)
    bad = recorded(client, plan, f"{article(1)}\n{wrong_digit}")
    assert field_errors(bad.text)["numbers"].startswith(f"Line 2 ({wrong_digit}):")
    twice = recorded(client, plan, f"{article(1)}\n{article(1)}")
    assert "already given for line 1" in field_errors(twice.text)["numbers"]
    assert batches(clerk) == []


def test_a_document_served_after_the_check_makes_the_job_refuse_the_whole_batch(clerk, numbers):
    client = signed_in(clerk, "t.brennan", DAY)
    plan = checked(client).text
    clerk("serve", numbers["PV-0722"], "--method", "hand_owner", "--by", "Officer Lee",
          "--at", "2026-12-01T05:00", "--to", "the owner", "--address", "218 Main St")  # fmt: skip
    page = finished(client, recorded(client, plan, f"{article(1)}\n{article(2)}"))
    assert "Not done:" in page.text and "was already served" in page.text
    assert batches(clerk) == []


def test_print_files_gone_or_changed_are_not_served_and_are_made_again_by_a_job(clerk):
    batch = printed_batch(clerk)
    folder = clerk.office / "outputs" / "mail" / batch
    (folder / "letters.pdf").unlink()
    (folder / "mailing-book.csv").write_bytes(b'=HYPERLINK("http://evil")\r\n')
    client = signed_in(clerk, "t.brennan", DAY)
    page = client.get(f"/mail/{batch}").text
    assert page.count("not in the workspace's outputs as printed") == 2
    assert client.get(f"/mail/{batch}/files/letters.pdf").status_code == 404
    assert client.get(f"/mail/{batch}/files/mailing-book.csv").status_code == 404
    assert client.get(f"/mail/{batch}/files/..%2Fnoticeclerk.db").status_code == 404
    again = finished(
        client, client.post(f"/mail/{batch}/files", data={"form_token": form_token(page)})
    )
    assert "letters.pdf: the same as printed" in again.text
    assert client.get(f"/mail/{batch}/files/mailing-book.csv").data.startswith(
        b"line,article_number"
    )


def test_a_batch_never_mailed_is_cancelled_with_its_reason(clerk, numbers):
    batch = printed_batch(clerk)
    client = signed_in(clerk, "t.brennan", DAY)
    page = client.get(f"/mail/{batch}").text
    blank = client.post(f"/mail/{batch}/cancel", data={"form_token": form_token(page)})
    assert blank.status_code == 400 and "reason" in field_errors(blank.text)
    done = client.post(
        f"/mail/{batch}/cancel",
        data={"form_token": form_token(page), "reason": "<b>jammed</b> printer"},
    )
    assert done.status_code == 302
    assert batches(clerk)[0][1] == "cancelled"
    shown = client.get(f"/mail/{batch}").text
    assert "cancelled, never mailed" in shown and "Record the post office" not in shown
    # Its documents may go in another batch.
    assert numbers["PV-0722"] in checked(client).text


def test_roles_that_do_not_serve_read_the_batches_but_prepare_none(clerk):
    batch = printed_batch(clerk)
    for name in ("m.treas", "a.counsel"):
        client = signed_in(clerk, name, DAY)
        assert client.get("/mail").status_code == 200
        assert "Prepare a batch" not in client.get("/mail").text
        assert checked(client).status_code == 403
        page = client.get(f"/mail/{batch}")
        assert page.status_code == 200 and "Record the post office" not in page.text
        refused = client.post(
            f"/mail/{batch}/cancel", data={"form_token": form_token(page.text), "reason": "x"}
        )
        assert refused.status_code == 403
    assert batches(clerk)[0][1] == "prepared"


def test_a_job_is_seen_only_by_who_started_it(clerk):
    client = signed_in(clerk, "t.brennan", DAY)
    plan = checked(client).text
    answer = recorded(client, plan, f"{article(1)}\n{article(2)}")
    other = signed_in(clerk, "a.counsel", DAY)
    assert other.get(answer.headers["Location"]).status_code == 404
    assert finished(client, answer).status_code == 200
    assert client.get("/jobs/not-a-job").status_code == 404


def test_a_village_or_mail_not_offered_is_refused_next_to_its_field(clerk):
    client = signed_in(clerk, "t.brennan", DAY)
    answer = checked(client, village="../../etc", method="<script>")
    assert answer.status_code == 400
    assert set(field_errors(answer.text)) == {"village", "method"}
    assert "<script>" not in answer.text
    nothing = checked(client, village="palmyra", cases="PA-C-2099-0001")
    assert nothing.status_code == 400
    assert field_errors(nothing.text)["cases"] == (
        "There is no case &#39;PA-C-2099-0001&#39; in the register (“Cases”)."
    )


def test_a_document_named_twice_is_refused_at_the_desk_and_the_command_line(clerk, numbers):
    twice = f"{numbers['PV-0233']} {numbers['PV-0233']}"
    client = signed_in(clerk, "t.brennan", DAY)
    answer = checked(client, documents=twice)
    assert answer.status_code == 400
    assert f"{numbers['PV-0233']} is named twice; a batch mails each document once." in answer.text
    # The plan's own hidden list, sent with a document twice, records nothing either.
    plan = checked(client).text.replace(numbers["PV-0722"], numbers["PV-0233"])
    job = finished(client, recorded(client, plan, f"{article(1)}\n{article(2)}")).text
    assert "Not done:" in job and "is named twice" in job
    command = clerk(
        "mail",
        "batch",
        "--by",
        "Dana Whitfield",
        "--village",
        "palmyra",
        "--documents",
        twice,
        ok=False,
    )
    assert command.exit_code == 1 and "is named twice" in command.output
    assert batches(clerk) == []


def test_a_batch_recorded_whose_files_cannot_be_written_says_it_is_recorded(clerk):
    in_the_way = clerk.office / "outputs" / "mail" / "PA-M-2026-0001"
    in_the_way.parent.mkdir(parents=True)
    in_the_way.write_text("a file where the batch's folder goes")
    client = signed_in(clerk, "t.brennan", DAY)
    page = finished(client, recorded(client, checked(client).text, f"{article(1)}\n{article(2)}"))
    assert '<p class="refusal" role="alert">Mail batch PA-M-2026-0001 is recorded, but its' in (
        page.text
    )
    assert 'href="/mail/PA-M-2026-0001">Open the batch</a>' in page.text
    assert batches(clerk) == [("PA-M-2026-0001", "prepared", "t.brennan")]


def test_a_count_too_long_for_a_mailing_book_and_a_cancelled_batchs_reprint_are_refused(clerk):
    batch = printed_batch(clerk)
    client = signed_in(clerk, "t.brennan", "2026-12-02")
    page = client.get(f"/mail/{batch}").text
    huge = client.post(
        f"/mail/{batch}/accepted",
        data={"form_token": form_token(page), "mailed_by": "Dana Whitfield",
              "day": "12/1/2026", "time": "3:30 pm",
              "pieces": "9" * 5000},
    )  # fmt: skip
    assert (
        huge.status_code == 400 and "give the number written" in field_errors(huge.text)["pieces"]
    )
    client.post(f"/mail/{batch}/cancel", data={"form_token": form_token(page), "reason": "jam"})
    again = client.post(f"/mail/{batch}/files", data={"form_token": form_token(page)})
    assert again.status_code == 400 and "was cancelled" in again.text


def test_the_acceptance_passes_on_each_piece_s_warnings_to_the_clerk(clerk, numbers):
    """Attacker's pass: the desk dropped the warnings `mail accepted` prints. The Village's
    earlier letter to PV-0233's owner, at the same address, came back unclaimed."""
    opened = clerk(
        "case", "open", "--village", "palmyra", "--parcel", "PV-0233",
        "--notice-type", "house-numbering-notice", "--fact=assigned_number=412",
        "--fact=number_assigned_on=2026-10-20", "--fact=street=Taft Street",
        "--fact=observed_on=2026-11-19", today="2026-11-20",
    ).output  # fmt: skip
    case = opened.split("Opened case ")[1].rstrip(".\n")
    earlier = issued_number(clerk("issue", case, today="2026-11-20"))
    clerk(
        "serve", earlier, "--method", "first_class_mail", "--by", "Dana Whitfield",
        "--at", "2026-11-20T10:00", today="2026-11-21",
    )  # fmt: skip
    clerk("receipt", earlier, "--unclaimed", "2026-11-25T10:00", today="2026-11-26")
    client, answer = acceptance(clerk, printed_batch(clerk))
    assert answer.status_code == 302, answer.text
    notice = " ".join(client.get(answer.headers["Location"]).text.split())
    assert f"Warning for line 1, {numbers['PV-0233']}: Mail of the Village to" in notice
    assert f"came back unclaimed on Wednesday, November 25, 2026: {earlier}" in notice
