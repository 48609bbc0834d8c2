"""CSV files of an event, for whoever may read it: ``standings.csv`` and ``rounds/{n}.csv`` (each round's
pairings and results), in the reader's language (``Accept-Language``), with the delimiter and decimal
mark a spreadsheet in that language expects (docs/events.md, CSV files)."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request

from api.events.base import EventsApi
from api.negotiation import AnswerInJson
from games.events import selectors
from games.events.exports import (
    MEDIA_TYPE,
    SheetFormat,
    round_filename,
    round_lines,
    standings_filename,
    standings_lines,
)

CSV_ANSWER = {
    (200, "text/csv"): OpenApiResponse(
        OpenApiTypes.BINARY,
        description="UTF-8 with a BOM; `;` and a decimal comma in ru, sr, es, it, pt, else `,` and a point.",
    )
}


def csv_answer(text: str, filename: str) -> HttpResponse:
    """``text`` as a CSV file attachment named ``filename``."""
    response = HttpResponse(text, content_type=MEDIA_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


class StandingsCsvApi(EventsApi):
    """The standings as ``GET .../standings/`` orders them, one line per entry."""

    content_negotiation_class = AnswerInJson

    @extend_schema(operation_id="events_standings_csv", responses=CSV_ANSWER)
    def get(self, request: Request, pk: int) -> HttpResponse:
        event = self.event(request, pk)
        return csv_answer(SheetFormat.of().text(standings_lines(event)), standings_filename(event))


class RoundCsvApi(EventsApi):
    """Round ``n``'s tables, one line per side (players, place, result, game and event points), then its
    byes; 404 when the event has no such round."""

    content_negotiation_class = AnswerInJson

    @extend_schema(operation_id="events_round_csv", responses=CSV_ANSWER)
    def get(self, request: Request, pk: int, number: int) -> HttpResponse:
        event = self.event(request, pk)
        played = selectors.round_find(event=event, number=number)
        if played is None:
            raise Http404
        text = SheetFormat.of().text(round_lines(event, played))
        return csv_answer(text, round_filename(event, number))
