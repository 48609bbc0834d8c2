"""A person's own data, to download (docs/accounts.md, Downloading one's data): the profile, the
account's player and guests, memberships, every match the account started or sat at with its seats,
hands, scores and plays, claims, invitations, merges and event entries.

Both forms are generators of bytes over ``.iterator()`` querysets, so a long history is sent as it is
read: neither the whole history nor the whole file is ever in memory. JSON is one document whose
``matches`` nest their hands and plays (read 20 matches at a time, with their rows prefetched); CSV is
a zip of one CSV file per kind of row (``matches.csv``, ``seats.csv``, ``hands.csv``, ``plays.csv``,
...), each row naming its match and hand, written entry by entry into a zip that is never seeked.
"""

from __future__ import annotations

import csv
import io
import json
import zipfile
from collections.abc import Callable, Iterable, Iterator
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet
from django.utils import timezone

from games.events.models import Entry
from games.models import (
    Challenge,
    GuestClaim,
    Hand,
    HandScore,
    Invitation,
    Match,
    Membership,
    Play,
    Player,
    PlayerMerge,
    Seat,
)

CHUNK = 20  # matches read (with their rows) at a time for the JSON form
ROWS = 2000  # rows read at a time for the CSV form
FORMAT_VERSION = 1

Row = dict[str, Any]


def _at(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def export_matches(*, user: User) -> QuerySet[Match]:
    """The matches ``user`` started or sat at, oldest first."""
    seated = Seat.objects.filter(match=OuterRef("pk"), player__user=user)
    return Match.objects.filter(Q(created_by=user) | Q(Exists(seated))).order_by("created_at", "pk")


def _profile(user: User) -> Row:
    return {
        "username": user.username,
        "first_name": user.first_name,
        "last_name": user.last_name,
        "email": user.email,
        "date_joined": _at(user.date_joined),
        "last_login": _at(user.last_login),
        "exported_at": _at(timezone.now()),
        "format_version": FORMAT_VERSION,
    }


def _players(user: User) -> Iterator[Row]:
    players = Player.objects.filter(Q(user=user) | Q(created_by=user, user__isnull=True)).order_by("pk")
    for player in players.iterator(chunk_size=ROWS):
        kind = "account" if player.user_id == user.pk else "guest"
        yield {"id": player.pk, "name": player.name, "kind": kind, "created_at": _at(player.created_at)}


def _memberships(user: User) -> Iterator[Row]:
    rows = Membership.objects.filter(user=user).select_related("club").order_by("pk")
    for row in rows.iterator(chunk_size=ROWS):
        yield {
            "club": row.club_id,
            "club_name": row.club.name,
            "role": row.role,
            "since": _at(row.created_at),
        }


def _match_row(match: Match) -> Row:
    return {
        "id": match.pk,
        "game": match.game,
        "options": match.options,
        "player_count": match.player_count,
        "teams": match.teams,
        "target": match.target,
        "club": match.club_id,
        "season": match.season_id,
        "status": match.status,
        "started_by": match.created_by.username,
        "created_at": _at(match.created_at),
        "finished_at": _at(match.finished_at),
        "totals": match.totals,
        "winner": match.winner,
        "draw": match.draw,
        "rematch_of": match.rematch_of_id,
    }


def _seat_row(seat: Seat) -> Row:
    return {
        "match": seat.match_id,
        "seat": seat.number,
        "side": seat.side.index,
        "player": seat.player_id,
        "name": seat.player.name,
    }


def _hand_row(hand: Hand) -> Row:
    return {
        "match": hand.match_id,
        "number": hand.number,
        "dealer": hand.dealer,
        "starter": hand.starter,
        "mode": hand.mode,
        "table": hand.table,
        "set_aside": hand.set_aside,
        "created_at": _at(hand.created_at),
        "closed_at": _at(hand.closed_at),
        "corrections": hand.corrections,
    }


def _score_row(score: HandScore, match_id: int, number: int) -> Row:
    return {
        "match": match_id,
        "hand": number,
        "side": score.side,
        "cards": score.cards,
        "sweeps": score.sweeps,
        "points": score.points,
        "total": score.total,
    }


def _play_row(play: Play, match_id: int, number: int) -> Row:
    return {
        "match": match_id,
        "hand": number,
        "seq": play.seq,
        "seat": play.seat,
        "card": play.card,
        "taken": play.taken,
        "at": _at(play.created_at),
        "undone_at": _at(play.undone_at),
    }


def _challenge_row(challenge: Challenge, match_id: int, number: int) -> Row:
    return {
        "match": match_id,
        "hand": number,
        "seq": challenge.play.seq,
        "seat": challenge.seat,
        "at": _at(challenge.created_at),
    }


def _claims(user: User) -> Iterator[Row]:
    claims = GuestClaim.objects.filter(Q(claimant=user) | Q(decided_by=user)).select_related("claimant")
    for claim in claims.order_by("pk").iterator(chunk_size=ROWS):
        yield {
            "id": claim.pk,
            "match": claim.match_id,
            "guest": claim.guest_id,
            "guest_name": claim.guest_name,
            "claimant": claim.claimant.username,
            "status": claim.status,
            "created_at": _at(claim.created_at),
            "decided_by_me": claim.decided_by_id == user.pk,
            "decided_at": _at(claim.decided_at),
        }


def _invitations(user: User) -> Iterator[Row]:
    mine = Q(invitee=user) | Q(created_by=user) | Q(accepted_by=user) | Q(requested_by=user)
    invitations = Invitation.objects.filter(mine).select_related("created_by", "accepted_by")
    for invitation in invitations.order_by("pk").iterator(chunk_size=ROWS):
        accepted_by = invitation.accepted_by
        yield {
            "match": invitation.match_id,
            "seat": invitation.seat,
            "invited_by": invitation.created_by.username,
            "to_me": invitation.invitee_id == user.pk,
            "created_at": _at(invitation.created_at),
            "accepted_by": accepted_by.username if accepted_by is not None else None,
            "accepted_at": _at(invitation.accepted_at),
        }


def _merges(user: User) -> Iterator[Row]:
    merges = PlayerMerge.objects.filter(Q(into__user=user) | Q(decided_by=user)).prefetch_related("matches")
    for merge in merges.order_by("pk").iterator(chunk_size=ROWS):
        yield {
            "into": merge.into_id,
            "guest_name": merge.guest_name,
            "decided_by_me": merge.decided_by_id == user.pk,
            "at": _at(merge.created_at),
            "matches": sorted(match.pk for match in merge.matches.all()),
        }


def _entries(user: User) -> Iterator[Row]:
    entries = Entry.objects.filter(player__user=user).select_related("event")
    for entry in entries.order_by("pk").iterator(chunk_size=ROWS):
        yield {
            "event": entry.event_id,
            "event_name": entry.event.name,
            "club": entry.event.club_id,
            "joined_round": entry.joined_round,
            "dropped_round": entry.dropped_round,
            "checked_in_at": _at(entry.checked_in_at),
        }


# The flat kinds of rows besides the matches, in the order both forms give them.
SECTIONS: tuple[tuple[str, Callable[[User], Iterable[Row]]], ...] = (
    ("players", _players),
    ("memberships", _memberships),
    ("claims", _claims),
    ("invitations", _invitations),
    ("merges", _merges),
    ("event_entries", _entries),
)


# JSON


def _nested_matches(user: User) -> Iterator[Row]:
    hands = Hand.objects.order_by("number").prefetch_related(
        "scores",
        "summary",
        Prefetch("plays", Play.objects.order_by("seq", "pk")),
        Prefetch("challenges", Challenge.objects.select_related("play")),
    )
    matches = (
        export_matches(user=user)
        .select_related("created_by")
        .prefetch_related(
            Prefetch("seats", Seat.objects.select_related("side", "player")), Prefetch("hands", hands)
        )
    )
    for match in matches.iterator(chunk_size=CHUNK):
        row = _match_row(match)
        row["seats"] = [_seat_row(seat) for seat in match.seats.all()]
        row["hands"] = [_nested_hand(hand) for hand in match.hands.all()]
        yield row


def _nested_hand(hand: Hand) -> Row:
    row = _hand_row(hand)
    summary = getattr(hand, "summary", None)  # a reverse one-to-one: absent without a quick summary
    row["summary"] = summary.entries if summary is not None else None
    row["scores"] = [_score_row(score, hand.match_id, hand.number) for score in hand.scores.all()]
    row["plays"] = [_play_row(play, hand.match_id, hand.number) for play in hand.plays.all()]
    row["challenges"] = [
        _challenge_row(challenge, hand.match_id, hand.number) for challenge in hand.challenges.all()
    ]
    return row


def _dumps(value: object) -> bytes:
    return json.dumps(value, cls=DjangoJSONEncoder, ensure_ascii=False).encode()


def _json_list(key: str, rows: Iterable[Row], first: bool = False) -> Iterator[bytes]:
    yield (b"" if first else b",\n") + _dumps(key) + b": ["
    for index, row in enumerate(rows):
        yield (b"\n" if index == 0 else b",\n") + _dumps(row)
    yield b"]"


def export_json(*, user: User) -> Iterator[bytes]:
    """``user``'s data as one JSON document, in pieces."""
    yield b'{"profile": ' + _dumps(_profile(user))
    for key, rows in SECTIONS:
        yield from _json_list(key, rows(user))
    yield from _json_list("matches", _nested_matches(user))
    yield b"}\n"


# CSV


class _Pipe(io.RawIOBase):
    """A write-only, unseekable stream whose written bytes are taken out piece by piece."""

    def __init__(self) -> None:
        self.pieces: list[bytes] = []

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:  # Any: a bytes-like object, as io's own signature
        self.pieces.append(bytes(data))
        return len(data)

    def take(self) -> bytes:
        taken, self.pieces = b"".join(self.pieces), []
        return taken


def _flat_seats(user: User) -> Iterator[Row]:
    seats = Seat.objects.filter(match__in=export_matches(user=user)).select_related("side", "player")
    for seat in seats.order_by("match_id", "number").iterator(chunk_size=ROWS):
        yield _seat_row(seat)


def _flat_hands(user: User) -> Iterator[Row]:
    hands = Hand.objects.filter(match__in=export_matches(user=user)).select_related("summary")
    for hand in hands.order_by("match_id", "number").iterator(chunk_size=ROWS):
        row = _hand_row(hand)
        summary = getattr(hand, "summary", None)
        row["summary"] = summary.entries if summary is not None else None
        yield row


def _flat_scores(user: User) -> Iterator[Row]:
    scores = HandScore.objects.filter(hand__match__in=export_matches(user=user))
    lines = scores.values_list("hand__match_id", "hand__number", "side", "cards", "sweeps", "points", "total")
    for match_id, number, side, cards, sweeps, points, total in lines.order_by(
        "hand__match_id", "hand__number", "side"
    ).iterator(chunk_size=ROWS):
        yield {
            "match": match_id,
            "hand": number,
            "side": side,
            "cards": cards,
            "sweeps": sweeps,
            "points": points,
            "total": total,
        }


def _flat_plays(user: User) -> Iterator[Row]:
    plays = Play.objects.filter(match__in=export_matches(user=user)).select_related("hand")
    for play in plays.order_by("match_id", "hand__number", "seq", "pk").iterator(chunk_size=ROWS):
        yield _play_row(play, play.match_id, play.hand.number)


def _flat_challenges(user: User) -> Iterator[Row]:
    challenges = Challenge.objects.filter(match__in=export_matches(user=user)).select_related("hand", "play")
    for challenge in challenges.order_by("match_id", "hand__number", "pk").iterator(chunk_size=ROWS):
        yield _challenge_row(challenge, challenge.match_id, challenge.hand.number)


def _flat_matches(user: User) -> Iterator[Row]:
    for match in export_matches(user=user).select_related("created_by").iterator(chunk_size=ROWS):
        yield _match_row(match)


CSV_FILES: tuple[tuple[str, Callable[[User], Iterable[Row]]], ...] = (
    ("profile", lambda user: [_profile(user)]),
    *SECTIONS,
    ("matches", _flat_matches),
    ("seats", _flat_seats),
    ("hands", _flat_hands),
    ("scores", _flat_scores),
    ("plays", _flat_plays),
    ("challenges", _flat_challenges),
)


def _cell(value: object) -> object:
    """A cell: lists and mappings as JSON text, everything else as the csv module writes it."""
    return json.dumps(value, ensure_ascii=False) if isinstance(value, list | dict) else value


def export_csv_zip(*, user: User) -> Iterator[bytes]:
    """``user``'s data as a zip of CSV files (UTF-8, a header row each), in pieces."""
    pipe = _Pipe()
    with zipfile.ZipFile(pipe, mode="w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, rows in CSV_FILES:
            with (
                archive.open(f"{name}.csv", mode="w") as raw,
                io.TextIOWrapper(raw, encoding="utf-8", newline="") as text,
            ):
                writer: csv.DictWriter[str] | None = None
                for row in rows(user):
                    if writer is None:
                        writer = csv.DictWriter(text, fieldnames=list(row))
                        writer.writeheader()
                    writer.writerow({key: _cell(value) for key, value in row.items()})
                    if pipe.pieces:  # the compressor let some out
                        yield pipe.take()
            yield pipe.take()
    yield pipe.take()


# name -> (the generator, its media type, the file's extension)
EXPORT_FORMATS: dict[str, tuple[Callable[..., Iterator[bytes]], str, str]] = {
    "json": (export_json, "application/json", "json"),
    "csv": (export_csv_zip, "application/zip", "zip"),
}


def export_filename(*, user: User, form: str) -> str:
    """The download's file name: no user name in it, as a shared device's downloads list shows it."""
    return f"scorekeeper-data-{timezone.now():%Y-%m-%d}.{EXPORT_FORMATS[form][2]}"
