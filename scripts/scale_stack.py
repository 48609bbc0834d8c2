"""The deployment ``make scale-test`` runs on one machine, all of it throwaway and on loopback.

PostgreSQL (a fresh ``initdb`` cluster) behind PgBouncer in transaction pooling; Redis, a replica and
three Sentinels; two nodes on 127.0.0.2 and 127.0.0.3, each gunicorn and a uvicorn for the push
streams, behind HAProxy (the configuration the README shows); two Celery workers and one beat. Every
process runs in its own session, so a node or a worker is killed whole (master and children), and
:meth:`Stack.close` stops whatever is left.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import cast

import httpx

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
PROXY = "127.0.0.1:21900"
NODES = {"a": "127.0.0.2:21901", "b": "127.0.0.3:21901"}
PUSH = {"a": "127.0.0.2:21902", "b": "127.0.0.3:21902"}  # each node's uvicorn: the push streams
PG_PORT, BOUNCER_PORT = 21932, 21964
REDIS_PORTS = {"redis-a": 21979, "redis-b": 21980}
SENTINEL_PORTS = (21926, 21927, 21928)
MASTER = "scorekeeper"
WORKERS = ("w1", "w2")
# What the test needs from Debian, and the package that has it.
NEEDED = {
    "haproxy": "haproxy",
    "pgbouncer": "pgbouncer",
    "redis-server": "redis-server",
    "initdb": "postgresql",
}

HAPROXY_CFG = """\
global
    maxconn 512
    stats socket {state}/haproxy.sock mode 600 level admin

defaults
    mode http
    timeout connect 1s
    timeout client 60s
    timeout server 60s
    # A request that never reached a node (connection refused) goes to the other one; one that did
    # is never re-sent (a POST may have been applied): the phone retries it with its Idempotency-Key.
    retries 3
    option redispatch
    option forwardfor

frontend scorekeeper
    bind {proxy}
    # The push streams (server-sent events, web/views/push.py) go to the nodes' uvicorn; the rest to gunicorn.
    acl push path_end /push/
    use_backend push if push
    default_backend nodes

backend nodes
    balance roundrobin
    option httpchk
    http-check send meth GET uri /livez ver HTTP/1.1 hdr Host localhost
    http-check expect status 200
    timeout check 3s
    default-server inter 1s fall 2 rise 2
    http-response set-header X-Node %s
    server a {a} check
    server b {b} check

backend push
    balance leastconn
    # A stream is open for hours, quiet but for a comment every 15 s: longer than that is a dead one.
    timeout server 45s
    option httpchk
    http-check send meth GET uri /livez ver HTTP/1.1 hdr Host localhost
    http-check expect status 200
    timeout check 3s
    default-server inter 1s fall 2 rise 2
    http-response set-header X-Node %s
    server a {push_a} check
    server b {push_b} check
"""


def missing_parts() -> list[str]:
    """The Debian packages to install for the parts that are not on this machine."""
    return sorted({package for tool, package in NEEDED.items() if _tool(tool) is None})


def _tool(name: str) -> str | None:
    found = shutil.which(name)
    if found is None and name == "initdb" and Path("/usr/lib/postgresql").exists():
        versions = sorted(
            Path("/usr/lib/postgresql").iterdir(), key=lambda p: [int(x) for x in p.name.split(".")]
        )
        candidates = [version / "bin" / "initdb" for version in versions]
        found = next((str(path) for path in reversed(candidates) if path.exists()), None)
    return found


def wait_for(what: str, ready: Callable[[], bool], seconds: float = 30) -> float:
    """Poll ``ready`` until it holds; how long that took. Raises ``RuntimeError`` past ``seconds``."""
    started = time.monotonic()
    while not ready():
        if time.monotonic() - started > seconds:
            raise RuntimeError(f"{what}: not ready after {seconds:.0f} s")
        time.sleep(0.1)
    return time.monotonic() - started


class Stack:
    """Start, kill and restart the parts; ``env`` is what every node, worker and command reads."""

    def __init__(self) -> None:
        self.state = Path(tempfile.mkdtemp(prefix="scorekeeper-scale-"))
        self.state.chmod(0o755)
        self.processes: dict[str, subprocess.Popen[bytes]] = {}
        self.as_postgres = "postgres" if os.geteuid() == 0 else None  # initdb and pgbouncer refuse root
        sentinels = ",".join(f"127.0.0.1:{port}" for port in SENTINEL_PORTS)
        self.env = {
            **{key: value for key, value in os.environ.items() if key not in {"REDIS_URL", "DATABASE_URL"}},
            "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
            "DEBUG": "false",
            "SECRET_KEY": "scale-test-only",
            "ALLOWED_HOSTS": "localhost,127.0.0.1,127.0.0.2,127.0.0.3",
            "SECURE_COOKIES": "false",  # plain HTTP on loopback
            "SECURE_SSL_REDIRECT": "false",
            "LOG_LEVEL": "WARNING",
            "NODES": "2",
            "TRUSTED_PROXIES": "1",
            "SECURE_PROXY_SSL_HEADER": "X-Forwarded-Proto",
            "DATABASE_URL": f"postgres://postgres@127.0.0.1:{BOUNCER_PORT}/scorekeeper",
            "DISABLE_SERVER_SIDE_CURSORS": "true",
            "REDIS_SENTINELS": sentinels,
            "REDIS_SENTINEL_MASTER": MASTER,
            "REDIS_URL": "redis://scorekeeper/0",
            "RULES_THROTTLE_RATE": "10/minute",
            # Short, so that a killed worker's task comes back within the run (still above the limit).
            "CELERY_TASK_TIME_LIMIT": "10",
            "CELERY_VISIBILITY_TIMEOUT": "12",
        }
        self.direct_database = f"postgres://postgres@127.0.0.1:{PG_PORT}/scorekeeper"

    # -- processes ---------------------------------------------------------------------------------

    def start(
        self, name: str, argv: list[str], *, user: str | None = None, env: dict[str, str] | None = None
    ) -> None:
        log = open(self.state / f"{name}.log", "ab")  # noqa: SIM115  (the process writes it until it ends)
        self.processes[name] = subprocess.Popen(
            argv,
            cwd=ROOT,
            env=env or self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            user=user,
        )

    def kill(self, name: str, sig: signal.Signals = signal.SIGKILL) -> None:
        """Send ``sig`` to the whole process group of ``name`` and reap it (unless it is a pause)."""
        process = self.processes[name]
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            return
        if sig not in (signal.SIGSTOP, signal.SIGCONT):
            process.wait(timeout=30)

    def close(self) -> None:
        for name in reversed(list(self.processes)):
            process = self.processes[name]
            if process.poll() is None:
                try:
                    os.killpg(process.pid, signal.SIGCONT)
                    os.killpg(process.pid, signal.SIGTERM)
                    process.wait(timeout=15)
                except (ProcessLookupError, subprocess.TimeoutExpired):
                    os.killpg(process.pid, signal.SIGKILL)
        shutil.rmtree(self.state, ignore_errors=True)

    # -- the parts ---------------------------------------------------------------------------------

    def start_all(self) -> None:
        self.start_postgres()
        self.start_bouncer()
        for name in REDIS_PORTS:
            self.start_redis(name, replica_of=None if name == "redis-a" else REDIS_PORTS["redis-a"])
        self.start_sentinels()
        self.migrate()
        for node in NODES:
            self.start_node(node)
            self.start_push(node)
        for worker in WORKERS:
            self.start_worker(worker)
        self.start(
            "beat",
            [
                str(BIN / "celery"),
                "-A",
                "scorekeeper",
                "beat",
                "-l",
                "info",
                "-s",
                str(self.state / "beat-schedule"),
            ],
        )
        self.start_proxy()
        for node in NODES:
            self.wait_node(node)
            self.wait_push(node)
        wait_for("HAProxy", lambda: _answers(f"http://{PROXY}/livez"))

    def start_postgres(self) -> None:
        initdb = _tool("initdb")
        assert initdb is not None
        data = self.state / "pg"
        data.mkdir()
        if self.as_postgres:
            shutil.chown(data, self.as_postgres, self.as_postgres)
        subprocess.run(
            [initdb, "-D", str(data / "data"), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"],
            check=True,
            capture_output=True,
            user=self.as_postgres,
        )
        options = ["-p", str(PG_PORT), "-k", str(data), "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"]
        self.start(
            "postgres",
            [str(Path(initdb).with_name("postgres")), "-D", str(data / "data"), *options],
            user=self.as_postgres,
        )
        wait_for("PostgreSQL", lambda: _psql_ok(PG_PORT))
        subprocess.run(
            [
                "psql",
                "-h",
                "127.0.0.1",
                "-p",
                str(PG_PORT),
                "-U",
                "postgres",
                "-c",
                "CREATE DATABASE scorekeeper",
            ],
            check=True,
            capture_output=True,
        )

    def start_bouncer(self) -> None:
        users = self.state / "pgbouncer-users.txt"
        users.write_text('"postgres" ""\n')  # trust: the name must be listed, the password is not checked
        users.chmod(0o644)
        config = self.state / "pgbouncer.ini"
        config.write_text(
            "[databases]\n"
            f"scorekeeper = host=127.0.0.1 port={PG_PORT} dbname=scorekeeper user=postgres\n"
            "[pgbouncer]\n"
            f"listen_addr = 127.0.0.1\nlisten_port = {BOUNCER_PORT}\nunix_socket_dir =\n"
            f"auth_type = trust\nauth_file = {users}\n"
            "pool_mode = transaction\ndefault_pool_size = 20\nmax_client_conn = 200\n"
            "ignore_startup_parameters = extra_float_digits,options\n"
        )
        config.chmod(0o644)
        self.start("pgbouncer", [_tool("pgbouncer") or "pgbouncer", str(config)], user=self.as_postgres)
        wait_for("PgBouncer", lambda: _psql_ok(BOUNCER_PORT))

    def start_redis(self, name: str, replica_of: int | None) -> None:
        port = REDIS_PORTS[name]
        argv = [
            "redis-server",
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
        ]
        argv += ["--dbfilename", f"{name}.rdb", "--dir", str(self.state)]
        if replica_of is not None:
            argv += ["--replicaof", "127.0.0.1", str(replica_of)]
        self.start(name, argv)
        wait_for(name, lambda: _redis_ok(port))

    def start_sentinels(self) -> None:
        master = REDIS_PORTS["redis-a"]
        for port in SENTINEL_PORTS:
            config = self.state / f"sentinel-{port}.conf"
            config.write_text(
                f"port {port}\nbind 127.0.0.1\ndir {self.state}\n"
                f"sentinel monitor {MASTER} 127.0.0.1 {master} 2\n"
                f"sentinel down-after-milliseconds {MASTER} 1000\n"
                f"sentinel failover-timeout {MASTER} 5000\n"
                f"sentinel parallel-syncs {MASTER} 1\n"
            )
            self.start(f"sentinel-{port}", ["redis-server", str(config), "--sentinel"])
            wait_for(f"sentinel {port}", lambda port=port: _redis_ok(port))  # type: ignore[misc]

    def master_port(self) -> int:
        """The Redis port the Sentinels name as master now."""
        import redis

        sentinel = redis.Redis(port=SENTINEL_PORTS[0])
        _host, port = cast("tuple[str, int]", sentinel.sentinel_get_master_addr_by_name(MASTER))
        return int(port)

    def migrate(self) -> None:
        env = {**self.env, "DATABASE_URL": self.direct_database}
        for command in ("migrate", "collectstatic"):  # collectstatic: WhiteNoise's manifest (DEBUG is off)
            argv = [sys.executable, "manage.py", command, "--no-input", "-v", "0"]
            subprocess.run(argv, cwd=ROOT, env=env, check=True)

    def start_node(self, node: str) -> None:
        argv = [str(BIN / "gunicorn"), "-c", "python:scorekeeper.gunicorn_conf", "scorekeeper.wsgi"]
        argv += [f"--bind={NODES[node]}", "--workers=2", "--threads=4", "--preload", "--graceful-timeout=20"]
        argv += ["--forwarded-allow-ips=127.0.0.1", "--log-level=warning"]
        env = {**self.env, "GUNICORN_CONTROL_SOCKET": str(self.state / f"node-{node}.ctl")}
        self.start(f"node-{node}", argv, env=env)

    def wait_node(self, node: str) -> float:
        return wait_for(f"node {node}", lambda: _answers(f"http://{NODES[node]}/livez"), seconds=60)

    def start_push(self, node: str) -> None:
        """The node's uvicorn, which serves only the push streams (HAProxy routes them to it)."""
        host, port = PUSH[node].split(":")
        argv = [str(BIN / "uvicorn"), "scorekeeper.asgi:application", f"--host={host}", f"--port={port}"]
        argv += ["--workers=2", "--timeout-graceful-shutdown=5", "--log-level=warning", "--no-access-log"]
        argv += ["--proxy-headers", "--forwarded-allow-ips=127.0.0.1"]
        self.start(f"push-{node}", argv)

    def wait_push(self, node: str) -> float:
        return wait_for(f"push {node}", lambda: _answers(f"http://{PUSH[node]}/livez"), seconds=60)

    def start_worker(self, worker: str) -> None:
        argv = [
            str(BIN / "celery"),
            "-A",
            "scorekeeper",
            "worker",
            "-n",
            f"{worker}@scale",
            "--concurrency=1",
        ]
        argv += ["--without-gossip", "--without-mingle", "-l", "info", f"--logfile={self.state / worker}.log"]
        self.start(worker, argv)

    def start_proxy(self) -> None:
        config = self.state / "haproxy.cfg"
        addresses = {"a": NODES["a"], "b": NODES["b"], "push_a": PUSH["a"], "push_b": PUSH["b"]}
        config.write_text(HAPROXY_CFG.format(state=self.state, proxy=PROXY, **addresses))
        self.start("haproxy", [_tool("haproxy") or "haproxy", "-db", "-f", str(config)])

    def proxy_servers_up(self) -> dict[str, bool]:
        """Which nodes HAProxy keeps in its pool (its admin socket's ``show stat``)."""
        import socket

        with socket.socket(socket.AF_UNIX) as sock:
            sock.connect(str(self.state / "haproxy.sock"))
            sock.sendall(b"show stat\n")
            data = b""
            while chunk := sock.recv(65536):
                data += chunk
        lines = [line.split(",") for line in data.decode().splitlines() if line.startswith("nodes,")]
        return {fields[1]: fields[17].startswith("UP") for fields in lines if fields[1] in NODES}

    def in_pool(self, node: str) -> bool:
        return self.proxy_servers_up().get(node, False)

    def log(self, name: str) -> str:
        return (self.state / f"{name}.log").read_text(errors="replace")


def _answers(url: str) -> bool:
    try:
        return httpx.get(url, timeout=2, headers={"Host": "localhost"}).status_code == 200
    except httpx.HTTPError:
        return False


def _psql_ok(port: int) -> bool:
    command = [
        "psql",
        "-h",
        "127.0.0.1",
        "-p",
        str(port),
        "-U",
        "postgres",
        "-d",
        "postgres",
        "-c",
        "SELECT 1",
    ]
    if port == BOUNCER_PORT:
        command[-3] = "scorekeeper"
    return subprocess.run(command, capture_output=True, check=False).returncode == 0


def _redis_ok(port: int) -> bool:
    return (
        subprocess.run(
            ["redis-cli", "-p", str(port), "ping"], capture_output=True, check=False
        ).stdout.strip()
        == b"PONG"
    )
