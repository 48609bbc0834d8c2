"""Confirmed results (docs/events.md, "Confirmed results"): in an event that asks for them, a table's
match result counts only once a second person at the table confirms it. The first person is whoever
made the match's last recording write (a play or a hand's summary, corrections included: an account,
or the table's code); the second is anyone else who may record the match: another seat's account, the
table's code, a director. A confirmation names the places and game points it saw, so a result changed
afterwards (a corrected hand) waits for a new one. A director's result counts without one.
"""

from __future__ import annotations

from django.db import transaction

from games.access import TableGuest, User, can_record_match, match_allow
from games.audit.services import audit_record
from games.events.errors import ConfirmNotAsked, ConfirmSamePerson, ConfirmUnfinished
from games.events.models import Event, ResultConfirmation, Table
from games.events.selectors import confirmation_of, match_result, override_of
from games.matches.services.versions import event_version_bump
from games.models import HandSummary, Match, Play


def recorder_of(match: Match) -> int | None:
    """The account that made the match's last recording write (``None``: the table's code)."""
    play = Play.objects.filter(match=match, undone_at__isnull=True).order_by("-created_at", "-pk").first()
    summary = HandSummary.objects.filter(hand__match=match).order_by("-created_at", "-pk").first()
    writes = [write for write in (play, summary) if write is not None]
    latest = max(writes, key=lambda write: write.created_at, default=None)
    return None if latest is None else latest.created_by_id


def confirms_as(user: User) -> int | None:
    """Who ``user`` confirms as: the account, or ``None`` for the table's code."""
    return None if isinstance(user, TableGuest) else int(user.pk or 0)


def confirmable_by(*, table: Table, user: User) -> bool:
    """Whether ``user`` may confirm the table's result now: the event asks for it, the match has a
    result that waits for one, and ``user`` may record the match without having recorded it last."""
    event: Event = table.round.event
    if not event.confirm_results or override_of(table) is not None:
        return False
    result = match_result(table)
    if result is None or confirmation_of(table, result) is not None:
        return False
    return can_record_match(user, table.match) and recorder_of(table.match) != confirms_as(user)


@transaction.atomic
def table_result_confirm(*, table: Table, by: User) -> ResultConfirmation:
    """Confirm the result of the table's match as it stands, by ``by`` (an account or the table's
    guest), recorded in the match's log. Confirming a result already confirmed adds a confirmation.

    Raises:
        PermissionDenied, Http404: ``by`` may not record the table's match.
        ConfirmNotAsked: the event counts results without a confirmation.
        ConfirmUnfinished: the match has no result yet.
        ConfirmSamePerson: ``by`` made the match's last recording write.
    """
    match = Match.objects.select_for_update().get(pk=table.match_id)
    table = Table.objects.select_related("round__event__club", "match").get(pk=table.pk)
    match_allow(by, match, write=True, record=True)  # the one policy, on the row locked above
    event = table.round.event
    if not event.confirm_results:
        raise ConfirmNotAsked()
    result = match_result(table)
    if result is None:
        raise ConfirmUnfinished(table=table.number)
    if recorder_of(match) == confirms_as(by):
        raise ConfirmSamePerson(table=table.number)
    shown = {"places": list(result.places), "scores": list(result.scores)}
    account = by if by.is_authenticated else None
    confirmation = ResultConfirmation.objects.create(
        table=table,
        result=shown,
        by=account,  # an account, or None for the table's code
        by_code=isinstance(by, TableGuest),
    )
    after = {**shown, "via": "code" if confirmation.by_code else "account"}
    audit_record(
        by=by, action="table.result_confirmed", object=confirmation, after=after, match=match, club=event.club
    )
    event_version_bump(event=event)
    return confirmation
