"""The UI code's shape, read from its source: layers import one way, no module imports
another in a circle, function-level imports are only the lazy loads of a screen's or a
game's modules (each saying why), and modules and classes stay a readable size."""
from __future__ import annotations

import ast
import functools
import importlib.util
from pathlib import Path

import pytest

UI = Path(__file__).resolve().parents[2] / "py" / "ui"
MAX_MODULE_LINES, MAX_CLASS_LINES = 450, 300
# what draws the page from the model: it may not import what changes the model
VIEWS = ("ui.page", "ui.screens", "ui.stats_sheet", "ui.replay_view", "ui.summaries", "ui.handoff_view",
         "ui.tables", "ui.parts", "ui.reactions.view")
HANDLING = ("ui.handlers", "ui.update", "ui.table_life", "ui.reactions.update")
# the lazy loads: a screen's modules, or the analysis (and the exercises' judging), first needed
# when a replay or an exercise opens, or
# the QR codes, when a table is first shared (each in a pack the page fetches on first use)
LAZY = {"ui.replay_view", "kozyr.analysis", "kozyr.exercises", "ui.qr"}


def modules() -> dict[str, Path]:
    return modules_under(UI)


@functools.cache
def modules_under(root: Path) -> dict[str, Path]:
    return {".".join(("ui", *p.relative_to(root).with_suffix("").parts)).removesuffix(".__init__"):
            p for p in sorted(root.rglob("*.py"))}


def imported(name: str, path: Path, node: ast.ImportFrom | ast.Import) -> list[str]:
    """The modules an import statement of module `name` names, absolute."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    if node.level:
        package = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1])
        base = f"{package}.{node.module}" if node.module else package
    else:
        base = node.module
    # "from . import x" names module x when there is one, else a name of the package
    return [f"{base}.{a.name}" if is_module(f"{base}.{a.name}") else base for a in node.names]


def is_module(name: str) -> bool:
    if name.startswith("ui."):
        return name in modules()
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


def top_level_imports(name: str, path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    return {dep for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))
            for dep in imported(name, path, node) if dep.startswith("ui")}


def function_imports(path: Path) -> list[tuple[int, ast.AST]]:
    tree = ast.parse(path.read_text())
    top = set(map(id, tree.body))
    return [(node.lineno, node) for node in ast.walk(tree)
            if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in top]


def test_no_import_circle_in_the_ui():
    graph = {name: top_level_imports(name, path) for name, path in modules().items()}
    done: set[str] = set()

    def visit(name: str, trail: list[str]) -> None:
        if name in trail:
            pytest.fail("an import circle: " + " → ".join(trail[trail.index(name):] + [name]))
        if name in done:
            return
        for dep in sorted(graph.get(name, ())):
            visit(dep, trail + [name])
        done.add(name)

    for name in graph:
        visit(name, [])


def test_function_level_imports_are_lazy_loads_that_say_why():
    found = []
    for name, path in modules().items():
        lines = path.read_text().splitlines()
        for lineno, node in function_imports(path):
            targets = set(imported(name, path, node))
            assert targets <= LAZY, f"{path.name}:{lineno} imports {targets} inside a function"
            assert "#" in lines[lineno - 1], f"{path.name}:{lineno}: say why it is lazy"
            found.append(name)
    assert found, "the replay's screen is loaded lazily: the check found no lazy import at all"


def test_views_import_no_handler():
    for name, path in modules().items():
        if name.startswith(VIEWS):
            wrong = {d for d in top_level_imports(name, path) if d.startswith(HANDLING)}
            assert not wrong, f"the view {name} imports {wrong}"


def test_modules_and_classes_stay_readable():
    for name, path in modules().items():
        text = path.read_text()
        assert len(text.splitlines()) <= MAX_MODULE_LINES, f"{name} is over {MAX_MODULE_LINES}"
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef):
                size = node.end_lineno - node.lineno + 1
                assert size <= MAX_CLASS_LINES, f"{name}.{node.name} is {size} lines"


def test_the_checks_see_a_circle_and_a_view_importing_a_handler(tmp_path, monkeypatch):
    """The checks above can fail: two modules importing each other are found."""
    (tmp_path / "a.py").write_text("from . import b\n")
    (tmp_path / "b.py").write_text("from .a import x\n")
    monkeypatch.setattr(__import__(__name__), "UI", tmp_path)
    graph = {n: top_level_imports(n, p) for n, p in modules().items()}
    assert graph == {"ui.a": {"ui.b"}, "ui.b": {"ui.a"}}
    with pytest.raises(pytest.fail.Exception, match="import circle"):
        test_no_import_circle_in_the_ui()


def test_test_modules_have_names_of_their_own():
    """pytest imports test modules by their names (no packages under tests/): two files of one
    name in two folders collide, and a clean run fails to collect the second."""
    tests = Path(__file__).resolve().parents[1]
    names: dict[str, list[str]] = {}
    for path in tests.rglob("test_*.py"):
        names.setdefault(path.name, []).append(str(path.relative_to(tests)))
    twice = {n: p for n, p in names.items() if len(p) > 1}
    assert not twice, f"test modules sharing a name: {twice}"
