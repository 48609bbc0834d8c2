"""The page's language as HTML names it: ``{{ LANGUAGE_CODE|html_lang }}``."""

from __future__ import annotations

from django import template
from django.utils.translation import to_locale

register = template.Library()


@register.filter
def html_lang(code: str) -> str:
    """The BCP 47 tag of a Django language code, for ``<html lang>`` and the manifest: script and
    region subtags keep their case (``sr-latn`` is ``sr-Latn``).

    >>> html_lang("sr-latn"), html_lang("en"), html_lang("pt-br")
    ('sr-Latn', 'en', 'pt-BR')
    """
    return to_locale(code).replace("_", "-")
