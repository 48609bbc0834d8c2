"""A signed-in device in words: its browser and system read from the User-Agent it signed in with
("Firefox on Windows"), else the User-Agent itself."""

from __future__ import annotations

from django.utils.translation import gettext

BROWSERS = [  # the first whose mark the User-Agent carries (Edge and Opera also say Chrome)
    ("Edg/", "Edge"),
    ("OPR/", "Opera"),
    ("SamsungBrowser/", "Samsung Internet"),
    ("Firefox/", "Firefox"),
    ("FxiOS/", "Firefox"),
    ("CriOS/", "Chrome"),
    ("Chrome/", "Chrome"),
    ("Safari/", "Safari"),
]
SYSTEMS = [
    ("Android", "Android"),
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Windows", "Windows"),
    ("CrOS", "ChromeOS"),
    ("Mac OS X", "macOS"),
    ("Linux", "Linux"),
]


def device_label(agent: str) -> str:
    """``agent`` in words: ``Chrome on Android``; the agent itself when neither part is known; a
    browser in general when there is none.

    >>> device_label("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36")
    'Chrome on Android'
    >>> device_label("curl/8.5")
    'curl/8.5'
    """
    browser = next((name for mark, name in BROWSERS if mark in agent), None)
    system = next((name for mark, name in SYSTEMS if mark in agent), None)
    if browser and system:
        return gettext("%(browser)s on %(system)s") % {"browser": browser, "system": system}
    return browser or system or agent or gettext("A browser")
