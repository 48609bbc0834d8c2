"""``GET /api/v1/me/export/?format=json|csv``: everything the app holds about the caller, streamed
(docs/accounts.md, Downloading one's data)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.http import StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.views import APIView

from api.inputs import valid
from api.negotiation import AnswerInJson
from games.access import signed_in
from games.people.selectors.exports import EXPORT_FORMATS, export_filename
from scorekeeper.throttles import AccountExportThrottle


class AccountExportApi(APIView):
    """The caller's data as one JSON document, or a zip of CSV files, sent as it is read."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [AccountExportThrottle]
    content_negotiation_class = AnswerInJson

    class InputSerializer(serializers.Serializer[Any]):
        """The export's format: one JSON document or a zip of CSV files."""

        format = serializers.ChoiceField(choices=sorted(EXPORT_FORMATS), default="json")

    @extend_schema(
        operation_id="me_export",
        parameters=[OpenApiParameter("format", str, enum=sorted(EXPORT_FORMATS), default="json")],
        responses={
            (200, "application/json"): OpenApiResponse(OpenApiTypes.OBJECT, description="One JSON document."),
            (200, "application/zip"): OpenApiResponse(
                OpenApiTypes.BINARY, description="A zip of CSV files, one per kind of row."
            ),
        },
    )
    def get(self, request: Request) -> StreamingHttpResponse:
        form = valid(self.InputSerializer, request.query_params)["format"]
        return export_response(signed_in(request), form)


def export_response(user: User, form: str) -> StreamingHttpResponse:
    """The download of ``user``'s data in ``form`` (``json`` or ``csv``), streamed."""
    write, media_type, _ = EXPORT_FORMATS[form]
    response = StreamingHttpResponse(write(user=user), content_type=media_type)
    response["Content-Disposition"] = f'attachment; filename="{export_filename(user=user, form=form)}"'
    response["Cache-Control"] = "private, no-store"
    return response
