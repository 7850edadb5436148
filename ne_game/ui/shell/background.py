"""Work the window must not wait for (writing the records, taking in waiting games), done
one job after another in a worker thread, with the same face in the game and in tests.

    job = app.records_worker.submit(lambda: store.flush_pending(), "pending games")
    job.done          # polled each frame by the scene that asked (no callbacks across threads)
    job.result        # what the work returned once done (None if it raised: see job.error)
    job.wait(2.0)     # only where the answer is needed at once (a rare race, bounded)

`ThreadWorker` runs the jobs in one daemon thread, in the order they came; `close()` lets the
jobs already given finish (a finished game being recorded when the window closes still goes
in), waiting at most `timeout` seconds. `SyncWorker` runs each job at once inside `submit`
(or, when `hold()`, only when `release()` is called): tests use it (tests/conftest.py), so
they never sleep or race a thread.

A job that raises never stops the worker: the error is logged and kept in `job.error`.
The records store is safe to share with the worker (one connection behind its lock, opened
with check_same_thread=False; see ne_game/history/store.py).
"""
from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")


class Job(Generic[T]):
    """One piece of work; `done` once it ran (whether it returned or raised)."""

    def __init__(self, work: Callable[[], T], what: str) -> None:
        self.work = work
        self.what = what
        self.result: T | None = None
        self.error: BaseException | None = None
        self._done = threading.Event()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    def run(self) -> None:
        try:
            self.result = self.work()
        except Exception as exc:   # noqa: BLE001 - a job never stops the worker; said in the log
            log.warning("background job %s failed: %s", self.what, exc, exc_info=True)
            self.error = exc
        finally:
            self._done.set()


class Worker(Protocol):
    """What the scenes need from a worker."""

    @property
    def busy(self) -> bool: ...

    def submit(self, work: Callable[[], T], what: str = "job") -> Job[T]: ...

    def close(self, timeout: float = 10.0) -> None: ...


class SyncWorker:
    """Runs each job at once, inside `submit` (tests; no threads). After `hold()`, jobs wait
    until `release()` runs them, in order: a test sees the window while the work is pending."""

    def __init__(self) -> None:
        self._held: list[Job[object]] | None = None

    @property
    def busy(self) -> bool:
        return bool(self._held)

    def hold(self) -> None:
        if self._held is None:
            self._held = []

    def release(self) -> int:
        """Run the jobs held so far (and those they give), then run each new one at once; how many ran."""
        ran = 0
        while self._held:
            job = self._held.pop(0)
            job.run()
            ran += 1
        self._held = None
        return ran

    def submit(self, work: Callable[[], T], what: str = "job") -> Job[T]:
        job = Job(work, what)
        if self._held is not None:
            self._held.append(job)  # type: ignore[arg-type]  # a Job[T] is a Job[object] here
        else:
            job.run()
        return job

    def close(self, timeout: float = 10.0) -> None:
        self.release()


class ThreadWorker:
    """One daemon thread that runs the jobs in the order they were given."""

    def __init__(self, name: str = "records") -> None:
        self.name = name
        self._queue: queue.Queue[Job[object] | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._pending = 0

    @property
    def busy(self) -> bool:
        with self._lock:
            return self._pending > 0

    def submit(self, work: Callable[[], T], what: str = "job") -> Job[T]:
        job: Job[T] = Job(work, what)
        with self._lock:
            self._pending += 1
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name=f"ne-game-{self.name}", daemon=True)
                self._thread.start()
        self._queue.put(job)  # type: ignore[arg-type]  # a Job[T] is a Job[object] to the queue
        return job

    def _loop(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            job.run()
            with self._lock:
                self._pending -= 1

    def close(self, timeout: float = 10.0) -> None:
        """Let the jobs given so far finish (at most `timeout` seconds), then stop the thread."""
        with self._lock:
            thread = self._thread
            self._thread = None
        if thread is None:
            return
        self._queue.put(None)
        thread.join(timeout)
        if thread.is_alive():
            log.warning("background jobs still running at shutdown (%s)", self.name)
