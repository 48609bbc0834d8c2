"""Logging that keeps secrets out of the logs: share and invitation tokens travel in a path segment
(``/shared/<token>/``, ``/invitations/<token>/``, ``/club-invitations/<token>/``, also URL-encoded in
a sign-in's ``?next=``) or the API's ``?share=<token>``, and are masked in every access and request
log line."""

from __future__ import annotations

import logging
import re

TOKEN = re.compile(
    r"(?P<path>/(?:shared|invitations|club-invitations)/)[^/\s?#\"']+"
    r"|(?P<encoded>%2F(?:shared|invitations|club-invitations)%2F)[^%&\s#\"']+"
    r"|(?P<query>[?&]share=)[^&\s#\"']+",
    re.IGNORECASE,
)
ACCESS_LOGGERS = ("gunicorn.access",)


def mask_tokens(text: str) -> str:
    """``text`` with every share or invitation token replaced by ``[token]``."""
    return TOKEN.sub(lambda found: f"{found['path'] or found['encoded'] or found['query']}[token]", text)


class MaskTokens(logging.Filter):
    """Rewrites a record whose message names a token path (the message is formatted once, here)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = mask_tokens(message)
        if masked != message:
            record.msg, record.args = masked, ()
        return True


class MaskArguments(logging.Filter):
    """Masks each argument of a record whose formatter reads them one by one (uvicorn's access log:
    address, method, path, version, status)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(mask_tokens(arg) if isinstance(arg, str) else arg for arg in record.args)
        return True


def mask_access_logs() -> None:
    """Mask tokens in the servers' access logs, which they configure themselves: gunicorn's (WSGI) and
    uvicorn's (ASGI: make run, the push streams)."""
    for name in ACCESS_LOGGERS:
        logging.getLogger(name).addFilter(MaskTokens())
    logging.getLogger("uvicorn.access").addFilter(MaskArguments())
