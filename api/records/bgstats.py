"""Finished matches as Board Game Stats' "push plays" JSON (``games/matches/selectors/bgstats.py``): one
match (``GET /api/v1/matches/{id}/export/bgstats/``) or a player's whole history as far as the
request may read it (``GET /api/v1/players/{id}/export/bgstats/``, oldest first)."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from api.records.base import RecordsApi
from games.access import player_for
from games.errors import ExportNotFinished
from games.matches.selectors.bgstats import bgstats_match, bgstats_matches, bgstats_play
from games.models import Match


class MatchBgStatsApi(RecordsApi):
    """A finished match as one BG Stats play; 409 ``match.not_finished`` before it ends."""

    @extend_schema(
        operation_id="matches_export_bgstats",
        responses={
            200: OpenApiTypes.OBJECT,
            409: OpenApiResponse(description="The match is not finished (`match.not_finished`)."),
        },
    )
    def get(self, request: Request, pk: int) -> Response:
        match = self.match(request, pk)
        if match.status != Match.Status.FINISHED:
            raise ExportNotFinished(status=match.status)
        found = bgstats_match(user=request.user, pk=pk)
        assert found is not None  # read and finished, just above
        return Response(bgstats_play(found))


class PlayerBgStatsApi(RecordsApi):
    """Every finished match of a player that the request may read, as BG Stats plays, oldest first."""

    @extend_schema(operation_id="players_export_bgstats", responses={200: {"type": "array", "items": {}}})
    def get(self, request: Request, player_id: int) -> Response:
        player = player_for(request.user, player_id)
        matches = bgstats_matches(user=request.user, player=player.pk)
        return Response([bgstats_play(match) for match in matches])
