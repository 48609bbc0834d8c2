"""What every events view shares: reading an event with its permission check."""

from __future__ import annotations

from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request

from api.records.base import RecordsApi
from games.access import event_for
from games.events.models import Event
from games.events.selectors import with_versions_and_creator
from games.models import Membership


class EventsApi(RecordsApi):
    """Base view of the events API: an event is read by its club's members and directed (every write)
    by its club's admins. What the caller may not read is 404; a member's write is 403
    ``auth.forbidden``, as in the records API."""

    def event(self, request: Request, pk: int) -> Event:
        """The event ``pk`` if this request may read it (GET) or direct it (others)."""
        writes = request.method not in SAFE_METHODS
        return event_for(request.user, pk, write=writes, read=with_versions_and_creator)[0]

    def event_directed(self, request: Request, pk: int) -> tuple[Event, bool]:
        """The event ``pk``, as :meth:`event` reads it, and whether this request directs it (the
        director's answers carry the tables' codes)."""
        writes = request.method not in SAFE_METHODS
        event, role = event_for(request.user, pk, write=writes, read=with_versions_and_creator)
        return event, role == Membership.Role.ADMIN
