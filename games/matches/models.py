"""Real matches, hand by hand, and the invitations to their seats. Rows only: the rules live in
``games.rules``.

A match has sides (one player or a team) made of seats; each hand stores its setup and either a log of
plays (with Escoba challenges) or a quick summary. Scores (``HandScore`` rows, ``Match.totals`` and the
result) are derived: services recompute them from the stored logs through the engine, never patch them.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from games.clubs.models import Club, Season
from games.emoji import MAX_LENGTH as EMOJI_LENGTH
from games.people.models import Player


class Match(models.Model):
    """One match of one game. ``options`` are resolved (defaults filled in) when it starts."""

    class Status(models.TextChoices):
        """Where the match stands."""

        IN_PROGRESS = "in_progress"
        FINISHED = "finished"
        ABANDONED = "abandoned"

    game = models.CharField(max_length=20)
    options = models.JSONField(default=dict)
    player_count = models.PositiveSmallIntegerField()
    teams = models.BooleanField(default=False)
    target = models.PositiveIntegerField(null=True, blank=True)
    time_limit_minutes = models.PositiveIntegerField(null=True, blank=True)
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.PROTECT, related_name="matches")
    season = models.ForeignKey(
        Season, null=True, blank=True, on_delete=models.PROTECT, related_name="matches"
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.IN_PROGRESS)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Derived from the closed hands by the engine's match_status; recomputed, never patched.
    totals = models.JSONField(default=list)
    winner = models.SmallIntegerField(null=True, blank=True)  # side index
    draw = models.BooleanField(default=False)
    result_extra = models.JSONField(default=dict)
    share_token = models.CharField(max_length=43, blank=True, default="")
    pending_followups = models.BooleanField(default=False)
    # Counts the writes that asked for follow-ups: a task clears the flag only if none came while it ran.
    followups_asked = models.PositiveIntegerField(default=0)
    # Bumped by every write that changes what the match screen or the API's reads of it show, so a poll
    # or a conditional GET compares one number instead of rebuilding the screen (services.versions).
    screen_version = models.PositiveIntegerField(default=0)
    # Who deals hand 1 (docs/rules/shared.md A4: seat 0; a rematch passes the deal on, services.matches).
    first_dealer = models.PositiveSmallIntegerField(default=0)
    rematch_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches"
    )
    # The head of the match's hash chain (docs/audit.md): sha256 of the last link and the one before it,
    # kept here so a play appends in one insert and the update of this row that it makes anyway.
    chain_head = models.CharField(max_length=64, blank=True, default="")
    chain_length = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name_plural = "matches"
        indexes = [
            models.Index(fields=["game", "status"], name="match_game_status"),
            models.Index(
                fields=["pending_followups"], name="match_pending", condition=Q(pending_followups=True)
            ),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["share_token"], condition=~Q(share_token=""), name="share_token_unique"
            ),
            models.CheckConstraint(
                condition=Q(season__isnull=True) | Q(club__isnull=False), name="season_needs_club"
            ),
            models.CheckConstraint(
                condition=Q(status="finished") | Q(winner__isnull=True), name="winner_only_when_finished"
            ),
            models.CheckConstraint(
                condition=Q(first_dealer__lt=models.F("player_count")), name="first_dealer_seated"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk}"


class Side(models.Model):
    """One player, or a pair/team; ``index`` follows the engine's side order (docs/rules/shared.md A4)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="sides")
    index = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["match", "index"]
        constraints = [models.UniqueConstraint(fields=["match", "index"], name="side_index_once_per_match")]

    def __str__(self) -> str:
        return f"side {self.index} of {self.match}"


class Seat(models.Model):
    """Who sits where: seat numbers are 0..n-1 clockwise (docs/rules/shared.md A4)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    side = models.ForeignKey(Side, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    # Optional: one emoji beside the player's name, to tell the players apart (games/emoji.py).
    emoji = models.CharField(max_length=EMOJI_LENGTH, blank=True, default="")

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="seat_number_once_per_match"),
            models.UniqueConstraint(fields=["match", "player"], name="player_once_per_match"),
        ]

    def __str__(self) -> str:
        return f"seat {self.number} of {self.match}"


class Hand(models.Model):
    """A hand (a round in Twenty): its setup, and while open the sequence number of the next play."""

    class Mode(models.TextChoices):
        """How the hand is recorded: play by play, or as a summary at its end."""

        PLAYS = "plays"
        SUMMARY = "summary"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField()  # 1, 2, ...
    dealer = models.PositiveSmallIntegerField()
    starter = models.PositiveSmallIntegerField(null=True, blank=True)
    table = models.JSONField(default=list)  # initial table, canonical card texts
    set_aside = models.JSONField(default=list)
    mode = models.CharField(max_length=8, choices=Mode.choices, default=Mode.PLAYS)
    next_seq = models.PositiveIntegerField(default=0)
    # Counts every write to the hand; unlike next_seq it never repeats (an undo then a play).
    revision = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    corrections = models.PositiveSmallIntegerField(default=0)
    # Derived by the engine when the hand closes: HandReport fields other than the sides.
    report = models.JSONField(default=dict)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="hand_number_once_per_match"),
            models.UniqueConstraint(
                fields=["match"], condition=Q(closed_at__isnull=True), name="one_open_hand_per_match"
            ),
        ]

    def __str__(self) -> str:
        return f"hand {self.number} of {self.match}"

    @property
    def is_open(self) -> bool:
        """The hand is still being played."""
        return self.closed_at is None


class Play(models.Model):
    """A card played (with the cards it took) at ``seq`` in its hand. An undone play is kept, marked."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="plays")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    card = models.CharField(max_length=3)
    taken = models.JSONField(default=list)
    idempotency_key = models.CharField(max_length=100, blank=True, default="")
    request_digest = models.CharField(max_length=64, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["hand", "seq", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["hand", "seq"], condition=Q(undone_at__isnull=True), name="play_seq_once_per_hand"
            ),
            models.UniqueConstraint(
                fields=["match", "idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="play_key_once_per_match",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.card} by seat {self.seat} (#{self.seq} of {self.hand})"


class Challenge(models.Model):
    """An Escoba challenge of a play under ``manual_capture`` (docs/rules/escoba.md 3.2(g)); logged right
    after it."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="challenges")
    play = models.ForeignKey(Play, on_delete=models.CASCADE, related_name="challenges")
    seat = models.PositiveSmallIntegerField()  # the challenger
    idempotency_key = models.CharField(max_length=100, blank=True, default="")
    request_digest = models.CharField(max_length=64, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["hand", "play", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="challenge_key_once_per_match",
            ),
        ]

    def __str__(self) -> str:
        return f"challenge of {self.play} by seat {self.seat}"


class HandSummary(models.Model):
    """Quick entry instead of plays: each side's counts, in the game's own keys (``entries[side]``)."""

    hand = models.OneToOneField(Hand, on_delete=models.CASCADE, related_name="summary")
    entries = models.JSONField()
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "hand summaries"

    def __str__(self) -> str:
        return f"summary of {self.hand}"


class HandScore(models.Model):
    """One side's score line for a closed hand, as the engine computed it (derived, recomputed)."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="scores")
    side = models.PositiveSmallIntegerField()
    cards = models.PositiveSmallIntegerField(default=0)
    sweeps = models.PositiveSmallIntegerField(default=0)
    points = models.JSONField(default=dict)
    total = models.IntegerField(default=0)

    class Meta:
        ordering = ["hand", "side"]
        constraints = [models.UniqueConstraint(fields=["hand", "side"], name="score_once_per_side_and_hand")]

    def __str__(self) -> str:
        return f"side {self.side}: {self.total} in {self.hand}"


class HandVersion(models.Model):
    """A version of a closed hand's content that a correction replaced: what was recorded (its play log
    or its quick summary) and the points it scored, at ``revision``. Kept for good, so a dispute can be
    settled from what was recorded; the hand's rows hold the current version (``games.matches.history``)."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="versions")
    revision = models.PositiveIntegerField()  # the hand's revision while this was its content
    kind = models.CharField(max_length=8, choices=Hand.Mode.choices)
    plays = models.JSONField(default=list)  # each play: seq, seat, card, taken, challenged_by
    summary = models.JSONField(null=True, blank=True)  # each side's counts
    totals = models.JSONField(default=list)  # each side's points in the hand
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField()  # when it became the hand's content
    replaced_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["hand", "revision"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "revision"], name="hand_version_once_per_revision")
        ]

    def __str__(self) -> str:
        return f"revision {self.revision} of {self.hand}"


class Invitation(models.Model):
    """A writer's offer of a seat to an account: to ``invitee`` by user name, or to whoever opens the
    one-time link (``invitee`` empty). Accepting seats the account's player there; when the writer did
    not add the guest in that seat, the acceptance waits (``requested_by``) for the guest's owner to
    consent."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="invitations")
    seat = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=43, unique=True)
    invitee = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="invitations"
    )
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    accepted_at = models.DateTimeField(null=True, blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    requested_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["match", "seat", "pk"]

    def __str__(self) -> str:
        return f"invitation to seat {self.seat} of {self.match}"

    @property
    def is_open(self) -> bool:
        """The invitation is not accepted yet."""
        return self.accepted_at is None
