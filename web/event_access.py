"""Who may see or direct an event on the web, and the key its open phones poll with.

A club's members read its events; its admins direct them; anyone holding an event's share link reads
it, and nothing more. Anyone else is told the event does not exist (404), as for matches.

An open phone asks "anything new?" every few seconds with the event's version and a key (an HMAC of
the event's id, as :mod:`games.screen_keys` makes for matches), so that an unchanged event is answered
204 from its version row alone: no session, no account, no access query.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.crypto import constant_time_compare, salted_hmac

from games.access import club_role
from games.events.models import Event
from games.events.selectors import event_shared
from games.models import Membership


def event_key(pk: int) -> str:
    """The key a poll of event ``pk`` carries."""
    return salted_hmac("web.event_access.read", str(pk), algorithm="sha256").hexdigest()[:32]


def key_opens(key: str, pk: int) -> bool:
    return bool(key) and constant_time_compare(key, event_key(pk))


def event_role(event: Event, user: User | AnonymousUser) -> str | None:
    """``admin`` or ``member`` of the event's club, or ``None``."""
    if not user.is_authenticated:
        return None
    assert isinstance(user, User)
    return club_role(club=event.club, user=user)


def event_readable(user: User | AnonymousUser, pk: int) -> tuple[Event, str]:
    """The event and the visitor's role in its club, if a member (404 otherwise)."""
    event = Event.objects.select_related("club", "season").filter(pk=pk).first()
    role = None if event is None else event_role(event, user)
    if event is None or role is None:
        raise Http404
    return event, role


def event_directed(user: User | AnonymousUser, pk: int) -> Event:
    """The event, if the visitor is an admin of its club.

    Raises:
        Http404: unknown, or not the visitor's club's; PermissionDenied: a plain member.
    """
    event, role = event_readable(user, pk)
    if role != Membership.Role.ADMIN:
        raise PermissionDenied
    return event


def event_by_link(token: str) -> Event:
    """The event behind a share link (404 for an unknown or withdrawn link)."""
    event = event_shared(token)
    if event is None:
        raise Http404
    return event
