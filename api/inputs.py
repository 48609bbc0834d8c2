"""One way to read an input: a request's body or query, validated by a serializer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rest_framework import serializers


def valid(
    serializer_class: type[serializers.Serializer[Any]], data: Any, context: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """``data`` (``request.data`` or ``request.query_params``) validated by ``serializer_class``.

    Raises:
        ValidationError: the envelope's ``request.invalid``, with each field's problems.
    """
    serializer = serializer_class(data=data, context=dict(context or {}))
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)
