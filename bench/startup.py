"""Start-up time: the commands a clerk types most, timed as whole processes, in seconds.

    python bench/startup.py            # 7 runs of each command
    python bench/startup.py -n 15 --top 25

Each command is started as a fresh process that calls `noticeclerk.cli:main`, as the
`noticeclerk` console script does, once unmeasured to warm the disk cache, then N times;
the wall time of each run is taken from outside, start to exit, and printed as
min / median / max. Quote the median: the machine is shared, and one slow or lucky run
must not move the figure. Then `python -X importtime -c "import noticeclerk.cli"` shows
which imports the command line pays for before any command runs, largest first.

Python may cache bytecode while it runs, as an installed wheel's is cached: with
PYTHONDONTWRITEBYTECODE set (as on the development machines) every run would recompile
noticeclerk's own modules, timing the compiler rather than noticeclerk. `--as-is` keeps the
environment as it is.

On the development machine, `farm-bench -n 10 -- noticeclerk --help` times the same from
outside with CPU time and peak memory, and `--vs '...'` compares two commands run in turn;
this script needs only Python.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

COMMANDS: dict[str, list[str]] = {
    "--help": ["--help"],
    "calc deadline --jurisdiction NY": [
        "calc",
        "deadline",
        "--jurisdiction",
        "NY",
        "--from",
        "2025-12-19",
        "--days",
        "7",
    ],
    "calc deadline --village luck": [
        "calc",
        "deadline",
        "--village",
        "luck",
        "--from",
        "2025-12-19",
        "--days",
        "7",
    ],
    "catalog": ["catalog"],
    "doctor": ["doctor"],
}


def time_command(arguments: list[str], runs: int, env: dict[str, str]) -> list[float]:
    """Wall seconds of `runs` fresh processes running one noticeclerk command."""
    command = [sys.executable, "-c", "from noticeclerk.cli import main; main()", *arguments]
    # The first run, not counted, warms the disk cache and writes the bytecode.
    subprocess.run(command, capture_output=True, check=False, env=env)
    seconds = []
    for _ in range(runs):
        started = time.perf_counter()
        # Not check=True: doctor exits 1 on a machine missing something, and is still timed.
        subprocess.run(command, capture_output=True, check=False, env=env)
        seconds.append(time.perf_counter() - started)
    return seconds


def import_times(top: int, env: dict[str, str]) -> list[tuple[int, int, str]]:
    """The largest cumulative imports of `import noticeclerk.cli`: (self µs, total µs, name)."""
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import noticeclerk.cli"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    rows = []
    for line in result.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        own, total, name = line.removeprefix("import time:").split("|")
        if own.strip().isdigit():
            rows.append((int(own), int(total), name.rstrip()))
    return sorted(rows, key=lambda row: row[1], reverse=True)[:top]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=7, help="runs of each command (default 7)")
    parser.add_argument("--top", type=int, default=15, help="import lines to show (default 15)")
    parser.add_argument(
        "--as-is", action="store_true", help="keep PYTHONDONTWRITEBYTECODE if it is set"
    )
    args = parser.parse_args()
    env = dict(os.environ)
    if not args.as_is:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    bytecode = "recompiled each run" if "PYTHONDONTWRITEBYTECODE" in env else "cached"
    print(
        f"noticeclerk start-up, {args.n} runs each, bytecode {bytecode}, {os.cpu_count()} cores,"
        f" load {os.getloadavg()[0]:.2f}"
    )
    print("wall seconds, min / median / max")
    for label, arguments in COMMANDS.items():
        seconds = time_command(arguments, args.n, env)
        print(
            f"  {label:34} {min(seconds):6.3f} / {statistics.median(seconds):6.3f}"
            f" / {max(seconds):6.3f}"
        )
    print()
    print("python -X importtime -c 'import noticeclerk.cli', largest cumulative first (ms)")
    print(f"  {'self':>7} {'cumulative':>10}  module")
    for own, total, name in import_times(args.top, env):
        print(f"  {own / 1000:7.1f} {total / 1000:10.1f}  {name}")


if __name__ == "__main__":
    main()
