"""Sharing a link from the phone: its QR code, drawn server-side as SVG (no script, no image request)."""

from __future__ import annotations

import io

import segno
from django import template
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from scorekeeper.public import points_at_this_machine, public_url

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
    """The full address people open (``PUBLIC_URL``, else as the request came) of the URL named ``name``."""
    return public_url(context["request"], reverse(name, args=args))


@register.simple_tag(takes_context=True)
def links_only_here(context: template.Context) -> bool:
    """Whether the links and QR codes a page shows open only on the machine serving it (no
    ``PUBLIC_URL``, a loopback host): the page warns the director."""
    return points_at_this_machine(context["request"])
