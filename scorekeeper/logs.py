"""Logging that keeps secrets out of the logs: share and invitation tokens travel in a path segment
(``/shared/<token>/``, ``/invitations/<token>/``) and are masked in every access and request log line."""

from __future__ import annotations

import logging
import re

TOKEN_PATH = re.compile(r"/(shared|invitations)/[^/\s?#\"']+")
MASKED = r"/\1/[token]"
ACCESS_LOGGERS = ("gunicorn.access",)


def mask_tokens(text: str) -> str:
    """``text`` with the token of every share or invitation path replaced by ``[token]``."""
    return TOKEN_PATH.sub(MASKED, text)


class MaskTokens(logging.Filter):
    """Rewrites a record whose message names a token path (the message is formatted once, here)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = mask_tokens(message)
        if masked != message:
            record.msg, record.args = masked, ()
        return True


def mask_access_logs() -> None:
    """Mask tokens in the WSGI server's access log (gunicorn configures that logger itself)."""
    for name in ACCESS_LOGGERS:
        logging.getLogger(name).addFilter(MaskTokens())
