"""Forms of the web UI. They only check the shape of the input; the engine and the services judge it."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.rules.cards import deck
from web.presets import presets_available

CARD_CHOICES = [(str(each), str(each)) for each in deck(faces=True)]


class DisputeForm(forms.Form):
    """The dispute checker's state, read from the query string so a dispute can be shared as a link."""

    variant = forms.ChoiceField(label=_("Game"), choices=())
    table = forms.MultipleChoiceField(choices=CARD_CHOICES, required=False)
    card = forms.ChoiceField(choices=CARD_CHOICES, required=False)
    taken = forms.MultipleChoiceField(choices=CARD_CHOICES, required=False)

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]  # Form's own signature
        variant = self.fields["variant"]
        assert isinstance(variant, forms.ChoiceField)
        variant.choices = [(preset.slug, preset.title) for preset in presets_available(captures=True)]
