"""Part payments on Village A's sworn statement (NY legal reading CF-4, earlier C-2): each
payment on the bill with its day, as the register recorded it, and the interest each part bore
under § 134-45D (inferred), which runs "from the date of the completion of the work"; how a
payment is applied is the reading the village's file gives ([readings] payments_applied), and
the statement says which the Village relies on.

The sample: the bill of $3,025.85 for 14 A Street (casebook/village-a/maintenance-bill), work
completed January 15, 2026, mailed certified February 2; $100.00 paid February 10 and $400.00
February 20; the statement dated February 24, after the bill's 20 days.
"""

from __future__ import annotations

import pytest
from clerk import CASEBOOK, article, clerk_at
from test_village_a_liens import administrator, exported_text, mail

CASE, BILL = "VA-C-2026-0001", "VA-D-2026-00001"


@pytest.fixture
def clerk(tmp_path, runner):
    clerk = clerk_at(tmp_path, runner, "village-a")
    clerk("case", "open", "--from", str(CASEBOOK / "village-a" / "maintenance-bill.toml"),
          today="2026-02-02")  # fmt: skip
    clerk("issue", CASE, today="2026-02-02")
    mail(clerk, BILL, "2026-02-02", article(1))
    clerk("pay", BILL, "--amount", "400.00", "--on", "2026-02-20", today="2026-02-20")
    clerk("pay", BILL, "--amount", "100.00", "--on", "2026-02-10", today="2026-02-20")
    administrator(clerk, CASE, "2026-02-24")
    return clerk


def statement_text(clerk, tmp_path) -> str:
    issued = clerk("issue", CASE, "sworn-statement", today="2026-02-24").output
    return exported_text(clerk, issued.split("Issued ")[1].split(":")[0], tmp_path)


def reading(clerk, words: str | None) -> None:
    """The office's own copy of Village A's file, with its reading of payments (or none)."""
    clerk("village", "adopt", "village-a", today="2026-02-24")
    own = clerk.office / "letterheads" / "village-a" / "letterhead.toml"
    lines = own.read_text(encoding="utf-8").splitlines()
    kept = [line for line in lines if not line.startswith("payments_applied")]
    if words is not None:
        kept = [
            *(line if line != "[readings]" else f'[readings]\npayments_applied = "{words}"'
              for line in kept),
        ]  # fmt: skip
    own.write_text("\n".join(kept) + "\n", encoding="utf-8")


def test_each_payment_is_told_with_its_day_and_the_interest_its_part_bore(clerk, tmp_path):
    text = statement_text(clerk, tmp_path)
    # In the order paid, whatever the order recorded.
    assert (
        "Paid on the bill on February 10, 2026 $100.00 Paid on the bill on February 20, 2026 "
        "$400.00 Principal amount due $2,525.85"
    ) in text
    # $100.00 x 9% x 26/365 = $0.64; $400.00 x 9% x 36/365 = $3.55.
    assert "Interest the parts paid bore until they were paid, still due $4.19" in text
    assert (
        "A payment on the bill is applied to the principal, as the Village relies on: interest "
        "at the legal rate runs on the whole cost from the completion of the work, so each part "
        "paid bore interest until the day it was paid ($100.00 paid on February 10, 2026: $0.64; "
        "$400.00 paid on February 20, 2026: $3.55)"
    ) in text
    assert "from January 15, 2026, the date of the completion of the work" in text


def test_a_village_that_applies_payments_to_interest_first_says_so_and_reduces_the_principal_less(
    clerk, tmp_path
):
    reading(clerk, "to the interest first")
    text = statement_text(clerk, tmp_path)
    # $3,025.85 x 9% x 26/365 = $19.40 paid first from the $100.00; then $2,945.25 x 9% x
    # 10/365 = $7.26 from the $400.00: the principal is $2,552.51.
    assert (
        "Paid on the bill on February 10, 2026, of which $19.40 paid the interest then accrued "
        "$100.00"
    ) in text
    assert "of which $7.26 paid the interest then accrued $400.00" in text
    assert "Principal amount due $2,552.51" in text
    assert "Interest the parts paid bore" not in text
    assert (
        "A payment on the bill is applied to the interest first, as the Village relies on" in text
    )
    assert "from February 20, 2026, the day of the last payment" in text


@pytest.mark.parametrize("words", [None, "to whatever the clerk likes"])
def test_a_statement_is_refused_until_the_village_s_file_says_how_payments_are_applied(
    clerk, words
):
    reading(clerk, words)
    refused = clerk("issue", CASE, "sworn-statement", today="2026-02-24", ok=False)
    assert refused.exit_code == 1 and "Traceback" not in refused.output
    said = " ".join(refused.output.split())
    assert "payments_applied" in said
    assert "Issued" not in said


def test_the_signature_page_restates_what_is_sworn_and_bears_no_village_caption(clerk, tmp_path):
    from io import BytesIO

    from pypdf import PdfReader

    issued = clerk("issue", CASE, "sworn-statement", today="2026-02-24").output
    number = issued.split("Issued ")[1].split(":")[0]
    out = tmp_path / "out"
    clerk("document", "export", number, "--format", "pdf", "--out", str(out))
    reader = PdfReader(BytesIO(next(out.rglob(f"{number}.pdf")).read_bytes()))
    pages = [" ".join(page.extract_text().split()) for page in reader.pages]
    (sworn,) = [page for page in pages if "Sworn to before me" in page]
    # The deponent's signature, the jurat and what they swear to stand on one page, which no
    # one could detach and put under another statement (NY legal reading CF-4).
    assert f"I have read this Sworn Statement No. {number}." in sworn
    assert (
        "and of the principal amount of $2,525.85 due on it, is true to my own knowledge" in sworn
    )
    # Sworn personally, not under the Village's caption (earlier C-3).
    assert "VILLAGE A (SAMPLE)" not in sworn.split("true to my own knowledge")[1]
