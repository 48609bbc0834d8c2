"""Pages of every list: ``?limit=`` (at most MAX_LIMIT) and ``?offset=`` (at most MAX_OFFSET).

DRF passes any offset to the database, where one beyond a 64-bit integer is an error; here it is a 400.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request

MAX_LIMIT = 200
MAX_OFFSET = 1_000_000_000


class BoundedPagination(LimitOffsetPagination):
    """``?limit=&offset=`` pages with both bounded (MAX_LIMIT, MAX_OFFSET)."""

    max_limit = MAX_LIMIT

    def get_offset(self, request: Request) -> int:
        """The offset asked for; past MAX_OFFSET is a 400, not an empty page."""
        raw = request.query_params.get(self.offset_query_param, "")
        # ASCII digits only: int() refuses "²" and over 4,300 digits; DRF reads what int() refuses as 0.
        if raw.isascii() and raw.isdigit() and (len(raw) > len(str(MAX_OFFSET)) or int(raw) > MAX_OFFSET):
            message = gettext("Ensure this value is less than or equal to %(limit_value)s.") % {
                "limit_value": MAX_OFFSET
            }
            raise ValidationError({self.offset_query_param: [message]})
        return super().get_offset(request)

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        """DRF's parameters with their maximums."""
        parameters = super().get_schema_operation_parameters(view)
        bounds = {self.limit_query_param: MAX_LIMIT, self.offset_query_param: MAX_OFFSET}
        for parameter in parameters:
            parameter["schema"]["maximum"] = bounds[parameter["name"]]
        return parameters
