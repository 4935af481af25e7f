"""The render pool: many documents rendered by warm worker processes, handed back in order, a
refusal or a lost worker told in one sentence, and a batch written whole or not at all."""

from __future__ import annotations

import csv
import io
import os
import pickle
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from docx import Document

from noticeclerk.cli import cli
from noticeclerk.compose import Composed, compose
from noticeclerk.content.casefile import load_case, read_case_header
from noticeclerk.content.notice_types import load_notice
from noticeclerk.content.village import load_village
from noticeclerk.exceptions import CaseFileError, ConfigError, InputError, NoticeclerkError
from noticeclerk.legal_status import NotApproved
from noticeclerk.render import Renderer, render_into
from noticeclerk.render_pool import RenderPool, WorkerLost
from noticeclerk.writing import CannotWrite

CASEBOOK = Path(__file__).resolve().parent.parent / "casebook"
# Cases of four villages, so that a chunk mixes letterheads.
CASES = [
    CASEBOOK / "palmyra" / "house-numbering-notice.toml",
    CASEBOOK / "village-a" / "directive-to-comply.toml",
    CASEBOOK / "tuckahoe" / "notice-to-repair-sidewalk.toml",
    CASEBOOK / "luck" / "sidewalk-repair-order.toml",
    CASEBOOK / "palmyra" / "sidewalk-order.toml",
]


def document_number(case: Path) -> str:
    return read_case_header(case).document.strip()


def composed(case: Path) -> Composed:
    header = read_case_header(case)
    village = load_village(header.village)
    notice = load_notice(village.slug, header.notice)
    return compose(load_case(case, header, notice, village.timezone), notice, village)


def without_street(tmp_path: Path) -> Path:
    """Palmyra's house-numbering case, its street left out."""
    folder = tmp_path / "palmyra"
    shutil.copytree(CASEBOOK / "palmyra", folder)
    case = folder / "house-numbering-notice.toml"
    case.write_text(
        case.read_text(encoding="utf-8").replace('street = "Taft Street"\n', ""), encoding="utf-8"
    )
    return case


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_cases_come_back_in_the_order_they_were_given():
    with RenderPool(workers=2, chunksize=1) as pool:
        outcomes = list(pool.render_cases(CASES, ("pdf",)))
        assert len(pool.worker_ids) == 2
    assert [outcome.case for outcome in outcomes] == CASES
    assert all(
        outcome.rendered.stem.startswith(f"{document_number(case)}-")
        for outcome, case in zip(outcomes, CASES, strict=True)
    )
    assert all(outcome.rendered.files["pdf"].startswith(b"%PDF") for outcome in outcomes)


def test_composed_documents_come_back_in_order_with_both_files():
    documents = [composed(case) for case in CASES[:3]]
    with RenderPool(workers=2, chunksize=2) as pool:
        rendered = list(pool.render_composed(documents))
    assert [r.stem for r in rendered] == [
        f"{d.case.document_number}-{d.notice.slug}" for d in documents
    ]
    assert all(set(r.files) == {"pdf", "docx"} for r in rendered)


def test_a_case_that_cannot_be_rendered_yields_its_refusal_and_the_others_go_on(tmp_path):
    bad = without_street(tmp_path)
    with RenderPool(workers=2, chunksize=1) as pool:
        outcomes = list(pool.render_cases([CASES[1], bad, CASES[2]], ("pdf",)))
    assert [outcome.rendered is not None for outcome in outcomes] == [True, False, True]
    error = outcomes[1].error
    with pytest.raises(NoticeclerkError) as here:
        Renderer().render(bad, ("pdf",))
    assert type(error) is type(here.value)
    assert str(error) == str(here.value)
    assert "the fact 'street'" in str(error)


def test_a_composed_document_refused_in_a_worker_raises_after_those_before_it(tmp_path):
    folder = tmp_path / "village-a"
    shutil.copytree(CASEBOOK / "village-a", folder)
    roll = folder / "roll.csv"
    rows = list(csv.reader(io.StringIO(roll.read_text(encoding="utf-8"))))
    for row in rows:
        if row[0] == "0301-02-004":
            row[3] = " ".join(["Alexandra Konstantinopoulou-Vanderbilt"] * 7)
    with roll.open("w", encoding="utf-8", newline="") as out:
        csv.writer(out).writerows(rows)
    documents = [composed(CASES[0]), composed(folder / "directive-to-comply.toml")]
    documents.append(composed(CASES[2]))
    seen = []
    with RenderPool(workers=2, chunksize=3) as pool, pytest.raises(InputError) as refusal:
        for rendered in pool.render_composed(documents, ("pdf",)):
            seen.append(rendered.stem)
    assert seen == [f"{documents[0].case.document_number}-{documents[0].notice.slug}"]
    assert "more lines than the envelope window shows" in str(refusal.value)


def test_a_worker_killed_mid_batch_is_one_sentence_not_a_hang():
    cases = CASES * 2
    started = time.monotonic()
    with RenderPool(workers=2, chunksize=1) as pool, pytest.raises(WorkerLost) as lost:
        for index, _outcome in enumerate(pool.render_cases(cases, ("pdf",))):
            if index == 0:
                for pid in pool.worker_ids:
                    os.kill(pid, signal.SIGKILL)
    assert time.monotonic() - started < 120
    message = str(lost.value)
    assert message.startswith("A rendering process stopped before it finished")
    assert "while rendering the case file " in message
    assert message.count(". ") == 0 and message.endswith(".")


def test_leaving_the_pool_on_an_interrupt_stops_every_worker_at_once():
    with pytest.raises(KeyboardInterrupt), RenderPool(workers=2, chunksize=1) as pool:
        for _outcome in pool.render_cases(CASES * 2, ("pdf",)):
            workers = pool.worker_ids
            raise KeyboardInterrupt
    assert len(workers) == 2
    assert all(gone(pid) for pid in workers)


def test_one_worker_renders_in_this_process_with_no_pool():
    with RenderPool(workers=1) as pool:
        outcomes = list(pool.render_cases(CASES[:2], ("pdf",)))
        assert pool.worker_ids == []
    assert all(outcome.rendered is not None for outcome in outcomes)


@pytest.mark.parametrize(
    "error",
    [
        InputError("Give the street."),
        NotApproved("The relocation notice is not issued without approval."),
        ConfigError(Path("villages/palmyra.toml"), "seal", "names no file"),
        CaseFileError(Path("case.toml"), "facts.street", "is missing"),
        CannotWrite(Path("out/a.pdf"), "the disk is full", "free some space"),
        WorkerLost("document PA-1"),
    ],
    ids=lambda error: type(error).__name__,
)
def test_a_refusal_crosses_to_another_process_as_the_same_error(error):
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert str(copy) == str(error)
    assert vars(copy) == vars(error)
    assert isinstance(copy, NoticeclerkError)


def test_the_batch_writes_the_same_files_with_two_workers_as_with_one(tmp_path):
    one = render_into(CASES, tmp_path / "one", workspace=None, by_village=True, workers=1)
    two = render_into(CASES, tmp_path / "two", workspace=None, by_village=True, workers=2)
    names = [path.relative_to(tmp_path / "one") for document in one for path in document.paths]
    assert names == [path.relative_to(tmp_path / "two") for d in two for path in d.paths]
    assert len(names) == 2 * len(CASES)
    for name in names:
        first, second = (tmp_path / "one" / name), (tmp_path / "two" / name)
        if name.suffix == ".pdf":
            assert first.read_bytes() == second.read_bytes(), name
        else:
            assert docx_text(first) == docx_text(second), name
    assert not list((tmp_path / "two").glob(".staging-*"))


def docx_text(path: Path) -> list[str]:
    return [paragraph.text for paragraph in Document(str(path)).paragraphs]


def test_render_of_many_files_with_one_bad_case_writes_nothing_and_leaves_no_staging(
    runner, tmp_path
):
    bad = without_street(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    (out / "minutes.txt").write_text("The minutes.\n")
    result = runner.invoke(
        cli, ["render", str(CASES[1]), str(bad), str(CASES[2]), "--out", str(out)]
    )
    assert result.exit_code == 1, result.output
    assert "the fact 'street'" in result.output
    assert str(bad) in result.output
    assert sorted(p.name for p in out.iterdir()) == ["minutes.txt"]


def test_render_of_many_files_into_a_new_folder_leaves_no_folder_when_one_is_bad(runner, tmp_path):
    bad = without_street(tmp_path)
    out = tmp_path / "new" / "out"
    result = runner.invoke(cli, ["render", str(CASES[1]), str(bad), "--out", str(out)])
    assert result.exit_code == 1, result.output
    assert not (tmp_path / "new").exists()


def test_render_of_many_files_writes_each_and_says_so(runner, tmp_path):
    out = tmp_path / "out"
    result = runner.invoke(cli, ["render", *map(str, CASES[:3]), "--out", str(out)])
    assert result.exit_code == 0, result.output
    written = sorted(p.name for p in out.iterdir())
    assert len(written) == 6 and all(p.endswith((".pdf", ".docx")) for p in written)
    assert result.output.count("Wrote ") == 6


def test_render_of_many_files_refuses_a_link_among_the_targets_and_moves_nothing(runner, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    victim = tmp_path / "minutes.txt"
    victim.write_text("The minutes.\n")
    (out / "PA-2026-H-0002-house-numbering-notice.pdf").symlink_to(victim)
    result = runner.invoke(cli, ["render", str(CASES[1]), str(CASES[0]), "--out", str(out)])
    assert result.exit_code == 1
    assert "is a symbolic link" in result.output
    assert victim.read_text() == "The minutes.\n"
    assert sorted(p.name for p in out.iterdir()) == ["PA-2026-H-0002-house-numbering-notice.pdf"]


def test_a_mail_file_refused_in_a_print_worker_is_the_same_error_as_here():
    from noticeclerk.dispatch import print_files

    html = '<html><body><p>Book</p><img src="file:///etc/hostname"></body></html>'
    batch = SimpleNamespace(sender=SimpleNamespace(specimen_mark=None))
    with pytest.raises(NoticeclerkError) as here:
        print_files._pdf(html, "B-1-book", None)
    with print_files._Renderer(True) as renderer:
        assert renderer.pool is not None
        future = renderer.submit(html, "B-1-book", batch)  # type: ignore[arg-type]
        with pytest.raises(NoticeclerkError) as there:
            renderer.result(future)
    assert type(there.value) is type(here.value) is ConfigError
    assert str(there.value) == str(here.value)


def test_a_name_too_long_among_many_files_is_named_where_it_was_asked_for(runner, tmp_path):
    folder = tmp_path / "cases"
    shutil.copytree(CASEBOOK / "palmyra", folder)
    case = folder / "house-numbering-notice.toml"
    case.write_text(case.read_text().replace('"PA-2026-H-0002"', '"' + "N" * 300 + '"'))
    out = tmp_path / "out"
    result = runner.invoke(cli, ["render", str(CASES[1]), str(case), "--out", str(out)])
    assert result.exit_code == 1
    assert f"Could not write {out}/{'N' * 300}-house-numbering-notice." in result.output
    assert "its name is 327 bytes long" in result.output
    assert ".staging-" not in result.output
    assert not out.exists()


def children_of(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process table in /proc")
def test_a_ctrl_c_in_the_demo_leaves_no_worker_no_staging_folder_and_no_file(tmp_path):
    out = tmp_path / "demo"
    clerk = subprocess.Popen(
        [sys.executable, "-c", "from noticeclerk.cli import main; main()", "demo", "--out", out],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 240
        while not any(out.glob(".staging-*/*/*.pdf")) and time.monotonic() < deadline:
            assert clerk.poll() is None, clerk.communicate()
            time.sleep(0.2)
        workers = [pid for pid in children_of(clerk.pid) if not gone(pid)]
        assert workers, "the demo renders in worker processes"
        os.killpg(clerk.pid, signal.SIGINT)  # what Ctrl-C at the terminal sends
        clerk.wait(60)
    finally:
        if clerk.poll() is None:
            clerk.kill()
    assert clerk.returncode != 0
    # A worker left behind would be adopted by init and live on; give init a moment to reap.
    deadline = time.monotonic() + 10
    while not all(gone(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert all(gone(pid) for pid in workers)
    assert not out.exists() or not list(out.iterdir())
    assert "Traceback" not in clerk.stderr.read().decode()
