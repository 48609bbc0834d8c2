"""Forms of one's own account: sign-up that tells no more than a public handle, an e-mail address
(docs/accounts.md)."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from games.selectors import username_taken

NAME_TAKEN = _("This user name cannot be used: please choose another.")


class SignUpForm(UserCreationForm):  # type: ignore[type-arg]  # generic only to the type checker
    """Django's sign-up, whose refusal of a taken name says no more than that the handle cannot be
    used (not that an account has it: user names are public handles, README.md, and sign-up is
    throttled per address)."""

    def clean_username(self) -> str:
        username = str(self.cleaned_data.get("username") or "")
        if username and username_taken(username):
            raise forms.ValidationError(NAME_TAKEN, code="unavailable")
        return username


class EmailForm(forms.Form):
    email = forms.EmailField(
        label=_("E-mail address"),
        max_length=254,
        help_text=_("Only for resetting a forgotten password; nobody else sees it."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
