"""Word tables: the time to build a .docx whose table has 100, 400 and 1,000 rows, the way
noticeclerk builds it and the old way side by side, with the time per row.

    python bench/docx_tables.py
    python bench/docx_tables.py --rows 100,400,1000,2000

The old way asked python-docx for each cell with `Table.cell(row, col)`, which rebuilds the
whole grid on every call, so a table cost the square of its rows (an assessment schedule or a
list of liens has a row per parcel). The new way reads the grid once. CPU seconds of this
process, the best of three runs for each.
"""

from __future__ import annotations

import argparse
import time
from datetime import UTC, datetime
from pathlib import Path

from noticeclerk.generators import docx as word

LETTERHEAD = Path(__file__).resolve().parent.parent / "letterheads" / "palmyra"


def html_with_table(rows: int) -> str:
    body = "".join(
        f"<tr><td>PV-{n:04d}</td><td>{n} Main Street</td><td>${n * 3 % 997}.{n % 100:02d}</td></tr>"
        for n in range(1, rows + 1)
    )
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>t</title></head>'
        "<body><h1>Assessment schedule</h1><table><thead><tr><th>Parcel</th><th>Premises</th>"
        f"<th>Assessment</th></tr></thead><tbody>{body}</tbody></table></body></html>"
    )


def old_place_cells(table, plans, n_cols):  # type: ignore[no-untyped-def]
    """The way before: one `Table.cell()` call (the whole grid rebuilt) for every cell."""
    placed = []
    for plan in plans:
        cell = table.cell(plan.row, plan.col)
        if plan.rows > 1 or plan.cols > 1:
            cell = cell.merge(table.cell(plan.row + plan.rows - 1, plan.col + plan.cols - 1))
        placed.append(table.cell(plan.row, plan.col))
    return placed


def seconds(html: str, runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        word.render_docx(
            html,
            [LETTERHEAD],
            title="bench",
            author="bench",
            created=datetime(2026, 1, 1, tzinfo=UTC),
        )
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", default="100,400,1000", help="table sizes, comma-separated")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    sizes = [int(size) for size in args.rows.split(",")]
    new_way = word._Writer.__dict__["place_cells"]  # the staticmethod itself
    heads = ("rows", "old s", "new s", "old ms/row", "new ms/row", "old/new")
    print(
        " ".join(
            f"{head:>{width}}" for head, width in zip(heads, (6, 8, 8, 11, 11, 8), strict=True)
        )
    )
    for rows in sizes:
        html = html_with_table(rows)
        word._Writer.place_cells = staticmethod(old_place_cells)  # type: ignore[method-assign]
        old = seconds(html, args.runs if rows <= 400 else 1)
        word._Writer.place_cells = new_way  # type: ignore[method-assign]
        new = seconds(html, args.runs)
        print(
            f"{rows:>6} {old:>8.2f} {new:>8.2f} {1000 * old / rows:>11.2f} "
            f"{1000 * new / rows:>11.2f} {old / new:>8.1f}"
        )


if __name__ == "__main__":
    main()
