"""Writes for whole matches: start (checked by the engine), rematch, abandon, share with spectators."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from datetime import datetime

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from games.access import match_writable_by
from games.audit.services import Actor, audit_record
from games.errors import (
    GuestNotYours,
    MatchNotFinished,
    MatchNotInProgress,
    PlayerSeatedTwice,
    SeasonOfOtherClub,
    SeatNeedsInvitation,
)
from games.matches import convert
from games.matches.services.followups import followups_schedule
from games.matches.services.versions import match_version_bump
from games.models import Club, Hand, Match, Membership, Player, Season, Seat, Side
from games.people.selectors.players import player_seatable_by
from games.rules.errors import BadPlayerCount, TeamsNotAllowed
from games.rules.game import EDITION, Game, resolve_options, sides_of
from games.rules.registry import find_game


@transaction.atomic
def match_start(
    *,
    game: str,
    players: Sequence[Player],
    by: User,
    options: Mapping[str, object] | None = None,
    teams: bool | None = None,
    club: Club | None = None,
    season: Season | None = None,
    first_dealer: int = 0,
    emojis: Sequence[str] = (),
) -> Match:
    """Seat ``players`` (seat 0, 1, ... in order) for a new match of ``game``; ``teams`` defaults to
    what the game plays with that many (Tamlin's four play in pairs, docs/rules/tamlin.md T1), and
    ``first_dealer`` is the seat that deals hand 1 unless the hand says otherwise. ``emojis`` are
    the seats' emojis in the same order ("" or left off: none; each checked by the caller's input,
    games/emoji.py).

    Raises:
        UnknownGame, UnknownOption, BadOptionValue, BadPlayerCount, TeamsNotAllowed: from the engine.
        PlayerSeatedTwice, SeasonOfOtherClub: bad input.
        SeatNeedsInvitation: another account's player who is not a member of ``club`` (without a
            club: shares none of ``by``'s clubs); such an account takes its seat by accepting an invitation.
        GuestNotYours: a guest that another account owns.
        PermissionDenied: ``by`` is not a member of ``club``.
    """
    match, sides = _unsaved(game, len(players), by, options, teams)
    marks = _seat_emojis(emojis, len(players))
    _verify_once(players)
    club = season.club if season is not None and club is None else club
    _verify_club(club, season, by)
    _verify_players(players, club, by)
    match.club, match.season, match.first_dealer = club, season, first_dealer
    match.save()
    for index, seats in enumerate(sides):
        side = Side.objects.create(match=match, index=index)
        Seat.objects.bulk_create(
            Seat(match=match, side=side, number=number, player=players[number], emoji=marks[number])
            for number in seats
        )
    after = {
        "game": match.game,
        "seats": [
            {"seat": number, "player": player.name, "player_id": player.pk}
            | ({"emoji": marks[number]} if marks[number] else {})
            for number, player in enumerate(players)
        ],
        "club": None if club is None else club.pk,
        "season": None if season is None else season.pk,
    }
    audit_record(by=by, action="match.started", object=match, after=after, match=match, club=club)
    return match


def _seat_emojis(emojis: Sequence[str], seats: int) -> list[str]:
    """An emoji or "" for each of ``seats`` (the inputs refuse more emojis than seats)."""
    if len(emojis) > seats:
        raise ValueError(f"{len(emojis)} emojis for {seats} seats")
    return [*emojis, *([""] * (seats - len(emojis)))]


DRAFT_PK = 0  # no stored match has it (ids start at 1)


def match_draft(
    *,
    game: str,
    names: Sequence[str],
    by: User,
    options: Mapping[str, object] | None = None,
    teams: bool | None = None,
) -> Match:
    """The match :func:`match_start` would start with players named ``names``, checked by the engine
    as it checks one, but not stored: its id is ``DRAFT_PK`` and its sides and seats are in memory
    (prefetched, so that the selectors read them as a stored match's). The match screen drawn for it
    is the one a phone shows for a match started offline (docs/offline-engine.md).

    Raises:
        UnknownGame, UnknownOption, BadOptionValue, BadPlayerCount, TeamsNotAllowed: from the engine.
    """
    match, sides = _unsaved(game, len(names), by, options, teams)
    match.pk = DRAFT_PK
    match._prefetched_objects_cache = {  # type: ignore[attr-defined]  # Django's prefetch cache
        "seats": [
            Seat(
                match=match,
                side=Side(match=match, index=index),
                number=number,
                player=Player(name=names[number]),
            )
            for index, seats in enumerate(sides)
            for number in seats
        ]
    }
    return match


def _unsaved(
    game: str, players: int, by: User, options: Mapping[str, object] | None, teams: bool | None
) -> tuple[Match, tuple[tuple[int, ...], ...]]:
    """A new match of ``game`` for ``players`` seats, as the engine checks and resolves it, with the
    seats of each side; not saved."""
    rules = find_game(game)
    resolved = resolve_options(rules, options)
    teams = rules.default_teams(players) if teams is None else teams
    _verify_count(rules, players, teams)
    sides = sides_of(players, teams)
    status = rules.match_status((), len(sides), resolved, False)  # the engine's own check of the setup
    match = Match(
        game=rules.name,
        options=resolved,
        player_count=players,
        teams=teams,
        target=_positive(resolved.get("target")),
        time_limit_minutes=_positive(resolved.get("time_limit_minutes")),
        created_by=by,
        **{**convert.status_fields(status), "winner": None},
    )
    return match, sides


@transaction.atomic
def match_rematch(*, match: Match, by: User) -> tuple[Match, bool]:
    """The finished ``match`` played again, and whether this call made it. A match has one rematch:
    the first call starts it, by ``by``, with the same players in the same seats and sides, the same
    options (under the current rules edition, A5), club and season, hand 1 dealt by the seat the deal
    passes to from the one that dealt ``match``'s first hand (docs/rules/shared.md A4;
    docs/rules-decisions.md "Rematches"); every later call (a second tap, another phone, the API)
    gets that same match.

    Raises:
        MatchNotFinished: ``match`` is in progress or abandoned.
        as :func:`match_start`: a seat ``by`` may no longer fill (another's guest, an account outside
            the club), ``by`` no longer a member of the club.
    """
    match = Match.objects.select_for_update().get(pk=match.pk)
    if match.status != Match.Status.FINISHED:
        raise MatchNotFinished(status=match.status)
    if (made := match.rematches.order_by("pk").first()) is not None:
        return made, False
    seats = match.seats.select_related("player").order_by("number")
    first = match.hands.order_by("number").values_list("dealer", flat=True).first()
    rules = find_game(match.game)
    options = {key: value for key, value in match.options.items() if key != EDITION.key}
    rematch = match_start(
        game=match.game,
        players=[seat.player for seat in seats],
        emojis=[seat.emoji for seat in seats],
        by=by,
        options=options,
        teams=match.teams,
        club=match.club,
        season=match.season,
    )
    rematch.first_dealer = rules.next_dealer(
        match.first_dealer if first is None else first, match.player_count, match.options
    )
    rematch.rematch_of = match
    rematch.save(update_fields=["first_dealer", "rematch_of"])
    audit_record(
        by=by,
        action="match.rematched",
        object=match,
        after={"rematch": rematch.pk},
        match=match,
    )
    return rematch, True


def _verify_count(rules: Game, players: int, teams: bool) -> None:
    if players not in rules.players:
        allowed = ", ".join(map(str, rules.players))
        raise BadPlayerCount(game=rules.name, allowed=allowed, players=players)
    if teams and players not in rules.team_players:
        allowed = ", ".join(map(str, rules.team_players)) or "no"
        raise TeamsNotAllowed(game=rules.name, allowed=allowed, players=players)


def _verify_once(players: Sequence[Player]) -> None:
    seen: set[int] = set()
    for player in players:
        if player.pk in seen:
            raise PlayerSeatedTwice(player=player.name)
        seen.add(player.pk)


def _verify_club(club: Club | None, season: Season | None, by: User) -> None:
    if season is not None and season.club_id != getattr(club, "pk", None):
        raise SeasonOfOtherClub(season=season.name)
    if club is not None and not Membership.objects.filter(club=club, user=by).exists():
        raise PermissionDenied("Only the club's members may start its matches.")


def _verify_players(players: Sequence[Player], club: Club | None, by: User) -> None:
    """Each player is ``by``'s own, a guest ``by`` owns, or a member's of the club (see
    :func:`games.people.selectors.players.player_seatable_by`)."""
    ids = [player.pk for player in players]
    seatable = set(
        Player.objects.filter(player_seatable_by(by, club), pk__in=ids).values_list("pk", flat=True)
    )
    for player in players:
        if player.pk not in seatable:
            kind = GuestNotYours if player.user_id is None else SeatNeedsInvitation
            raise kind(player=player.name)


def _positive(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


@transaction.atomic
def match_abandon(*, match: Match, by: Actor = None) -> Match:
    """Stop a match for good, by ``by`` (``None``: the system); its hands stay as recorded.

    Raises:
        MatchNotInProgress: it is already finished or abandoned.
    """
    match = Match.objects.select_for_update().get(pk=match.pk)
    if match.status != Match.Status.IN_PROGRESS:
        raise MatchNotInProgress(status=match.status)
    # Wait for a play being recorded on the open hand; plays that wait for it will see "abandoned".
    list(Hand.objects.select_for_update().filter(match=match, closed_at__isnull=True))
    before = {"status": match.status}
    match.status = Match.Status.ABANDONED
    match.finished_at = timezone.now()
    match.save(update_fields=["status", "finished_at"])
    audit_record(
        by=by,
        action="match.abandoned",
        object=match,
        before=before,
        after={"status": match.status},
        match=match,
    )
    match_version_bump(match=match)
    followups_schedule(match=match)
    return match


@transaction.atomic
def match_share(*, match: Match, enabled: bool = True, by: Actor = None) -> Match:
    """Give the match a read-only share link for spectators (a new one each time), or withdraw it."""
    match = Match.objects.select_for_update().get(pk=match.pk)
    before = {"shared": bool(match.share_token)}
    match.share_token = secrets.token_urlsafe(32) if enabled else ""
    match.save(update_fields=["share_token"])
    action = "match.share_made" if enabled else "match.share_revoked"
    # The link itself is a secret: the record says only that there was one.
    audit_record(
        by=by,
        action=action,
        object=match,
        before=before,
        after={"shared": enabled},
        match=match,
    )
    match_version_bump(match=match)
    return match


def matches_archive(*, by: User, before: datetime) -> int:
    """Abandon the matches in progress that ``by`` may write and that started before ``before`` (the
    home page's old unfinished ones); each in its own transaction. Returns how many."""
    stale = Match.objects.filter(
        match_writable_by(by), status=Match.Status.IN_PROGRESS, created_at__lt=before
    ).values_list("pk", flat=True)
    archived = 0
    for pk in list(stale):
        try:
            match_abandon(match=Match(pk=pk), by=by)
        except MatchNotInProgress:
            continue  # finished or abandoned meanwhile
        archived += 1
    return archived
