"""Table codes (docs/events.md, "Guests' tables"): each table of a published round has a short code,
printed beside its QR. Whoever enters it, without an account, records that table's match and nothing
else until the event ends: the web keeps the grant in the visitor's session, the API hands out a
signed token (``Authorization: Token ...``). Both are read back as a
:class:`games.access.TableGuest`, which the one access policy lets record that match alone.

A code is 8 characters drawn by ``secrets`` from 27 that cannot be mistaken for one another (no 0/O,
1/I/L, 5/S, 2/Z): 27^8, about 2.8 * 10^11 codes, against a few wrong tries an hour from one address.
"""

from __future__ import annotations

import secrets

from django.core import signing
from django.db import transaction

from games.access import TableGuest
from games.audit.services import audit_record
from games.events.errors import TableCodeExpired
from games.events.models import Event, Table
from games.events.selectors import event_history

ALPHABET = "346789ABCDEFGHJKMNPQRTUVWXY"  # digits and capitals that no font confuses
LENGTH = 8
SESSION_KEY = "table_guest"  # in the web session: the signed grant
_SALT = "games.events.table_codes"


def table_code_new() -> str:
    """A new table code (unique among tables by the database's index; a clash is about 1 in 10^11)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def code_clean(text: str) -> str:
    """The code as typed, with spaces and dashes dropped and letters capitalised ('' if it cannot be
    one: too long, or a character not in the alphabet)."""
    code = "".join(char for char in text.upper() if char not in " -")
    return code if len(code) == LENGTH and all(char in ALPHABET for char in code) else ""


def code_matches(table: Table, text: str) -> bool:
    """Whether ``text``, as typed, is ``table``'s code (compared in constant time)."""
    return bool(table.code) and secrets.compare_digest(code_clean(text), table.code)


def table_of_code(text: str) -> Table | None:
    """The table whose code is ``text`` (with its round and event), or ``None``."""
    code = code_clean(text)
    found = Table.objects.select_related("round__event").filter(code=code).first() if code else None
    if found is None or not secrets.compare_digest(code, found.code):
        return None
    return found


def event_over(event: Event) -> bool:
    """Whether the event has ended: every planned round paired and every table counting a result."""
    if not event.rounds or event.event_rounds.count() < event.rounds:
        return False
    return not event_history(event, 2).missing


def table_token(table: Table) -> str:
    """The grant of ``table``'s match, signed: what the API's token and the web's session hold."""
    return signing.dumps({"table": table.pk, "code": table.code}, salt=_SALT)


def table_guest(token: str) -> TableGuest | None:
    """The guest a grant names (``None``: no grant, a forged one, or a table whose code changed). Its
    ``recording`` is whether the event still takes the table's results."""
    try:
        grant = signing.loads(token, salt=_SALT)
        table = Table.objects.select_related("round__event").get(pk=grant["table"], code=grant["code"])
    except (signing.BadSignature, Table.DoesNotExist, KeyError, TypeError):
        return None
    return TableGuest(table=table.pk, match=table.match_id, recording=not event_over(table.round.event))


@transaction.atomic
def table_session_open(*, table: Table, web: bool) -> str:
    """Let whoever entered ``table``'s code record its match: the grant's token, recorded in the
    match's log.

    Raises:
        TableCodeExpired: the event has ended.
    """
    event = table.round.event
    if event_over(event):
        raise TableCodeExpired(table=table.number)
    audit_record(
        by=None,
        action="table.code_entered",
        object=table,
        after={"table": table.number, "round": table.round.number, "via": "web" if web else "api"},
        match=table.match,
        club=event.club,
    )
    return table_token(table)
