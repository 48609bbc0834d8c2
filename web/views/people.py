"""People at the table: invitations to a seat (made, withdrawn, accepted), claims of a guest (made,
decided), and renaming one's own player. Every write is a service call."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.access import can_read_match, claim_for, consent_for, invitation_for, own_player_for, signed_in
from games.matches.selectors.invitations import invitation_of
from games.matches.selectors.matches import seat_get
from games.matches.services.invitations import (
    invitation_accept,
    invitation_consent,
    invitation_create,
    invitation_withdraw,
)
from games.messages import violation_text
from games.models import Match
from games.people.selectors.players import account_named
from games.people.services.claims import guest_claim_create, guest_claim_decide
from games.people.services.players import player_rename
from games.rules.errors import CodedError
from games.serbian import shown_name
from scorekeeper.digits import whole_number
from web.forms import InviteForm, RenameForm
from web.views import HtmxHttpRequest
from web.views.live import match_readable, match_writable


def _people_url(match: Match) -> str:
    return reverse("match", args=[match.pk]) + "#people"


def guest_seats(match: Match) -> dict[int, str]:
    """Seat number (0-based) -> "Seat n: name" of the match's guest seats."""
    return {
        seat.number: _("Seat %(number)s: %(name)s")
        % {"number": seat.number + 1, "name": shown_name(seat.player.name)}
        for seat in match.seats.all()
        if seat.player.user_id is None
    }


@login_required
@require_POST
def invitation_new(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The writer offers a guest seat to a user name or through a link. The answer to a user name is
    the same whether or not such an account exists."""
    match = match_writable(request, pk)
    form = InviteForm(request.POST, seats=guest_seats(match))
    if not form.is_valid():
        messages.error(request, _("Choose one of the guest seats."))
        return redirect(_people_url(match))
    seat, username = form.cleaned_data["seat"], form.cleaned_data["username"].strip()
    invitee = account_named(username)
    try:
        if not username:
            invitation_create(match=match, seat=seat, by=signed_in(request))
            messages.success(request, _("The invitation link is ready: share it or show its QR code."))
        else:
            if invitee is not None and invitee != request.user:
                invitation_create(match=match, seat=seat, by=signed_in(request), invitee=invitee)
            text = _("If %(name)s has an account, the invitation waits on their home page.")
            messages.success(request, text % {"name": username})
    except CodedError as error:
        messages.error(request, violation_text(error))
    return redirect(_people_url(match))


@login_required
@require_POST
def invitation_drop(request: HtmxHttpRequest, pk: int, invitation_id: int) -> HttpResponse:
    """Withdraw an open invitation to a seat."""
    match = match_writable(request, pk)
    invitation = invitation_of(match=match, pk=invitation_id)
    if invitation is None:
        raise Http404
    try:
        invitation_withdraw(invitation=invitation, by=request.user)
    except CodedError as error:
        messages.error(request, violation_text(error))
    else:
        messages.success(request, _("The invitation is withdrawn; its link no longer works."))
    return redirect(_people_url(match))


@login_required
def invitation_page(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """An invitation (GET) and accepting it (POST); 404 when it is unknown or someone else's."""
    invitation = invitation_for(request.user, token)
    if request.method == "POST":
        try:
            seat = invitation_accept(invitation=invitation, by=signed_in(request))
        except CodedError as error:
            messages.error(request, violation_text(error))
        else:
            if seat is None:
                messages.info(request, WAITING_FOR_OWNER)
                return redirect("home")
            messages.success(request, _("You have your seat: this phone can now record the match."))
            return redirect("match", pk=invitation.match_id)
    seat = seat_get(match_id=invitation.match_id, number=invitation.seat)
    context = {"invitation": invitation, "seat_name": shown_name(seat.player.name) if seat else ""}
    return render(request, "web/people/invitation.html", context)


WAITING_FOR_OWNER = _(
    "Accepted. Whoever added this guest is asked to agree first; once they do, the seat is yours."
)


@login_required
@require_POST
def invitation_consent_view(request: HtmxHttpRequest, pk: int, invitation_id: int) -> HttpResponse:
    """The guest's owner agrees to, or refuses, an acceptance of their guest's seat (404 for anyone
    else)."""
    invitation = consent_for(request.user, pk, invitation_id)
    consent = request.POST.get("consent") == "1"
    name = invitation.requested_by.username if invitation.requested_by else ""
    try:
        invitation_consent(invitation=invitation, by=signed_in(request), consent=consent)
    except CodedError as error:
        messages.error(request, violation_text(error))
    else:
        text = _("%(user)s has the seat now.") if consent else _("The seat stays your guest's.")
        messages.success(request, text % {"user": name})
    return redirect(
        _people_url(invitation.match) if can_read_match(request.user, invitation.match) else reverse("home")
    )


@login_required
@require_POST
def claim_new(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A reader (also through a share link) says a guest seat was them; the writer will decide."""
    token = request.POST.get("token", "")
    match = match_readable(request, pk, token)
    seat = whole_number(request.POST.get("seat", ""))
    try:
        if seat is None:
            raise Http404
        guest_claim_create(match=match, seat=seat, by=signed_in(request))
    except CodedError as error:
        messages.error(request, violation_text(error))
    else:
        messages.success(request, _("Asked: whoever added this guest confirms that it was you."))
    return redirect(reverse("match-shared", args=[token]) if token else _people_url(match))


@login_required
@require_POST
def claim_decide(request: HtmxHttpRequest, pk: int, claim_id: int) -> HttpResponse:
    """The guest's owner confirms or declines a claim on it (404 for anyone else)."""
    claim = claim_for(request.user, pk, claim_id)
    match = claim.match
    confirm = request.POST.get("confirm") == "1"
    try:
        guest_claim_decide(claim=claim, by=signed_in(request), confirm=confirm)
    except CodedError as error:
        messages.error(request, violation_text(error))
    else:
        text = (
            _("The guest's matches are %(user)s's now; the standings follow.")
            if confirm
            else _("The claim is declined.")
        )
        messages.success(request, text % {"user": claim.claimant.username})
    return redirect(_people_url(match) if can_read_match(request.user, match) else reverse("home"))


@login_required
@require_POST
def player_rename_view(request: HtmxHttpRequest, player_id: int) -> HttpResponse:
    """Rename one's own player (only the account's own)."""
    player = own_player_for(request.user, player_id)
    form = RenameForm(request.POST)
    if form.is_valid():
        player_rename(player=player, name=form.cleaned_data["name"], by=request.user)
        messages.success(request, _("You are %(name)s at the table now.") % {"name": player.name})
    else:
        messages.error(request, " ".join(str(error) for error in form.errors.get("name", ())))
    back = request.POST.get("next", "")
    safe = url_has_allowed_host_and_scheme(back, {request.get_host()}, require_https=request.is_secure())
    return redirect(back if safe and back else "home")
