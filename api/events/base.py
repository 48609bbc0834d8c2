"""What every events view shares: reading an event with its permission check."""

from __future__ import annotations

from django.http import Http404
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request

from api.records.base import RecordsApi
from games.events import selectors
from games.events.models import Event


class EventsApi(RecordsApi):
    """Base view of the events API: an event is read by its club's members and directed (every write)
    by its club's admins. What the caller may not read is 404; a member's write is 403
    ``auth.forbidden``, as in the records API."""

    def event(self, request: Request, pk: int) -> Event:
        """The event ``pk`` if this request may read it (GET) or direct it (others)."""
        visible = Event.objects.filter(selectors.event_visible_to(request.user), pk=pk)
        event = selectors.with_versions(visible).select_related("club", "created_by").first()
        if event is None:
            raise Http404
        if request.method not in SAFE_METHODS and not selectors.can_direct(request.user, event):
            self.permission_denied(request)
        return event
