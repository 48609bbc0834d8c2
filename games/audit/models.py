"""The record of changes: the audit log and each match's hash chain over its stored rows."""

from __future__ import annotations

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models

from games.clubs.models import Club
from games.matches.models import Match


class AuditEntry(models.Model):
    """One change of who may do what, or of a result that counts: who (``by``), when (``at``), what
    (``action``, a stable dotted name, on ``object``) and the state before and after, as JSON. Written
    only by ``games.audit.services.audit_record``, in the transaction of the change; never changed.
    An entry of a match (``match``) is also a link of its hash chain (:class:`ChainLink`)."""

    at = models.DateTimeField(db_index=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    by_name = models.CharField(max_length=150, blank=True, default="")  # the user name then
    action = models.CharField(max_length=40)
    object_type = models.CharField(max_length=20)
    object_id = models.CharField(max_length=40, blank=True, default="")
    object_name = models.CharField(max_length=200, blank=True, default="")
    before = models.JSONField(null=True, blank=True, encoder=DjangoJSONEncoder)
    after = models.JSONField(null=True, blank=True, encoder=DjangoJSONEncoder)
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    # The account the change is about (a member whose role changed, an invitee), for its owner's export.
    subject = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["at", "pk"]
        verbose_name_plural = "audit entries"
        indexes = [
            models.Index(fields=["match", "at"], name="audit_by_match"),
            models.Index(fields=["club", "at"], name="audit_by_club"),
        ]

    def __str__(self) -> str:
        return f"{self.action} {self.object_type} {self.object_id}".strip()


class ChainLink(models.Model):
    """Link ``index`` (1, 2, ...) of a match's hash chain: the sha256 ``digest`` of one stored row's
    canonical content (a hand's setup, a play, its undo, a challenge, a summary, an audit entry) and the
    chain's ``head`` after it: sha256 of the previous head and this link (``games.audit.chain``)."""

    class Kind(models.TextChoices):
        """What a link of the chain records."""

        HAND = "hand"
        PLAY = "play"
        UNDO = "undo"
        CHALLENGE = "challenge"
        SUMMARY = "summary"
        ENTRY = "entry"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="chain")
    index = models.PositiveIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices)
    ref = models.BigIntegerField()  # the row's primary key
    hand = models.PositiveSmallIntegerField(null=True, blank=True)  # its hand's number
    digest = models.CharField(max_length=64)
    head = models.CharField(max_length=64)

    class Meta:
        ordering = ["match", "index"]
        constraints = [models.UniqueConstraint(fields=["match", "index"], name="chain_link_once_per_index")]

    def __str__(self) -> str:
        return f"link {self.index} of {self.match}"
