"""A real SMTP server for a test (aiosmtpd on a free local port): mail goes out through Django's SMTP
backend, over a socket, and the test reads what arrived."""

from __future__ import annotations

import email
import email.policy
import re
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from aiosmtpd.controller import Controller
from django.test import override_settings


@dataclass
class Mailbox:
    """What the server received: each mail's recipients and its text."""

    received: list[tuple[list[str], str]] = field(default_factory=list)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        body = message.get_body(preferencelist=("plain",))
        text = body.get_content() if body is not None else ""
        self.received.append((list(envelope.rcpt_tos), f"Subject: {message['Subject']}\n\n{text}"))
        return "250 OK"

    def link(self, to: str) -> str:
        """The path of the last link mailed to ``to`` (the test client's host is ``testserver``)."""
        texts = [text for recipients, text in self.received if to in recipients]
        assert texts, f"no mail to {to}"
        found = re.findall(r"http://testserver(/\S+)", texts[-1])
        assert found, texts[-1]
        return str(found[-1])


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def smtp_server() -> Iterator[Mailbox]:
    """A running SMTP server, with Django's settings sending through it (plain SMTP, no TLS)."""
    mailbox = Mailbox()
    port = _free_port()
    controller = Controller(mailbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        with override_settings(
            EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend",
            EMAIL_HOST="127.0.0.1",
            EMAIL_PORT=port,
            EMAIL_USE_TLS=False,
            EMAIL_HOST_USER="",
            EMAIL_HOST_PASSWORD="",
            EMAIL_TIMEOUT=5,
        ):
            yield mailbox
    finally:
        controller.stop()
