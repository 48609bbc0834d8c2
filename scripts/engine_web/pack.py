"""Run inside Pyodide by build.mjs: find the standard library the engine uses, and zip it and the engine.

Everything is compiled by Pyodide's own Python to sourceless ``.pyc`` files (``.pyc`` files are tied to
the interpreter: rebuilt with every Pyodide upgrade). The zips are deterministic: sorted names, fixed
timestamps, hash-based ``.pyc`` headers (no source mtime inside).
"""

from __future__ import annotations

import contextlib
import importlib
import io
import os
import sys

# The packages of the standard library kept whole once the engine uses one of their modules: modules
# loaded on demand inside them (a codec, an asyncio part) cost little next to a failure in the phone.
# ``encodings`` is the exception: its 120 codecs load by name, and the engine speaks UTF-8 JSON only.
CODECS = ("encodings/__init__.py", "encodings/aliases.py", "encodings/ascii.py", "encodings/latin_1.py")
SPLIT_PACKAGES = ("encodings",)
PYC_DATE = (1980, 1, 1, 0, 0, 0)
PYC = "/tmp/compiled.pyc"


def stdlib_zip_path() -> str:
    """Where Pyodide mounts its standard library zip (``/lib/python314.zip``)."""
    return next(path for path in sys.path if path.endswith(".zip"))


def engine_sources(root: str) -> list[tuple[str, str]]:
    """``(name in the zip, path)`` of the engine's sources: ``games/__init__.py`` and ``games/rules/``."""
    found = [("games/__init__.py", f"{root}/games/__init__.py")]
    for folder, dirs, files in os.walk(f"{root}/games/rules"):
        dirs[:] = sorted(name for name in dirs if name != "__pycache__")
        paths = [f"{folder}/{name}" for name in files if name.endswith(".py")]
        found += [(os.path.relpath(path, root), path) for path in paths]
    return sorted(found)


def used_stdlib(root: str) -> list[str]:
    """The standard library files loaded once the engine ran: every module imported, every call made.

    Must run first in a fresh interpreter (it reads ``sys.modules``); imports nothing not already loaded.
    """
    sys.dont_write_bytecode = True  # no __pycache__ in the checkout
    sys.path.insert(0, root)
    for name, _ in engine_sources(root):
        importlib.import_module(name.removesuffix(".py").removesuffix("/__init__").replace("/", "."))
    browser = sys.modules["games.rules.browser"]
    for call in [*browser.CALLS, "no such call"]:
        with contextlib.suppress(Exception):  # a call refusing an empty payload still ran its imports
            browser.answer(call, "{}")
    sys.path.remove(root)
    zipfile = sys.modules["zipfile"]  # loaded with Pyodide; the phone unpacks the engine's zip with it:
    zipfile.ZipFile(stdlib_zip_path()).namelist()  # names decode through the cp437 codec
    prefix = stdlib_zip_path() + "/"
    files, others = set(), set()
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None)
        if path is None:
            continue  # built into the interpreter
        if path.startswith(prefix):
            files.add(path.removeprefix(prefix))
        elif name != __name__ and not path.startswith(root + "/games/"):
            others.add(name)
    if others:
        raise RuntimeError(f"the engine imported modules from outside the standard library: {sorted(others)}")
    return sorted(files)


def with_margin(used: list[str]) -> list[str]:
    """``used`` plus the rest of each package it touches (but ``encodings``), and the basic codecs."""
    import zipfile

    packages = {name.rsplit("/", 1)[0] + "/" for name in used if name.endswith("/__init__.py")}
    packages = {package for package in packages if package.split("/")[0] not in SPLIT_PACKAGES}
    every = zipfile.ZipFile(stdlib_zip_path()).namelist()
    whole = {name for name in every if name.endswith(".py") and any(name.startswith(p) for p in packages)}
    return sorted({*used, *whole, *CODECS})


def stdlib_sources(names: list[str]) -> list[tuple[str, str]]:
    """``names`` taken out of Pyodide's standard library zip into ``/tmp/stdlib``, as ``(name, path)``."""
    import zipfile

    with zipfile.ZipFile(stdlib_zip_path()) as stock:
        return [(name, stock.extract(name, "/tmp/stdlib")) for name in names]


def pyc_zip(sources: list[tuple[str, str]], prefix: str = "") -> bytes:
    """A zip of ``sources`` compiled to sourceless ``.pyc`` (each named in tracebacks ``prefix + name``)."""
    import py_compile
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, path in sorted(sources):
            py_compile.compile(
                path,
                cfile=PYC,
                dfile=prefix + name,
                doraise=True,
                invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
            )
            info = zipfile.ZipInfo(name.removesuffix(".py") + ".pyc", date_time=PYC_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            with open(PYC, "rb") as pyc:
                archive.writestr(info, pyc.read(), compresslevel=9)
    return buffer.getvalue()


def engine_version(root: str) -> str:
    """``games.engine_version.source_hash`` of the checkout's ``games/rules`` (the server's value)."""
    sys.path.insert(0, root)
    try:
        from games.engine_version import source_hash
    finally:
        sys.path.remove(root)
    from pathlib import Path

    return source_hash(Path(root) / "games" / "rules")
