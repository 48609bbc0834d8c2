# ruff: noqa: RUF001, RUF002, RUF003 (Cyrillic on purpose: the forms are Russian and Serbian words)
"""No sentence makes a player a man (or a woman) by its grammar (docs/languages.md).

Every message that names a person (a player, a guest, an account: ``%(name)s``, ``{player}``...) is
rendered in every language with a name in it, and fails here if the translation uses one of the
gendered forms listed below for its language: a past tense or participle that agrees with the name
("је одиграо", "сыграл(а)", "inscrito", "iscritto"), a pronoun standing for the person ("era él",
"это он"), or a singular verb before a list of names that may be a pair ("Ganó Ana & Marko"). The
catalogues say such things as a noun phrase, in the present tense, or with the name after a colon.
"""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from tests.test_catalogues import LOCALES, messages

# Placeholders that stand for a person (or a list of persons) in the app's messages.
PERSON = re.compile(r"%\((?:name|names|user|by|guest|queued)\)s|\{(?:player|guest|user)\}")
OTHER = re.compile(r"%\([^)]+\)[-#0 +]*\d*(?:\.\d+)?[a-z]|\{[^{}]*\}")
NAMES = "Ana & Marko"  # a pair: a singular verb before it is caught too
# Messages with no placeholder that stand beside a person's name (an entry's state in the entries and
# the standings, a bye in a round's list and its CSV file), and messages addressed to the reader as a
# person ("yourself"): checked as the messages that name one.
BESIDE_A_NAME = frozenset({"dropped", "checked in", "not checked in", "bye", "Bye"})

# The gendered forms each language must not use in a message that names a person. Each entry is a
# regular expression matched against the rendered message (case-insensitive).
GENDERED: dict[str, tuple[str, ...]] = {
    "ru": (
        r"\w\((?:а|ла|ая|ое)\)",  # "сыграл(а)", "добавивший(ая)": both forms spelt out
        r"\bсыграл",
        r"\bвзял",
        r"\bоспорил",
        r"\bвыбыл",
        r"\bприглаш[её]н\b",
        r"\bпринял\b",
        r"\bподтвердил\b",
        r"\bвн[её]с\b",
        r"\bпобедил",
        r"\bэто (?:он|она)\b",
        r"\bпервым\b",
        r"\bего главной\b",
        r"\bснят\b",
        r"\bотмечен\b",
        r"\bсамому\b",
    ),
    "sr": (
        r"\bодиграо\b",
        r"\bоднео\b",
        r"\bприговорио\b",
        r"\bпријављен\b",
        r"\bодјавио\b",
        r"\bпобедио\b",
        r"\bпобеђује\b",
        r"\bприхватио\b",
        r"\bбио (?:он|она)\b",
        r"\bунео\b",
        r"\bприсутан\b",
        r"\bпрви\b",
        r"\bје члан\b",
        r"\bпозван:",
        r"\bодјављен\b",
        r"\bслободан\b",
    ),
    "sr-latn": (
        r"\bodigrao\b",
        r"\bodneo\b",
        r"\bprigovorio\b",
        r"\bprijavljen\b",
        r"\bodjavio\b",
        r"\bpobedio\b",
        r"\bpobeđuje\b",
        r"\bprihvatio\b",
        r"\bbio (?:on|ona)\b",
        r"\buneo\b",
        r"\bprisutan\b",
        r"\bprvi\b",
        r"\bje član\b",
        r"\bpozvan:",
        r"\bodjavljen\b",
        r"\bslobodan\b",
    ),
    "es": (
        r"\binscrit[oa]\b",
        r"\bsentad[oa]\b",
        r"\bretirad[oa]\b",
        r"\bera (?:él|ella)\b",
        r"\btú mism[oa]\b",
        r"\binvítal[oa]\b",
        r"\bganó\b",
        r"\beres su administrador",
        r"^invitad[oa]:",
    ),
    "it": (
        r"\biscritt[oa]\b",
        r"\britirat[oa]\b",
        r"\bsedut[oa]\b",
        r"\bper prim[oa]\b",
        r"\blo aspetta\b",
        r"\bha vinto\b",
        r"\binvital[oa]\b",
        r"\bsei l'amministratore\b",
        r"^invitat[oa]:",
    ),
    "pt": (
        r"\binscrit[oa]\b",
        r"\bsentad[oa]\b",
        r"\bera (?:ele|ela)\b",
        r"\bvenceu\b",
        r"\bganhou\b",
        r"\bé o administrador\b",
        r"^convidad[oa]:",
    ),
}


def rendered(text: str) -> str:
    """``text`` with a pair of names for each person and ``7`` for every other placeholder."""
    return OTHER.sub("7", PERSON.sub(NAMES, text))


def names_a_person(msgid: str) -> bool:
    """Whether the message stands for, beside or to a person (see :data:`BESIDE_A_NAME`)."""
    return bool(PERSON.search(msgid)) or msgid in BESIDE_A_NAME or "yourself" in msgid


def test_every_language_has_its_list() -> None:
    assert set(GENDERED) == set(LOCALES)


@pytest.mark.parametrize("code", LOCALES)
def test_no_message_naming_a_person_uses_a_gendered_form(code: str) -> None:
    found = []
    for entry in messages(code):
        if not names_a_person(entry.msgid_plural or entry.msgid):
            continue
        for text in entry.msgstrs:
            shown = rendered(text)
            found += [
                f"{entry.msgid!r}: {shown!r} ({form})"
                for form in GENDERED[code]
                if re.search(form, shown, re.IGNORECASE)
            ]
    assert found == []


def test_the_lists_catch_what_they_list() -> None:
    """Each list catches the faults it was written for (the catalogues' wording before the fix)."""
    faults = {
        "ru": "%(name)s сыграл(а) %(card)s и взял(а) %(taken)s",
        "sr": "%(name)s је одиграо %(card)s и однео %(taken)s",
        "sr-latn": "%(names)s pobeđuje",
        "es": "Ganó %(names)s",
        "it": "Ha vinto %(names)s",
        "pt": "{player} já está inscrito neste evento.",
    }
    beside = {  # states shown beside a name, and the reader, before the fix
        "ru": "Введите имя, чтобы сесть самому",
        "sr": "одјављен",
        "sr-latn": "slobodan",
        "es": "retirado",
        "it": "ritirato",
    }
    for code, fault in beside.items():
        assert any(re.search(form, fault, re.IGNORECASE) for form in GENDERED[code]), code
    for code, fault in faults.items():
        assert any(re.search(form, rendered(fault), re.IGNORECASE) for form in GENDERED[code]), code


@pytest.mark.parametrize("code", LOCALES)
def test_a_named_message_renders_with_a_name(code: str) -> None:
    """The messages checked above are the app's own, rendered as the app renders them."""
    with translation.override(code):
        shown = translation.gettext("%(name)s played %(card)s") % {"name": "Ana", "card": "7♦"}
    assert "Ana" in shown
    assert "7♦" in shown
