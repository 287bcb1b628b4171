"""The code's shape, read from its source: layers import one way, no module imports another
in a circle (anywhere in py/), function-level imports are only the lazy loads of a screen's or
a game's modules (each saying why), modules and classes stay a readable size, and the UI reads
by feature: a small shared core directly in py/ui/, and each feature's model, messages, update
and view in a package of its own that imports no other feature's."""
from __future__ import annotations

import ast
import functools
import importlib.util
from pathlib import Path

import pytest

PY = Path(__file__).resolve().parents[2] / "py"
UI = PY / "ui"
MAX_MODULE_LINES, MAX_CLASS_LINES = 450, 300
MAX_CORE_MODULES = 15  # modules directly in py/ui/: the shell, the model's core, the page
# the features: each a package of py/ui/ holding its own model, messages, update and view
FEATURES = ("daily", "exercises", "replay", "seats", "shared_table", "settings", "stats",
            "reactions")
# what draws the page from the model: it may not import what changes the model (besides
# these, every feature's `view` and `*_view` modules)
VIEWS = ("ui.page", "ui.setup.screens", "ui.stats.summaries", "ui.tables", "ui.parts")
# what changes the model: the entry point, the handlers and a game's life at the table
HANDLING = ("ui.update", "ui.setup.start", "ui.setup.form", "ui.play.at_table", "ui.play.aids",
            "ui.play.sheets", "ui.play.inputs", "ui.play.table_life", "ui.packs.update")
# the lazy loads: a screen's modules, or the analysis (and the exercises' judging), first needed
# when a replay or an exercise opens, or
# the QR codes, when a table is first shared (each in a pack the page fetches on first use)
LAZY = {"ui.replay.view", "kozyr.analysis", "kozyr.exercises", "ui.shared_table.qr"}


def is_view(name: str) -> bool:
    last = name.rpartition(".")[2]
    return name.startswith(VIEWS) or last == "view" or last.endswith("_view")


def is_handling(name: str) -> bool:
    return name.startswith(HANDLING) or name.rpartition(".")[2] == "update"


def modules() -> dict[str, Path]:
    return modules_under(UI, "ui")


def py_modules() -> dict[str, Path]:
    """Every module of py/: the engine and AI (kozyr) and the page (ui)."""
    return {**modules_under(PY / "kozyr", "kozyr"), **modules()}


@functools.cache
def modules_under(root: Path, prefix: str) -> dict[str, Path]:
    return {".".join((prefix, *p.relative_to(root).with_suffix("").parts)).removesuffix(".__init__"):
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
    if name.startswith(("ui.", "kozyr.")):
        return name in py_modules()
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


def ours(dep: str) -> bool:
    return dep.split(".")[0] in ("ui", "kozyr")


def top_level_imports(name: str, path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    return {dep for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))
            for dep in imported(name, path, node) if ours(dep)}


def all_imports(name: str, path: Path) -> set[str]:
    """What the module imports at any level: a function's import closes a circle as surely
    as one at the top, only later."""
    return {dep for node in ast.walk(ast.parse(path.read_text()))
            if isinstance(node, (ast.Import, ast.ImportFrom))
            for dep in imported(name, path, node) if ours(dep)}


def function_imports(path: Path) -> list[tuple[int, ast.AST]]:
    tree = ast.parse(path.read_text())
    top = set(map(id, tree.body))
    return [(node.lineno, node) for node in ast.walk(tree)
            if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in top]


def feature_of(name: str) -> str | None:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "ui" and parts[1] in FEATURES else None


def test_no_import_circle_in_py():
    graph = {name: all_imports(name, path) for name, path in py_modules().items()}
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
    views = [name for name in modules() if is_view(name)]
    assert len(views) > 10, f"the check sees too few views: {views}"
    for name in views:
        wrong = {d for d in all_imports(name, modules()[name]) if is_handling(d)}
        assert not wrong, f"the view {name} imports {wrong}"


def test_modules_and_classes_stay_readable():
    for name, path in modules().items():
        text = path.read_text()
        assert len(text.splitlines()) <= MAX_MODULE_LINES, f"{name} is over {MAX_MODULE_LINES}"
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef):
                size = node.end_lineno - node.lineno + 1
                assert size <= MAX_CLASS_LINES, f"{name}.{node.name} is {size} lines"


def test_the_shared_core_stays_small():
    """py/ui/ itself holds the shell, the model's core and the page; the rest is in packages."""
    core = sorted(p.name for p in UI.glob("*.py"))
    assert len(core) <= MAX_CORE_MODULES, f"{len(core)} modules directly in py/ui/: {core}"


def test_each_feature_is_a_package_of_its_own():
    """A feature is read and changed in one folder: its package imports no other feature's
    (what two features share is the core's, and the core wires them together)."""
    names = set(modules())
    assert {f"ui.{f}" for f in FEATURES} <= names, "a feature is not a package of py/ui/"
    for name, path in modules().items():
        mine = feature_of(name)
        if mine is None:
            continue
        others = {d for d in all_imports(name, path) if feature_of(d) not in (None, mine)}
        assert not others, f"the feature {mine}'s {name} imports {sorted(others)}"


def test_the_checks_see_a_circle_a_crossing_and_a_view_importing_a_handler(tmp_path, monkeypatch):
    """The checks above can fail: two modules importing each other, one only inside a
    function, are found; so are a feature importing another and a view importing an update."""
    ui = tmp_path / "ui"
    (ui / "stats").mkdir(parents=True)
    (ui / "daily").mkdir()
    (ui / "a.py").write_text("from . import b\n")
    (ui / "b.py").write_text("def later():\n    from .a import x\n")
    (ui / "stats" / "view.py").write_text("from ..daily import update\n")
    (ui / "daily" / "update.py").write_text("")
    for package in (ui / "stats", ui / "daily"):
        (package / "__init__.py").write_text("")
    (tmp_path / "kozyr").mkdir()
    monkeypatch.setattr(__import__(__name__), "PY", tmp_path)
    monkeypatch.setattr(__import__(__name__), "UI", ui)
    graph = {n: all_imports(n, p) for n, p in py_modules().items()}
    assert graph["ui.a"] == {"ui.b"} and graph["ui.b"] == {"ui.a"}
    with pytest.raises(pytest.fail.Exception, match="import circle"):
        test_no_import_circle_in_py()
    monkeypatch.setattr(__import__(__name__), "FEATURES", ("stats", "daily"))
    with pytest.raises(AssertionError, match="imports"):
        test_each_feature_is_a_package_of_its_own()
    assert is_view("ui.stats.view") and is_handling("ui.daily.update")


def test_test_modules_have_names_of_their_own():
    """pytest imports test modules by their names (no packages under tests/): two files of one
    name in two folders collide, and a clean run fails to collect the second."""
    tests = Path(__file__).resolve().parents[1]
    names: dict[str, list[str]] = {}
    for path in tests.rglob("test_*.py"):
        names.setdefault(path.name, []).append(str(path.relative_to(tests)))
    twice = {n: p for n, p in names.items() if len(p) > 1}
    assert not twice, f"test modules sharing a name: {twice}"
