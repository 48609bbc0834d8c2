"""gunicorn settings of every node: ``gunicorn -c python:scorekeeper.gunicorn_conf scorekeeper.wsgi ...``.

Answers do not name the server software: gunicorn writes its name into every ``Server`` header and has
no setting for it, so the name it writes is the app's (its module global, read per response).

gunicorn's control socket defaults to one path per user (``~/.gunicorn/gunicorn.ctl``), so two nodes run
by one user would share it and one node's commands would reach the other. Each node gets its own:
``GUNICORN_CONTROL_SOCKET``, or a path in the temporary directory named after this master's process id.
"""

from __future__ import annotations

import os
import tempfile

import gunicorn.http.wsgi

gunicorn.http.wsgi.SERVER = "scorekeeper"

control_socket = os.environ.get("GUNICORN_CONTROL_SOCKET") or os.path.join(
    tempfile.gettempdir(), f"scorekeeper-gunicorn-{os.getpid()}.ctl"
)
