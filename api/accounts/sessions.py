"""``/api/v1/me/sessions/``: the caller's signed-in devices (web sessions and the API token), and ending
one of them."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from api.accounts.base import AccountApi, current_keys
from games.access import signed_in
from games.people.selectors.accounts import TOKEN, WEB, device_list
from games.people.services.accounts import device_end


class SessionOutput(serializers.Serializer[Any]):
    """A device signed in to the account: a web session or the API token."""

    id = serializers.CharField(help_text="Stable while the device is signed in; not the secret itself.")
    kind = serializers.ChoiceField(choices=[WEB, TOKEN], help_text="A web session, or the API token.")
    device = serializers.CharField(help_text="The browser's User-Agent at sign-in (empty when unknown).")
    created_at = serializers.DateTimeField(allow_null=True, help_text="When it signed in.")
    last_seen = serializers.DateTimeField(allow_null=True, help_text="Web sessions: to within 10 minutes.")
    current = serializers.BooleanField(help_text="Whether this request came with it.")


class SessionListApi(AccountApi):
    """The devices signed in to the account, this one marked ``current``."""

    @extend_schema(operation_id="me_sessions_list", responses=SessionOutput(many=True))
    def get(self, request: Request) -> Response:
        session, token = current_keys(request)
        devices = device_list(user=signed_in(request), session_key=session, token_key=token)
        return Response(SessionOutput(devices, many=True).data)


class SessionDetailApi(AccountApi):
    """One device signed in to the account."""

    @extend_schema(operation_id="me_sessions_destroy", responses={204: None})
    def delete(self, request: Request, device: str) -> Response:
        """Sign the device out: a web session ends, the API token is deleted (every app signs in again)."""
        if not device_end(user=signed_in(request), device=device):
            raise Http404
        return Response(status=status.HTTP_204_NO_CONTENT)
