"""The OpenAPI schema documents the error envelope on every operation, the 503 of a failed database or
Redis included, and the games a ``{game}`` path names (a drf-spectacular hook)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension

from games.rules.registry import GAMES

ENVELOPE = {
    "type": "object",
    "description": "Every API error: a stable dotted code (docs/errors.md), a message, the facts.",
    "properties": {
        "code": {"type": "string", "example": "request.invalid"},
        "message": {"type": "string"},
        "details": {"type": "object", "additionalProperties": True},
    },
    "required": ["code", "message", "details"],
}
_ALWAYS = {
    "400": "Bad input: `request.invalid` (with `details.fields`), `request.malformed`, or a rule's code.",
    "401": "Not signed in (`auth.required`) or a bad token (`auth.failed`), with `WWW-Authenticate: Token`.",
    "403": "Not allowed to write this (`auth.forbidden`).",
    "404": "No such resource, or one the caller may not see (`resource.not_found`).",
    "405": "Method not allowed (`request.method_not_allowed`).",
    "406": "Not acceptable (`request.not_acceptable`).",
    "429": "Too many requests (`request.throttled`, with `Retry-After`).",
    "500": "A bug (`server.error`): nothing was written.",
    "503": "The database or Redis failed or did not answer in time (`service.unavailable`, with "
    "`Retry-After`): nothing was written, the same request may be sent again.",
}
_RETRY_AFTER = {
    "Retry-After": {"description": "Seconds to wait before asking again.", "schema": {"type": "integer"}}
}
_WWW_AUTHENTICATE = {
    "WWW-Authenticate": {"description": "The scheme to sign in with: `Token`.", "schema": {"type": "string"}}
}
_HEADERS = {"401": _WWW_AUTHENTICATE, "429": _RETRY_AFTER, "503": _RETRY_AFTER}
_WRITES = {
    "409": "The stored state does not allow this write now (e.g. `hand.out_of_sync`).",
    "413": "The body is larger than the limit (`request.too_large`).",
    "415": "The body is not JSON (`request.unsupported_media_type`).",
}


def error_responses(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """Add the ``ErrorEnvelope`` component and each operation's error responses it does not list; a
    ``{game}`` in a path names one of the registered games."""
    result.setdefault("components", {}).setdefault("schemas", {})["ErrorEnvelope"] = ENVELOPE
    content = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorEnvelope"}}}
    for path in result.get("paths", {}).values():
        for method, operation in path.items():
            for parameter in operation.get("parameters", []):
                if (parameter.get("in"), parameter.get("name")) == ("path", "game"):
                    parameter["schema"] = {"type": "string", "enum": sorted(GAMES)}
            errors = _ALWAYS if method in {"get", "head", "options"} else {**_ALWAYS, **_WRITES}
            responses = operation.setdefault("responses", {})
            for status, description in errors.items():
                response = {"description": description, "content": content}
                if status in _HEADERS:
                    response["headers"] = _HEADERS[status]
                responses.setdefault(status, response)
    return result


class TableTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]  # its registering __init_subclass__
    """The token of a table's guest (``POST tables/{code}/session/``), in the schema's security."""

    target_class = "api.events.table_tokens.TableTokenAuthentication"
    name = "tableToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        """A table's token, sent as ``Authorization: Token <token>``."""
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "`Token <token>` from `POST tables/{code}/session/`: that table's match alone.",
        }
