"""Shared by the migrations that start the audit log (not a migration: the loader skips ``_`` names).

They chain what was recorded before the chain existed, with the historical models and the pure hashing
of ``games.audit.chain``, and bring the records kept before the log (hand versions, claims, merges, the
director's overrides) into it as entries, so the log starts complete.
"""

from __future__ import annotations

from typing import Any

from games.audit import chain


class Chain:
    """A match's chain as the migration appends to it (the links in memory, stored by :meth:`save`)."""

    def __init__(self, apps: Any, match: Any) -> None:  # noqa: ANN401  # historical models
        self.link = apps.get_model("games", "ChainLink")
        self.match = match
        self.links: list[Any] = []

    def append(self, kind: str, ref: int, content: dict[str, object], hand: int | None = None) -> None:
        index = self.match.chain_length + 1
        digest = chain.digest(content)
        head = chain.next_head(self.match.chain_head, index, kind, digest)
        self.links.append(
            self.link(
                match_id=self.match.pk, index=index, kind=kind, ref=ref, hand=hand, digest=digest, head=head
            )
        )
        self.match.chain_head, self.match.chain_length = head, index

    def save(self) -> None:
        self.link.objects.bulk_create(self.links)
        type(self.match).objects.filter(pk=self.match.pk).update(
            chain_head=self.match.chain_head, chain_length=self.match.chain_length
        )
        self.links = []


def entry(apps: Any, links: Chain | None, **fields: Any) -> Any:  # noqa: ANN401
    """Store an audit entry (in ``links``' match chain, when given)."""
    model = apps.get_model("games", "AuditEntry")
    user = fields.get("by")
    fields.setdefault("by_name", "" if user is None else user.username)
    fields["before"] = chain.jsonable(fields.get("before"))
    fields["after"] = chain.jsonable(fields.get("after"))
    row = model.objects.create(**fields)
    if links is not None:
        content = chain.entry_content(
            at=row.at,
            action=row.action,
            object_type=row.object_type,
            object_id=row.object_id,
            before=row.before,
            after=row.after,
        )
        links.append("entry", row.pk, content)
    return row


def chain_records(apps: Any, schema_editor: Any) -> None:  # noqa: ANN401
    """Chain every match's hands, plays, undos, challenges and summaries, then its corrections and
    claims as entries; merges and claims into the log."""
    Match = apps.get_model("games", "Match")
    Hand = apps.get_model("games", "Hand")
    Play = apps.get_model("games", "Play")
    Challenge = apps.get_model("games", "Challenge")
    HandSummary = apps.get_model("games", "HandSummary")
    HandVersion = apps.get_model("games", "HandVersion")
    GuestClaim = apps.get_model("games", "GuestClaim")
    PlayerMerge = apps.get_model("games", "PlayerMerge")
    for match in Match.objects.order_by("pk").iterator(chunk_size=200):
        links = Chain(apps, match)
        for hand in Hand.objects.filter(match=match).order_by("number"):
            content = chain.hand_content(
                number=hand.number,
                dealer=hand.dealer,
                starter=hand.starter,
                table=hand.table,
                set_aside=hand.set_aside,
            )
            links.append("hand", hand.pk, content, hand.number)
            for play in Play.objects.filter(hand=hand).order_by("pk"):
                content = chain.play_content(
                    hand=hand.number, seq=play.seq, seat=play.seat, card=play.card, taken=play.taken
                )
                links.append("play", play.pk, content, hand.number)
                if play.undone_at is not None:
                    links.append(
                        "undo",
                        play.pk,
                        chain.undo_content(hand=hand.number, seq=play.seq, card=play.card),
                        hand.number,
                    )
            for challenge in Challenge.objects.filter(hand=hand).order_by("pk"):
                content = chain.challenge_content(
                    hand=hand.number, play=challenge.play_id, seat=challenge.seat
                )
                links.append("challenge", challenge.pk, content, hand.number)
            summary = HandSummary.objects.filter(hand=hand).first()
            if summary is not None:
                content = chain.summary_content(hand=hand.number, entries=summary.entries)
                links.append("summary", summary.pk, content, hand.number)
            for version in HandVersion.objects.filter(hand=hand).order_by("revision"):
                before = {
                    "revision": version.revision,
                    "kind": version.kind,
                    "plays": version.plays,
                    "summary": version.summary,
                    "totals": version.totals,
                }
                entry(
                    apps,
                    links,
                    at=version.replaced_at,
                    by=None,
                    action="hand.corrected",
                    object_type="hand",
                    object_id=str(hand.pk),
                    object_name=f"hand {hand.number} of {match.game} #{match.pk}",
                    before=before,
                    after=None,
                    match=match,
                    club_id=match.club_id,
                )
        for claim in (
            GuestClaim.objects.filter(match=match).select_related("claimant", "decided_by").order_by("pk")
        ):
            common = {
                "object_type": "guestclaim",
                "object_id": str(claim.pk),
                "match": match,
                "club_id": match.club_id,
            }
            entry(
                apps,
                links,
                at=claim.created_at,
                by=claim.claimant,
                action="claim.made",
                after={"guest": claim.guest_name, "status": "pending"},
                subject=claim.claimant,
                **common,
            )
            if claim.decided_at is not None and claim.status != "pending":
                entry(
                    apps,
                    links,
                    at=claim.decided_at,
                    by=claim.decided_by,
                    action=f"claim.{claim.status}",
                    before={"guest": claim.guest_name, "status": "pending"},
                    after={"guest": claim.guest_name, "status": claim.status},
                    subject=claim.claimant,
                    **common,
                )
        links.save()
    for merge in PlayerMerge.objects.select_related("into", "decided_by").order_by("pk"):
        matches = sorted(merge.matches.values_list("pk", flat=True))
        entry(
            apps,
            None,
            at=merge.created_at,
            by=merge.decided_by,
            action="player.merged",
            object_type="playermerge",
            object_id=str(merge.pk),
            object_name=f"{merge.guest_name} merged into {merge.into.name}",
            before={"player": merge.guest_name, "player_id": merge.guest_id, "matches": matches},
            after={"player": merge.into.name, "player_id": merge.into_id, "matches": matches},
            subject_id=merge.into.user_id,
        )
