"""Pairing jobs: a round too large to pair in a request is paired by a task, followed here."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from api.events.base import EventsApi
from api.events.rounds import EventRoundOutput, Names, planned_body, round_body
from games.events import selectors
from games.events.jobs import job_error, job_plan
from games.events.models import Event, PairingJob
from games.messages import violation_text


class PairingJobErrorOutput(serializers.Serializer[Any]):
    """Why a pairing job failed, in the error envelope's shape."""

    code = serializers.CharField(help_text="A stable code of docs/errors.md.")
    message = serializers.CharField()
    details = serializers.DictField()


class PairingJobOutput(serializers.Serializer[Any]):
    """A pairing job: the round it pairs, its status, and the round or error it ended with."""

    id = serializers.IntegerField()
    number = serializers.IntegerField(help_text="The round it pairs.")
    draft = serializers.BooleanField(help_text="A draft stores nothing: its pairing is in `round`.")
    status = serializers.ChoiceField(choices=PairingJob.Status.choices)
    round = EventRoundOutput(allow_null=True, help_text="The round once done (null before, or if withdrawn).")
    error = PairingJobErrorOutput(allow_null=True, help_text="Why it failed (null unless failed).")
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)


def _names(event: Event) -> Names:
    names = selectors.entry_names(event=event)
    return lambda player: names.get(player, str(player))


def job_body(event: Event, job: PairingJob, *, codes: bool = False) -> dict[str, Any]:
    """The job as the API shows it: its round once done (``codes``: with the tables' codes, for the
    director), its error once failed."""
    body: dict[str, Any] | None = None
    if job.status == PairingJob.Status.DONE:
        plan = job_plan(job)
        if plan is not None:
            body = planned_body(plan, _names(event))
        else:
            try:
                body = round_body(event, job.number, codes=codes)
            except Http404:
                body = None
    error = job_error(job)
    return {
        "id": job.pk,
        "number": job.number,
        "draft": job.draft,
        "status": job.status,
        "round": body,
        "error": None
        if error is None
        else {"code": error.code, "message": violation_text(error), "details": error.facts},
        "created_at": job.created_at,
        "finished_at": job.finished_at,
    }


class PairingJobDetailApi(EventsApi):
    """A pairing job: ``running``, then ``done`` (with the round) or ``failed`` (with the error)."""

    @extend_schema(operation_id="events_jobs_retrieve", responses=PairingJobOutput)
    def get(self, request: Request, pk: int, job: int) -> Response:
        event, director = self.event_directed(request, pk)
        found = selectors.pairing_job_get(event=event, pk=job)
        if found is None:
            raise Http404
        return Response(PairingJobOutput(job_body(event, found, codes=director)).data)
