"""Rendering speed: N sample documents rendered and written the naive way, by the batch path on
one and on two workers, and by WeasyPrint alone at its best, in documents/s and CPU per document.

    python bench/render.py                    # 50 documents, PDF and DOCX; memory at 50 and 200
    python bench/render.py -n 200 --large 1000
    python bench/render.py --format pdf

The documents are the demo casebook's cases that render (those not refused for want of an
approval), taken in turn and copied with their own case and document numbers until there are N.

- naive: one process, a fresh Renderer for every document (fonts, stylesheet, templates and the
  seal loaded again; one WeasyPrint call and one Word build per document, nothing reused);
- batch: the product's path (noticeclerk.render.render_into, as `demo` and `render` use it: a
  RenderPool of warm workers, each document written as it comes into a staging folder, then
  moved into place), with one worker (in this process) and with one per core (--workers);
- WeasyPrint's best: the same printed HTML given straight to weasyprint.HTML(...).write_pdf in
  one process with one FontConfiguration, the stylesheet parsed once and one image cache; PDF
  only, nothing written, timed after its first document. Beside it, the batch's PDF alone per
  core: its CPU per document past the workers' start (a batch of --large documents less one
  of --small, so the start-up, paid once per worker, cancels out).

Each run is a fresh Python process, so its CPU time (its own and its workers', which it joins:
RUSAGE_CHILDREN) and its peak memory are its own. Peak memory per worker is the largest
worker's, at the small (50) and the large batch (--large), to show it does not grow with it.

On a machine shared with other work the figures are noisy: read the direction, the ratios and
the CPU per document rather than the wall time.
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from noticeclerk.content.folders import casebook_cases
from noticeclerk.exceptions import NoticeclerkError
from noticeclerk.render_pool import cores
from noticeclerk.writing import parse_formats

_NUMBER = re.compile(r'^(case|document) = "([^"]*)"', re.MULTILINE)


def renderable_cases() -> list[Path]:
    """The casebook's cases that compose (a case refused for want of an approval is left out)."""
    from noticeclerk.compose import compose
    from noticeclerk.content.casefile import load_case, read_case_header
    from noticeclerk.content.notice_types import load_notice
    from noticeclerk.content.village import load_village

    kept = []
    for case in casebook_cases():
        header = read_case_header(case)
        village = load_village(header.village)
        notice = load_notice(village.slug, header.notice)
        try:
            compose(load_case(case, header, notice, village.timezone), notice, village)
        except NoticeclerkError:
            continue
        kept.append(case)
    return kept


def make_cases(count: int, folder: Path) -> list[Path]:
    """`count` case files, the casebook's taken in turn, each with its own numbers; each
    village's folder copied whole first, so that a case's roll is beside it."""
    samples = renderable_cases()
    for village in {case.parent for case in samples}:
        shutil.copytree(village, folder / village.name, dirs_exist_ok=True)
    cases = []
    for index in range(count):
        sample = samples[index % len(samples)]
        suffix = f"-B{index:05d}"
        text = _NUMBER.sub(lambda m, s=suffix: f'{m[1]} = "{m[2]}{s}"', sample.read_text("utf-8"))
        target = folder / sample.parent.name / f"bench-{index:05d}-{sample.name}"
        target.write_text(text, encoding="utf-8")
        cases.append(target)
    return cases


def run(mode: str, count: int, formats: tuple[str, ...], workers: int) -> dict[str, float]:
    """Render and write `count` documents one way, in this (fresh) process."""
    from noticeclerk.render import Renderer, render_into, write_rendered

    work = Path(tempfile.mkdtemp(prefix=f"bench-render-{mode}-"))
    cases = make_cases(count, work / "cases")
    out = work / "out"
    started, cpu_before = time.perf_counter(), _cpu()
    if mode == "naive":
        for case in cases:
            write_rendered(Renderer().render(case, formats), out)
    elif mode == "batch":
        render_into(cases, out, formats, workers=workers)
    else:  # WeasyPrint's best: the printed HTML made first, not timed
        best = _weasyprint_best(cases)
        shutil.rmtree(work)
        return best
    seconds, cpu = time.perf_counter() - started, _cpu() - cpu_before
    shutil.rmtree(work)
    return {
        "documents": count,
        "seconds": seconds,
        "cpu": cpu,
        "parent_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "worker_mib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
    }


def _weasyprint_best(cases: list[Path]) -> dict[str, float]:
    from weasyprint import HTML
    from weasyprint.text.fonts import FontConfiguration

    from noticeclerk.content.folders import find_content_file
    from noticeclerk.generators.pdf import letter_stylesheet
    from noticeclerk.render import STYLESHEET, Renderer, bind_section_signs, break_long_words

    renderer = Renderer()
    pages = []
    for case in cases:
        rendered = renderer.render(case, ())  # the HTML alone
        folders = _letterhead_folders(rendered.village)
        pages.append((break_long_words(bind_section_signs(rendered.html)), folders))
    font_config = FontConfiguration()
    stylesheet = find_content_file("templates", STYLESHEET, None)
    assert stylesheet is not None
    css = [letter_stylesheet(stylesheet, font_config)]
    cache: dict[str, object] = {}

    def pdf(html: str, folders: list[Path]) -> bytes:
        return HTML(string=html, base_url=folders[0].resolve().as_uri() + "/").write_pdf(
            stylesheets=css, font_config=font_config, cache=cache
        )

    pdf(*pages[0])  # its first document loads the fonts: the steady state starts after it
    started, cpu_before = time.perf_counter(), _cpu()
    for html, folders in pages[1:]:
        pdf(html, folders)
    return {
        "documents": len(pages) - 1,
        "seconds": time.perf_counter() - started,
        "cpu": _cpu() - cpu_before,
        "parent_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "worker_mib": 0.0,
    }


def _letterhead_folders(slug: str) -> list[Path]:
    from noticeclerk.content.village import load_village

    return list(load_village(slug).letterhead.folders)


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def fresh(mode: str, count: int, formats: str, workers: int) -> dict[str, float]:
    """One run in a fresh Python process."""
    command = [sys.executable, __file__, "--mode", mode, "-n", str(count)]
    command += ["--format", formats, "--workers", str(workers)]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        sys.exit(f"{mode} run failed:\n{result.stderr}")
    return json.loads(result.stdout.splitlines()[-1])


def line(label: str, figures: dict[str, float]) -> str:
    count = figures["documents"]
    return (
        f"  {label:30} {count / figures['seconds']:6.2f} documents/s"
        f"  wall {1000 * figures['seconds'] / count:6.0f} ms"
        f"  CPU {1000 * figures['cpu'] / count:6.0f} ms per document"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=50, help="documents per run (default 50)")
    parser.add_argument("--format", default="pdf,docx", help="pdf, docx or pdf,docx (default)")
    parser.add_argument("--workers", type=int, default=cores(), help="batch workers (one a core)")
    parser.add_argument(
        "--large",
        type=int,
        default=200,
        help="documents of the batch whose peak memory per worker is set beside the small "
        "one's (default 200; 1000 for the issue's figure, which takes a while)",
    )
    parser.add_argument("--small", type=int, default=50, help=argparse.SUPPRESS)
    parser.add_argument("--mode", choices=["naive", "batch", "weasyprint"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    formats = parse_formats(args.format)
    if args.mode:
        print(json.dumps(run(args.mode, args.n, formats, args.workers)))
        return
    n, workers = args.n, args.workers
    print(f"{n} documents ({args.format}) on {cores()} cores; batch workers: {workers}")
    naive = fresh("naive", n, args.format, 1)
    one = fresh("batch", n, args.format, 1)
    batch = fresh("batch", n, args.format, workers)
    print(line("naive (fresh Renderer each)", naive))
    print(line("batch, 1 worker (in process)", one))
    print(line(f"batch, {workers} workers", batch))
    print(f"  ratio batch/naive: {naive['seconds'] / batch['seconds']:.2f}")
    print(f"  ratio {workers} workers/1 worker: {one['seconds'] / batch['seconds']:.2f}")
    print(f"  CPU ratio naive/batch (per document): {naive['cpu'] / batch['cpu']:.2f}")

    small = fresh("batch", args.small, args.format, workers)
    large = fresh("batch", args.large, args.format, workers)
    print("Peak memory (largest worker; the parent holds a few documents at most):")
    for figures in (small, large):
        print(
            f"  {figures['documents']:5.0f} documents: worker {figures['worker_mib']:5.0f} MiB"
            f"  parent {figures['parent_mib']:5.0f} MiB"
        )
    print(
        f"  CPU per document past the workers' start ({args.small} to {args.large} documents): "
        f"{1000 * marginal(small, large):.0f} ms"
    )

    # Per core, in the steady state: the batch's CPU per document past the workers' start (the
    # difference of two batches), beside WeasyPrint's after its first document.
    pdf_small = small if args.format == "pdf" else fresh("batch", args.small, "pdf", workers)
    pdf_large = large if args.format == "pdf" else fresh("batch", args.large, "pdf", workers)
    best = fresh("weasyprint", n, "pdf", 1)
    per_document = marginal(pdf_small, pdf_large)
    print("PDF only, per core (CPU per document, steady state):")
    print(f"  {f'batch, {workers} workers':30} {1000 * per_document:6.0f} ms")
    print(f"  {'WeasyPrint best (1 process)':30} {1000 * best['cpu'] / best['documents']:6.0f} ms")
    print(
        "  per-core speed, batch/WeasyPrint's best: "
        f"{best['cpu'] / best['documents'] / per_document:.2f}"
    )


def marginal(small: dict[str, float], large: dict[str, float]) -> float:
    """CPU seconds per document once the workers have started: two batches' difference."""
    return (large["cpu"] - small["cpu"]) / (large["documents"] - small["documents"])


if __name__ == "__main__":
    main()
