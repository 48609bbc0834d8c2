"""The doctests of the built engine, for the run inside Pyodide (test.mjs puts this file beside tests/rules).

The engine there is sourceless ``.pyc`` files, which ``--doctest-modules`` cannot collect; the docstrings
are in the ``.pyc``, so each module's doctests are found in the imported module instead: one test per
docstring with examples, as pytest counts them on CPython.
"""

from __future__ import annotations

import doctest
import importlib
import os

import pytest

import games.rules

ROOT = os.path.dirname(games.rules.__file__)


def _modules() -> list[str]:
    """Every module of the built ``games.rules`` (its ``.pyc`` files)."""
    names = []
    for folder, _, files in os.walk(ROOT):
        package = "games." + os.path.relpath(folder, os.path.dirname(ROOT)).replace(os.sep, ".")
        names += [f"{package}.{name.removesuffix('.pyc')}".removesuffix(".__init__") for name in files]
    return sorted(names)


TESTS = [
    test
    for name in _modules()
    for test in doctest.DocTestFinder().find(importlib.import_module(name))
    if test.examples
]


@pytest.mark.parametrize("test", TESTS, ids=[test.name for test in TESTS])
def test_doctest(test: doctest.DocTest) -> None:
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)  # pytest's default doctest_optionflags
    runner.run(test)
    assert runner.failures == 0
