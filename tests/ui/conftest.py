"""The UI's tests run on a headless page (tests/headless.py): the shell's loop without a
browser, with the rules pages and catalogues built where the UI reads them."""
from __future__ import annotations

import pytest

import catalogues  # scripts/catalogues.py
import rules_pages  # scripts/rules_pages.py
from headless import Page
from ui import i18n
from ui.setup import screens


@pytest.fixture(scope="session", autouse=True)
def rules_dir(tmp_path_factory):
    """The rules pages rendered as the build renders them, where the UI reads them (the page
    finds them in its runtime's zip)."""
    out = tmp_path_factory.mktemp("rules")
    rules_pages.write_all(out)
    screens.RULES_DIR = out
    return out


@pytest.fixture(scope="session", autouse=True)
def locale_dir(tmp_path_factory):
    """The catalogues compiled as the build compiles them, where the UI reads them."""
    out = tmp_path_factory.mktemp("py")
    for rel, data in catalogues.compiled().items():
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_bytes(data)
    i18n.LOCALE_DIR = out / "ui" / "locale"
    i18n._catalogues.clear()
    return i18n.LOCALE_DIR


@pytest.fixture(autouse=True)
def english():
    """Each test starts in English (a test may switch the language)."""
    i18n.use("en")
    yield
    i18n.use("en")


@pytest.fixture
def page_at():
    """page_at("?game=durak&seed=3") -> a Page opened at that address."""
    return Page
