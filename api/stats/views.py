"""The statistics API: club standings, player statistics, rating history, head-to-head.

Club statistics are for the club's members: to anyone else a club (or a player) is 404, as if it did
not exist (``games.access``). Views validate the query, call a selector and serialize.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import Serializer
from rest_framework.views import APIView

from api.inputs import valid
from api.stats import serializers as s
from games.access import club_for, player_for
from games.clubs.selectors import season_of
from games.models import Club
from games.stats import selectors
from games.stats.players import head_to_head_get, player_stats
from games.stats.selectors import rating_history, standings_for


def member_club(request: Request, club_id: int) -> Club:
    """The club, if the request's account belongs to it (else 404)."""
    return club_for(request.user, club_id)


def visible_club_ids(request: Request, club_id: int | None) -> list[int]:
    """The clubs the account may see figures of: ``club_id``, or all of its own."""
    return selectors.visible_club_ids(user=request.user, club_id=club_id)


def ref(pk: int, name: str) -> dict[str, Any]:
    """An id and a name, as RefSerializer shows them."""
    return {"id": pk, "name": name}


class StatsApi(APIView):
    """Base of the stats endpoints: signed-in accounts only."""

    permission_classes = [IsAuthenticated]

    def query(self, serializer: type[Serializer[object]], request: Request) -> dict[str, Any]:
        """The query string, validated by ``serializer``."""
        return valid(serializer, request.query_params)


class ClubStandingsApi(StatsApi):
    """A club's table for a season (or all seasons) and a game (or all games), sortable by any column;
    served from the cache, which the task that follows each finished or corrected match invalidates."""

    @extend_schema(
        parameters=[s.StandingsQuery], responses=s.StandingsSerializer, operation_id="club_standings"
    )
    def get(self, request: Request, club_id: int) -> Response:
        club = member_club(request, club_id)
        query = self.query(s.StandingsQuery, request)
        season = season_of(club=club, pk=query["season"]) if "season" in query else None
        if "season" in query and season is None:
            raise Http404
        order = query.get("order")
        table = standings_for(
            club_id=club.pk,
            season_id=season.pk if season else None,
            game=query.get("game"),
            sort=query["sort"],
            descending=None if order is None else order == "desc",
        )
        body = {
            "club": ref(club.pk, club.name),
            "season": ref(season.pk, season.name) if season else None,
            "game": table.game,
            "provisional_below": table.provisional_below,
            "sort": query["sort"],
            "order": order or "default",
            "rows": table.rows,
        }
        return Response(s.StandingsSerializer(body).data)


class PlayerStatsApi(StatsApi):
    """A player's statistics per game over one club's finished matches, or over all the requester's
    clubs: results, points, captures checked, illegal captures caught, best hand, ratings."""

    @extend_schema(parameters=[s.ClubQuery], responses=s.PlayerStatsSerializer, operation_id="player_stats")
    def get(self, request: Request, player_id: int) -> Response:
        player = player_for(request.user, player_id)
        club_ids = visible_club_ids(request, self.query(s.ClubQuery, request).get("club"))
        games = player_stats(player_id=player.pk, club_ids=club_ids)
        months = [month for stats in games for month in stats.review_months]
        body = {
            "player": ref(player.pk, player.name),
            "games": games,
            "review_by_month": sorted(months, key=lambda month: (month.month, month.game)),
        }
        return Response(s.PlayerStatsSerializer(body).data)


class PlayerRatingHistoryApi(StatsApi):
    """A player's rating after each of their finished matches in a club and game, oldest first."""

    @extend_schema(
        parameters=[s.RatingHistoryQuery],
        responses=s.RatingHistorySerializer,
        operation_id="player_rating_history",
    )
    def get(self, request: Request, player_id: int) -> Response:
        player = player_for(request.user, player_id)
        query = self.query(s.RatingHistoryQuery, request)
        club = member_club(request, query["club"])
        points = rating_history(club_id=club.pk, game=query["game"], player_id=player.pk)
        body = {
            "player": ref(player.pk, player.name),
            "club": ref(club.pk, club.name),
            "game": query["game"],
            "points": points,
        }
        return Response(s.RatingHistorySerializer(body).data)


class HeadToHeadApi(StatsApi):
    """Two players against each other (on different sides): matches, wins each, draws, average margin."""

    @extend_schema(
        parameters=[s.HeadToHeadQuery], responses=s.HeadToHeadSerializer, operation_id="head_to_head"
    )
    def get(self, request: Request) -> Response:
        query = self.query(s.HeadToHeadQuery, request)
        a, b = (player_for(request.user, query[key]) for key in ("a", "b"))
        club_ids = visible_club_ids(request, query.get("club"))
        record = head_to_head_get(club_ids=club_ids, a=a.pk, b=b.pk, game=query.get("game"))
        body = {
            "a": ref(a.pk, a.name),
            "b": ref(b.pk, b.name),
            "matches": record.matches,
            "wins_a": record.wins_a,
            "wins_b": record.wins_b,
            "draws": record.draws,
            "average_margin": record.average_margin,
            "meetings": list(reversed(record.meetings)),
        }
        return Response(s.HeadToHeadSerializer(body).data)
