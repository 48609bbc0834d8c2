"""gunicorn hooks for ``make load --profile FILE``: the first worker runs under pyinstrument, and its
profile (where the server's time goes) is written to ``$LOAD_PROFILE`` when gunicorn stops."""

from __future__ import annotations

import os
from typing import Any

from pyinstrument import Profiler

_profiler = Profiler(interval=0.001, async_mode="disabled")


def post_fork(server: Any, worker: Any) -> None:
    if worker.age == 1:
        _profiler.start()


def worker_exit(server: Any, worker: Any) -> None:
    if _profiler.is_running:
        _profiler.stop()
        with open(os.environ["LOAD_PROFILE"], "w") as out:
            out.write(_profiler.output_text(unicode=True, show_all=False))
