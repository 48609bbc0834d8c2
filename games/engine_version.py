"""The rules engine's version: a hash of its source files, the same on the server and in the phone.

``GET /api/v1/rules/`` answers it, and ``make engine-web`` writes it into ``static/engine/manifest.json``
(computed by this very function, inside Pyodide); the phone refreshes its copy of the engine when the two
differ. Standard library only, so the build can run it anywhere.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

RULES = Path(__file__).resolve().parent / "rules"


def source_hash(root: Path) -> str:
    """The first 12 hex digits of the sha256 of every ``.py`` file under ``root``, path and content."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py"), key=lambda path: path.relative_to(root).as_posix()):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


@cache
def engine_version() -> str:
    """The version of ``games/rules/`` as deployed here."""
    return source_hash(RULES)
