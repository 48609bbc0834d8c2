"""What the account views share: the signed-in caller only, its writes limited per account."""

from __future__ import annotations

from rest_framework.authtoken.models import Token
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.views import APIView

from scorekeeper.throttles import AccountChangeThrottle


class AccountApi(APIView):
    """A view of the caller's own account: nothing of anyone else's is named, so none is refused."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [AccountChangeThrottle]


def current_keys(request: Request) -> tuple[str | None, str | None]:
    """The web session and the API token the request came with (either may be ``None``)."""
    session = getattr(request._request, "session", None)
    token = request.auth.key if isinstance(request.auth, Token) else None
    return (session.session_key if session is not None else None), token
