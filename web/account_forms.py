"""Forms of one's own account: sign-up that tells no more than a public handle, an e-mail address
(docs/accounts.md)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm
from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy as _

from games.people.selectors.accounts import username_taken
from games.people.services.accounts import mail_send_later

NAME_TAKEN = _("This user name cannot be used: please choose another.")


class SignUpForm(UserCreationForm):  # type: ignore[type-arg]  # generic only to the type checker
    """Django's sign-up, whose refusal of a taken name says no more than that the handle cannot be
    used (not that an account has it: user names are public handles, README.md, and sign-up is
    throttled per address)."""

    def clean_username(self) -> str:
        """Refuse a user name an account already has, in any letter case."""
        username = str(self.cleaned_data.get("username") or "")
        if username and username_taken(username):
            raise forms.ValidationError(NAME_TAKEN, code="unavailable")
        return username


class EmailForm(forms.Form):
    """The account's address for password resets."""

    email = forms.EmailField(
        label=_("E-mail address"),
        max_length=254,
        help_text=_("Only for resetting a forgotten password; nobody else sees it."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )


class PasswordResetRequestForm(PasswordResetForm):
    """Django's reset request, whose mail (Django's own words and token) is handed to the worker: the
    page answers as fast whether or not an account has the address."""

    def send_mail(
        self,
        subject_template_name: str,
        email_template_name: str,
        context: dict[str, Any],
        from_email: str | None,
        to_email: str,
        html_email_template_name: str | None = None,
    ) -> None:
        """Queue Django's reset mail for the worker instead of sending it here."""
        subject = "".join(render_to_string(subject_template_name, context).splitlines())
        mail_send_later(subject=subject, body=render_to_string(email_template_name, context), to=to_email)
