"""The records worker: jobs run in order off the calling thread, an error is kept and never
stops the worker, and closing lets the jobs given so far finish. Events, not sleeps."""
from __future__ import annotations

import threading

from ne_game.ui.shell.background import SyncWorker, ThreadWorker


def test_the_thread_worker_runs_jobs_in_order_off_the_calling_thread_and_survives_an_error():
    worker = ThreadWorker("test")
    gate = threading.Event()
    seen: list[str] = []

    def first() -> str:
        assert gate.wait(30)
        seen.append("first")
        return threading.current_thread().name

    def boom() -> None:
        raise ValueError("a broken job")

    jobs = [worker.submit(first, "first"), worker.submit(boom, "boom"),
            worker.submit(lambda: seen.append("third") or 3, "third")]
    assert worker.busy and not jobs[0].done          # the caller goes on while the first job waits
    gate.set()
    assert all(job.wait(30) for job in jobs)
    assert jobs[0].result == "ne-game-test" and isinstance(jobs[1].error, ValueError) and jobs[2].result == 3
    assert seen == ["first", "third"]
    worker.close()
    assert not worker.busy


def test_closing_the_thread_worker_lets_the_given_jobs_finish():
    worker = ThreadWorker("test")
    gate = threading.Event()
    job = worker.submit(lambda: gate.wait(30) and "recorded", "record a game")
    closer = threading.Thread(target=worker.close, kwargs={"timeout": 30})
    closer.start()
    gate.set()
    closer.join(30)
    assert job.done and job.result == "recorded"


def test_the_sync_worker_holds_jobs_until_released():
    worker = SyncWorker()
    assert worker.submit(lambda: 1).result == 1
    worker.hold()
    job = worker.submit(lambda: 2)
    assert not job.done and worker.busy
    assert worker.release() == 1 and job.result == 2 and not worker.busy
