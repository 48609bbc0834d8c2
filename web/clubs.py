"""The "my clubs" page: the user's clubs with their members and seasons, and the forms to grow them.

Reads go through the selectors, writes through ``games.clubs.services.clubs``; only a club's admins add
members and seasons (as the API allows), and anyone signed in may create a club (becoming its admin).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from django import forms
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _

from games.clubs.selectors import club_invitation_list, club_list_by_name, membership_list, season_list
from games.clubs.services.invitations import DAYS_DEFAULT, USES_MAX
from games.collation import by_name
from games.models import Club, ClubInvitation, Membership, Season
from games.people.selectors.players import account_known_named
from web.forms import NameField

ROLES = [(Membership.Role.MEMBER, _("member")), (Membership.Role.ADMIN, _("admin"))]


class ClubForm(forms.Form):
    """A new club's name."""

    name = NameField(label=_("Name of the new club"), max_length=120)


class MemberForm(forms.Form):
    """A member to add by user name, and their role."""

    username = forms.CharField(label=_("User name of the new member"), max_length=150)
    role = forms.ChoiceField(label=_("Role"), choices=ROLES, initial=Membership.Role.MEMBER)

    def __init__(self, *args: Any, admin: User, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.admin = admin

    def clean_username(self) -> User:
        """The account among those the admin shares a club or a match with; the answer is the same
        for anyone else as for a name no one has, so the form tells no stranger who has an account."""
        name = self.cleaned_data["username"].strip()
        account = account_known_named(user=self.admin, name=name)
        if account is None:
            message = _("You share no club or match with anyone called %(name)s.")
            raise forms.ValidationError(message, params={"name": name})
        return account


class DateInput(forms.DateInput):
    """The phone's date picker, which reads and sends ISO dates whatever the language."""

    input_type = "date"

    def __init__(self, attrs: dict[str, str] | None = None) -> None:
        super().__init__(attrs, format="%Y-%m-%d")


class SeasonForm(forms.Form):
    """A new season's name and dates."""

    name = NameField(label=_("Name of the new season"), max_length=120)
    starts_on = forms.DateField(label=_("Starts on"), required=False, widget=DateInput)
    ends_on = forms.DateField(label=_("Ends on"), required=False, widget=DateInput)

    def clean(self) -> dict[str, object]:
        """A season ends on or after the day it starts."""
        data = super().clean() or {}
        starts, ends = data.get("starts_on"), data.get("ends_on")
        if isinstance(starts, date) and isinstance(ends, date) and ends < starts:
            self.add_error("ends_on", _("A season ends on or after the day it starts."))
        return data


@dataclass(frozen=True, slots=True, kw_only=True)
class ClubView:
    """A club on the clubs page: its members, seasons and forms."""

    club: Club
    role: str
    members: tuple[Membership, ...]
    seasons: tuple[Season, ...]
    member_form: MemberForm
    season_form: SeasonForm

    @property
    def is_admin(self) -> bool:
        """Whether the viewer is an admin of the club."""
        return self.role == Membership.Role.ADMIN


def members_by_name(club: Club) -> tuple[Membership, ...]:
    """The club's members by user name, as the reader's language sorts names (games/collation.py)."""
    return tuple(by_name(membership_list(club=club), lambda membership: membership.user.username))


def club_views(user: User, bound: dict[tuple[str, int], forms.Form] | None = None) -> list[ClubView]:
    """The user's clubs, each with its members, seasons and (``bound``: the ones just sent) forms."""
    bound = bound or {}
    views = []
    for club in by_name(club_list_by_name(user=user), lambda club: club.name):
        members = members_by_name(club)
        role = next((each.role for each in members if each.user_id == user.pk), Membership.Role.MEMBER)
        member_form = bound.get(("member", club.pk))
        season_form = bound.get(("season", club.pk))
        views.append(
            ClubView(
                club=club,
                role=role,
                members=members,
                seasons=tuple(season_list(club=club)),
                member_form=member_form if isinstance(member_form, MemberForm) else MemberForm(admin=user),
                season_form=season_form if isinstance(season_form, SeasonForm) else SeasonForm(),
            )
        )
    return views


class RoleForm(forms.Form):
    """A member's new role."""

    role = forms.ChoiceField(label=_("Role"), choices=ROLES)


class ClubInvitationForm(forms.Form):
    """A link to join the club: its role, how long it works, and (optionally) for how many people."""

    role = forms.ChoiceField(label=_("Joins as"), choices=ROLES, initial=Membership.Role.MEMBER)
    days = forms.TypedChoiceField(
        label=_("Works for"),
        coerce=int,
        choices=[(1, _("1 day")), (7, _("7 days")), (30, _("30 days"))],
        initial=DAYS_DEFAULT,
    )
    max_uses = forms.IntegerField(
        label=_("For how many people (empty: any number)"),
        required=False,
        min_value=1,
        max_value=USES_MAX,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class ClubPage:
    """One club's page: its members (each with what the visitor may do), and for its admins the
    invitations that still work and the form for a new one."""

    club: Club
    role: str
    members: tuple[Membership, ...]
    invitations: tuple[ClubInvitation, ...]
    invitation_form: ClubInvitationForm
    admins: int

    @property
    def is_admin(self) -> bool:
        """Whether the viewer is an admin of the club."""
        return self.role == Membership.Role.ADMIN


def club_page(user: User, club: Club, invitation_form: ClubInvitationForm | None = None) -> ClubPage:
    """``club`` as ``user`` sees it on its page."""
    members = members_by_name(club)
    role = next((each.role for each in members if each.user_id == user.pk), Membership.Role.MEMBER)
    admin = role == Membership.Role.ADMIN
    return ClubPage(
        club=club,
        role=role,
        members=members,
        invitations=tuple(club_invitation_list(club=club)) if admin else (),
        invitation_form=invitation_form or ClubInvitationForm(),
        admins=sum(each.role == Membership.Role.ADMIN for each in members),
    )
