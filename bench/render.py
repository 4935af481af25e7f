"""Rendering speed: N sample documents the naive way and the batch way, in documents per second.

    python bench/render.py              # 200 documents, PDF only
    python bench/render.py -n 400 --format pdf,docx

The naive way renders one document after another in one process, each from scratch: a new
font configuration, a new template environment, no shared images. The batch way is how
noticeclerk renders a batch: one Renderer per process (fonts, templates and the seal loaded
once), a process pool across the cores. Both write one file per document. Each way runs in
a fresh Python process, so its peak memory is its own; the batch is also run with N/4
documents to show that its memory does not grow with N.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from multiprocessing import Pool
from pathlib import Path

from noticeclerk.content.folders import casebook_cases
from noticeclerk.render import Renderer, write_rendered
from noticeclerk.writing import parse_formats

_worker: Renderer | None = None


def _start_worker() -> None:
    global _worker
    _worker = Renderer()


def _render_one(job: tuple[Path, int, tuple[str, ...], Path]) -> int:
    case, index, formats, out_dir = job
    assert _worker is not None
    document = _worker.render(case, formats)
    return _write(document, index, out_dir)


def _write(document, index: int, out_dir: Path) -> int:
    renamed = type(document)(document.village, f"{document.stem}-{index:05d}", document.files, "")
    return sum(path.stat().st_size for path in write_rendered(renamed, out_dir))


def run(mode: str, count: int, formats: tuple[str, ...], workers: int) -> dict[str, float]:
    """Render `count` documents one way; report time and the largest process's peak memory."""
    cases = casebook_cases()
    jobs_out = Path(tempfile.mkdtemp(prefix=f"bench-{mode}-"))
    jobs = [(cases[i % len(cases)], i, formats, jobs_out) for i in range(count)]
    started = time.perf_counter()
    if mode == "naive":
        written = sum(_write(Renderer().render(case, fmts), i, out) for case, i, fmts, out in jobs)
    else:
        with Pool(workers, initializer=_start_worker) as pool:
            written = sum(pool.imap_unordered(_render_one, jobs, chunksize=4))
    elapsed = time.perf_counter() - started
    shutil.rmtree(jobs_out)
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return {
        "documents": count,
        "seconds": elapsed,
        "per_second": count / elapsed,
        "peak_mib": max(own, children) / 1024,
        "bytes_written": written,
    }


def _in_fresh_process(mode: str, count: int, formats: str, workers: int) -> dict[str, float]:
    command = [
        sys.executable,
        __file__,
        "--mode",
        mode,
        "-n",
        str(count),
        "--format",
        formats,
        "--workers",
        str(workers),
    ]
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=200, help="documents per run (default 200)")
    parser.add_argument("--format", default="pdf", help="pdf, docx or pdf,docx (default pdf)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="batch processes")
    parser.add_argument("--mode", choices=["naive", "batch"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    formats = parse_formats(args.format)
    if args.mode:
        print(json.dumps(run(args.mode, args.n, formats, args.workers)))
        return
    naive = _in_fresh_process("naive", args.n, args.format, args.workers)
    batch = _in_fresh_process("batch", args.n, args.format, args.workers)
    small = _in_fresh_process("batch", max(1, args.n // 4), args.format, args.workers)
    cores = os.cpu_count()
    print(f"{args.n} documents ({args.format}), {args.workers} batch processes on {cores} cores")
    for label, figures in (("naive", naive), ("batch", batch)):
        print(
            f"  {label}  {figures['per_second']:7.1f} documents/s  {figures['seconds']:6.1f} s"
            f"  peak {figures['peak_mib']:4.0f} MiB (largest process)"
        )
    print(f"  batch with {small['documents']} documents: peak {small['peak_mib']:.0f} MiB")
    print(f"  ratio batch/naive: {batch['per_second'] / naive['per_second']:.2f}")


if __name__ == "__main__":
    main()
