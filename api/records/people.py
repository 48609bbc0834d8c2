"""Players, clubs, memberships and seasons."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_serializer
from rest_framework import exceptions, serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from api.idempotency import idempotent
from api.inputs import valid
from api.records.base import RecordsApi, paginated
from games.access import player_for, signed_in
from games.clubs.selectors import club_list_by_name, membership_list, season_list
from games.clubs.services.clubs import club_create, membership_create, season_create
from games.models import Membership, Player
from games.people.selectors.players import account_known_named, players_known
from games.people.services.players import player_create
from scorekeeper.sign_in import failures_clear, wait_seconds
from scorekeeper.throttles import wait_text

NAME_HELP = (
    "Stored NFC-normalized with its spaces trimmed; refused as name.invalid without a visible letter or"
    " digit, or with control or format characters (bidi controls, zero-width spaces)."
)


class PlayerOutput(serializers.Serializer[Player]):
    """A player and the account it belongs to, if any."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    user = serializers.CharField(source="user.username", allow_null=True, default=None)


class PlayerListCreateApi(RecordsApi):
    """Players at the tables: a signed-in user lists those they share a match or a club with, and adds
    one."""

    @extend_schema_serializer(component_name="PlayerListCreateInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        """A new player's name; ``me`` links it to the account."""

        name = serializers.CharField(max_length=80, allow_blank=True, help_text=NAME_HELP)
        me = serializers.BooleanField(default=False, help_text="Link the player to my account.")

    @extend_schema(
        operation_id="players_list",
        parameters=[OpenApiParameter("search", str, description="Part of the name.")],
        responses=PlayerOutput(many=True),
    )
    def get(self, request: Request) -> Response:
        mine = players_known(user=request.user, search=request.query_params.get("search", ""))
        return paginated(self, request, mine, PlayerOutput)

    @idempotent
    @extend_schema(operation_id="players_create", request=InputSerializer, responses={201: PlayerOutput})
    def post(self, request: Request) -> Response:
        data = valid(self.InputSerializer, request.data)
        by = signed_in(request)
        player = player_create(name=data["name"], by=by, user=by if data["me"] else None)
        return Response(PlayerOutput(player).data, status=status.HTTP_201_CREATED)


class PlayerDetailApi(RecordsApi):
    """A player you may see."""

    @extend_schema(operation_id="players_retrieve", responses=PlayerOutput)
    def get(self, request: Request, pk: int) -> Response:
        return Response(PlayerOutput(player_for(request.user, pk)).data)


class ClubOutput(serializers.Serializer[Any]):
    """A club."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    created_at = serializers.DateTimeField()


class ClubListCreateApi(RecordsApi):
    """My clubs; creating one makes me its admin."""

    @extend_schema_serializer(component_name="ClubListCreateInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        """A new club's name."""

        name = serializers.CharField(max_length=120, allow_blank=True, help_text=NAME_HELP)

    @extend_schema(operation_id="clubs_list", responses=ClubOutput(many=True))
    def get(self, request: Request) -> Response:
        return paginated(self, request, club_list_by_name(user=request.user), ClubOutput)

    @idempotent
    @extend_schema(operation_id="clubs_create", request=InputSerializer, responses={201: ClubOutput})
    def post(self, request: Request) -> Response:
        data = valid(self.InputSerializer, request.data)
        club = club_create(name=data["name"], by=signed_in(request))
        return Response(ClubOutput(club).data, status=status.HTTP_201_CREATED)


class ClubDetailApi(RecordsApi):
    """A club you belong to."""

    @extend_schema(operation_id="clubs_retrieve", responses=ClubOutput)
    def get(self, request: Request, pk: int) -> Response:
        return Response(ClubOutput(self.club(request, pk)).data)


class MembershipOutput(serializers.Serializer[Membership]):
    """A member of a club and their role."""

    id = serializers.IntegerField()
    user = serializers.CharField(source="user.username")
    role = serializers.ChoiceField(choices=Membership.Role.choices)
    created_at = serializers.DateTimeField()


class MembershipListCreateApi(RecordsApi):
    """A club's members: members read, admins add people (or change a member's role)."""

    @extend_schema_serializer(component_name="MembershipListCreateInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        """The account to add to the club, and its role."""

        username = serializers.CharField(
            max_length=150, source="user", help_text="Someone who shares a club or a match with you."
        )
        role = serializers.ChoiceField(choices=Membership.Role.choices, default=Membership.Role.MEMBER)

        def validate_username(self, name: str) -> User:
            """The account among those the admin knows; others are answered as if none existed."""
            user = self.context["request"].user
            account = account_known_named(user=user, name=name.strip())
            if account is None:
                raise serializers.ValidationError(
                    gettext("You share no club or match with anyone called %(name)s.") % {"name": name}
                )
            return account

    @extend_schema(operation_id="clubs_memberships_list", responses=MembershipOutput(many=True))
    def get(self, request: Request, pk: int) -> Response:
        club = self.club(request, pk)
        return paginated(self, request, membership_list(club=club), MembershipOutput)

    @idempotent
    @extend_schema(
        operation_id="clubs_memberships_create", request=InputSerializer, responses={201: MembershipOutput}
    )
    def post(self, request: Request, pk: int) -> Response:
        club = self.club(request, pk)
        data = valid(self.InputSerializer, request.data, {"request": request})
        membership = membership_create(club=club, user=data["user"], role=data["role"], by=request.user)
        return Response(MembershipOutput(membership).data, status=status.HTTP_201_CREATED)


class SeasonOutput(serializers.Serializer[Any]):
    """A season of a club, with its dates."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    starts_on = serializers.DateField(allow_null=True)
    ends_on = serializers.DateField(allow_null=True)


class SeasonListCreateApi(RecordsApi):
    """A club's seasons: members read, admins add."""

    @extend_schema_serializer(component_name="SeasonListCreateInput")
    class InputSerializer(serializers.Serializer[dict[str, Any]]):
        """A new season's name and dates."""

        name = serializers.CharField(max_length=120, allow_blank=True, help_text=NAME_HELP)
        starts_on = serializers.DateField(required=False, allow_null=True)
        ends_on = serializers.DateField(required=False, allow_null=True)

        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            """A season ends on or after the day it starts."""
            starts, ends = attrs.get("starts_on"), attrs.get("ends_on")
            if starts and ends and ends < starts:
                raise serializers.ValidationError({"ends_on": "A season ends on or after the day it starts."})
            return attrs

    @extend_schema(operation_id="clubs_seasons_list", responses=SeasonOutput(many=True))
    def get(self, request: Request, pk: int) -> Response:
        return paginated(self, request, season_list(club=self.club(request, pk)), SeasonOutput)

    @idempotent
    @extend_schema(
        operation_id="clubs_seasons_create", request=InputSerializer, responses={201: SeasonOutput}
    )
    def post(self, request: Request, pk: int) -> Response:
        club = self.club(request, pk)
        data = valid(self.InputSerializer, request.data)
        season = season_create(club=club, **data)
        return Response(SeasonOutput(season).data, status=status.HTTP_201_CREATED)


class SignInRefused(exceptions.Throttled):
    """``request.throttled`` for a sign-in over its limits: the message says the wait in minutes."""

    def __init__(self, seconds: int) -> None:
        super().__init__(detail=wait_text(seconds))
        self.wait = seconds


class TokenCreateApi(RecordsApi):
    """App sign-in: username and password give the account's API token (``Authorization: Token ...``)."""

    permission_classes = [AllowAny]

    @extend_schema_serializer(component_name="TokenCreateOutput")
    class OutputSerializer(serializers.Serializer[Any]):
        """The account's API token."""

        token = serializers.CharField()
        username = serializers.CharField()

    @extend_schema(operation_id="auth_token_create", request=AuthTokenSerializer, responses=OutputSerializer)
    def post(self, request: Request) -> Response:
        try:
            user = valid(AuthTokenSerializer, request.data, {"request": request})["user"]
        except exceptions.ValidationError:
            if getattr(request, "axes_locked_out", False):  # the sign-in limits refused it (or this ended it)
                seconds = wait_seconds(request, getattr(request, "axes_credentials", None))
                raise SignInRefused(seconds) from None
            raise
        failures_clear(request._request, user)  # as the web sign-in does
        token, _ = Token.objects.get_or_create(user=user)
        return Response(self.OutputSerializer({"token": token.key, "username": user.get_username()}).data)
