"""Finished matches as Board Game Stats' "push plays" JSON (docs/accounts.md, Exporting to BG Stats).

BG Stats imports one play from ``https://app.bgstatsapp.com/createPlay.html?data=<JSON>``; its
published format names the game, the date, the duration, the place and each player with a score,
a rank, whether they won and whether they started. A match becomes one such play: its game by its
English name (so that BG Stats matches it to the same game whatever language the phone speaks),
the club as the place, each seat a player with the side's total, ranked by total (tied sides share
a rank), and the seat that made the first play of the first hand as the start player.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any
from urllib.parse import quote

from django.db.models import Count, Exists, Min, OuterRef, Prefetch, Q, QuerySet, Subquery
from django.utils import timezone, translation

from games.access import User, match_visible_to
from games.models import Match, Play, Seat
from games.presentation import presentation_of

SOURCE = "Scorekeeper"
IMPORT_URL = "https://app.bgstatsapp.com/createPlay.html?data="

BgPlay = dict[str, Any]


def bgstats_matches(*, user: User, player: int | None = None, pk: int | None = None) -> QuerySet[Match]:
    """The finished matches ``user`` may read (of ``player``, or match ``pk``), oldest first, with
    what a play needs: seats, players and sides, the club, the hands played and when they began."""
    matches = Match.objects.filter(match_visible_to(user), status=Match.Status.FINISHED)
    if player is not None:
        matches = matches.filter(Exists(Seat.objects.filter(match=OuterRef("pk"), player_id=player)))
    if pk is not None:
        matches = matches.filter(pk=pk)
    first_play = Play.objects.filter(match_id=OuterRef("pk"), hand__number=1, undone_at__isnull=True)
    seats = Seat.objects.select_related("player", "side").order_by("number")
    return (
        matches.select_related("club")
        .prefetch_related(Prefetch("seats", queryset=seats))
        .annotate(
            hands_played=Count("hands", filter=Q(hands__closed_at__isnull=False)),
            began_at=Min("hands__created_at"),
            first_seat=Subquery(first_play.order_by("seq").values("seat")[:1]),
        )
        .order_by("finished_at", "pk")
    )


def bgstats_match(*, user: User, pk: int) -> Match | None:
    """Match ``pk`` as :func:`bgstats_matches` reads it, if finished and ``user`` may read it."""
    return bgstats_matches(user=user, pk=pk).first()


def _local(at: datetime) -> str:
    return timezone.localtime(at).strftime("%Y-%m-%d %H:%M:%S")


def _ranks(totals: list[int]) -> list[int]:
    """Each side's rank, highest total first; tied sides share a rank (1, 1, 3)."""
    return [1 + sum(other > total for other in totals) for total in totals]


def bgstats_play(match: Match) -> BgPlay:
    """One finished match (as :func:`bgstats_matches` reads it) as a BG Stats play."""
    with translation.override("en"):
        game = str(presentation_of(match.game).title)
    totals = [int(total) for total in match.totals]
    ranks = _ranks(totals)
    began = getattr(match, "began_at", None) or match.created_at
    ended = match.finished_at or began
    hands = getattr(match, "hands_played", 0)
    players = [
        {
            "name": seat.player.name,
            "sourcePlayerId": str(seat.player_id),
            "score": totals[seat.side.index],
            "rank": ranks[seat.side.index],
            "winner": not match.draw and match.winner == seat.side.index,
            "startPlayer": seat.number == getattr(match, "first_seat", None),
            "role": f"Side {seat.side.index + 1}" if match.teams else "",
        }
        for seat in match.seats.all()
    ]
    return {
        "sourceName": SOURCE,
        "sourcePlayId": str(match.pk),
        "game": {
            "name": game,
            "sourceGameId": match.game,
            "highestWins": True,
            "noPoints": False,
        },
        "playDate": _local(began),
        "durationMin": max(0, round((ended - began).total_seconds() / 60)),
        "location": match.club.name if match.club else "",
        "board": "",
        "comments": f"{hands} hands" if hands != 1 else "1 hand",
        "players": players,
    }


def bgstats_import_url(play: BgPlay) -> str:
    """The address that opens BG Stats' import dialog with ``play`` filled in."""
    return IMPORT_URL + quote(json.dumps(play, ensure_ascii=False, separators=(",", ":")))
