"""The house as its imports draw it: every import points down the layers, the engine and what
lies below it use only the standard library, and no modules import each other in a circle
(deferred and type-only imports count)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"

# lowest first; a module may import its own layer (inside its package) and the layers below
LAYERS: list[tuple[str, ...]] = [
    ("errors",),
    ("checks", "extras", "stats", "view_patch", "i18n"),  # i18n: every front end reads it
    ("spread",),  # tasks over processes or a Ray cluster: the arena's and training's
    ("cards",),
    ("refusal_words",),  # a refusal in words: every front end says it
    ("rules",),
    ("combos",),
    ("scoring",),
    ("engine",),
    ("encoding",),
    ("features",),  # what a network reads (numpy): the environments and the learned bot share it
    ("bots", "session", "collusion"),
    ("session_record", "driver"),
    ("table", "record_files"),
    ("arena", "env"),  # drive the table
    ("evaluation",),  # the arena's duplicate deals, for one policy
    ("train",),  # self-play and the learner: evaluates as it goes
    ("server",),
    ("client",),
    ("cli", "__init__"),
    ("__main__",),
]
PURE = {"errors", "checks", "cards", "rules", "combos", "scoring", "engine"}


def modules() -> dict[str, Path]:
    out = {}
    for path in (SRC / "bigtwo").rglob("*.py"):
        parts = path.relative_to(SRC / "bigtwo").with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" and len(parts) > 1 else parts)
        out[name] = path
    return out


def imports(name: str, path: Path, known: set[str]) -> tuple[set[str], set[str]]:
    """The project modules ``name`` imports (anywhere in the file) and the outside ones."""
    package = name.split(".")[:-1] if path.name != "__init__.py" else name.split(".")
    ours, outside = set(), set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                if top == "bigtwo":
                    ours.add(_known(alias.name.removeprefix("bigtwo."), known))
                else:
                    outside.add(top)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                top = (node.module or "").split(".")[0]
                if top != "bigtwo":
                    outside.add(top)
                    continue
                base = (node.module or "").removeprefix("bigtwo").lstrip(".").split(".")
            else:
                up = package[: len(package) - (node.level - 1)] if node.level > 1 else package
                base = [*up, *((node.module or "").split(".") if node.module else [])]
            stem = ".".join(p for p in base if p)
            for alias in node.names:
                candidate = f"{stem}.{alias.name}" if stem else alias.name
                ours.add(_known(candidate if candidate in known else stem or "__init__", known))
    ours.discard(name)
    return ours, outside


def _known(name: str, known: set[str]) -> str:
    while name not in known and "." in name:
        name = name.rsplit(".", 1)[0]
    return name if name in known else "__init__"


def layer(name: str) -> int:
    head = name.split(".")[0]
    return next(i for i, names in enumerate(LAYERS) if head in names)


def graph() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    found = modules()
    known = set(found)
    edges, outside = {}, {}
    for name, path in found.items():
        edges[name], outside[name] = imports(name, path, known)
    return edges, outside


def test_every_module_has_a_layer() -> None:
    for name in modules():
        assert layer(name) >= 0, name


def test_imports_point_down() -> None:
    edges, _ = graph()
    upward = [
        f"{a} -> {b}"
        for a, targets in edges.items()
        for b in targets
        if layer(b) > layer(a) or (layer(b) == layer(a) and b.split(".")[0] != a.split(".")[0])
    ]
    assert not upward, "imports that point up or sideways: " + ", ".join(sorted(upward))


def test_the_engine_and_below_use_only_the_standard_library() -> None:
    _, outside = graph()
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    foreign = {n: sorted(o - stdlib) for n, o in outside.items() if n.split(".")[0] in PURE}
    assert not any(foreign.values()), {n: o for n, o in foreign.items() if o}


def test_no_circles() -> None:
    edges, _ = graph()
    circles = [sorted(group) for group in _circles(edges)]
    assert not circles, f"import circles: {circles}"


def _circles(edges: dict[str, set[str]]) -> list[set[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(group)

    for v in list(edges):
        if v not in index:
            visit(v)
    return out


# what a `Game` keeps to itself; a front end reads views, offers and events instead
GAME_INSIDES = {"origin", "setup", "hands", "tables", "kitty", "stock", "due", "parse_move"}
TERMINAL_PLAY = ("play", "screen", "deal_start", "render", "hints", "results")


def test_the_terminal_game_reads_no_game_internals() -> None:
    """`bigtwo play` renders from views and the table's events and offers only: none of its
    modules touches an attribute the engine keeps inside `Game` (nor the table's ``game``)."""
    found = []
    for name in TERMINAL_PLAY:
        path = SRC / "bigtwo" / "cli" / f"{name}.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and (
                node.attr in GAME_INSIDES
                or (node.attr == "game" and ast.unparse(node.value).endswith("table"))
            ):
                found.append(f"{name}.py:{node.lineno} {ast.unparse(node)}")
    assert not found, "the terminal reaches into the game: " + ", ".join(found)
