"""The audit log and the match's hash chain (docs/audit.md): one call, :func:`audit_record`, for every
change of who may do what and of every result that counts, made in the caller's transaction; and
:func:`chain_append`, which the writes of a match's record (hands, plays, undos, challenges, summaries)
call for each row they store.

A match's links are appended under its row's lock, which every writer of a match holds already
(:mod:`games.matches.services.locks`); :func:`audit_record` takes it too (again, at no cost, in the same
transaction), so two appends never race for one index. A play costs one insert (its link) and the
update of the match row that it makes anyway (:func:`games.matches.services.versions.match_version_bump`).
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.db import models
from django.utils import timezone

from games.audit import chain
from games.audit.selectors import entry_content
from games.models import AuditEntry, ChainLink, Club, Match

Kind = ChainLink.Kind
Actor = User | AnonymousUser | None  # who did it, as a request has it (``None``, anonymous: the system)


def audit_record(
    *,
    by: Actor,
    action: str,
    object: models.Model,  # the brief's word: the thing the change is about
    before: object = None,
    after: object = None,
    match: Match | None = None,
    club: Club | None = None,
    subject: User | None = None,
) -> AuditEntry:
    """Record that ``by`` (``None``: the system) did ``action`` (a dotted name, docs/audit.md) to
    ``object``, which was ``before`` and is now ``after`` (JSON-shaped; ``None``: did not exist / is
    gone). ``match`` puts the entry in that match's log and hash chain (and in its club's log);
    ``club`` in the club's log (its admins read it); ``subject`` names the account the change is about.
    Call it inside the transaction of the change, so that the change and its record are written
    together or not at all.
    """
    entry = AuditEntry.objects.create(
        at=timezone.now(),
        by=by if by is not None and by.is_authenticated else None,
        by_name=by.get_username() if by is not None and by.is_authenticated else "",
        action=action,
        object_type=object._meta.model_name or "",
        object_id="" if object.pk is None else str(object.pk),
        object_name=str(object)[:200],
        before=chain.jsonable(before),
        after=chain.jsonable(after),
        match=match,
        club_id=club.pk if club is not None else getattr(match, "club_id", None),
        subject=subject,
    )
    if match is not None:
        locked = (
            Match.objects.select_for_update(no_key=True).only("chain_head", "chain_length").get(pk=match.pk)
        )
        # The caller's row may be older than the stored one, or newer (links appended, not yet stored):
        # in one transaction under the lock, the longer chain is the current one.
        if locked.chain_length >= match.chain_length:
            match.chain_head, match.chain_length = locked.chain_head, locked.chain_length
        chain_append(match=match, kind=Kind.ENTRY, ref=entry.pk, content=entry_content(entry))
        chain_store(match=match)
    return entry


def chain_store(*, match: Match) -> None:
    """Store the head that :func:`chain_append` kept in ``match`` (a write that makes no update of the
    match row with :func:`~games.matches.services.versions.match_version_bump` after it)."""
    Match.objects.filter(pk=match.pk).update(chain_head=match.chain_head, chain_length=match.chain_length)


def chain_append(
    *, match: Match, kind: str, ref: int, content: dict[str, object], hand: int | None = None
) -> ChainLink:
    """Append a link for row ``ref`` of ``kind`` to the chain of ``match``, whose row the caller holds
    locked and read in this transaction. The new head is set on ``match`` only: the caller's update of
    the match row stores it (:func:`games.matches.services.versions.match_version_bump`, or
    :func:`audit_record`).
    """
    index = match.chain_length + 1
    link_digest = chain.digest(content)
    head = chain.next_head(match.chain_head, index, kind, link_digest)
    link = ChainLink.objects.create(
        match_id=match.pk, index=index, kind=kind, ref=ref, hand=hand, digest=link_digest, head=head
    )
    match.chain_head, match.chain_length = head, index
    return link
