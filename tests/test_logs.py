"""Share and invitation tokens never reach the logs: every access or request line that
names a token path is masked, whichever server wrote it."""

from __future__ import annotations

import logging
import string
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.logs import MaskArguments, MaskTokens, mask_tokens

TOKEN = "kV3p9Zq0-_xYz12345678901234567890123456789"


def _record(msg: str, args: object) -> logging.LogRecord:
    return logging.LogRecord("django.server", logging.INFO, __file__, 1, msg, args, None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("msg", "args"),
    [
        pytest.param('"%s" %s %s', (f"GET /shared/{TOKEN}/live/?v=3 HTTP/1.1", "200", "12"), id="runserver"),
        pytest.param("Not Found: %s", (f"/invitations/{TOKEN}/",), id="django.request"),
        pytest.param(
            "%s", (f"GET /api/v1/matches/3/scoreboard/?x=1&share={TOKEN} HTTP/1.1",), id="api-share"
        ),
        pytest.param(
            '%(h)s "%(r)s" %(s)s',
            {"h": "1.2.3.4", "r": f"GET /shared/{TOKEN}/ HTTP/1.1", "s": 200},
            id="gunicorn",
        ),
    ],
)
def test_a_token_path_is_masked_in_the_log_line(msg: str, args: object) -> None:
    record = _record(msg, args)
    assert MaskTokens().filter(record)
    assert TOKEN not in record.getMessage()
    assert "[token]" in record.getMessage()


def test_uvicorns_access_line_is_masked_argument_by_argument() -> None:
    """uvicorn's formatter reads the address, method, path, version and status from the arguments."""
    record = _record('%s - "%s %s HTTP/%s" %d', ("1.2.3.4:5", "GET", f"/shared/{TOKEN}/push/", "1.1", 200))
    assert MaskArguments().filter(record)
    assert record.args == ("1.2.3.4:5", "GET", "/shared/[token]/push/", "1.1", 200)


def test_other_lines_are_left_alone() -> None:
    record = _record('"%s" %s', ("GET /matches/3/ HTTP/1.1", "200"))
    MaskTokens().filter(record)
    assert record.args == ("GET /matches/3/ HTTP/1.1", "200")


@given(token=st.text(alphabet=string.ascii_letters + string.digits + "-_.~%:@!$&()*+,;=", min_size=1))
def test_no_token_survives_masking(token: str) -> None:
    for prefix in ("shared", "invitations", "club-invitations"):
        masked = mask_tokens(f"GET /{prefix}/{token}/live/ HTTP/1.1")
        assert masked == f"GET /{prefix}/[token]/live/ HTTP/1.1"


def test_a_club_invitation_carried_by_a_sign_in_is_masked() -> None:
    line = "GET /accounts/login/?next=%2Fclub-invitations%2FAbc-_123%2F HTTP/1.1"
    assert mask_tokens(line) == "GET /accounts/login/?next=%2Fclub-invitations%2F[token]%2F HTTP/1.1"


def test_the_django_log_handlers_mask_tokens() -> None:
    config: dict[str, Any] = settings.LOGGING
    handlers, loggers = config["handlers"], config["loggers"]
    for name in ("django", "django.server"):
        for handler in loggers[name]["handlers"]:
            assert "mask_tokens" in handlers[handler]["filters"]
    assert "mask_tokens" in handlers["console"]["filters"]  # the root's


@pytest.mark.django_db
def test_a_request_for_a_withdrawn_share_link_logs_no_token(caplog: pytest.LogCaptureFixture) -> None:
    handler = logging.getLogger("django").handlers[0]
    with caplog.at_level(logging.WARNING, logger="django.request"):
        Client().get(f"/shared/{TOKEN}/")
    records = [record for record in caplog.records if record.name == "django.request"]
    assert records
    for record in records:
        handler.filter(record)  # what the console handler does before writing the line
        assert TOKEN not in record.getMessage()
