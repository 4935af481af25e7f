"""Long work started from a page (a mail batch printed, the outbox sent, the archive verified)
turned into a job on its own thread, whose page the browser follows until it is done.

A request must answer in seconds; a batch of two hundred letters takes minutes. The page that
starts the work gets a job's address back at once, and that page reloads itself every two
seconds (a meta refresh: no script) showing how far the work has gone. The work is the same
register function the command calls, with the same transactions: a desk stopped in the middle
(a power cut, kill -9) leaves what the command would leave, never half a batch.

Jobs live in the desk's memory, run two at a time (the office computer has few cores and a
batch renders), and are forgotten a day after they end; what they did is in the register.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from noticeclerk.exceptions import InputError, NoticeclerkError

# How many jobs run at once; more wait their turn, and their page says so.
RUNNING_AT_ONCE = 2
# How many jobs one user may have waiting or running at once.
MOST_PER_USER = 4
# A finished job's page is kept this long (the clerk may come back to it after lunch).
KEPT_FOR = timedelta(days=1)
# The lines of progress a job's page shows, the latest last.
LINES_SHOWN = 200

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Outcome:
    """What a finished job says: one sentence, the lines under it, and where to go on."""

    sentence: str
    lines: tuple[str, ...] = ()
    # The page to go on to, as an endpoint and its values (the job has no request to build
    # an address in), and the link's words.
    next_page: tuple[str, dict[str, str]] | None = None
    next_words: str | None = None
    # The work was done and found something wrong (a damaged archive): said as an alert.
    alarm: bool = False


@dataclass
class Job:
    """One piece of long work: who started it, how far it has gone, and how it ended."""

    id: str
    title: str
    owner: str
    started: datetime
    state: str = "waiting"  # waiting, running, done, refused, failed
    done: int = 0
    total: int | None = None
    lines: list[str] = field(default_factory=list)
    outcome: Outcome | None = None
    ended: datetime | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def say(self, line: str) -> None:
        """A line of progress, as the command would print it."""
        with self._lock:
            self.lines.append(line)
            del self.lines[:-LINES_SHOWN]

    def count(self, done: int, total: int | None) -> None:
        """How many of how many are done (the bar on the job's page)."""
        with self._lock:
            self.done, self.total = done, total

    @property
    def finished(self) -> bool:
        return self.state in ("done", "refused", "failed")

    def view(self) -> dict[str, object]:
        """The job as its page shows it, read at one moment."""
        with self._lock:
            return {
                "id": self.id,
                "title": self.title,
                "state": self.state,
                "done": self.done,
                "total": self.total,
                "lines": tuple(self.lines),
                "outcome": self.outcome,
                "finished": self.finished,
            }


Work = Callable[[Job], Outcome]


class Jobs:
    """The desk's jobs: started by a page, run on a small pool of threads, read by their page."""

    def __init__(self, clock: Callable[[], datetime]) -> None:
        self._clock = clock
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self._pool = ThreadPoolExecutor(RUNNING_AT_ONCE, thread_name_prefix="noticeclerk-job")

    def start(self, title: str, owner: str, work: Work, *, once: bool = False) -> Job:
        """Start `work` on the pool; the job it returns is followed at /jobs/<id>. With `once`,
        the user's same job still waiting or running is returned instead of a second one."""
        now = self._clock()
        job = Job(secrets.token_urlsafe(16), title, owner, now)
        with self._lock:
            for old in [j for j in self._jobs.values() if j.ended and now - j.ended > KEPT_FOR]:
                del self._jobs[old.id]
            unfinished = [j for j in self._jobs.values() if j.owner == owner and not j.finished]
            same = [j for j in unfinished if j.title == title]
            if once and same:
                return same[0]
            if len(unfinished) >= MOST_PER_USER:
                # A page sent again and again must not queue work the office waits behind.
                raise InputError(
                    f"You have {len(unfinished)} jobs waiting or running; wait for one to finish "
                    "before starting another."
                )
            self._jobs[job.id] = job
        self._pool.submit(self._run, job, work)
        return job

    def get(self, job_id: str, owner: str) -> Job | None:
        """The job, to the user who started it; nobody else learns it exists."""
        with self._lock:
            job = self._jobs.get(job_id)
        return job if job is not None and job.owner == owner else None

    def wait(self, timeout: float | None = None) -> None:
        """Every job started so far run to its end (for tests and a clean shutdown)."""
        with self._lock:
            jobs = list(self._jobs.values())
        deadline = None if timeout is None else time.monotonic() + timeout
        for job in jobs:
            while not job.finished:
                if deadline is not None and time.monotonic() > deadline:
                    raise TimeoutError(f"job {job.title!r} still {job.state}")
                time.sleep(0.02)

    def _run(self, job: Job, work: Work) -> None:
        with job._lock:
            job.state = "running"
        try:
            outcome = work(job)
            state = "done"
        except NoticeclerkError as error:
            # The register's refusal, as the command would print it.
            outcome, state = Outcome(str(error)), "refused"
        except Exception:
            log.exception("job %s (%s) failed", job.id, job.title)
            outcome = Outcome(
                "The work stopped on an error in noticeclerk itself (a bug, written to the "
                "desk's log); what the register recorded before it is kept."
            )
            state = "failed"
        with job._lock:
            job.outcome, job.state, job.ended = outcome, state, self._clock()
