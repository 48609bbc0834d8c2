"""Views and the web and API modules they call read through selectors: no ORM query is written in
``web/`` or ``api/`` (docs/architecture.md, "What is enforced")."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUERY_METHODS = frozenset(
    {
        "filter",
        "exclude",
        "select_related",
        "prefetch_related",
        "annotate",
        "aggregate",
        "values_list",
        "order_by",
        "in_bulk",
        "get_or_create",
        "update_or_create",
        "only",
        "defer",
        "distinct",
        "exists",
        "first",
        "last",
    }
)
# (module, what it calls): each with why it is not a selector's.
ALLOWED = {
    ("api/idempotency.py", "objects"): "the idempotency store's own rows, kept with the answer they replay",
    ("api/records/people.py", "objects"): "sign-in hands out DRF's own API token (its table, its manager)",
    ("api/records/people.py", "get_or_create"): "the same token, made on the first sign-in",
    ("web/forms.py", "exists"): "the match form drops the club and season fields when a selector gives none",
}


def _not_reads(tree: ast.AST) -> set[int]:
    """Ids of the nodes that name a query method without reading: a template filter's decorator
    (``register.filter``), a form's empty choices (``Model.objects.none()``, set per form), and a
    field's lookup of the id a client chose (``queryset=Model.objects.all()``)."""
    allowed: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "filter" and _named(node.value, "register"):
            allowed.add(id(node))
        if _manager_call(node, "none"):
            allowed.add(id(node.func.value))  # type: ignore[attr-defined]  # checked by _manager_call
        for keyword in getattr(node, "keywords", ()):
            if keyword.arg == "queryset" and _manager_call(keyword.value, "all"):
                allowed.add(id(keyword.value.func.value))
    return allowed


def _manager_call(node: ast.AST, method: str) -> bool:
    """``node`` is ``<something>.objects.<method>(...)``."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
        return False
    manager = node.func.value
    return node.func.attr == method and isinstance(manager, ast.Attribute) and manager.attr == "objects"


def _offences(path: Path) -> list[tuple[str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    allowed = _not_reads(tree)
    found = [
        (node.attr, node.lineno)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and id(node) not in allowed
        and (node.attr == "objects" or node.attr in QUERY_METHODS)
    ]
    shortcuts = ("get_object_or_404", "get_list_or_404")
    return found + [
        (node.id, node.lineno)
        for node in ast.walk(tree)
        if isinstance(node, ast.Name) and node.id in shortcuts
    ]


def _named(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _modules() -> list[Path]:
    return sorted([*ROOT.glob("web/**/*.py"), *ROOT.glob("api/**/*.py")])


def test_web_and_api_read_only_through_selectors() -> None:
    offences = [
        f"{module}:{line}: .{what}"
        for path in _modules()
        for module in [path.relative_to(ROOT).as_posix()]
        for what, line in _offences(path)
        if (module, what) not in ALLOWED
    ]
    assert not offences, (
        "ORM reads outside a selector (games/*/selectors.py, games/*/selectors/):\n" + "\n".join(offences)
    )


def test_every_allowance_is_still_needed() -> None:
    used = {
        (path.relative_to(ROOT).as_posix(), what) for path in _modules() for what, _line in _offences(path)
    }
    assert set(ALLOWED) <= used
