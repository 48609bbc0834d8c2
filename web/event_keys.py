"""The key an event's open phones poll with (who may see or direct an event: :mod:`games.access`).

An open phone asks "anything new?" every few seconds with the event's version and a key (an HMAC of
the event's id, as :mod:`games.screen_keys` makes for matches), so that an unchanged event is answered
204 from its version row alone: no session, no account, no access query.
"""

from __future__ import annotations

from django.utils.crypto import constant_time_compare, salted_hmac


def event_key(pk: int) -> str:
    """The key a poll of event ``pk`` carries."""
    # The salt keeps the module's former name, so the keys open phones hold still open.
    return salted_hmac("web.event_access.read", str(pk), algorithm="sha256").hexdigest()[:32]


def key_opens(key: str, pk: int) -> bool:
    """Whether ``key`` is the event's read key."""
    return bool(key) and constant_time_compare(key, event_key(pk))
