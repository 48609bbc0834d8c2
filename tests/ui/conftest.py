"""The browser tests' switches; their shared steps are in flows.py."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.signals import request_finished, request_started

REQUESTS_SECONDS = 10  # the longest a test's end waits for its server's requests


@pytest.fixture(autouse=True)
def _phone_engine(request: pytest.FixtureRequest, settings: Any) -> None:
    """A test marked ``phone_engine`` gets match screens that start the engine in the phone."""
    if request.node.get_closest_marker("phone_engine") is not None:
        settings.PHONE_ENGINE = True


class _Requests:
    """The requests the test's servers (its thread's live server, uvicorn) have under way."""

    def __init__(self) -> None:
        self.count = 0
        self.changed = threading.Condition()

    def started(self, **kwargs: object) -> None:
        with self.changed:
            self.count += 1

    def finished(self, **kwargs: object) -> None:
        with self.changed:
            self.count -= 1
            self.changed.notify_all()


@pytest.fixture(autouse=True)
def _requests_done() -> Iterator[None]:
    """After the test's pages have closed (this fixture is set up before them, so it ends after them),
    the requests they left under way on the server (a poll, the offline queue's redraw) finish before
    the database is emptied for the next test: PostgreSQL's TRUNCATE and such a request's transaction,
    each holding a table the other wanted, once deadlocked in CI and failed the test's teardown."""
    requests = _Requests()
    request_started.connect(requests.started, dispatch_uid="browser-test-requests")
    request_finished.connect(requests.finished, dispatch_uid="browser-test-requests-done")
    yield
    with requests.changed:
        requests.changed.wait_for(lambda: requests.count <= 0, timeout=REQUESTS_SECONDS)
    request_started.disconnect(dispatch_uid="browser-test-requests")
    request_finished.disconnect(dispatch_uid="browser-test-requests-done")
