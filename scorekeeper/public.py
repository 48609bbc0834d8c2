"""The address people reach the app at: ``PUBLIC_URL`` (the proxy's https address in production, a
laptop's address on the club's network on a club night), else the host the request came to. Share
links, QR codes, invitation links and mailed links are built on it, so that a link made on the laptop
itself (http://127.0.0.1:8000) still opens on the players' phones when ``PUBLIC_URL`` names the
laptop's network address.

>>> from django.test import RequestFactory, override_settings
>>> request = RequestFactory().get("/", HTTP_HOST="127.0.0.1:8000")
>>> public_url(request, "/matches/1/"), points_at_this_machine(request)
('http://127.0.0.1:8000/matches/1/', True)
>>> with override_settings(PUBLIC_URL="http://192.168.1.20:8000/"):
...     public_url(request, "/matches/1/"), points_at_this_machine(request)
('http://192.168.1.20:8000/matches/1/', False)
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest
from django.http.request import split_domain_port


def public_url(request: HttpRequest, path: str) -> str:
    """``path`` (from the site's root) as a full address people can open."""
    base: str | None = settings.PUBLIC_URL
    if base:
        return base.rstrip("/") + "/" + path.lstrip("/")
    return request.build_absolute_uri(path)


def points_at_this_machine(request: HttpRequest) -> bool:
    """Whether the links made for ``request`` open only on the machine that serves it: no
    ``PUBLIC_URL``, and the request came to a loopback host (``localhost``, 127.0.0.1, ::1)."""
    if settings.PUBLIC_URL:
        return False
    host = split_domain_port(request.get_host())[0].strip("[]")
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
