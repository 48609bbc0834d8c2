"""Names in the order each language sorts them (games/collation.py, docs/languages.md).

The same names, from every language the app speaks, sorted for a reader of each: diacritics in
their places (Č and Ć after C, Đ after D, Š after S for Serbian; Ñ after N for Spanish; accents
ignored where the language ignores them), the two Serbian scripts in one order, that of the script
the reader reads. tests/stats/test_web.py checks a page that lists people, on the database.
"""

from __future__ import annotations

import pytest

from games.collation import by_name

NAMES = ["Zoran", "Šaban", "Ñoño", "Đorđe", "Čedomir", "Ángel", "Ђурђа", "Љиља", "Nikola", "Cvijan"]
NAMES += ["Sava", "Lazar", "Ana", "Ćira", "Джон", "Ольга", "Øystein", "Ådne"]

ORDERS = {
    # Accents are a secondary difference: Č and Ć among the C names, Ñ among the N; Cyrillic after.
    "en": "Ådne Ana Ángel Čedomir Ćira Cvijan Đorđe Lazar Nikola Ñoño Øystein Šaban Sava Zoran "
    "Джон Ђурђа Љиља Ольга",
    "it": "Ådne Ana Ángel Čedomir Ćira Cvijan Đorđe Lazar Nikola Ñoño Øystein Šaban Sava Zoran "
    "Джон Ђурђа Љиља Ольга",
    "pt": "Ådne Ana Ángel Čedomir Ćira Cvijan Đorđe Lazar Nikola Ñoño Øystein Šaban Sava Zoran "
    "Джон Ђурђа Љиља Ольга",
    # Ñ is a letter of its own, after N.
    "es": "Ådne Ana Ángel Čedomir Ćira Cvijan Đorđe Lazar Nikola Ñoño Øystein Šaban Sava Zoran "
    "Джон Ђурђа Љиља Ольга",
    # The reader's script first.
    "ru": "Джон Ђурђа Љиља Ольга Ådne Ana Ángel Čedomir Ćira Cvijan Đorđe Lazar Nikola Ñoño Øystein "
    "Šaban Sava Zoran",
    # Serbian Latin: c č ć d dž đ ... s š z, Cyrillic names read in Latin among them.
    "sr-latn": "Ådne Ana Ángel Cvijan Čedomir Ćira Джон Đorđe Ђурђа Lazar Љиља Nikola Ñoño Ольга "
    "Øystein Sava Šaban Zoran",
    # Serbian Cyrillic (a b v g d đ e ž z i j k l lj m n nj o p r s t ć u f h c č dž š, as the azbuka
    # orders them), Latin names read in Cyrillic among them; Ø, no letter of either, last.
    "sr": "Ådne Ana Ángel Джон Đorđe Ђурђа Zoran Lazar Љиља Nikola Ñoño Ольга Sava Ćira Cvijan "
    "Čedomir Šaban Øystein",
}


@pytest.mark.parametrize("language", ORDERS)
def test_names_from_every_language_sort_as_the_readers_language_sorts_them(language: str) -> None:
    assert " ".join(by_name(NAMES, str, language)) == ORDERS[language]


def test_spanish_puts_n_tilde_after_every_n() -> None:
    assert by_name(["Ñandú", "Nuria", "Oscar", "Nadia"], str, "es") == ["Nadia", "Nuria", "Ñandú", "Oscar"]


def test_equal_names_keep_their_order_and_spaces_do_not_count() -> None:
    pairs = [("Ana  Marić", 2), ("Ana Marić", 1), ("Ana Marica", 3)]
    assert by_name(pairs, lambda pair: pair[0], "sr-latn") == [
        ("Ana Marica", 3),
        ("Ana  Marić", 2),
        ("Ana Marić", 1),
    ]
