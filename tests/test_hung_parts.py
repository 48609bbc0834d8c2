"""A hung or restarting part fails a request fast, and the service comes back with the part.

gunicorn (``DEBUG=false``, ``--preload``) serves a throwaway PostgreSQL and a throwaway Redis, which the
tests stop with ``SIGSTOP`` (the postmaster and every backend: they keep accepting TCP and never answer),
resume, and restart. A request that waits on the database answers ``503 service.unavailable`` with
``Retry-After`` within 5 s, ``/livez`` within 2 s, and once the part is back requests succeed again.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from django.db import connection

from scorekeeper.database import Breaker
from tests.conftest import IN_CI

ROOT = Path(__file__).resolve().parent.parent
PGBIN = Path("/usr/lib/postgresql") / (sorted(os.listdir("/usr/lib/postgresql"))[-1:] or ["none"])[0] / "bin"
# django_db: the test database is created, and its schema copied to the throwaway cluster.
pytestmark = [pytest.mark.startup, pytest.mark.postgres, pytest.mark.redis, pytest.mark.django_db]

MATCH_API = "/api/v1/matches/1/"  # reads the database: 404, no such match
MATCH_PAGE = "/matches/1/"  # with a session cookie, reads the session from the database
SESSION = {"Cookie": "sessionid=nosuchsession"}


def _missing() -> str | None:
    if not (PGBIN / "initdb").exists() or shutil.which("pg_dump") is None:
        return "PostgreSQL's server binaries: apt-get install postgresql"
    if shutil.which("redis-server") is None:
        return "redis-server: apt-get install redis-server"
    if os.geteuid() == 0 and shutil.which("su") is None:
        return "su, to run initdb as the postgres user"
    return None


def _free_port(start: int) -> int:
    for port in range(start, start + 100):
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) != 0:
                return port
    raise RuntimeError(f"no free port from {start}")


def _as_postgres(command: str) -> None:
    """Run ``command`` as the postgres user (initdb and postgres refuse root)."""
    argv = ["su", "postgres", "-c", command] if os.geteuid() == 0 else ["sh", "-c", command]
    subprocess.run(argv, check=True, capture_output=True)


@dataclass
class Stack:
    state: Path
    pg_port: int
    redis_port: int
    client: httpx.Client

    def pg_ctl(self, action: str) -> None:
        data = self.state / "pg" / "data"
        options = f"-p {self.pg_port} -k {self.state / 'pg'} -c listen_addresses=127.0.0.1 -c fsync=off"
        _as_postgres(
            f"{PGBIN}/pg_ctl -D {data} -l {self.state / 'pg' / 'log'} -w -m fast -o '{options}' {action}"
        )

    def postgres_pids(self) -> list[int]:
        """The postmaster and every process it started (each backend is in a process group of its own)."""
        postmaster = int((self.state / "pg" / "data" / "postmaster.pid").read_text().split()[0])
        children = subprocess.run(["pgrep", "-P", str(postmaster)], capture_output=True, text=True).stdout
        return [postmaster, *map(int, children.split())]

    def redis_pids(self) -> list[int]:
        return [int((self.state / "redis.pid").read_text())]

    def get(self, path: str, **headers: str) -> tuple[httpx.Response, float]:
        started = time.monotonic()
        response = self.client.get(path, headers=headers)
        return response, time.monotonic() - started


def _signal(pids: list[int], signum: int) -> None:
    for pid in pids:
        os.kill(pid, signum)


@pytest.fixture(scope="module")
def stack(django_db_setup: None) -> Iterator[Stack]:
    """PostgreSQL and Redis of their own, and gunicorn on them; the schema is the test database's."""
    missing = _missing()
    if missing:
        (pytest.fail if IN_CI else pytest.skip)(f"needs {missing}")
    state = Path(tempfile.mkdtemp(prefix="scorekeeper-hung-"))
    state.chmod(0o755)  # the postgres user must reach its data directory
    (state / "pg").mkdir()
    if os.geteuid() == 0:
        shutil.chown(state / "pg", "postgres", "postgres")
    pg_port, redis_port = _free_port(25432), _free_port(26379)
    stack = Stack(state, pg_port, redis_port, httpx.Client(timeout=20))
    _as_postgres(
        f"{PGBIN}/initdb -D {state / 'pg' / 'data'} -A trust -U postgres --no-sync -E UTF8 --locale=C.UTF-8"
    )
    stack.pg_ctl("start")
    server = None
    try:
        _copy_schema(pg_port)
        redis = [
            "redis-server",
            "--port",
            str(redis_port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
        ]
        redis += [
            "no",
            "--daemonize",
            "yes",
            "--pidfile",
            str(state / "redis.pid"),
            "--logfile",
            str(state / "redis.log"),
        ]
        subprocess.run(redis, check=True)
        server = _gunicorn(stack)
        yield stack
    finally:
        stack.client.close()
        if server is not None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(timeout=10)
        for pids in (stack.postgres_pids, stack.redis_pids):
            try:
                _signal(pids(), signal.SIGCONT)
            except (OSError, ValueError):
                continue
        if (state / "redis.pid").exists():
            os.kill(stack.redis_pids()[0], signal.SIGTERM)
        stack.pg_ctl("stop")
        shutil.rmtree(state, ignore_errors=True)


def _copy_schema(pg_port: int) -> None:
    """The test database's tables, in the throwaway cluster's ``scorekeeper`` database."""
    db = connection.settings_dict
    dump = subprocess.run(
        [
            "pg_dump",
            "--schema-only",
            "--no-owner",
            "-h",
            db["HOST"],
            "-p",
            str(db["PORT"]),
            "-U",
            db["USER"],
            db["NAME"],
        ],
        check=True,
        capture_output=True,
    ).stdout
    psql = [str(PGBIN / "psql"), "-q", "-h", "127.0.0.1", "-p", str(pg_port), "-U", "postgres"]
    subprocess.run([*psql, "-c", "CREATE DATABASE scorekeeper"], check=True, capture_output=True)
    subprocess.run(
        [*psql, "-d", "scorekeeper", "-v", "ON_ERROR_STOP=1"], input=dump, check=True, capture_output=True
    )


def _gunicorn(stack: Stack) -> subprocess.Popen[str]:
    port = _free_port(21800)
    env = {
        **{key: value for key, value in os.environ.items() if key != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        "DEBUG": "false",
        "SECRET_KEY": "hung-parts-test-key-" + "k9#Wz" * 10,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:{stack.pg_port}/scorekeeper",
        "REDIS_URL": f"redis://127.0.0.1:{stack.redis_port}/0",
        "GUNICORN_CONTROL_SOCKET": str(stack.state / "gunicorn.ctl"),
        "STATIC_ROOT": str(stack.state / "static"),
    }
    collect = [sys.executable, "manage.py", "collectstatic", "--no-input", "-v", "0"]
    subprocess.run(collect, cwd=ROOT, env=env, check=True, capture_output=True)
    gunicorn = [str(Path(sys.executable).parent / "gunicorn"), "-c", "python:scorekeeper.gunicorn_conf"]
    gunicorn += ["scorekeeper.wsgi:application", "-b", f"127.0.0.1:{port}", "-w", "2", "--preload"]
    server = subprocess.Popen(
        gunicorn, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    stack.client.base_url = httpx.URL(f"http://127.0.0.1:{port}")
    for _ in range(300):
        if server.poll() is not None:
            pytest.fail(f"gunicorn stopped: {server.stderr.read() if server.stderr else ''}")
        try:
            if stack.client.get("/livez").status_code == 200:
                return server
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    pytest.fail("gunicorn did not answer within 30 s")


def _assert_unavailable(response: httpx.Response) -> None:
    assert response.status_code == 503, response.text
    assert response.headers["Retry-After"] == "5"


def _assert_served(stack: Stack) -> None:
    """The database answers again: every worker reads it (a missing match is a 404, not a 503) once its
    breaker lets it try again."""
    time.sleep(Breaker.RETRY)
    for _ in range(4):  # two workers: each gets some of them
        assert stack.get(MATCH_API)[0].status_code == 404


def _assert_livez_turns(stack: Stack, status: int) -> None:
    """``/livez`` answers ``status`` once the report it keeps for a second is renewed, each answer
    within 2 s."""
    deadline = time.monotonic() + 5
    while True:
        live, took = stack.get("/livez")
        assert took < 2
        if live.status_code == status:
            assert live.json() == {"status": "ok" if status == 200 else "fail", "database": status == 200}
            return
        assert time.monotonic() < deadline, f"/livez still answers {live.status_code}"
        time.sleep(0.2)


def test_a_hung_database_fails_requests_fast_and_they_succeed_once_it_resumes(stack: Stack) -> None:
    _assert_served(stack)
    _signal(stack.postgres_pids(), signal.SIGSTOP)
    try:
        _assert_livez_turns(stack, 503)
        for _ in range(2):  # one worker's connection is cut, then a new one times out connecting
            api, took = stack.get(MATCH_API)
            _assert_unavailable(api)
            assert api.json()["code"] == "service.unavailable"
            assert took < 5
        page, took = stack.get(MATCH_PAGE, **SESSION, **{"Accept-Language": "ru"})
        _assert_unavailable(page)
        assert "text/html" in page.headers["content-type"]
        assert '<html lang="ru">' in page.text
        assert "Сейчас недоступно" in page.text  # "Not available right now"
        assert took < 5
    finally:
        _signal(stack.postgres_pids(), signal.SIGCONT)
    _assert_served(stack)
    _assert_livez_turns(stack, 200)


def test_a_database_restart_answers_503_never_500(stack: Stack) -> None:
    _assert_served(stack)
    stack.pg_ctl("stop")
    try:
        for _ in range(2):
            api, took = stack.get(MATCH_API)
            _assert_unavailable(api)
            assert took < 5
        _assert_unavailable(stack.get(MATCH_PAGE, **SESSION)[0])
    finally:
        stack.pg_ctl("start")
    _assert_served(stack)  # the connections the restart closed are opened again


def test_connections_the_database_ended_between_requests_are_replaced_unseen(stack: Stack) -> None:
    """An administrator ends every backend (``pg_terminate_backend``) between two requests: the next
    request on each worker finds its kept connection ended before using it and opens a new one, so
    every request is served (the health check sends no query: scorekeeper/postgresql/base.py)."""
    _assert_served(stack)  # each worker keeps a connection
    psql = [str(PGBIN / "psql"), "-qAt", "-h", "127.0.0.1", "-p", str(stack.pg_port), "-U", "postgres"]
    others = "FROM pg_stat_activity WHERE datname = 'scorekeeper' AND pid <> pg_backend_pid()"
    ended = subprocess.run(
        [*psql, "-c", f"SELECT count(pg_terminate_backend(pid)) {others}"], check=True, capture_output=True
    )
    assert int(ended.stdout) >= 1
    for _ in range(50):
        left = subprocess.run([*psql, "-c", f"SELECT count(*) {others}"], check=True, capture_output=True)
        if int(left.stdout) == 0:
            break
        time.sleep(0.05)
    for _ in range(6):
        assert stack.get(MATCH_API)[0].status_code == 404


def test_a_hung_redis_leaves_the_node_serving_and_healthz_names_it(stack: Stack) -> None:
    _signal(stack.redis_pids(), signal.SIGSTOP)
    try:
        live, took = stack.get("/livez")
        assert (live.status_code, took < 2) == (200, True)
        health, took = stack.get("/healthz")
        assert health.status_code == 503
        assert "redis" in health.json()["failed"]
        assert took < 2
        rules, took = stack.get("/api/v1/rules/")  # throttled through the cache, which is skipped
        assert (rules.status_code, took < 5) == (200, True)
        api, took = stack.get(MATCH_API)
        assert (api.status_code, took < 5) == (404, True)
    finally:
        _signal(stack.redis_pids(), signal.SIGCONT)


def test_under_load_a_hung_database_fails_every_request_within_5_s_and_livez_within_2(stack: Stack) -> None:
    """Ten phones write at once while the database hangs, and the balancer keeps probing: both
    workers are busy, so requests queue; each still answers 503 within 5 s of being sent."""
    _assert_served(stack)
    _signal(stack.postgres_pids(), signal.SIGSTOP)
    try:
        with ThreadPoolExecutor(12) as pool:
            writes = [pool.submit(_timed_write, stack) for _ in range(10)]
            time.sleep(0.5)
            probes = [pool.submit(stack.get, "/livez") for _ in range(2)]
            answers = [write.result() for write in writes]
            lives = [probe.result() for probe in probes]
        assert [status for status, _ in answers] == [503] * 10
        assert max(took for _, took in answers) < 5, answers
        assert [live.status_code for live, _ in lives] == [503, 503]
        assert max(took for _, took in lives) < 2, [took for _, took in lives]
    finally:
        _signal(stack.postgres_pids(), signal.SIGCONT)
    _assert_served(stack)


def _timed_write(stack: Stack) -> tuple[int, float]:
    """A phone's write: its token is looked up in the database before anything else."""
    started = time.monotonic()
    response = stack.client.post(
        "/api/v1/matches/1/abandon/", headers={"Authorization": "Token " + "0" * 40}, json={}
    )
    return response.status_code, time.monotonic() - started


def test_healthz_turns_within_5_s_of_a_database_outage_starting_and_ending_on_every_worker(
    stack: Stack,
) -> None:
    _assert_served(stack)
    _signal(stack.postgres_pids(), signal.SIGSTOP)
    try:
        assert _healthz_names_database_after(stack, named=True) < 5
    finally:
        _signal(stack.postgres_pids(), signal.SIGCONT)
    assert _healthz_names_database_after(stack, named=False) < 5


def _healthz_names_database_after(stack: Stack, *, named: bool) -> float:
    """Seconds until ``/healthz`` answers with the database ``named`` as failed or not, counted to the
    first of four such answers in a row, so on both workers: each process checks the database itself
    (after a failure, trying it again once a second: ``scorekeeper.database.Breaker``)."""
    started, turned = time.monotonic(), list[float]()
    while len(turned) < 4:
        assert time.monotonic() - started < 10, "/healthz did not turn within 10 s"
        if ("database" in stack.get("/healthz")[0].json()["failed"]) == named:
            turned.append(time.monotonic() - started)
        else:
            turned.clear()
            time.sleep(0.1)
    return turned[0]
