"""The answers of creates made with an ``Idempotency-Key``, for a retry to get back."""

from __future__ import annotations

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models


class IdempotentRequest(models.Model):
    """A create made with an ``Idempotency-Key``: its answer, for a retry to get back instead of
    creating twice. Keys belong to the account; only successful creates are kept."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=100)
    request_digest = models.CharField(max_length=64)
    status = models.PositiveSmallIntegerField()
    body = models.JSONField(encoder=DjangoJSONEncoder)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="request_key_once_per_user")]

    def __str__(self) -> str:
        return f"{self.key} of {self.user}"
