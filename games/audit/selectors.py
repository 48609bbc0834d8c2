"""Reads of the audit log and the check of a match's hash chain (docs/audit.md).

:func:`match_chain_verify` recomputes the chain from the stored rows: each link's digest from the row
it names, each head from the one before, the last against the head the match keeps (and prints on its
result card). A row changed behind the services' back, a row added or removed without its link, or a
link changed, and the verification fails. The only rows allowed to be gone are those a recorded
correction replaced (the correction's entry keeps what they were).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db.models import QuerySet

from games.audit import chain
from games.models import AuditEntry, ChainLink, Challenge, Club, Hand, HandSummary, Match, Play

CORRECTED = "hand.corrected"


def audit_list_match(match: Match) -> QuerySet[AuditEntry]:
    """The match's entries, oldest first."""
    return AuditEntry.objects.filter(match=match).select_related("by").order_by("at", "pk")


def audit_list_club(club: Club) -> QuerySet[AuditEntry]:
    """The club's entries (its memberships, events and matches), newest first."""
    return AuditEntry.objects.filter(club=club).select_related("by").order_by("-at", "-pk")


def audit_list_about(user_id: int) -> QuerySet[AuditEntry]:
    """The entries by or about the account ``user_id``, oldest first (its data export)."""
    by_or_about = AuditEntry.objects.filter(by_id=user_id) | AuditEntry.objects.filter(subject_id=user_id)
    return by_or_about.order_by("at", "pk")


@dataclass(frozen=True, slots=True)
class Verification:
    """Whether the match's record adds up to its head; ``problems``: which links do not (for logs)."""

    ok: bool
    head: str
    length: int
    problems: tuple[str, ...] = ()

    @property
    def code(self) -> str:
        """The head's short code, as the result card prints it."""
        return chain.short_code(self.head)


def entry_content(entry: AuditEntry) -> dict[str, object]:
    """What an entry's link hashes."""
    return chain.entry_content(
        at=entry.at,
        action=entry.action,
        object_type=entry.object_type,
        object_id=entry.object_id,
        before=entry.before,
        after=entry.after,
    )


def _rows(match: Match) -> dict[str, dict[int, dict[str, object]]]:
    """Each chained row of the match by kind and primary key, as its link hashes it."""
    hands = {hand.pk: hand for hand in Hand.objects.filter(match=match)}
    number = {pk: hand.number for pk, hand in hands.items()}
    plays = list(Play.objects.filter(match=match))
    return {
        ChainLink.Kind.HAND: {
            pk: chain.hand_content(
                number=h.number, dealer=h.dealer, starter=h.starter, table=h.table, set_aside=h.set_aside
            )
            for pk, h in hands.items()
        },
        ChainLink.Kind.PLAY: {
            p.pk: chain.play_content(
                hand=number[p.hand_id], seq=p.seq, seat=p.seat, card=p.card, taken=p.taken
            )
            for p in plays
        },
        ChainLink.Kind.UNDO: {
            p.pk: chain.undo_content(hand=number[p.hand_id], seq=p.seq, card=p.card)
            for p in plays
            if p.undone_at is not None
        },
        ChainLink.Kind.CHALLENGE: {
            c.pk: chain.challenge_content(hand=number[c.hand_id], play=c.play_id, seat=c.seat)
            for c in Challenge.objects.filter(match=match)
        },
        ChainLink.Kind.SUMMARY: {
            s.pk: chain.summary_content(hand=number[s.hand_id], entries=s.entries)
            for s in HandSummary.objects.filter(hand__match=match)
        },
        ChainLink.Kind.ENTRY: {e.pk: entry_content(e) for e in AuditEntry.objects.filter(match=match)},
    }


def match_chain_verify(match: Match) -> Verification:
    """Recompute the chain of ``match`` from its stored rows (see the module)."""
    links = list(ChainLink.objects.filter(match=match).order_by("index"))
    rows = _rows(match)
    corrected = _corrections(rows[ChainLink.Kind.ENTRY], links)
    problems: list[str] = []
    head = ""
    for position, link in enumerate(links, start=1):
        head = chain.next_head(head, position, link.kind, link.digest)
        if link.index != position or link.head != head:
            problems.append(f"link {link.index}: out of order or its head changed")
        content = rows.get(link.kind, {}).get(link.ref)
        if content is None:
            if not (link.hand is not None and corrected(link.hand, position)):
                problems.append(f"link {link.index}: its {link.kind} {link.ref} is gone")
        elif chain.digest(content) != link.digest:
            problems.append(f"link {link.index}: its {link.kind} {link.ref} changed")
    for kind, by_pk in rows.items():
        chained = {link.ref for link in links if link.kind == kind}
        problems.extend(f"{kind} {pk}: not in the chain" for pk in by_pk.keys() - chained)
    if head != match.chain_head or len(links) != match.chain_length:
        problems.append("the match's head is not its chain's")
    return Verification(
        ok=not problems, head=match.chain_head, length=match.chain_length, problems=tuple(problems)
    )


def _corrections(entries: dict[int, dict[str, object]], links: list[ChainLink]) -> Callable[[int, int], bool]:
    """Whether hand ``number`` was corrected by an entry chained after link ``position``."""
    hands = {pk: content for pk, content in entries.items() if content.get("action") == CORRECTED}
    numbers = dict(
        Hand.objects.filter(pk__in=[_hand_pk(c) for c in hands.values()]).values_list("pk", "number")
    )
    after: dict[int, int] = {}  # hand number -> the position of its last correction
    for position, link in enumerate(links, start=1):
        if link.kind == ChainLink.Kind.ENTRY and link.ref in hands:
            number = numbers.get(_hand_pk(hands[link.ref]))
            if number is not None:
                after[number] = position
    return lambda number, position: after.get(number, 0) > position


def _hand_pk(content: dict[str, object]) -> int:
    kind_and_id = content["object"]
    assert isinstance(kind_and_id, list)
    return int(kind_and_id[1])
