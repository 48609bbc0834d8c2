"""What every records view shares: reading a match, hand or club with its permission check, the
signed-in account, pagination, and the bounds of numbers and lists in inputs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponseNotModified
from django.utils.cache import patch_cache_control
from django.utils.http import parse_etags
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import SAFE_METHODS, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.inputs import valid
from api.pagination import BoundedPagination
from games.access import TableGuest, club_for, match_allow, match_for, signed_in
from games.matches.selectors.hands import hand_with_match
from games.matches.selectors.matches import match_get, match_version
from games.matches.services.locks import HandRef, MatchRef
from games.models import Club, Hand, Match, Player
from games.rules.registry import GAMES
from games.screen_keys import READ, key_opens, screen_key

# Bounds checked at the edge, so no number reaches a column it does not fit (or a loop it would hold).
SMALL_MAX = 32_767  # PositiveSmallIntegerField: seats, dealers, hand numbers
SEQ_MAX = 2_147_483_647  # PositiveIntegerField: play numbers, revisions
ID_MAX = 9_223_372_036_854_775_807  # BigAutoField
DECK_MAX = 52  # the full pack (docs/rules/shared.md A1): no hand has more cards, so no more plays
SHARE_PARAM = "share"  # ?share=<token>: the match's read-only share link
NAME_MAX = Player._meta.get_field("name").max_length  # 80: a player's name
SEATS_MAX = max(count for game in GAMES.values() for count in game.players)  # 6


class RecordsApi(APIView):
    """Base view of the records API: signed-in users, with the read and write checks of a match.

    What the request may not read is 404, as if it did not exist; 403 is for what it may read but not
    write."""

    permission_classes = [IsAuthenticated]
    pagination_class = BoundedPagination

    def match(self, request: Request, pk: int, *, record: bool = False) -> Match:
        """The match ``pk`` (with its seats) if this request may read it (GET) or write it (others;
        ``record``: record its hands, as a table's guest may too)."""
        return match_for(
            request.user,
            pk,
            write=_writes(request),
            share=_share(request),
            read=match_get,
            record=record,
        )

    def hand(self, request: Request, pk: int, number: int) -> Hand:
        """Hand ``number`` of match ``pk`` (with its match, in one query), as :meth:`match` allows."""
        try:
            hand = hand_with_match(match_id=pk, number=number)
        except Hand.DoesNotExist:
            raise Http404 from None
        match_allow(request.user, hand.match, write=_writes(request), share=_share(request), record=True)
        return hand

    def hand_ref(self, request: Request, pk: int, number: int) -> HandRef:
        """Hand ``number`` of match ``pk`` for a write service, which finds and locks it in its first
        query and checks this request against the locked match there (as :meth:`hand`; no such
        hand: ``Hand.DoesNotExist``, for the view to make a 404). One query fewer than :meth:`hand`."""
        return HandRef(match_id=pk, number=number, allow=self._writer(request))

    def match_ref(self, request: Request, pk: int) -> MatchRef:
        """Match ``pk`` for a write service, which locks it and then checks this request (as
        :meth:`match`; no such match: ``Match.DoesNotExist``)."""
        return MatchRef(match_id=pk, allow=self._writer(request))

    def _writer(self, request: Request) -> Callable[[Match], None]:
        share = _share(request)  # read now: the service calls this while it holds the lock
        return lambda match: match_allow(request.user, match, write=True, share=share, record=True)

    def club(self, request: Request, pk: int) -> Club:
        """The club ``pk`` if this request may read it (members) or write it (admins)."""
        return club_for(request.user, pk, write=_writes(request))


def valid_or_found(
    view: RecordsApi,
    request: Request,
    pk: int,
    number: int | None,
    serializer: type[serializers.Serializer[Any]],
) -> dict[str, Any]:
    """The valid body of a write whose service finds and checks match ``pk`` (hand ``number``) under
    its lock. So that a missing match or hand (404) or a refused user (403) still come before a bad
    body (400), an invalid one costs the lookup here."""
    try:
        return valid(serializer, request.data)
    except ValidationError:
        if number is None:
            view.match(request, pk, record=True)
        else:
            view.hand(request, pk, number)
        raise


def _writes(request: Request) -> bool:
    return request.method not in SAFE_METHODS


def _share(request: Request) -> str:
    return request.query_params.get(SHARE_PARAM, "")


class RevalidatedApi(RecordsApi):
    """A read of match ``pk`` (its scoreboard, a hand), with the match's ETag (:func:`tagged`).

    A GET whose ``If-None-Match`` names the match's current version with the match's read key
    (:mod:`games.screen_keys`) is answered 304 before anything else, from the version row alone: no
    authentication, no access check, no throttle. Every other request is answered in full."""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        """Answer 304 to a GET whose If-None-Match names the match's current ETag."""
        if request.method in ("GET", "HEAD") and (tag := _current_tag(request, kwargs["pk"])):
            response = HttpResponseNotModified()
            response["ETag"] = tag
            patch_cache_control(response, private=True, no_cache=True)
            return response
        return super().dispatch(request, *args, **kwargs)


def _current_tag(request: HttpRequest, pk: int) -> str:
    """The ETag of match ``pk`` that ``If-None-Match`` names, if it has the match's key and is still
    current (one query, only then); else ``""``."""
    offered = set()
    for tag in parse_etags(request.headers.get("If-None-Match", "")):
        match, _, rest = tag.removeprefix("W/").strip('"').partition(".")
        version, _, key = rest.partition(".")
        if match == str(pk) and key_opens(key, pk, READ):
            offered.add(version)
    found = match_version(pk=pk) if offered else None
    return _etag(pk, found.screen_version) if found and str(found.screen_version) in offered else ""


def etag(match: Match) -> str:
    """A weak ETag of every read of the match (its scoreboard, each hand): the screen version, which
    every write that changes them bumps, with the match's read key."""
    return _etag(match.pk, match.screen_version)


def _etag(pk: int, version: int) -> str:
    return f'W/"{pk}.{version}.{screen_key(pk, READ)}"'


def tagged(response: Response, match: Match) -> Response:
    """``response`` with the match's ETag, to be revalidated before each use (it is per reader)."""
    response["ETag"] = etag(match)
    patch_cache_control(response, private=True, no_cache=True)
    return response


def recorder(request: Request) -> User | None:
    """Who records a hand: the signed-in user, or ``None`` for a table's guest (who has no account)."""
    return None if isinstance(request.user, TableGuest) else signed_in(request)


class SignedInOrTableGuest(BasePermission):
    """A write that records a match's hands: a signed-in user, or a table's guest (games.access then
    lets the guest record that table's match alone)."""

    def has_permission(self, request: Request, view: APIView) -> bool:
        """A signed-in account or a table's guest may write."""
        return bool(request.user.is_authenticated or isinstance(request.user, TableGuest))


def paginated(
    view: APIView, request: Request, rows: QuerySet[Any], output: type[serializers.Serializer[Any]]
) -> Response:
    """One page of ``rows`` (``?limit=&offset=``) with ``count``, ``next``, ``previous``, ``results``."""
    paginator = BoundedPagination()
    page = paginator.paginate_queryset(rows, request, view=view) or []
    return paginator.get_paginated_response(output(page, many=True).data)


class CardsField(serializers.ListField):
    """A list of card texts (docs/rules/shared.md A1: ``10D``, ``as``, ``Q♠``); the engine reads them."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("child", serializers.CharField(max_length=4))
        kwargs.setdefault("max_length", DECK_MAX)
        super().__init__(**kwargs)
