"""A match's screen version: a number that every write changing what its screen (or the API's reads of
it) shows bumps, so that a poll or a conditional GET compares one number instead of rebuilding it all.
"""

from __future__ import annotations

from django.db.models import F

from games.models import Match


def match_version_bump(*, match: Match, chained: bool = False) -> None:
    """Count one more change of ``match``, whose row the caller holds locked in its transaction (so the
    number kept in ``match`` is the stored one, for the answer rendered from it). ``chained``: the
    caller appended to the match's hash chain (``games.services.audit.chain_append``), whose new head,
    kept in ``match``, this same update stores."""
    fields: dict[str, object] = {"screen_version": F("screen_version") + 1}
    if chained:
        fields.update(chain_head=match.chain_head, chain_length=match.chain_length)
    Match.objects.filter(pk=match.pk).update(**fields)
    match.screen_version += 1
