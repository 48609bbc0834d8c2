"""``DELETE /api/v1/me/`` with ``{"password"}``: the caller's account goes, as docs/accounts.md
(Deleting one's account) says; every session and API token of the account ends with it.

The route ``me/`` is shared with reading and changing the account (``GET``/``PATCH``): the DELETE is
:class:`AccountDeleteMixin`, which :class:`api.accounts.me.MeApi` lists first; its own throttle
counts DELETEs only.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import logout
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle

from api.inputs import valid
from games.access import signed_in
from games.people.services.deletion import account_delete
from scorekeeper.throttles import AccountDeleteThrottle


class AccountDeleteInput(serializers.Serializer[Any]):
    """The password that confirms deleting the account."""

    password = serializers.CharField(max_length=4096, trim_whitespace=False)


class AccountDeleteMixin:
    """The DELETE of ``/api/v1/me/``, for the view class that serves the route."""

    def get_throttles(self) -> list[BaseThrottle]:
        """The view's throttles, and AccountDeleteThrottle on DELETE."""
        request = getattr(self, "request", None)
        others: list[BaseThrottle] = super().get_throttles()  # type: ignore[misc]  # a mixin: the APIView after it has them
        if request is not None and request.method == "DELETE":
            return [*others, AccountDeleteThrottle()]
        return others

    @extend_schema(operation_id="me_delete", request=AccountDeleteInput, responses={204: None})
    def delete(self, request: Request) -> Response:
        password = valid(AccountDeleteInput, request.data)["password"]
        account_delete(user=signed_in(request), password=password)
        logout(request._request)  # the session of this request too, if it came with one
        return Response(status=status.HTTP_204_NO_CONTENT)
