"""Certified and registered mail batches at the command line, the way a clerk mails them: issue
the documents, print the batch (letters, mailing book, return receipts), record the post
office's acceptance, scan the green cards as they come back, and see what `due` says.

The register is built once per module (issuing a document renders it) and copied for each test:
four Palmyra orders to remove a dangerous tree (certified mail, § 8.15(11)), whose owners'
ZIP Codes sort otherwise than they were issued, a Village A maintenance bill (certified mail,
§ 134-45B), a Luck sidewalk repair order whose 60 days run from receipt (certified or
registered), and a Tuckahoe notice to repair a sidewalk (registered mail only, § 19-15(c))."""

from __future__ import annotations

import csv
import json
import re
import shutil
from io import BytesIO, StringIO
from pathlib import Path

import pytest
from clerk import CASEBOOK, PALMYRA_HOUSE_NUMBERING, Clerk, article, clerk_at, issued_number
from click.testing import CliRunner
from pypdf import PdfReader

from noticeclerk.article_numbers import check_article_number, s10_check_digit

TODAY = "2026-12-01"
# Issued in this order; their owners' ZIP Codes are 53546, 53156, 53538 and 53190.
ORDER_PARCELS = ("PV-0722", "PV-0233", "PV-0815", "PV-0641")
ZIP_ORDER = ("PV-0233", "PV-0641", "PV-0815", "PV-0722")


def registered(n: int) -> str:
    serial = f"{n:08d}"
    return f"RA{serial}{s10_check_digit(serial)}US"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    base = tmp_path_factory.mktemp("mail")
    runner = CliRunner(env={"NOTICECLERK_TODAY": TODAY})
    clerk = clerk_at(base, runner, "palmyra", "village-a", "luck", "tuckahoe")
    numbers: dict[str, str] = {}
    order = (CASEBOOK / "palmyra" / "dangerous-tree-order.toml").read_text()
    for parcel in ORDER_PARCELS:
        case_file = base / f"order-{parcel}.toml"
        case_file.write_text(order.replace('parcels = ["PV-0233"]', f'parcels = ["{parcel}"]'))
        shutil.copy(CASEBOOK / "palmyra" / "roll.csv", base / "roll.csv")
        case = clerk("case", "open", "--from", str(case_file)).output.split()[-1].rstrip(".")
        numbers[parcel] = issued_number(clerk("issue", case))
    for village, notice in (
        ("village-a", "maintenance-bill"),
        ("luck", "sidewalk-repair-order"),
        ("tuckahoe", "notice-to-repair-sidewalk"),
    ):
        case_file = CASEBOOK / village / f"{notice}.toml"
        case = clerk("case", "open", "--from", str(case_file)).output.split()[-1].rstrip(".")
        numbers[notice] = issued_number(clerk("issue", case))
    return clerk.office, numbers


@pytest.fixture
def numbers(built) -> dict[str, str]:
    return built[1]


@pytest.fixture
def clerk(office) -> Clerk:
    return Clerk(office, CliRunner(env={"NOTICECLERK_TODAY": TODAY}))


def labels(tmp_path: Path, *values: str) -> str:
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "labels.txt"
    path.write_text("# labels, in the order the letters print\n" + "\n".join(values) + "\n")
    return str(path)


def pages(path: Path) -> list[str]:
    return [" ".join(page.extract_text().split()) for page in PdfReader(path).pages]


def spaced(number: str) -> str:
    """An article number as the letter prints it: groups of four digits."""
    return " ".join(number[i : i + 4] for i in range(0, len(number), 4))


def palmyra_batch(clerk: Clerk, tmp_path: Path, *extra: str) -> tuple[str, Path]:
    out = tmp_path / "batch"
    result = clerk(
        "mail",
        "batch",
        "--by",
        "Dana Whitfield",
        "--village",
        "palmyra",
        "--numbers",
        labels(tmp_path, *(article(n) for n in range(1, 5))),
        "--out",
        str(out),
        *extra,
    )
    return re.search(r"Mail batch (\S+):", result.output).group(1), out


def luck_order_mailed(clerk: Clerk, numbers: dict[str, str], tmp_path: Path, label: str) -> str:
    """Luck's sidewalk repair order, batched alone and accepted by the post office on
    Tuesday, December 1, 2026 at 3:00 p.m.; its number."""
    order = numbers["sidewalk-repair-order"]
    clerk(
        "mail",
        "batch",
        "--by",
        "Dana Whitfield",
        "--village",
        "luck",
        "--documents",
        order,
        "--numbers",
        labels(tmp_path, label),
        "--out",
        str(tmp_path / "luck"),
    )
    clerk(
        "mail",
        "accepted",
        "--by",
        "Dana Whitfield",
        "LU-M-2026-0001",
        "--date",
        "2026-12-01T15:00",
        today="2026-12-02",
    )
    return order


def test_a_batch_prints_every_letter_by_zip_code_with_its_mailing_book(clerk, numbers, tmp_path):
    batch, out = palmyra_batch(clerk, tmp_path)
    assert batch == "PA-M-2026-0001"
    assert sorted(p.name for p in out.iterdir()) == [
        "letters.pdf",
        "mailing-book.csv",
        "mailing-book.pdf",
        "return-receipts.pdf",
    ]
    in_zip_order = [numbers[parcel] for parcel in ZIP_ORDER]
    rows = list(csv.DictReader(StringIO((out / "mailing-book.csv").read_text())))
    assert [row["document"] for row in rows] == in_zip_order
    assert [check_article_number(row["article_number"]).number for row in rows] == [
        article(n) for n in range(1, 5)
    ]
    letters = pages(out / "letters.pdf")
    # A cover sheet and its blank back, then each letter starting on a front (odd) page.
    assert "PA-M-2026-0001" in letters[0] and letters[1] == ""
    starts = [i for i, text in enumerate(letters) if "Page 1 of" in text]
    assert len(starts) == 4 and all(i % 2 == 0 for i in starts)
    for start, n, document in zip(starts, range(1, 5), in_zip_order, strict=True):
        assert spaced(article(n)) in letters[start] and document in letters[start]
    assert len(letters) % 2 == 0
    book = " ".join(pages(out / "mailing-book.pdf"))
    assert "Sheet 1 of 1" in book
    # Four pieces at the sample rates: postage 4 x $0.78, certified 4 x $5.30, receipts 4 x $4.40.
    assert "$3.12" in book and "$21.20" in book and "$17.60" in book
    assert "SAMPLE" in book
    receipts = " ".join(pages(out / "return-receipts.pdf"))
    assert all(spaced(article(n)) in receipts or article(n) in receipts for n in range(1, 5))


def test_nothing_is_served_until_the_post_office_accepts_the_batch(clerk, numbers, tmp_path):
    batch, _out = palmyra_batch(clerk, tmp_path)
    due = clerk("due", "--village", "palmyra").output
    assert f"Printed in mail batch {batch}" in due
    shown = clerk("mail", "show", batch).output
    assert shown.count("awaiting acceptance") == 4
    # The same documents cannot go in a second batch meanwhile.
    again = clerk(
        "mail",
        "batch",
        "--by",
        "Dana Whitfield",
        "--village",
        "palmyra",
        "--impb",
        "123456",
        ok=False,
    )
    assert again.exit_code == 1
    assert "No issued, unserved document of Village of Palmyra can go" in again.output
    assert "already in mail batch PA-M-2026-0001" in again.output


def test_acceptance_serves_each_piece_and_a_missing_one_must_be_named(clerk, numbers, tmp_path):
    batch, _out = palmyra_batch(clerk, tmp_path)
    short = clerk(
        "mail",
        "accepted",
        "--by",
        "Dana Whitfield",
        batch,
        "--date",
        "2026-12-01T15:30",
        "--pieces",
        "3",
        today="2026-12-02",
        ok=False,
    )
    assert short.exit_code == 1
    assert "received 3 pieces, but the mailing book lists 4" in short.output
    missing = numbers["PV-0815"]
    accepted = clerk(
        "mail",
        "accepted",
        "--by",
        "Dana Whitfield",
        batch,
        "--date",
        "2026-12-01T15:30",
        "--pieces",
        "3",
        "--missing",
        "3",
        today="2026-12-02",
    )
    assert "accepted 3 pieces" in accepted.output
    assert f"Not accepted, not served: {missing}" in accepted.output
    shown = json.loads(clerk("mail", "show", batch, "--json", today="2026-12-02").output)
    assert [p["accepted"] for p in shown["pieces"]] == [True, True, False, True]
    case = json.loads(clerk("case", "show", "PA-C-2026-0001", "--json", today="2026-12-02").output)
    (document,) = case["documents"]
    assert document["number"] == numbers["PV-0722"]
    (service,) = document["services"]
    assert service["method"] == "certified_mail" and service["article_number"] == article(4)
    due = clerk("due", "--village", "palmyra", today="2026-12-02").output
    assert f"{missing}  " in due and "Issued, not yet served." in due
    twice = clerk(
        "mail",
        "accepted",
        "--by",
        "Dana Whitfield",
        batch,
        "--date",
        "2026-12-01T15:30",
        today="2026-12-02",
        ok=False,
    )
    assert "already accepted" in twice.output


def test_a_receipt_scanned_by_article_number_starts_a_deadline_counted_from_receipt(
    clerk, numbers, tmp_path
):
    order = luck_order_mailed(clerk, numbers, tmp_path, article(21))
    waiting = clerk("due", "--village", "luck", today="2026-12-02").output
    assert "the deadline starts when the return receipt is signed" in waiting
    scanned = clerk(
        "receipt",
        "--scan",
        "--signed",
        "2026-12-04",
        today="2026-12-05",
        input=f"420 53156 {article(21)}\n\n",
    )
    assert f"receipt signed for {order}" in scanned.output
    # 60 days after the receipt was signed on Friday, December 4: Tuesday, February 2, 2027.
    assert "2027-02-02" in json.dumps(
        json.loads(clerk("case", "show", "LU-C-2026-0001", "--json", today="2026-12-05").output)
    )


def test_refused_mail_starts_no_deadline_and_stays_due(clerk, numbers, tmp_path):
    luck_order_mailed(clerk, numbers, tmp_path, article(22))
    refused = clerk("receipt", article(22), "--refused", "2026-12-07", today="2026-12-08")
    assert "A refusal starts no deadline here" in refused.output
    due = clerk("due", "--village", "luck", "--json", today="2026-12-08").output
    assert [item["status"] for item in json.loads(due)] == ["returned_refused"]


def test_due_lists_certified_mail_with_no_receipt_after_the_villages_days(clerk, numbers, tmp_path):
    bill = numbers["maintenance-bill"]
    clerk(
        "mail",
        "batch",
        "--by",
        "Dana Whitfield",
        "--village",
        "village-a",
        "--documents",
        bill,
        "--numbers",
        labels(tmp_path, article(31)),
        "--out",
        str(tmp_path / "va"),
    )
    clerk(
        "mail",
        "accepted",
        "--by",
        "Dana Whitfield",
        "VA-M-2026-0001",
        "--date",
        "2026-12-01T15:00",
        today="2026-12-02",
    )
    # letterheads/village-a: receipt_overdue_days = 21.
    early = json.loads(clerk("due", "--village", "village-a", "--json", today="2026-12-21").output)
    assert "receipt_overdue" not in [item["status"] for item in early]
    late = json.loads(clerk("due", "--village", "village-a", "--json", today="2026-12-23").output)
    (overdue,) = [item for item in late if item["status"] == "receipt_overdue"]
    assert article(31) in overdue["words"] and overdue["document"] == bill


def test_a_batch_is_one_villages_mailing(clerk, numbers, tmp_path):
    result = clerk(
        "mail",
        "batch",
        "--by",
        "Dana Whitfield",
        "--village",
        "palmyra",
        "--documents",
        f"{numbers['PV-0233']} {numbers['maintenance-bill']}",
        "--numbers",
        labels(tmp_path, article(1), article(2)),
        "--out",
        str(tmp_path / "mixed"),
        ok=False,
    )
    assert result.exit_code == 1
    assert f"{numbers['maintenance-bill']} is a document of village-a" in result.output
    assert not (tmp_path / "mixed").exists()


def test_a_document_its_ordinance_does_not_let_go_by_the_method_is_refused(
    clerk, numbers, tmp_path
):
    notice = numbers["notice-to-repair-sidewalk"]
    result = clerk(
        "mail",
        "batch",
        "--by",
        "Dana Whitfield",
        "--village",
        "tuckahoe",
        "--documents",
        notice,
        "--numbers",
        labels(tmp_path, article(41)),
        ok=False,
    )
    assert result.exit_code == 1
    assert "may not be sent by certified mail: its ordinance allows registered_mail" in (
        result.output
    )
    # By registered mail it goes, with the post office's Label 200 number.
    ok = clerk(
        "mail",
        "batch",
        "--by",
        "Dana Whitfield",
        "--village",
        "tuckahoe",
        "--documents",
        notice,
        "--method",
        "registered",
        "--numbers",
        labels(tmp_path, registered(7)),
        "--out",
        str(tmp_path / "tu"),
    )
    assert "TU-M-2026-0001" in ok.output
    book = " ".join(pages(tmp_path / "tu" / "mailing-book.pdf"))
    assert "$17.10" in book
    impb = clerk(
        "mail",
        "batch",
        "--by",
        "Dana Whitfield",
        "--village",
        "tuckahoe",
        "--documents",
        notice,
        "--method",
        "registered",
        "--impb",
        "123456",
        ok=False,
    )
    assert "--impb generates certified mail numbers" in impb.output


def test_a_bad_address_is_refused_naming_the_document_before_anything_is_written(
    clerk, numbers, tmp_path
):
    case = clerk(*PALMYRA_HOUSE_NUMBERING).output.split()[-1].rstrip(".")
    clerk(
        "case",
        "party",
        case,
        "--role",
        "officer",
        "--name",
        "Jean Dupont",
        "--address",
        "10 Rue de Rivoli|Paris 75001",
    )
    foreign = clerk("issue", case, "--to", "officer", ok=False)
    if foreign.exit_code != 0:
        pytest.skip(f"the house numbering notice goes to no officer: {foreign.output}")
    number = issued_number(foreign)
    result = clerk(
        "mail",
        "batch",
        "--by",
        "Dana Whitfield",
        "--village",
        "palmyra",
        "--documents",
        number,
        "--numbers",
        labels(tmp_path, article(51)),
        "--out",
        str(tmp_path / "bad"),
        ok=False,
    )
    assert result.exit_code == 1 and number in result.output
    assert not (tmp_path / "bad").exists()
    assert "no mail batch" in clerk("mail", "show", "PA-M-2026-0001", ok=False).output


def test_a_wrong_check_digit_in_the_labels_file_is_refused_naming_its_line(clerk, tmp_path):
    good = [article(n) for n in range(1, 5)]
    wrong = good[2][:-1] + str((int(good[2][-1]) + 1) % 10)
    result = clerk(
        "mail",
        "batch",
        "--by",
        "Dana Whitfield",
        "--village",
        "palmyra",
        "--numbers",
        labels(tmp_path, good[0], good[1], wrong, good[3]),
        "--out",
        str(tmp_path / "b"),
        ok=False,
    )
    assert result.exit_code == 1
    assert "labels.txt, line 4: The check digit of article number" in result.output
    assert not (tmp_path / "b").exists()


def test_a_number_typed_twice_or_used_before_is_refused(clerk, numbers, tmp_path):
    twice = clerk(
        "mail",
        "batch",
        "--by",
        "Dana Whitfield",
        "--village",
        "palmyra",
        "--numbers",
        labels(tmp_path, article(1), article(2), article(1), article(3)),
        ok=False,
    )
    assert "already given for line 1 of this batch" in twice.output
    clerk(
        "mail",
        "batch",
        "--by",
        "Dana Whitfield",
        "--village",
        "village-a",
        "--documents",
        numbers["maintenance-bill"],
        "--numbers",
        labels(tmp_path, article(9)),
        "--out",
        str(tmp_path / "va"),
    )
    reused = clerk(
        "mail",
        "batch",
        "--by",
        "Dana Whitfield",
        "--village",
        "palmyra",
        "--numbers",
        labels(tmp_path, article(9), article(2), article(3), article(4)),
        ok=False,
    )
    assert "is on line 1 of mail batch VA-M-2026-0001" in reused.output


def test_the_prompt_asks_again_for_a_mistyped_number(clerk, tmp_path):
    good = [article(n) for n in range(1, 5)]
    wrong = good[0][:-1] + str((int(good[0][-1]) + 3) % 10)
    result = clerk(
        "mail",
        "batch",
        "--by",
        "Dana Whitfield",
        "--village",
        "palmyra",
        "--out",
        str(tmp_path / "p"),
        input="\n".join([wrong, *good]) + "\n",
    )
    assert "The check digit of article number" in result.output
    assert "Line 4 of 4" in result.output
    assert "PA-M-2026-0001: 4 pieces" in result.output


def test_impb_numbers_come_from_the_mailer_id_and_never_repeat(clerk, numbers, tmp_path):
    first = clerk(
        "mail",
        "batch",
        "--by",
        "Dana Whitfield",
        "--village",
        "palmyra",
        "--documents",
        numbers["PV-0233"],
        "--impb",
        "123456",
        "--envelopes",
        "10",
        "--out",
        str(tmp_path / "one"),
    )
    second = clerk(
        "mail",
        "batch",
        "--by",
        "Dana Whitfield",
        "--village",
        "palmyra",
        "--documents",
        numbers["PV-0641"],
        "--impb",
        "123456",
        "--out",
        str(tmp_path / "two"),
    )
    made = [re.search(r"article number (\d{22})", r.output).group(1) for r in (first, second)]
    assert made[0] != made[1]
    for number in made:
        assert number.startswith("93071123456")  # a 6-digit Mailer ID: channel 93
        assert check_article_number(number, "certified_mail").number == number
    assert (tmp_path / "one" / "envelopes.pdf").exists()
    assert not (tmp_path / "two" / "envelopes.pdf").exists()
    envelope = " ".join(pages(tmp_path / "one" / "envelopes.pdf"))
    assert "CERTIFIED MAIL" in envelope.upper()


def test_a_cancelled_batch_frees_its_documents_and_its_numbers(clerk, tmp_path):
    batch, _out = palmyra_batch(clerk, tmp_path)
    clerk("mail", "cancel", batch, "--reason", "Printer jammed; reprinting.")
    again, _ = palmyra_batch(clerk, tmp_path / "again")
    assert again == "PA-M-2026-0002"
    assert (
        "was cancelled"
        in clerk(
            "mail", "accepted", "--by", "Dana Whitfield", batch, "--date", TODAY, ok=False
        ).output
    )


def test_the_files_are_written_again_from_the_register(clerk, tmp_path):
    batch, out = palmyra_batch(clerk, tmp_path)
    result = clerk("mail", "files", batch, "--out", str(tmp_path / "reprint"))
    assert result.output.count("the same as printed") == 4  # letters, book (PDF, CSV), receipts
    for name in ("mailing-book.csv",):
        assert (tmp_path / "reprint" / name).read_bytes() == (out / name).read_bytes()


def test_a_failure_while_printing_records_no_batch(clerk, tmp_path, monkeypatch):
    from noticeclerk.dispatch import mail_batch
    from noticeclerk.exceptions import InputError

    def jammed(batch):
        raise InputError("The printer's files could not be made.")

    monkeypatch.setattr(mail_batch, "make_print_files", jammed)
    result = clerk(
        "mail",
        "batch",
        "--by",
        "Dana Whitfield",
        "--village",
        "palmyra",
        "--numbers",
        labels(tmp_path, *(article(n) for n in range(1, 5))),
        "--out",
        str(tmp_path / "j"),
        ok=False,
    )
    assert result.exit_code == 1 and not (tmp_path / "j").exists()
    monkeypatch.undo()
    batch, _ = palmyra_batch(clerk, tmp_path / "after")
    # The numbering series and the labels were given back with everything else.
    assert batch == "PA-M-2026-0001"


def test_every_letter_in_the_print_file_is_the_frozen_document(clerk, numbers, tmp_path):
    _batch, out = palmyra_batch(clerk, tmp_path)
    letters = PdfReader(out / "letters.pdf")
    clerk(
        "document",
        "export",
        numbers["PV-0233"],
        "--format",
        "pdf",
        "--out",
        str(tmp_path / "export"),
    )
    frozen = PdfReader(next((tmp_path / "export").rglob("*.pdf")))
    first = 2  # after the cover sheet and its blank back
    for offset, page in enumerate(frozen.pages):
        printed = letters.pages[first + offset].extract_text()
        assert " ".join(page.extract_text().split()) in " ".join(printed.split())
    assert BytesIO  # pypdf reads the merged file whole


def test_a_letter_whose_address_left_the_roll_before_mailing_is_not_recorded_as_served(
    clerk, numbers, tmp_path
):
    batch, _out = palmyra_batch(clerk, tmp_path)
    roll = (CASEBOOK / "palmyra" / "roll.csv").read_text()
    moved = roll.replace("218 North Second Street,Palmyra,WI,53156", "9 Elm Court,Eagle,WI,53119")
    assert moved != roll
    (tmp_path / "roll.csv").write_text(moved)
    clerk(
        "roll",
        "import",
        str(tmp_path / "roll.csv"),
        "--village",
        "palmyra",
        today="2026-12-01T14:00",
    )
    refused = clerk(
        "mail",
        "accepted",
        "--by",
        "Dana Whitfield",
        batch,
        "--date",
        "2026-12-01T15:30",
        today="2026-12-02",
        ok=False,
    )
    assert refused.exit_code == 1
    # Line 1 is PV-0233's order (ZIP 53156 sorts first); the letter bears the old address.
    assert f"Line 1 ({numbers['PV-0233']})" in refused.output
    assert "is not the address on file" in refused.output
    assert "name it with --missing" in refused.output
    clerk(
        "mail",
        "accepted",
        "--by",
        "Dana Whitfield",
        batch,
        "--date",
        "2026-12-01T15:30",
        "--pieces",
        "3",
        "--missing",
        numbers["PV-0233"],
        today="2026-12-02",
    )
    due = clerk("due", "--village", "palmyra", "--json", today="2026-12-02").output
    assert {"document": numbers["PV-0233"], "status": "not_served"}.items() <= next(
        item for item in json.loads(due) if item["document"] == numbers["PV-0233"]
    ).items()


def test_the_affidavit_of_service_states_the_batch_mailing_and_the_name_on_the_card(
    clerk, numbers, tmp_path
):
    order = luck_order_mailed(clerk, numbers, tmp_path, article(23))
    clerk(
        "receipt",
        *spaced(article(23)).split(),
        "--signed",
        "2026-12-04",
        "--signed-by",
        "I BERGQVIST",
        today="2026-12-05",
    )
    out = tmp_path / "proof"
    clerk("proof", order, "--out", str(out), today="2026-12-05")
    text = " ".join(pages(next(out.rglob("*.pdf"))))
    assert article(23) in text.replace(" ", "") or spaced(article(23)) in text
    assert (
        "I observed: the post office accepted it as line 1 of the firm mailing book of mail "
        "batch LU-M-2026-0001 (PS Form 3877), postmarked Tuesday, December 1, 2026."
    ) in text
    assert "receipt signed on Friday, December 4, 2026, signed in the name I BERGQVIST" in text


def test_a_document_in_a_printed_batch_is_not_voided_until_the_batch_says_what_became_of_it(
    clerk, numbers, tmp_path
):
    batch, _out = palmyra_batch(clerk, tmp_path)
    document = numbers["PV-0815"]
    refused = clerk("void", document, "--reason", "Wrong parcel.", ok=False)
    assert refused.exit_code == 1
    assert f"printed in mail batch {batch}" in refused.output
    assert f"--missing {document}" in refused.output
    clerk(
        "mail",
        "accepted",
        "--by",
        "Dana Whitfield",
        batch,
        "--date",
        "2026-12-01T15:30",
        "--pieces",
        "3",
        "--missing",
        document,
        today="2026-12-02",
    )
    clerk("void", document, "--reason", "Wrong parcel.", today="2026-12-02")


def test_an_acceptance_before_the_batch_was_printed_is_refused(clerk, tmp_path):
    batch, _out = palmyra_batch(clerk, tmp_path)  # prepared at 6:00 a.m. CST
    early = clerk(
        "mail", "accepted", "--by", "Dana Whitfield", batch, "--date", "2026-12-01T05:00", ok=False
    )
    assert early.exit_code == 1
    assert "is before batch PA-M-2026-0001 was prepared" in early.output


def test_a_batch_s_mailing_is_sworn_by_who_took_it_to_the_post_office_never_a_login(
    clerk, numbers, tmp_path
):
    order = numbers["sidewalk-repair-order"]
    clerk(
        "mail", "batch", "--by", "Dana Whitfield", "--village", "luck", "--documents", order,
        "--numbers", labels(tmp_path, article(1)), "--out", str(tmp_path / "luck"),
    )  # fmt: skip
    book = " ".join(pages(tmp_path / "luck" / "mailing-book.pdf"))
    assert "Dana Whitfield" in book
    # No name, no acceptance: the computer's login is never sworn to.
    unnamed = clerk(
        "mail", "accepted", "LU-M-2026-0001", "--date", "2026-12-01T15:00", today="2026-12-02",
        ok=False,
    )  # fmt: skip
    assert unnamed.exit_code == 1 and "Missing option '--by'" in unnamed.output
    clerk(
        "mail", "accepted", "LU-M-2026-0001", "--by", "Robin Schultz",
        "--date", "2026-12-01T15:00", today="2026-12-02",
    )  # fmt: skip
    out = tmp_path / "proof"
    clerk("proof", order, "--issue", "--by", "Village Clerk", "--out", str(out), today="2026-12-02")
    sworn = " ".join(pages(next(out.rglob("*.pdf"))))
    assert "Robin Schultz, being first duly sworn on oath" in sworn
    assert "Dana Whitfield" not in sworn and "Village Clerk, being" not in sworn
