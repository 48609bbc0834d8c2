"""Content negotiation of the downloads (a zip, a CSV file): the file is the answer whatever the
client accepts, and every error answers in JSON, as the rest of the API does."""

from __future__ import annotations

from typing import Any

from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request


class AnswerInJson(BaseContentNegotiation):
    """No renderer is chosen by ``Accept`` or ``?format=``: the view sends its file, errors answer in JSON."""

    def select_parser(self, request: Request, parsers: Any) -> Any:
        """The first parser the view accepts."""
        return parsers[0] if parsers else None

    def select_renderer(self, request: Request, renderers: Any, format_suffix: Any = None) -> Any:
        """JSON, whatever the client asked for."""
        renderer = JSONRenderer()
        return renderer, renderer.media_type
