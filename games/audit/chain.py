"""A match's hash chain (docs/audit.md): what each link hashes, and how links add up to a head.

Each write that changes what a match's result is read from appends one link: the sha256 of the
written row's canonical content (sorted-key JSON of the fields the result is read from, never its
primary key, its author or bookkeeping such as revisions) and the new head, the sha256 of the previous
head and the link. A row changed afterwards behind the services' back no longer hashes to its link's
digest, and a link changed with it no longer adds up to the head that the result card and the event's
printed results carry.

Who did each thing is kept with the rows (and in the log) but not hashed: deleting an account empties
its links to what it recorded (``SET_NULL``), and that must not break the chains of the matches it
played in.

Pure functions of plain values: the services, the verification (``games.audit.selectors``) and the
migration that chained the matches recorded before the chain all hash with these.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder

SHORT = 8  # hex digits of the short code on a result card


def jsonable(value: object) -> Any:  # JSON-shaped: what a JSONField gives back
    """``value`` as a JSON field stores it and reads it back (dates as text, tuples as lists)."""
    return json.loads(json.dumps(value, cls=DjangoJSONEncoder))


def digest(content: Mapping[str, object]) -> str:
    """sha256 of the canonical JSON of ``content`` (sorted keys, no spaces)."""
    text = json.dumps(
        content, sort_keys=True, separators=(",", ":"), ensure_ascii=False, cls=DjangoJSONEncoder
    )
    return hashlib.sha256(text.encode()).hexdigest()


def next_head(previous: str, index: int, kind: str, link_digest: str) -> str:
    """The head after link ``index`` of ``kind`` hashing to ``link_digest``, following ``previous``."""
    return hashlib.sha256(f"{previous}:{index}:{kind}:{link_digest}".encode()).hexdigest()


def short_code(head: str) -> str:
    """The head as a card prints it: its first eight hex digits, in two groups (empty: no chain)."""
    code = head[:SHORT].upper()
    return f"{code[:4]}-{code[4:]}" if code else ""


def hand_content(
    *, number: int, dealer: int, starter: int | None, table: Sequence[str], set_aside: Sequence[str]
) -> dict[str, object]:
    """What a hand's link hashes: its number, dealer, starter and the cards laid before play."""
    return {
        "hand": number,
        "dealer": dealer,
        "starter": starter,
        "table": list(table),
        "set_aside": list(set_aside),
    }


def play_content(*, hand: int, seq: int, seat: int, card: str, taken: Sequence[str]) -> dict[str, object]:
    """What a play's link hashes."""
    return {"hand": hand, "seq": seq, "seat": seat, "card": card, "taken": list(taken)}


def undo_content(*, hand: int, seq: int, card: str) -> dict[str, object]:
    """What an undo's link hashes: the play undone."""
    return {"hand": hand, "seq": seq, "card": card, "undone": True}


def challenge_content(*, hand: int, play: int, seat: int) -> dict[str, object]:
    """What a challenge's link hashes."""
    return {"hand": hand, "play": play, "seat": seat}


def summary_content(*, hand: int, entries: object) -> dict[str, object]:
    """What a quick summary's link hashes: each side's entry."""
    return {"hand": hand, "entries": entries}


def entry_content(
    *,
    at: datetime,
    action: str,
    object_type: str,
    object_id: str,
    before: object,
    after: object,
) -> dict[str, object]:
    """What an audit entry's link hashes: when, what action, on which object, before and after."""
    return {
        "at": at.isoformat(),
        "action": action,
        "object": [object_type, object_id],
        "before": before,
        "after": after,
    }
