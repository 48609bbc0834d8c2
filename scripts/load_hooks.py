"""gunicorn hooks for ``make load``: every worker counts the SQL queries of the requests that matter
(a play, a live region answered in full or 204), how many requests took how many queries, and writes
them to ``$LOAD_QUERIES/<pid>.json`` when it stops; with ``--profile FILE`` the first worker also runs
under pyinstrument, and its profile (where the server's time goes) is written to ``$LOAD_PROFILE``.
Counted on the worker's main thread: sync workers (``--threads 1``)."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pyinstrument import Profiler

KINDS = (  # (kind, method, path): the first that matches names a request
    ("play (web)", "POST", re.compile(r"/matches/\d+/play/$")),
    ("play (API)", "POST", re.compile(r"/api/v1/matches/\d+/hands/\d+/plays/$")),
    ("region", "GET", re.compile(r"/matches/\d+/live/$")),
)
_profiler = Profiler(interval=0.001, async_mode="disabled")
_queries = [0]  # the current request's
_counts: dict[str, dict[int, int]] = {}  # kind -> {queries: requests}


def _count(execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
    _queries[0] += 1
    return execute(sql, params, many, context)


def post_fork(server: Any, worker: Any) -> None:
    from django.db import connection

    connection.execute_wrappers.append(_count)
    if worker.age == 1 and os.environ.get("LOAD_PROFILE"):
        _profiler.start()


def pre_request(worker: Any, req: Any) -> None:
    _queries[0] = 0


def post_request(worker: Any, req: Any, environ: Any, resp: Any) -> None:
    for kind, method, path in KINDS:
        if req.method == method and path.match(req.path):
            if kind == "region":
                kind = f"region {resp.status_code}"
            seen = _counts.setdefault(kind, {})
            seen[_queries[0]] = seen.get(_queries[0], 0) + 1
            return


def worker_exit(server: Any, worker: Any) -> None:
    if folder := os.environ.get("LOAD_QUERIES"):
        (Path(folder) / f"{os.getpid()}.json").write_text(json.dumps(_counts))
    if _profiler.is_running:
        _profiler.stop()
        with open(os.environ["LOAD_PROFILE"], "w") as out:
            out.write(_profiler.output_text(unicode=True, show_all=False))
