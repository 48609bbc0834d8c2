"""One error envelope for the whole API (a table of cases)."""

from __future__ import annotations

import pytest
from django.test import override_settings
from django.urls import path
from rest_framework import serializers
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.test import APIClient
from rest_framework.views import APIView

from games.errors import HandOutOfSync
from games.rules.cards import Card


class EchoSerializer(serializers.Serializer[dict[str, object]]):
    count = serializers.IntegerField(min_value=0)
    name = serializers.CharField()


class EchoApi(APIView):
    permission_classes = [AllowAny]

    def post(self, request: Request) -> Response:
        serializer = EchoSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return Response(serializer.validated_data)


class BadCardApi(APIView):
    permission_classes = [AllowAny]

    def get(self, request: Request) -> Response:
        Card.parse("11Z")
        raise AssertionError("unreachable")


class StaleApi(APIView):
    permission_classes = [AllowAny]

    def get(self, request: Request) -> Response:
        raise HandOutOfSync(expected_seq=4, got=3)


class PrivateApi(APIView):
    permission_classes = [IsAuthenticated]

    def get(self, request: Request) -> Response:
        return Response({})


class BrokenApi(APIView):
    permission_classes = [AllowAny]

    def get(self, request: Request) -> Response:
        raise RuntimeError("secret internals")


urlpatterns = [
    path("api/echo/", EchoApi.as_view()),
    path("api/card/", BadCardApi.as_view()),
    path("api/stale/", StaleApi.as_view()),
    path("api/private/", PrivateApi.as_view()),
    path("api/broken/", BrokenApi.as_view()),
]


@pytest.fixture
def client() -> APIClient:
    return APIClient(raise_request_exception=False)


@override_settings(ROOT_URLCONF=__name__)
@pytest.mark.parametrize(
    ("method", "url", "body", "status", "code"),
    [
        pytest.param("post", "/api/echo/", {"count": -1}, 400, "request.invalid", id="validation"),
        pytest.param("post", "/api/echo/", "{not json", 400, "request.malformed", id="malformed-json"),
        pytest.param("get", "/api/card/", None, 400, "card.bad_text", id="rule-violation"),
        pytest.param("get", "/api/stale/", None, 409, "hand.out_of_sync", id="stale-write"),
        pytest.param("get", "/api/private/", None, 401, "auth.required", id="not-signed-in"),
        pytest.param("delete", "/api/echo/", None, 405, "request.method_not_allowed", id="method"),
        pytest.param("get", "/api/broken/", None, 500, "server.error", id="bug"),
    ],
)
def test_every_error_has_the_envelope(
    client: APIClient, method: str, url: str, body: object, status: int, code: str
) -> None:
    if isinstance(body, str):
        response = client.generic(method.upper(), url, body, content_type="application/json")
    else:
        response = getattr(client, method)(url, body, format="json")
    assert response.status_code == status
    payload = response.json()
    assert payload["code"] == code
    assert isinstance(payload["message"], str)
    assert payload["message"]
    assert isinstance(payload["details"], dict)
    assert "Traceback" not in response.content.decode()
    assert "secret internals" not in response.content.decode()


@override_settings(ROOT_URLCONF=__name__)
def test_validation_errors_list_the_fields(client: APIClient) -> None:
    payload = client.post("/api/echo/", {"count": -1}, format="json").json()
    assert set(payload["details"]["fields"]) == {"count", "name"}


@override_settings(ROOT_URLCONF=__name__)
def test_rule_violation_details_carry_the_facts(client: APIClient) -> None:
    payload = client.get("/api/card/").json()
    assert payload["details"] == {"text": "11Z"}
    assert "11Z" in payload["message"]


@override_settings(ROOT_URLCONF=__name__)
def test_rule_violation_message_is_translated(client: APIClient) -> None:
    payload = client.get("/api/card/", HTTP_ACCEPT_LANGUAGE="ru").json()
    assert payload["code"] == "card.bad_text"
    assert "не карта" in payload["message"]


def test_unknown_api_url_is_a_json_404(client: APIClient) -> None:
    response = client.get("/api/v1/no-such-thing/")
    assert response.status_code == 404
    assert response.json()["code"] == "resource.not_found"


@pytest.mark.django_db
def test_a_bad_token_is_401_naming_the_scheme() -> None:
    response = APIClient().get("/api/v1/matches/", headers={"Authorization": "Token not-a-token"})
    assert (response.status_code, response.json()["code"]) == (401, "auth.failed")
    assert response["WWW-Authenticate"] == "Token"
