"""Storage for real matches, hand by hand. Rows only: the rules live in ``games.rules``.

A match has sides (one player or a team) made of seats; each hand stores its setup and either a log of
plays (with Escoba challenges) or a quick summary. Scores (``HandScore`` rows, ``Match.totals`` and the
result) are derived: services recompute them from the stored logs through the engine, never patch them.
"""

from __future__ import annotations

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower

from games.emoji import MAX_LENGTH as EMOJI_LENGTH

# Every model of the app, by name (as pretix's base/models/__init__.py): ClubStandings, ClubStatsSettings,
# HandReviewSeat, RatingScope and RatingSnapshot are the statistics models, imported at the end.
__all__ = [
    "AuditEntry",
    "ChainLink",
    "Challenge",
    "Club",
    "ClubInvitation",
    "ClubStandings",
    "ClubStatsSettings",
    "GuestClaim",
    "Hand",
    "HandReviewSeat",
    "HandScore",
    "HandSummary",
    "HandVersion",
    "IdempotentRequest",
    "Invitation",
    "Match",
    "Membership",
    "PendingEmail",
    "Play",
    "Player",
    "PlayerMerge",
    "RatingScope",
    "RatingSnapshot",
    "Season",
    "Seat",
    "Side",
]


class Player(models.Model):
    """Someone who sits at a table: an account's player (``user``), or a guest that belongs to the
    account that created it (``created_by``): only its owner seats it and decides claims on it."""

    name = models.CharField(max_length=80)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="player"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name


class Club(models.Model):
    """A group that plays together: its members read its matches, its admins may write them."""

    name = models.CharField(max_length=120)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    """An account's membership of a club, as an admin or a member."""

    class Role(models.TextChoices):
        """What a member may do: admins manage the club, members play in it."""

        ADMIN = "admin"
        MEMBER = "member"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "pk"]
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="membership_once_per_club")]

    def __str__(self) -> str:
        return f"{self.user} in {self.club} ({self.role})"


class ClubInvitation(models.Model):
    """A club admin's link (and QR code) to join the club with ``role``: whoever signs in or signs up
    through it becomes a member. Used by any number of people until it expires or an admin revokes
    it, or (``max_uses``) until that many have joined through it (docs/clubs.md)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    token = models.CharField(max_length=43, unique=True)
    role = models.CharField(max_length=10, choices=Membership.Role.choices, default=Membership.Role.MEMBER)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    max_uses = models.PositiveIntegerField(null=True, blank=True)
    uses = models.PositiveIntegerField(default=0)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["club", "-created_at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(max_uses__isnull=True) | Q(uses__lte=models.F("max_uses")),
                name="club_invitation_uses_within_limit",
            )
        ]

    def __str__(self) -> str:
        return f"invitation to {self.club} as {self.role}"


class Season(models.Model):
    """A stretch of a club's play, with optional dates; matches and events may belong to one."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=120)
    starts_on = models.DateField(null=True, blank=True)
    ends_on = models.DateField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "-starts_on", "pk"]
        constraints = [
            models.UniqueConstraint("club", Lower("name"), name="season_name_once_per_club"),
            models.CheckConstraint(
                condition=Q(starts_on__isnull=True)
                | Q(ends_on__isnull=True)
                | Q(ends_on__gte=models.F("starts_on")),
                name="season_ends_after_it_starts",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Match(models.Model):
    """One match of one game. ``options`` are resolved (defaults filled in) when it starts."""

    class Status(models.TextChoices):
        """Where a match stands."""

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
        """How a hand is recorded: play by play, or by a quick summary of counts."""

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
        """Whether the hand is still being played."""
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
    settled from what was recorded; the hand's rows hold the current version (``games.history``)."""

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
        """Whether the invitation still waits to be accepted."""
        return self.accepted_at is None


class GuestClaim(models.Model):
    """A signed-in user's "this guest is me", seen at ``match``; the guest's owner confirms (then the
    guest's seats in the matches the owner may write move to the user's player) or declines."""

    class Status(models.TextChoices):
        """Whether the guest's owner has decided the claim."""

        PENDING = "pending"
        CONFIRMED = "confirmed"
        DECLINED = "declined"

    guest = models.ForeignKey(Player, null=True, on_delete=models.SET_NULL, related_name="claims")
    guest_name = models.CharField(max_length=80)
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="guest_claims")
    claimant = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["match", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["guest", "claimant"], condition=Q(status="pending"), name="guest_claim_once_pending"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.claimant} claims {self.guest_name} ({self.status})"


class PlayerMerge(models.Model):
    """A confirmed claim's record: which guest's seats moved to ``into``, in which matches, decided by
    whom and when. Seats in matches the decider may not write stay with the guest."""

    into = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="merges")
    guest = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    guest_name = models.CharField(max_length=80)
    claim = models.OneToOneField(
        GuestClaim, null=True, blank=True, on_delete=models.SET_NULL, related_name="merge"
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    matches = models.ManyToManyField(Match, related_name="+")

    class Meta:
        ordering = ["into", "-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.guest_name} merged into {self.into}"


class AuditEntry(models.Model):
    """One change of who may do what, or of a result that counts: who (``by``), when (``at``), what
    (``action``, a stable dotted name, on ``object``) and the state before and after, as JSON. Written
    only by ``games.services.audit.audit_record``, in the transaction of the change; never changed.
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
    chain's ``head`` after it: sha256 of the previous head and this link (``games.chain``)."""

    class Kind(models.TextChoices):
        """What a link hashes (games/chain.py)."""

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


class PendingEmail(models.Model):
    """An e-mail address an account asked for and has not yet verified by the link mailed to it. The
    account's address (``User.email``, the one password resets are sent to) changes only when the link
    is followed; asking again replaces the pending address."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    email = models.EmailField()
    requested_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.email} for {self.user}"


# Django reads an app's models from this module. The statistics models subclass and point at the ones
# above, so they come last, each by name.
from games.stats.models import (  # noqa: E402
    ClubStandings,
    ClubStatsSettings,
    HandReviewSeat,
    RatingScope,
    RatingSnapshot,
)
