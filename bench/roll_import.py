"""A big generated roll, read and checked: the seconds it takes and the peak memory, in MB.

    python bench/roll_import.py                    # 50,000 good parcels, then a roll of garbage
    python bench/roll_import.py --parcels 200000 --garbage-mb 39

Each roll is written to a temporary folder and read in a fresh process (so each peak is its
own): a roll of good parcels, which reading keeps, and a roll of bad rows ("x," lines up to
the size asked, under the 40 MB limit), which reading counts and does not keep. Prints the
file size, the time, the peak resident memory and the first line of the outcome.
"""

from __future__ import annotations

import argparse
import csv
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from noticeclerk.content.roll import ROLL_COLUMNS, RollRejected, parse_roll


def good_roll(path: Path, parcels: int) -> None:
    with path.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(ROLL_COLUMNS)
        for number in range(parcels):
            writer.writerow(
                [
                    f"{number:06d}",
                    f"Section {number // 1000}, Block {number // 100 % 10}, Lot {number % 100}",
                    f"{number} Main Street",
                    f"Owner Number {number}",
                    f"PO Box {number}|{number} Main Street",
                    "Tuckahoe",
                    "NY",
                    "10707",
                    f"owner{number}@example.org",
                    "(555) 010-0327",
                    str(number),
                    "yes" if number % 2 else "no",
                ]
            )


def garbage_roll(path: Path, megabytes: int) -> None:
    with path.open("w", encoding="utf-8", newline="") as out:
        out.write(",".join(ROLL_COLUMNS) + "\n")
        for _ in range(megabytes):
            out.write("x,\n" * (2**20 // 3))


def peak_rss_kb() -> int:
    """This process's own peak: ru_maxrss keeps the parent's peak across exec, VmHWM does not."""
    status = Path("/proc/self/status")
    if status.exists():
        for line in status.read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KB on Linux, bytes on macOS


def measure(path: Path) -> None:
    """Run in the child: read the roll and print one line of figures."""
    start = time.perf_counter()
    try:
        outcome = f"{len(parse_roll(path)):,} parcels read"
    except RollRejected as error:
        message = str(error)
        outcome = f"refused, a {len(message):,}-character message: {message.splitlines()[0]}"
    seconds = time.perf_counter() - start
    peak_mb = peak_rss_kb() / 1024
    size_mb = path.stat().st_size / 2**20
    print(f"{path.name}: {size_mb:.1f} MB, {seconds:.2f} s, peak {peak_mb:.0f} MB; {outcome}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parcels", type=int, default=50_000)
    parser.add_argument("--garbage-mb", type=int, default=39)
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        measure(args.measure)
        return
    with tempfile.TemporaryDirectory() as folder:
        good, garbage = Path(folder) / "good.csv", Path(folder) / "garbage.csv"
        good_roll(good, args.parcels)
        garbage_roll(garbage, args.garbage_mb)
        for path in (good, garbage):
            subprocess.run([sys.executable, __file__, "--measure", str(path)], check=True)


if __name__ == "__main__":
    main()
