"""The README's production setup, for real. ``collectstatic``, then gunicorn with
DEBUG=false and a Celery worker on PostgreSQL and Redis: the home page (with its stylesheet), the API
docs (with their script), a page and an API address that do not exist, /livez and /healthz all answer
as they should."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parent.parent
pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.django_db(transaction=True)]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def production(tmp_path: Path) -> Iterator[httpx.Client]:
    """gunicorn serving the test database as production would, after collectstatic; stopped after."""
    db = connection.settings_dict
    env = {
        **{key: value for key, value in os.environ.items() if key != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        "DEBUG": "false",
        "SECRET_KEY": "smoke-test-key-" + "x7#Qa" * 10,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",  # no TLS proxy in front of it here
        "SECURE_COOKIES": "false",  # so the session and CSRF cookies come back over plain HTTP
        "STATIC_ROOT": str(tmp_path / "static"),
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        # A database of its own on the same Redis: /healthz sees this worker and no other.
        "REDIS_URL": _other_database(str(settings.REDIS_URL)),
    }
    bin_dir = Path(sys.executable).parent
    collect = [sys.executable, "manage.py", "collectstatic", "--no-input", "-v", "0"]
    subprocess.run(collect, cwd=ROOT, env=env, check=True, capture_output=True)
    port = _free_port()
    server = subprocess.Popen(
        [
            str(bin_dir / "gunicorn"),
            "-c",
            "python:scorekeeper.gunicorn_conf",
            "scorekeeper.wsgi:application",
            "-b",
            f"127.0.0.1:{port}",
            "-w",
            "1",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    worker = subprocess.Popen(
        [str(bin_dir / "celery"), "-A", "scorekeeper", "worker", "-n", f"smoke-{port}@%h", "-P", "solo"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10)
    try:
        _wait_until_up(client, server)
        yield client
    finally:
        client.close()
        for process in (server, worker):
            process.send_signal(signal.SIGTERM)
        server.communicate(timeout=30)
        worker.wait(timeout=30)


def _other_database(url: str) -> str:
    """``url`` with the next Redis database number (0-15)."""
    base, _, number = url.rpartition("/")
    return f"{base}/{(int(number or 0) + 1) % 16}"


def _wait_until_up(client: httpx.Client, server: subprocess.Popen[str]) -> None:
    """Poll until gunicorn answers (it boots in a second or two; a shared machine may take longer)."""
    for _ in range(300):
        if server.poll() is not None:
            pytest.fail(f"gunicorn stopped: {server.stderr.read() if server.stderr else ''}")
        try:
            client.get("/healthz")
            return
        except httpx.TransportError:
            time.sleep(0.1)
    pytest.fail("gunicorn did not answer within 30 s")


def _asset(page: str, pattern: str) -> str:
    found = re.search(pattern, page)
    assert found, pattern
    return found.group(1)


def test_production_serves_pages_assets_errors_and_health(production: httpx.Client) -> None:
    home = production.get("/")
    assert home.status_code == 200
    assert "Content-Security-Policy" in home.headers
    assert home.headers["Server"] == "scorekeeper"  # not the software's name and version
    stylesheet = _asset(home.text, r'href="(/static/css/app\.[0-9a-f]+\.css)"')  # hashed by the manifest
    assert production.get(stylesheet).status_code == 200

    docs = production.get("/api/docs/")
    assert docs.status_code == 200
    assert production.get(_asset(docs.text, r'<script src="(/api/docs/\?script=)"')).status_code == 200

    missing = production.get("/no-such-page/")
    assert missing.status_code == 404
    assert "text/html" in missing.headers["content-type"]
    api_missing = production.get("/api/v1/no-such-thing/")
    assert (api_missing.status_code, api_missing.json()["code"]) == (404, "resource.not_found")

    assert production.get("/livez").json() == {"status": "ok", "database": True}
    deadline = time.monotonic() + 60  # the worker boots beside gunicorn; a busy machine is slow
    while (health := production.get("/healthz")).status_code != 200 and time.monotonic() < deadline:
        time.sleep(0.5)
    assert health.status_code == 200, health.json()
    assert health.json()["status"] == "ok"


def test_production_limits_the_admin_sign_in_in_the_database(production: httpx.Client) -> None:
    from datetime import timedelta

    from axes.models import AccessAttempt
    from django.contrib.auth.hashers import PBKDF2PasswordHasher
    from django.contrib.auth.models import User
    from django.db.models import F

    password = "the-right-one-42"  # hashed as production hashes (the tests' own hasher is MD5)
    User.objects.create(
        username="root",
        is_staff=True,
        is_superuser=True,
        password=(hasher := PBKDF2PasswordHasher()).encode(password, hasher.salt()),
    )

    def sign_in(password: str) -> httpx.Response:
        production.cookies.clear()
        page = production.get("/admin/login/")
        token = _asset(page.text, r'name="csrfmiddlewaretoken" value="([^"]+)"')
        body = {"csrfmiddlewaretoken": token, "username": "root", "password": password}
        return production.post("/admin/login/", data=body)

    limit = settings.AXES_FAILURE_LIMIT
    assert [sign_in("wrong").status_code for _ in range(limit)] == [200] * (limit - 1) + [429]
    refused = sign_in(password)
    assert refused.status_code == 429
    assert "text/html" in refused.headers["content-type"]
    assert "try again in 60 minutes" in refused.text
    # The count is a row in the database, which every node reads, not one process's memory.
    assert AccessAttempt.objects.get(username="root").failures_since_start == limit
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(hours=1))
    assert sign_in(password).status_code == 302
