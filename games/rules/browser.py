"""The engine's face for the phone: the calls ``static/js/engine_worker.js`` makes inside Pyodide.

Each call takes a JSON text and answers one; :func:`answer` dispatches by name. The server reaches the
same functions through the engine directly, so what the phone shows offline is what it would answer.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from games.rules.registry import GAMES

Json = dict[str, Any]


def games(_: Json) -> Json:
    """The games this engine knows (a first call to see it answer)."""
    return {"games": sorted(GAMES)}


CALLS: dict[str, Callable[[Json], Json]] = {"games": games}


def answer(name: str, payload: str) -> str:
    """The answer of call ``name`` to ``payload`` (both JSON); an unknown call answers an error."""
    call = CALLS.get(name)
    if call is None:
        return json.dumps({"error": {"code": "engine.unknown_call", "message": f"No engine call {name!r}."}})
    return json.dumps(call(json.loads(payload)))
