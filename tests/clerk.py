"""A clerk at the command line: one workspace with its register and rolls, each command run
through CliRunner as the clerk would type it, the day fixed by --today."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta
from io import BytesIO
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result
from pypdf import PdfReader, PdfWriter
from sqlalchemy import Engine

from noticeclerk.actions.cases import Recorded, record
from noticeclerk.actions.issuing import issue_documents
from noticeclerk.actions.workspace import Workspace
from noticeclerk.article_numbers import usps_check_digit
from noticeclerk.cli import cli
from noticeclerk.clock import Clock
from noticeclerk.register.cases import typed_from_text
from noticeclerk.register.issuing import Issued, IssueRequest

CASEBOOK = Path(__file__).resolve().parent.parent / "casebook"

# `case open` for the sample cases the register tests walk from.
PALMYRA_HOUSE_NUMBERING = (
    "case",
    "open",
    "--village",
    "palmyra",
    "--parcel",
    "PV-0417",
    "--notice-type",
    "house-numbering-notice",
    "--fact=assigned_number=412",
    "--fact=number_assigned_on=2026-10-20",
    "--fact=street=Taft Street",
    "--fact=observed_on=2026-11-27",
)
VILLAGE_A_DIRECTIVE = (
    "case",
    "open",
    "--village",
    "village-a",
    "--parcel",
    "0301-02-001",
    "--notice-type",
    "directive-to-comply",
    "--fact=inspection_date=2026-11-30",
    "--fact=street_name=A Street",
    "--fact=conditions=Construction debris across the travel lane.",
    "--fact=corrective_action=Remove the debris.",
)
LUCK_SNOW_NOTICE = (
    "case",
    "open",
    "--village",
    "luck",
    "--parcel",
    "146-00312-0000",
    "--notice-type",
    "snow-ice-nonhazardous",
    "--fact=snow_ceased=2026-12-22T06:30",
    "--fact=observed_at=2026-12-23T09:40",
    "--fact=sidewalk_location=along the Main Street frontage",
)


class Clerk:
    """Runs commands in one workspace; a command expected to succeed is checked to."""

    def __init__(self, office: Path, runner: CliRunner) -> None:
        self.office = office
        self.runner = runner

    def __call__(
        self, *args: str, today: str | None = None, ok: bool = True, input: str | None = None
    ) -> Result:
        clock = ("--today", today) if today else ()
        result = self.runner.invoke(
            cli, ["--workspace", str(self.office), *clock, *args], input=input
        )
        if ok:
            assert result.exit_code == 0, (args, result.output)
        return result


def clerk_at(tmp_path: Path, runner: CliRunner, *villages: str) -> Clerk:
    """A new workspace with the sample rolls of these villages imported."""
    clerk = Clerk(tmp_path / "office", runner)
    clerk("init", str(clerk.office))
    for village in villages:
        clerk("roll", "import", str(CASEBOOK / village / "roll.csv"), "--village", village)
    return clerk


# What the report on a district's proposed assessments records of its own (Wis. Stat.
# § 66.0703(5)): the plans, the estimate of the entire cost and what it rests on, and the basis
# of the levy with who determined it. The schedule it follows gives the rest.
REPORT_FACTS = (
    "plans=Cutler Street and Heron Court improvements, sheets 1 to 9, with the specifications",
    "plans_are=final",
    "estimated_cost=250000.00",
    "estimate_basis=the Superintendent's estimate of construction, engineering and administration",
    "levy_basis=exercise of the police power",
    "levy_basis_found_by=the Village Attorney, in an opinion to the Village Board",
    "damages=",
)
# The officer a district's case with no preliminary resolution records as the one it directs.
REPORTED_BY = "report_by=the Superintendent of Public Works"


def report_filed(clerk: Clerk, case: str, today: str, *facts: str) -> str:
    """The report on the district's schedule issued on `today` and filed with the
    Clerk-Treasurer at 8:00 a.m. that day (its service), its facts recorded first (with `facts`,
    such as the officer a case with no preliminary resolution records); its number."""
    recorded = [f"--fact={pair}" for pair in (*REPORT_FACTS, *facts)]
    clerk("case", "record", case, *recorded, today=today)
    number = issued_number(clerk("issue", case, "assessment-engineer-report", today=today))
    clerk(
        "serve", number, "--method", "file_with_officer", "--by", "Drew Kowalski",
        "--at", f"{today}T08:00", today=f"{today}T18:00",
    )  # fmt: skip
    return number


def day_after(moment: str) -> str:
    """The day after a moment's (or a day's), for a clock past a service: a fixed day is read
    at 12:00 UTC, before a morning's service in New York or Wisconsin has happened."""
    return (date.fromisoformat(moment[:10]) + timedelta(days=1)).isoformat()


def issued_number(result: Result) -> str:
    """The number `issue` gave: "Issued VB-D-2026-00001: ..."."""
    return result.output.split("Issued ")[1].split(":")[0]


def article(n: int) -> str:
    """The n-th valid certified mail article number: 22 digits, its MOD 10 check digit last."""
    body = f"94071118992230330{n:04d}"
    return body + str(usps_check_digit(body))


def keep_writing(
    clerk: Clerk, case: str, name: str = "letter.pdf", today: str | None = None
) -> int:
    """A letter of the owner's kept in the archive with `case` (a blank one-page PDF, unique by
    its name in its metadata): the archive item that `archive add` printed."""
    writer = PdfWriter()
    writer.add_blank_page(width=612, height=792)
    writer.add_metadata({"/Title": f"{case} {name}"})
    buffer = BytesIO()
    writer.write(buffer)
    path = clerk.office.parent / name
    path.write_bytes(buffer.getvalue())
    options = {} if today is None else {"today": today}
    added = clerk(
        "archive", "add", str(path), "--case", case, "--kind", "correspondence", **options
    )
    return int(added.output.split(" as item ")[1].split()[0])


def keep_sworn_original(
    clerk: Clerk, number: str, *, signed_on: str, by: str = "Superintendent of Public Works"
) -> int:
    """The signed and notarised original of sworn statement `number`, scanned and kept in the
    archive before it is filed (a blank one-page PDF, unique by its title): its archive item."""
    writer = PdfWriter()
    writer.add_blank_page(width=612, height=792)
    writer.add_metadata({"/Title": f"{number} sworn original, signed {signed_on} by {by}"})
    buffer = BytesIO()
    writer.write(buffer)
    path = clerk.office.parent / f"{number}-sworn-{signed_on}.pdf"
    path.write_bytes(buffer.getvalue())
    added = clerk(
        "archive", "add", str(path), "--document", number, "--kind", "signed-statement",
        "--signed-by", by, "--signed-on", signed_on, today=day_after(signed_on),
    )  # fmt: skip
    return int(added.output.split(" as item ")[1].split()[0])


def give_emails(
    clerk: Clerk, case: str, addresses: list[str], *, by: str = "Ed Smith", on: str = "2026-11-20"
) -> int:
    """Record each address as given in one letter of an owner's (Village A § 134-43C), kept in
    the archive with `case`; the letter's archive item."""
    item = keep_writing(clerk, case, name=f"{case}-addresses.pdf")
    for address in addresses:
        clerk(
            "case", "email-address", case, "--email", address, "--given-by", by,
            "--department", "Village Clerk's Office", "--given-on", on, "--writing", str(item),
        )  # fmt: skip
    return item


def own_village_file(folder: Path) -> None:
    """Make a workspace's copy of a built-in village's file the Village's own, as an office
    does after 'village adopt': its officers, telephone, addresses, seal, rates and schedules
    replaced, the specimen approvals removed, and demonstration (or sample) off."""
    file = folder / "letterhead.toml"
    lines, table, skipping = [], "", False
    for line in file.read_text(encoding="utf-8").splitlines():
        header = re.match(r"^\[\[?([^\]]+)\]\]?", line)
        if header:
            table = header.group(1)
            skipping = False
            if table == "readings":
                # The Village Attorney confirms the shipped readings as the Village's own.
                lines += [line, 'confirmed_by = "Counsel Of Record, Village Attorney, 2027-01-05"']
                continue
        if line.strip() == "specimen = true":
            skipping = True  # a specimen approval: the Village records its attorney's own
            while lines and not lines[-1].startswith("[approvals."):
                lines.pop()
            lines.pop()
            continue
        if skipping:
            continue
        key = line.split("=", 1)[0].strip() if "=" in line and not line.startswith("#") else ""
        value = line.split("=", 1)[1].strip() if key else ""
        if table.startswith("officers.") and key == "name":
            line = f'name = "{table.split(".")[1].replace("_", " ").title()} Of Record"'
        elif table == "letterhead" and key == "phone":
            line = 'phone = "(914) 000-0000"'
        elif table == "letterhead" and key in ("email", "website") and value != '""':
            line = f'{key} = "{"clerk@own.example" if key == "email" else "own.example"}"'
        elif table == "letterhead" and key in ("address_lines", "office_street_lines"):
            line = f'{key} = ["Village Hall", "{"7" if key == "address_lines" else "9"} Own Street", "Own Village, NY 10000"]'
        elif table == "mail" and key == "depository":
            line = 'depository = "the post office at 3 Own Street, Own Village, New York 10000"'
        elif key in ("demonstration", "sample") and value == "true":
            line = f"{key} = false"
        elif value.startswith('"SAMPLE') or value.startswith('"DEMONSTRATION'):
            line = f'{key} = "the Village\'s own"'
        elif table == "" and key == "name" and "(SAMPLE)" in value:
            line = 'name = "Village of Own"'
        elif table == "letterhead" and key == "county" and value == '"Sample"':
            line = 'county = "Own"'
        lines.append(line)
    file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    seal = folder / "seal.svg"
    if seal.is_file():
        seal.write_text(seal.read_text(encoding="utf-8") + "<!-- the Village's own -->\n")


def pdf_text(path: Path) -> str:
    """A PDF's words, with its line breaks as spaces."""
    reader = PdfReader(BytesIO(path.read_bytes()))
    return " ".join(" ".join(page.extract_text().split()) for page in reader.pages)


def issue_one(
    engine: Engine,
    case: str,
    *,
    notice_slug: str | None,
    document_date: date | None,
    by: str,
    now: datetime,
    workspace: Path | None,
    **choices: Any,
) -> Issued:
    """One document issued on a register already open, through the action the command line
    and the desk call (actions.issuing), without its archival copy. The clock stands on the
    document's day at least (noon in New York and Wisconsin), as a clerk issues it that day:
    a document dated after today is refused."""
    if document_date is not None:
        now = max(now, datetime.combine(document_date, time(17), UTC))
    office = Workspace.over(engine, workspace, Clock(now))
    order = IssueRequest(case, notice_slug, document_date, **choices)
    (issued,) = issue_documents(office, order, by=by)
    return issued


def record_typed(
    engine: Engine,
    case: str,
    facts: list[str],
    events: list[str],
    *,
    by: str,
    now: datetime,
    workspace: Path | None,
) -> Recorded:
    """Facts and events written as `case record` takes them (name=value), read as the case's
    documents type them and recorded through the action the command line and the desk call."""
    office = Workspace.over(engine, workspace, Clock(now))
    typed_facts, typed_events = typed_from_text(engine, case, facts, events, workspace)
    return record(office, case, facts=typed_facts, events=typed_events, by=by)
