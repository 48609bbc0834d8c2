"""``/api/v1/me/``: who the caller is, and the e-mail address password resets go to (used only once
verified by the link mailed to it)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.urls import reverse
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from api.accounts.base import AccountApi
from api.accounts.deletion import AccountDeleteMixin
from api.inputs import valid
from games.access import signed_in
from games.people.selectors.accounts import pending_email_of
from games.people.selectors.players import player_of
from games.people.services.accounts import email_change_request
from scorekeeper.errors import envelope
from scorekeeper.public import public_url


class MeOutput(serializers.Serializer[Any]):
    """The signed-in account: its user name, name at the tables and e-mail address."""

    username = serializers.CharField(help_text="The account's user name: its public handle, never changed.")
    display_name = serializers.CharField(help_text="Its player's name at the tables (else the user name).")
    email = serializers.EmailField(
        allow_null=True,
        help_text="The address last asked for: the pending one, else the verified one.",
    )
    email_verified = serializers.BooleanField(help_text="Whether ``email`` is verified (and so used).")
    verified_email = serializers.EmailField(
        allow_null=True, help_text="The address password resets go to (null: none, a reset is impossible)."
    )
    pending_email = serializers.EmailField(allow_null=True, help_text="The address waiting for its link.")


def me_facts(user: User) -> dict[str, Any]:
    """The account's facts as MeOutput shows them."""
    player, pending = player_of(user), pending_email_of(user)
    return {
        "username": user.get_username(),
        "display_name": player.name if player else user.get_username(),
        "email": pending.email if pending else user.email or None,
        "email_verified": pending is None and bool(user.email),
        "verified_email": user.email or None,
        "pending_email": pending.email if pending else None,
    }


class MeApi(AccountDeleteMixin, AccountApi):
    """The caller's account: read, change its e-mail address, delete it."""

    @extend_schema_serializer(component_name="MeUpdateInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        """A new e-mail address for the account (empty: none)."""

        email = serializers.EmailField(
            max_length=254,
            allow_blank=True,
            help_text="Stored as pending and mailed a verification link; used for resets only once the link"
            " is followed. An empty string removes the account's address.",
        )

    @extend_schema(operation_id="me_retrieve", responses=MeOutput)
    def get(self, request: Request) -> Response:
        return Response(MeOutput(me_facts(signed_in(request))).data)

    @extend_schema(
        operation_id="me_partial_update",
        request=InputSerializer,
        responses=MeOutput,
        description="503 ``mail.unavailable``: the verification mail could not be sent (the address stays"
        " pending; send it again later).",
    )
    def patch(self, request: Request) -> Response:
        data = valid(self.InputSerializer, request.data)
        user = signed_in(request)

        def link(token: str) -> str:
            return public_url(request, reverse("account-email-verify", args=[token]))

        if not email_change_request(user=user, email=data["email"], link=link):
            body = envelope(
                "mail.unavailable", gettext("The mail could not be sent; please try again later.")
            )
            return Response(body, status=status.HTTP_503_SERVICE_UNAVAILABLE, headers={"Retry-After": "60"})
        return Response(MeOutput(me_facts(user)).data)
