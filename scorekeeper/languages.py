"""The reader's language, as Django's LocaleMiddleware picks it, with Serbian Latin for the browsers of
the neighbours whose languages have no catalogue yet (docs/languages.md, "How a language is chosen").

Croatian (``hr``), Bosnian (``bs``), Montenegrin (``cnr``) and Serbian as written in Montenegro
(``sr-ME``) are read in Latin script: their readers get ``sr-latn``, where Django would give English
(no catalogue) or Cyrillic (``sr-ME`` falls back to ``sr``). A script subtag says the script
(``sr-Cyrl-ME`` stays Cyrillic). The language chosen in the menu (its cookie) still comes first.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.middleware.locale import LocaleMiddleware
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header

LATIN = "sr-latn"
CYRILLIC = "sr"
LATIN_NEIGHBOURS = frozenset({"hr", "bs", "cnr", "sh"})  # sh: Serbo-Croatian, an old browser's tag
LATIN_REGIONS = frozenset({"me"})  # Serbian in Montenegro


def serbian_script(tag: str) -> str | None:
    """``sr-latn`` or ``sr`` for a browser's language ``tag`` read as Serbian in that script, else
    ``None`` (for ``sr`` and ``sr-RS`` Django's own choice, Cyrillic, stands).

    >>> [serbian_script(tag) for tag in ("hr", "bs-BA", "cnr", "sr-ME", "sr-Cyrl-ME", "sr", "en")]
    ['sr-latn', 'sr-latn', 'sr-latn', 'sr-latn', 'sr', None, None]
    """
    language, *rest = tag.lower().split("-")
    if language not in LATIN_NEIGHBOURS | {CYRILLIC}:
        return None
    if "cyrl" in rest:
        return CYRILLIC
    if language in LATIN_NEIGHBOURS or "latn" in rest or LATIN_REGIONS & set(rest):
        return LATIN
    return None


def browser_language(header: str) -> str | None:
    """The first of the browser's languages (``Accept-Language``, by preference) that the app speaks,
    a Serbian neighbour's as Serbian Latin; ``None`` for none.

    >>> browser_language("hr-HR,hr;q=0.9,en;q=0.8"), browser_language("de,it;q=0.5"), browser_language("de")
    ('sr-latn', 'it', None)
    """
    for tag, _ in parse_accept_lang_header(header):
        if tag == "*":
            break
        script = serbian_script(tag)
        if script is not None:
            return script
        try:
            return translation.get_supported_language_variant(tag)
        except LookupError:
            continue
    return None


def _chosen_in_menu(request: HttpRequest) -> bool:
    cookie = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    if not cookie:
        return False
    try:
        translation.get_supported_language_variant(cookie)
    except LookupError:
        return False
    return True


API_PREFIX = "/api/"
# Where a ``lang`` query parameter names the language: the API, and the rule book, whose links the API
# gives with the ``lang`` it was asked in (api/rules/serializers.py ``book_url``).
LANG_PARAMETER_PREFIXES = (API_PREFIX, "/rules/")


class ReaderLocaleMiddleware(LocaleMiddleware):
    """Django's LocaleMiddleware (the menu's cookie, then ``Accept-Language``), the browser's language
    read by :func:`browser_language`; an API request or a rule book page may name its language in a
    ``lang`` query parameter (read as a browser's tag: ``?lang=sr-Latn``), which comes first."""

    def process_request(self, request: HttpRequest) -> None:
        super().process_request(request)
        named = request.path.startswith(LANG_PARAMETER_PREFIXES)
        asked = browser_language(request.GET.get("lang", "")) if named else None
        if asked is None and _chosen_in_menu(request):
            return
        language = asked or browser_language(request.headers.get("Accept-Language", ""))
        if language is not None and language != translation.get_language():
            translation.activate(language)
            request.LANGUAGE_CODE = translation.get_language()
