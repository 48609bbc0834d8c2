"""A table's guest on the web (docs/events.md, "Guests' tables"): the visitor's session keeps the grant
that entering a table's code gave, and this middleware reads it back as a
:class:`games.access.TableGuest` for a visitor not signed in, which the one access policy lets record
that table's match alone. Also the match screen's box for confirming an event table's result.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth import get_user
from django.http import HttpRequest, HttpResponse
from django.utils.functional import SimpleLazyObject

from games.access import User
from games.events.confirmations import confirmable_by
from games.events.selectors import awaiting_confirmation, table_of_match
from games.events.table_codes import SESSION_KEY, table_guest
from games.models import Match


class TableGuestMiddleware:
    """After Django's authentication: a visitor not signed in whose session holds a table's grant is
    that table's guest (read lazily, as Django reads the account)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        account = request.user  # Django's, lazy: nothing is read until a view asks
        request.user = SimpleLazyObject(lambda: _guest_or(account, request))  # type: ignore[assignment]  # lazy, as Django sets it
        return self.get_response(request)


def visitor(request: HttpRequest) -> User:
    """The visitor as this middleware reads it, from the request's session now: its account, or the
    table's guest (a push stream asks again this way: web/views/live.py)."""
    return _guest_or(get_user(request), request)


def _guest_or(account: User, request: HttpRequest) -> User:
    if account.is_authenticated:
        return account
    grant = request.session.get(SESSION_KEY)
    return (table_guest(grant) if isinstance(grant, str) else None) or account


@dataclass(frozen=True, slots=True)
class ConfirmationBox:
    """What a finished event table's match shows of its confirmation: ``waiting`` for one (and
    whether this visitor may give it), or ``confirmed``."""

    waiting: bool
    can_confirm: bool


def confirmation_box(match: Match, user: User) -> ConfirmationBox | None:
    """The box for a finished match of an event that asks for confirmed results (else ``None``)."""
    if match.status != Match.Status.FINISHED:
        return None
    table = table_of_match(match_id=match.pk)
    if table is None or not table.round.event.confirm_results:
        return None
    waiting = awaiting_confirmation(table)
    return ConfirmationBox(waiting, waiting and confirmable_by(table=table, user=user))
