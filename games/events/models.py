"""Storage for club events: an event, its entries, its rounds with their tables and byes, and the
director's result overrides. Rows only: results are read from each table's match, and standings are
computed on read (``games.events.standings``), so a corrected hand recomputes everything downstream.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from games.models import Club, Match, Player, Season

DEFAULT_POINTS = {"win": 3, "draw": 1, "loss": 0, "bye": 3, "places": [3, 2, 1, 0]}
DEFAULT_TIEBREAKS = ["median_buchholz", "buchholz", "points_diff"]


def default_points() -> dict[str, object]:
    """A new event's match points (a copy of DEFAULT_POINTS)."""
    return {**DEFAULT_POINTS, "places": list(DEFAULT_POINTS["places"])}  # type: ignore[call-overload]  # the list above


def default_tiebreaks() -> list[str]:
    """A new event's tie-breaks, in order."""
    return list(DEFAULT_TIEBREAKS)


class Event(models.Model):
    """A club night or tournament of one game, directed by the club's admins and read by its members."""

    class Format(models.TextChoices):
        """How an event pairs its rounds (docs/events.md)."""

        SWISS = "swiss"
        ROUND_ROBIN = "round_robin"
        PODS = "pods"
        PARTNERS = "partners"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="events")
    season = models.ForeignKey(Season, null=True, blank=True, on_delete=models.PROTECT, related_name="events")
    name = models.CharField(max_length=120)
    game = models.CharField(max_length=20)
    options = models.JSONField(default=dict)  # resolved (defaults filled in), as each match gets them
    format = models.CharField(max_length=12, choices=Format.choices, default=Format.SWISS)
    rounds = models.PositiveSmallIntegerField()  # round_robin: set when its first round is paired
    points = models.JSONField(default=default_points)
    tiebreaks = models.JSONField(default=default_tiebreaks)
    seed = models.BigIntegerField()
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    # Bumped by every write to the event (entries, rounds, overrides, the round clock); open phones poll
    # it together with its tables' results (games.events.selectors.event_version).
    version = models.PositiveIntegerField(default=0)
    share_token = models.CharField(max_length=43, blank=True, default="")
    # A table's result counts only once a second person at the table confirms it (docs/events.md).
    confirm_results = models.BooleanField(default=False)
    # The round clock (games.events.clock): its length, and either the moment it ends (running) or the
    # seconds it has left (stopped); no minutes, no clock. A deadline, so every node and phone agrees.
    clock_minutes = models.PositiveSmallIntegerField(null=True, blank=True)
    clock_deadline = models.DateTimeField(null=True, blank=True)
    clock_left = models.PositiveIntegerField(null=True, blank=True)
    # Pairs of player ids ([a, b], a < b) the pairing keeps apart as it avoids rematches (family, clubmates)
    keep_apart = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["share_token"], condition=~Q(share_token=""), name="event_share_token_unique"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Entry(models.Model):
    """A player in the event from round ``joined_round`` on, until ``dropped_round`` (the first round
    not paired for them)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="event_entries")
    joined_round = models.PositiveSmallIntegerField(default=1)
    dropped_round = models.PositiveSmallIntegerField(null=True, blank=True)
    checked_in_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "pk"]
        verbose_name_plural = "entries"
        constraints = [models.UniqueConstraint(fields=["event", "player"], name="entry_once_per_event")]

    def __str__(self) -> str:
        return f"{self.player} in {self.event}"

    def plays_in(self, number: int) -> bool:
        """Whether round ``number`` pairs this entry."""
        return self.joined_round <= number and (self.dropped_round is None or number < self.dropped_round)


class Round(models.Model):
    """A published round: its tables (each an ordinary match) and byes; ``seed`` drove its pairing."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="event_rounds")
    number = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField()
    rematches = models.JSONField(default=list)  # [[id, id], ...]: pairs that met before, paired again
    bye_reasons = models.JSONField(default=list)  # [{"code", "players"}]: why each bye went where it did
    # Whether the pairing is proven the best (False: a pods or partners search stopped at its budget).
    exact = models.BooleanField(default=True)
    published_at = models.DateTimeField(auto_now_add=True)
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="round_once_per_event")]

    def __str__(self) -> str:
        return f"round {self.number} of {self.event}"


class Table(models.Model):
    """One table of a round: its match, the players in seat order, the sides (player ids), the first
    dealer (a seat) and why the pairing put them together (``reasons``: ``[{"code", "players"}]``)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    match = models.OneToOneField(Match, on_delete=models.PROTECT, related_name="event_table")
    players = models.JSONField()
    sides = models.JSONField()
    dealer = models.PositiveSmallIntegerField(default=0)
    reasons = models.JSONField(default=list)
    # What the table counted when each later round was paired, written only when it differed from the
    # entry before: ``[[round, {"places", "scores", "kind"} or null], ...]`` (selectors.results_check).
    counted = models.JSONField(default=list)
    # Printed beside the table's QR: whoever enters it records the table's match (table_codes.py).
    code = models.CharField(max_length=8, blank=True, default="")

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_once_per_round"),
            models.UniqueConstraint(fields=["code"], condition=~Q(code=""), name="table_code_unique"),
        ]

    def __str__(self) -> str:
        return f"table {self.number} of {self.round}"


class Bye(models.Model):
    """A player of the round without a table (it scores the event's ``bye`` points)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["round", "pk"]
        constraints = [models.UniqueConstraint(fields=["round", "player"], name="bye_once_per_round")]

    def __str__(self) -> str:
        return f"bye of {self.player} in {self.round}"


class ResultOverride(models.Model):
    """A director's result of a table, which counts instead of its match's: ``places`` lists the side
    indexes first to last; a draw lists none. The latest row counts unless it was withdrawn (then the
    match's own result counts again); earlier ones and withdrawn ones stay as the record."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="overrides")
    winner = models.SmallIntegerField(null=True, blank=True)  # side index; None with no places: a draw
    places = models.JSONField(default=list)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["table", "-at", "-pk"]

    def __str__(self) -> str:
        return f"override of {self.table}"


class ResultConfirmation(models.Model):
    """A second person at the table confirming its match's result (``result``: the places and game
    points confirmed), by an account (``by``) or through the table's code (``by`` empty). It counts
    while the match's result is still the one confirmed (games/events/confirmations.py)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="confirmations")
    result = models.JSONField()  # {"places", "scores"}
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    by_code = models.BooleanField(default=False)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "-at", "-pk"]

    def __str__(self) -> str:
        return f"confirmation of {self.table}"


class PairingJob(models.Model):
    """A round being paired by a Celery task because its field is too large for a web request
    (docs/events-pairing.md, "How big"). While one runs, the event takes no other pairing. A published
    round is read from its rows once ``done``; a draft's pairing is kept in ``plan``; a failure keeps
    its error's code, template and facts, worded in the reader's language when read."""

    class Status(models.TextChoices):
        """Where a pairing job stands."""

        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="pairing_jobs")
    number = models.PositiveSmallIntegerField()  # the round it pairs
    draft = models.BooleanField(default=False)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.RUNNING)
    plan = models.JSONField(null=True, blank=True)
    error = models.JSONField(null=True, blank=True)  # {"code", "template", "facts"}
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["event"], condition=Q(status="running"), name="pairing_job_one_running_per_event"
            ),
        ]

    def __str__(self) -> str:
        return f"pairing of round {self.number} of {self.event}"
