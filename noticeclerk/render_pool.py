"""Many documents, turned into their rendered files by warm worker processes on every core and
handed back in the order they were given, each as soon as it and those before it are done.

Each worker is a spawned process (multiprocessing's "spawn": a fresh interpreter) that makes one
noticeclerk.render.Renderer when it starts (fonts, the letter stylesheet, templates and the
seal loaded once) and renders chunks of documents with it. Spawn rather than fork: the process
starting a batch may hold an open SQLite connection (issuing does), GLib and fontconfig state
and threads, none of which may be carried into a forked child; spawn is also the same on every
system and keeps the workers this process's own children, so a Ctrl-C, a crash and the CPU
they used (RUSAGE_CHILDREN) are all seen here. Its price is one import of WeasyPrint per worker
(about half a second, once per batch, the workers starting side by side).

Only a few chunks are in flight at a time (AHEAD per worker), so a batch of any size holds a
few dozen documents in memory at most, and the caller writes each as it comes. A refusal in a
worker comes back as the same NoticeclerkError (they pickle whole); a worker that dies (killed,
out of memory) is one WorkerLost sentence, never a hang; leaving the pool on an error or a
Ctrl-C stops the workers at once, and a worker whose parent is gone (kill -9) ends itself.
"""

from __future__ import annotations

import os
import pickle
import signal
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from multiprocessing import get_context, parent_process
from multiprocessing.connection import wait
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, TypeVar

from noticeclerk.exceptions import InputError, NoticeclerkError
from noticeclerk.writing import FORMATS

if TYPE_CHECKING:
    from noticeclerk.compose import Composed
    from noticeclerk.render import Rendered, Renderer

# The most documents a worker is handed at once: enough that handing them over costs little
# beside a document's 0.3 s, few enough that the order of results is not held up long.
CHUNK_MOST = 8
# Chunks in flight per worker: one being rendered, one waiting, so a worker never idles while
# this process collects a result.
AHEAD = 2

Item = TypeVar("Item")
Result = TypeVar("Result")


@dataclass(frozen=True)
class CaseOutcome:
    """One case file's result: its rendering, or why it could not be rendered (the error,
    which the caller words; a NotApproved refusal stays a NotApproved)."""

    case: Path
    rendered: Rendered | None
    error: NoticeclerkError | None = None


class WorkerLost(NoticeclerkError):
    """A worker process stopped before it handed back its documents (killed, out of memory)."""

    def __init__(self, what: str) -> None:
        self.what = what
        super().__init__(
            f"A rendering process stopped before it finished (it was killed, or the machine ran "
            f"out of memory) while rendering {what}; run the command again, and if it stops "
            "again, render fewer documents at once."
        )


def cores() -> int:
    """The cores this process may run on (a container's or taskset's share, not the machine's)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


class RenderPool:
    """Render many documents with Renderers that stay warm (fonts, stylesheet, templates and
    seal loaded once per worker); results come back in the order the work was given.

    Use as a context manager: `with RenderPool(workspace) as pool: ...`.
    `workers=None` means one per core; one worker (or a single document) renders in this
    process, with no pool to start. The workers start with the first call that has more than
    one document and serve every later call until the block ends.
    """

    def __init__(
        self,
        workspace: Path | None = None,
        workers: int | None = None,
        chunksize: int | None = None,
    ) -> None:
        self.workspace = workspace
        self.workers = cores() if workers is None else max(1, workers)
        self.chunksize = chunksize
        self._renderer: Renderer | None = None
        self._executor: ProcessPoolExecutor | None = None

    def __enter__(self) -> RenderPool:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close(abandon=error is not None)

    def close(self, *, abandon: bool = False) -> None:
        """Stop the workers: after their work is done, or, abandoning it (an error, a Ctrl-C),
        at once."""
        self._renderer = None
        executor, self._executor = self._executor, None
        if executor is None:
            return
        if abandon:
            stop_workers(executor)
        executor.shutdown(wait=True, cancel_futures=True)

    @property
    def worker_ids(self) -> list[int]:
        """The process ids of the running workers (none before the first batch)."""
        if self._executor is None:
            return []
        return [p.pid for p in getattr(self._executor, "_processes", {}).values() if p.pid]

    def render_cases(
        self, cases: Sequence[Path], formats: tuple[str, ...] = FORMATS
    ) -> Iterator[CaseOutcome]:
        """Each case file rendered (gathered, checked, composed, rendered), in order; a case
        that cannot be rendered yields its error and the others go on."""
        if self._here(len(cases)):
            for case in cases:
                yield _case_outcome(self._local(), case, formats)
            return
        yield from self._in_order(
            _cases_in_worker, cases, formats, lambda case: f"the case file {case}"
        )

    def render_composed(
        self, documents: Sequence[Composed], formats: tuple[str, ...] = FORMATS
    ) -> Iterator[Rendered]:
        """Each composed document (its context already computed) rendered, in order; the first
        that cannot be rendered raises its error, after every one before it was yielded."""
        if self._here(len(documents)):
            for composed in documents:
                yield self._local().render_composed(composed, formats)
            return
        for rendered, error in self._in_order(
            _composed_in_worker,
            documents,
            formats,
            lambda composed: f"document {composed.case.document_number}",
        ):
            if error is not None:
                raise error
            assert rendered is not None
            yield rendered

    def _here(self, count: int) -> bool:
        return self.workers == 1 or (count <= 1 and self._executor is None)

    def _local(self) -> Renderer:
        if self._renderer is None:
            from noticeclerk.render import Renderer

            self._renderer = Renderer(self.workspace)
        return self._renderer

    def _started(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                self.workers,
                mp_context=get_context("spawn"),
                initializer=_start_worker,
                initargs=(self.workspace,),
            )
        return self._executor

    def _in_order(
        self,
        work: Callable[[list[Item], tuple[str, ...]], list[Result]],
        items: Sequence[Item],
        formats: tuple[str, ...],
        name: Callable[[Item], str],
    ) -> Iterator[Result]:
        """`work` run on chunks of `items` by the workers, its results yielded in order, with
        at most AHEAD chunks per worker handed out and not yet collected."""
        executor = self._started()
        size = self.chunksize or max(1, min(CHUNK_MOST, len(items) // (self.workers * 4)))
        window: deque[tuple[Future[list[Result]], list[Item]]] = deque()
        try:
            for chunk in _chunks(items, size):
                try:
                    window.append((executor.submit(work, chunk, formats), chunk))
                except BrokenProcessPool:
                    raise WorkerLost(_named(chunk, name)) from None
                if len(window) >= AHEAD * self.workers:
                    yield from _collected(*window.popleft(), name)
            while window:
                yield from _collected(*window.popleft(), name)
        finally:
            for future, _chunk in window:
                future.cancel()


def _chunks(items: Iterable[Item], size: int) -> Iterator[list[Item]]:
    chunk: list[Item] = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _collected(
    future: Future[list[Result]], chunk: list[Item], name: Callable[[Item], str]
) -> list[Result]:
    try:
        return future.result()
    except BrokenProcessPool:
        raise WorkerLost(_named(chunk, name)) from None


def _named(chunk: list[Item], name: Callable[[Item], str]) -> str:
    others = len(chunk) - 1
    return name(chunk[0]) + (f" and {others} more" if others else "")


# In each worker process.

_worker: Renderer | None = None
_worker_failure: NoticeclerkError | None = None


def _start_worker(workspace: Path | None) -> None:
    """A worker's start: quiet, and its warm Renderer."""
    global _worker, _worker_failure
    quiet_worker()
    from noticeclerk.render import Renderer

    try:
        _worker = Renderer(workspace)
    except NoticeclerkError as error:
        # A missing or refused stylesheet: every document it is handed gets this refusal,
        # in order, as the same renderer in one process would raise it.
        _worker_failure = sendable(error)


def _worker_renderer() -> Renderer:
    if _worker_failure is not None:
        raise _worker_failure
    assert _worker is not None, "the worker's initializer did not run"
    return _worker


def _case_outcome(
    renderer: Renderer | Callable[[], Renderer], case: Path, formats: tuple[str, ...]
) -> CaseOutcome:
    try:
        made = renderer() if callable(renderer) else renderer
        return CaseOutcome(case, made.render(case, formats))
    except NoticeclerkError as error:
        return CaseOutcome(case, None, sendable(error))


def _cases_in_worker(cases: list[Path], formats: tuple[str, ...]) -> list[CaseOutcome]:
    return [_case_outcome(_worker_renderer, case, formats) for case in cases]


def _composed_in_worker(
    documents: list[Composed], formats: tuple[str, ...]
) -> list[tuple[Rendered | None, NoticeclerkError | None]]:
    results: list[tuple[Rendered | None, NoticeclerkError | None]] = []
    for composed in documents:
        try:
            results.append((_worker_renderer().render_composed(composed, formats), None))
        except NoticeclerkError as error:
            # The ones after it are not rendered: the caller stops at the first error.
            results.append((None, sendable(error)))
            break
    return results


def sendable(error: NoticeclerkError) -> NoticeclerkError:
    """The error itself if it can cross to another process, else its sentence in the nearest
    class that can (an attribute of a library's that does not pickle)."""
    try:
        pickle.dumps(error)
    except Exception:
        return (InputError if isinstance(error, InputError) else NoticeclerkError)(str(error))
    return error


def quiet_worker() -> None:
    """A worker process's start: Ctrl-C left to the parent, which stops the workers (each would
    print its own traceback otherwise), and an end when the parent ends."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    leave_with_parent()


def stop_workers(executor: ProcessPoolExecutor) -> None:
    """Stop a pool's workers now, mid-document: its work is abandoned (an error, a Ctrl-C)."""
    # Python 3.14 has executor.terminate_workers(); before it, the processes it holds.
    processes = list(getattr(executor, "_processes", {}).values())
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(5)


def leave_with_parent() -> None:
    """Each worker ends when the process that started it ends, even killed (kill -9, a power
    button): an idle worker would otherwise wait on its queue for ever, holding the clerk's
    terminal open."""
    parent = parent_process()
    if parent is None:
        return

    def watch() -> None:
        wait([parent.sentinel])
        os._exit(1)

    threading.Thread(target=watch, name="leave-with-parent", daemon=True).start()
