"""The reader's language in templates: the page's language as HTML names it
(``{{ LANGUAGE_CODE|html_lang }}``), a person's name in the reader's script
(``{{ player.name|shown_name }}``) and a percentage as the reader writes it (``{{ rate|percent }}``)."""

from __future__ import annotations

from django import template
from django.utils.formats import number_format
from django.utils.translation import gettext, to_locale

from games import serbian

register = template.Library()


@register.filter
def html_lang(code: str) -> str:
    """The BCP 47 tag of a Django language code, for ``<html lang>`` and the manifest: script and
    region subtags keep their case (``sr-latn`` is ``sr-Latn``).

    >>> html_lang("sr-latn"), html_lang("en"), html_lang("pt-br")
    ('sr-Latn', 'en', 'pt-BR')
    """
    return to_locale(code).replace("_", "-")


@register.filter
def shown_name(name: str) -> str:
    """A person's name as the reader reads it: for a Serbian reader in the script of the page
    (games/serbian.py), the stored name unchanged."""
    return serbian.shown_name(name)


@register.filter
def percent(value: float) -> str:
    """``value`` per cent as the reader writes it, also where localization is off (the match screen):
    the language's decimal mark, and the sign where its catalogue puts it ("43,2 %" in Spanish, "43,2%"
    in Italian)."""
    return gettext("%(number)s%%") % {"number": number_format(value, use_l10n=True)}
