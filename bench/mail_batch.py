"""A certified mail batch of N issued documents, printed: the seconds `mail batch` takes, as the
clerk runs it, and its CPU time, beside the naive way (one `serve` per letter).

    python bench/mail_batch.py              # 200 documents
    python bench/mail_batch.py -n 50

The register is built first, in this process, and not timed: a generated Palmyra roll of N
parcels with owners in a dozen ZIP Codes, and for each parcel an order to remove a dangerous
tree (Palmyra § 8.15(11), certified mail), opened and issued through the register's own
functions with one shared renderer. Then, each in a fresh process as the clerk runs it:

- the batch: `noticeclerk mail batch --village palmyra --numbers labels.txt` (check every
  document and address, record the batch, make letters.pdf, the mailing book as PDF and CSV
  and the return receipts, write them);
- the naive way, for comparison: `noticeclerk serve DOCUMENT --method certified_mail ...`,
  one process per letter, on the first 20 documents of a copy of the register, scaled to N
  (it makes no print file at all: the clerk would still print each letter by hand).

Prints N, the wall time and CPU seconds of each, the files' sizes, and pages in letters.pdf.
"""

from __future__ import annotations

import argparse
import csv
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from datetime import UTC, date, datetime
from pathlib import Path

from issue_one import issue_one
from pypdf import PdfReader

from noticeclerk.article_numbers import usps_check_digit
from noticeclerk.content.roll import ROLL_COLUMNS
from noticeclerk.register.cases import open_case, request_from_options
from noticeclerk.register.database import open_register, register_url
from noticeclerk.register.roll import import_roll
from noticeclerk.render import Renderer

ROOT = Path(__file__).resolve().parent.parent
TODAY = "2026-12-01"
NOON = datetime(2026, 12, 1, 12, tzinfo=UTC)
CITIES = [
    ("Palmyra", "53156"),
    ("Whitewater", "53190"),
    ("Janesville", "53546"),
    ("Fort Atkinson", "53538"),
    ("Eagle", "53119"),
    ("Milwaukee", "53202"),
    ("Madison", "53703"),
    ("Waukesha", "53186"),
    ("Oconomowoc", "53066"),
    ("Jefferson", "53549"),
    ("Elkhorn", "53121"),
    ("Delavan", "53115"),
]


def article(n: int) -> str:
    body = f"94071118992230{n:07d}"
    return body + str(usps_check_digit(body))


def write_roll(path: Path, parcels: int) -> None:
    with path.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(ROLL_COLUMNS)
        for n in range(parcels):
            city, zip_code = CITIES[n * 7 % len(CITIES)]
            writer.writerow(
                [
                    f"BV-{n:05d}",
                    f"Block {n // 100}, Lot {n % 100}",
                    f"{100 + n} North Second Street",
                    f"Owner Number {n}",
                    f"{200 + n} Orchard Lane",
                    city,
                    "WI",
                    zip_code,
                    "",
                    "",
                    "",
                    "yes",
                    "yes",
                ]
            )


def order_facts() -> list[str]:
    """The facts of the casebook's dangerous tree order, as --fact options give them."""
    data = tomllib.loads((ROOT / "casebook" / "palmyra" / "dangerous-tree-order.toml").read_text())
    facts = []
    for name, value in data["facts"].items():
        for item in value if isinstance(value, list) else [value]:
            facts.append(f"{name}={item}")
    return facts


def build(office: Path, documents: int) -> list[str]:
    """A register with `documents` issued, unserved orders; their numbers."""
    subprocess.run(["noticeclerk", "init", str(office)], check=True, capture_output=True)
    engine = open_register(register_url(office, None))
    roll = office / "roll.csv"
    write_roll(roll, documents)
    import_roll(engine, roll, "palmyra", imported_by="bench", now=NOON)
    renderer = Renderer(office)
    facts = order_facts()
    numbers = []
    for n in range(documents):
        request = request_from_options(
            "palmyra", "dangerous-tree-order", [f"BV-{n:05d}"], facts, [], office
        )
        case = open_case(engine, request, by="bench", now=NOON, workspace=office)
        issued = issue_one(
            engine,
            case,
            notice_slug=None,
            document_date=date(2026, 12, 1),
            by="bench",
            now=NOON,
            workspace=office,
            renderer=renderer,
        )
        numbers.append(issued.number)
    engine.dispose()
    return numbers


def timed(args: list[str]) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system) of one command in a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=200, help="documents in the batch")
    parser.add_argument("--naive", type=int, default=20, help="letters served one by one")
    options = parser.parse_args()
    os.environ["NOTICECLERK_TODAY"] = TODAY
    with tempfile.TemporaryDirectory() as folder:
        office = Path(folder) / "office"
        print(f"Building a register of {options.n} issued orders (not timed)...", flush=True)
        numbers = build(office, options.n)
        naive_office = Path(folder) / "naive"
        shutil.copytree(office, naive_office)
        labels = Path(folder) / "labels.txt"
        labels.write_text("\n".join(article(n) for n in range(options.n)) + "\n")
        out = Path(folder) / "batch"
        base = ["noticeclerk", "--workspace", str(office)]
        wall, cpu = timed(
            [
                *base,
                "mail",
                "batch",
                "--by",
                "Dana Whitfield",
                "--village",
                "palmyra",
                "--numbers",
                str(labels),
                "--out",
                str(out),
            ]
        )
        sizes = {p.name: p.stat().st_size for p in sorted(out.iterdir())}
        letters = len(PdfReader(out / "letters.pdf").pages)
        naive = min(options.naive, options.n)
        naive_wall = naive_cpu = 0.0
        for n, number in enumerate(numbers[:naive]):
            w, c = timed(
                [
                    "noticeclerk",
                    "--workspace",
                    str(naive_office),
                    "serve",
                    number,
                    "--method",
                    "certified_mail",
                    "--by",
                    "bench",
                    "--at",
                    "2026-12-01T06:00",
                    "--article-number",
                    article(100_000 + n),
                ]
            )
            naive_wall += w
            naive_cpu += c
        scale = options.n / naive
        print(f"documents: {options.n}")
        print(
            f"mail batch:        {wall:6.1f} s wall, {cpu:6.1f} s CPU "
            f"({cpu / options.n * 1000:.0f} ms CPU per letter)"
        )
        print(
            f"serve one by one:  {naive_wall * scale:6.1f} s wall, {naive_cpu * scale:6.1f} s "
            f"CPU (measured on {naive}, scaled to {options.n}; no print file)"
        )
        print(f"letters.pdf: {letters} pages")
        for name, size in sizes.items():
            print(f"  {name}: {size / 1024:,.0f} KB")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
