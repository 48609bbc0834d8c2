"""Sharing a link from the phone: its QR code, drawn server-side as SVG (no script, no image request)."""

from __future__ import annotations

import io

import segno
from django import template
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.simple_tag
def qr_svg(url: str, title: str = "", fluid: bool = False) -> SafeString:
    """``url`` as a QR code in an inline ``<svg>`` (``title`` is its accessible name); ``fluid``: sized
    by its CSS alone (a viewBox instead of a width and height), e.g. for print."""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(
        buffer,
        kind="svg",
        scale=4,
        border=2,
        xmldecl=False,
        svgclass="qr",
        title=title or None,
        dark="#000",
        light="#fff",
        omitsize=fluid,
    )
    # segno escapes the title it writes; the rest is its own markup
    return mark_safe(buffer.getvalue().decode())


@register.simple_tag(takes_context=True)
def absolute_url(context: template.Context, name: str, *args: object) -> str:
    """The full address (scheme and host as the request came) of the URL named ``name``."""
    return str(context["request"].build_absolute_uri(reverse(name, args=args)))
