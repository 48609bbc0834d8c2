"""Screen versions: numbers that every write changing what a match's or an event's screens (or the
API's reads of them) show bumps, so that a poll or a conditional GET compares one number instead of
rebuilding it all; and the push of each change to the open screens (:mod:`games.push`) once the write
commits.
"""

from __future__ import annotations

from functools import partial

from django.db.models import F

from games.events.models import Event, Table
from games.events.selectors import event_version
from games.models import Match
from games.push import ASK, event_topic, match_topic, publish


def match_version_bump(*, match: Match, chained: bool = False, change: str = "") -> None:
    """Count one more change of ``match``, whose row the caller holds locked in its transaction (so the
    number kept in ``match`` is the stored one, for the answer rendered from it). ``chained``: the
    caller appended to the match's hash chain (``games.audit.services.chain_append``), whose new head,
    kept in ``match``, this same update stores. ``change``: the change pushed with the version, for the
    phones that draw it themselves (:func:`games.push.publish`)."""
    fields: dict[str, object] = {"screen_version": F("screen_version") + 1}
    if chained:
        fields.update(chain_head=match.chain_head, chain_length=match.chain_length)
    Match.objects.filter(pk=match.pk).update(**fields)
    match.screen_version += 1
    publish(match_topic(match.pk), str(match.screen_version), change)


def match_result_changed(*, match: Match) -> None:
    """``match``'s result (status, totals) may have changed: the event whose table it is, if any, shows
    it (``games.events.selectors.event_version`` counts its finished tables)."""
    if match.club_id is None:  # an event's matches are its club's
        return
    event = Table.objects.filter(match_id=match.pk).values_list("round__event_id", flat=True).first()
    if event is not None:
        publish(event_topic(event), partial(_event_shown, event))


def event_version_bump(*, event: Event, past: int = 0) -> None:
    """Count one more change of ``event`` (``past``: and that many more, so that its version, which adds
    its tables' match versions, never falls back to a number a phone has seen)."""
    Event.objects.filter(pk=event.pk).update(version=F("version") + 1 + past)
    publish(event_topic(event.pk), partial(_event_shown, event.pk))


def _event_shown(pk: int) -> str:
    """The version an event's screens show, read once the write has committed ("" if it is gone)."""
    found = event_version(pk)
    return ASK if found is None else str(found)
