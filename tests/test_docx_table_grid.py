"""Word tables from HTML tables: every cell in its place and every span merged, in a table of a
few rows and in one of hundreds (the grid is read once, so long tables cost linear time)."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from pathlib import Path

from docx import Document

from noticeclerk.generators.docx import render_docx

LETTERHEAD = Path(__file__).resolve().parent.parent / "letterheads" / "palmyra"
W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


def word_table(rows_html: str):  # type: ignore[no-untyped-def]
    html = (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>t</title></head>'
        f"<body><h1>Schedule</h1><table><tbody>{rows_html}</tbody></table></body></html>"
    )
    data = render_docx(
        html, [LETTERHEAD], title="t", author="a", created=datetime(2026, 1, 1, tzinfo=UTC)
    )
    return Document(io.BytesIO(data)).tables[0]


def test_a_colspan_and_a_rowspan_are_merged_and_every_other_cell_keeps_its_place():
    table = word_table(
        "<tr><td rowspan='2'>A</td><td colspan='2'>B and C</td></tr>"
        "<tr><td>E</td><td>F</td></tr>"
        "<tr><td>G</td><td>H</td><td>I</td></tr>"
    )
    grid = [[cell.text for cell in row.cells] for row in table.rows]
    assert grid == [["A", "B and C", "B and C"], ["A", "E", "F"], ["G", "H", "I"]]
    first_row = table.rows[0]._tr.tc_lst
    assert first_row[1].find(f"{W}tcPr/{W}gridSpan").get(f"{W}val") == "2"
    merged = [tr.tc_lst[0].find(f"{W}tcPr/{W}vMerge") for tr in table._tbl.tr_lst[:2]]
    assert merged[0].get(f"{W}val") == "restart" and merged[1] is not None


def test_a_table_of_hundreds_of_rows_keeps_every_row_in_order():
    rows = "".join(f"<tr><td>PV-{n:04d}</td><td>{n} Main Street</td></tr>" for n in range(1, 301))
    table = word_table(rows + "<tr><td colspan='2'>Total: 300 parcels</td></tr>")
    texts = [tuple(cell.text for cell in row.cells) for row in table.rows]
    assert len(texts) == 301
    assert texts[0] == ("PV-0001", "1 Main Street")
    assert texts[299] == ("PV-0300", "300 Main Street")
    assert texts[300] == ("Total: 300 parcels", "Total: 300 parcels")
