"""Issuing many documents: `issue` once per case (the naive way) beside `issue --batch`, in seconds.

    python bench/issue_batch.py                 # 100 cases; the naive way on 10 of them
    python bench/issue_batch.py --cases 1000 --naive 20

A register is built once in a temporary workspace: the Village A sample roll and as many open
cases (a directive to comply each) as asked, opened through the register without issuing.
Each way then runs on its own copy of that workspace, as the clerk runs it, in fresh
processes started the way the `noticeclerk` script starts them:

- naive: `noticeclerk issue CASE` for each of the first --naive cases, one process each (all
  a clerk could do before `--batch`);
- batch, 1 worker: `noticeclerk issue --batch FILE --workers 1` for every case;
- batch: `noticeclerk issue --batch FILE` (a worker per core) for every case.

Each prints wall seconds and CPU seconds (its processes and their workers) per document,
documents per second, and the peak memory of its largest process; then the ratios. Every
document is issued whole: numbered, rendered to PDF and DOCX, frozen in the register, a copy
written, and its PDF/A copy archived.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from click.testing import CliRunner

from noticeclerk.cli import cli
from noticeclerk.register.cases import open_case, request_from_options
from noticeclerk.register.database import open_register, register_url
from noticeclerk.register.roll import import_roll

ROOT = Path(__file__).resolve().parent.parent
ROLL = ROOT / "casebook" / "village-a" / "roll.csv"
PARCELS = ["0301-02-001", "0301-02-004", "0301-02-009", "0301-02-011", "0301-02-013"]
DIRECTIVE = [
    "inspection_date=2026-11-27",
    "street_name=A Street",
    "conditions=Construction debris across the travel lane.",
    "corrective_action=Remove the debris.",
]
TODAY = "2026-11-30"


def build(office: Path, cases: int) -> list[str]:
    """A workspace with the roll and `cases` open cases; their numbers."""
    created = CliRunner().invoke(cli, ["init", str(office)])
    if created.exit_code != 0:
        raise SystemExit(created.output)
    engine = open_register(register_url(office, None))
    now = datetime(2026, 11, 27, 15, tzinfo=UTC)
    import_roll(engine, ROLL, "village-a", imported_by="bench", now=now)
    numbers = []
    for index in range(cases):
        request = request_from_options(
            "village-a", "directive-to-comply", [PARCELS[index % len(PARCELS)]], DIRECTIVE, [],
            office,
        )  # fmt: skip
        numbers.append(open_case(engine, request, by="bench", now=now, workspace=office))
    engine.dispose()
    return numbers


def noticeclerk(office: Path, *arguments: str) -> None:
    command = [sys.executable, "-c", "from noticeclerk.cli import main; main()"]
    environment = {**os.environ, "NOTICECLERK_TODAY": TODAY}
    # An installed noticeclerk keeps its bytecode; with this set (as on the development
    # machines) every process would compile every module again, timing the compiler.
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run(
        [*command, "--workspace", str(office), *arguments],
        check=True,
        capture_output=True,
        env=environment,
    )


def timed(run) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Wall seconds and the CPU seconds of the processes `run` started (and their workers)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    run()
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def peak_mib() -> float:
    """The largest peak of any process started so far (ru_maxrss is in KiB on Linux)."""
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=100, help="cases to issue for (default 100)")
    parser.add_argument(
        "--naive", type=int, default=10, help="cases issued one process each (default 10)"
    )
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder) / "base"
        started = time.perf_counter()
        cases = build(base, options.cases)
        print(f"built {options.cases} open cases in {time.perf_counter() - started:.1f} s")
        batch_file = Path(folder) / "batch.csv"
        batch_file.write_text("case\n" + "\n".join(cases) + "\n", encoding="utf-8")
        results: dict[str, tuple[int, float, float, float]] = {}

        def office(name: str) -> Path:
            copy = Path(folder) / name
            shutil.copytree(base, copy)
            return copy

        naive_office = office("naive")
        sample = cases[: options.naive]
        wall, cpu = timed(lambda: [noticeclerk(naive_office, "issue", case) for case in sample])
        results["naive (issue per case)"] = (len(sample), wall, cpu, peak_mib())
        one = office("one")
        wall, cpu = timed(lambda: noticeclerk(one, "issue", "--batch", str(batch_file),
                                              "--workers", "1"))  # fmt: skip
        results["batch, 1 worker"] = (len(cases), wall, cpu, peak_mib())
        every = office("every")
        wall, cpu = timed(lambda: noticeclerk(every, "issue", "--batch", str(batch_file)))
        results[f"batch, {os.cpu_count()} workers"] = (len(cases), wall, cpu, peak_mib())
    print(f"{options.cases} documents (PDF and DOCX each) on {os.cpu_count()} cores")
    rates = {}
    for label, (count, wall, cpu, peak) in results.items():
        rates[label] = count / wall
        print(
            f"  {label:24} {count:5d} documents  {wall:7.1f} s  {count / wall:6.2f} documents/s"
            f"  wall {1000 * wall / count:6.0f} ms/document  CPU {1000 * cpu / count:6.0f} ms/"
            f"document  peak so far {peak:4.0f} MiB"
        )
    naive, single, batch = rates.values()
    print(f"  ratio batch/naive: {batch / naive:.2f}")
    print(f"  ratio {os.cpu_count()} workers/1 worker: {batch / single:.2f}")
    print(f"  {options.cases} documents by batch: {options.cases / batch / 60:.1f} minutes")


if __name__ == "__main__":
    main()
