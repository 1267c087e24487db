"""The documentation site (site/, make site): generated pages and a strict offline build."""

from __future__ import annotations

import shutil

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from builder import docsite

REPO = Path(__file__).resolve().parents[1]


def test_every_command_and_parameter_has_help_and_a_page() -> None:
    root = docsite.root_command()
    pages = {p.path: p.text for p in docsite.command_pages(root)}
    commands = [(path, cmd) for path, cmd in docsite.walk_commands(root) if path]
    assert len(commands) > 10
    for path, cmd in commands:
        name = " ".join(path)
        assert docsite.command_help(cmd), f"heroes {name} has no help text"
        for param in cmd.params:
            if not getattr(param, "hidden", False) and param.name != "help":
                assert getattr(param, "help", None), f"heroes {name}: {param.name} has no help text"
        page = pages.get(f"reference/commands/{path[0]}.md")
        assert page is not None, f"heroes {path[0]} has no page in the command reference"
        heading = "# " if len(path) == 1 else "## "
        assert f"{heading}heroes {name}\n" in page, f"heroes {name} is missing from its reference page"
        for param in cmd.params:
            if docsite._is_option(param) and param.name != "help":
                assert f"`{param.opts[0]}`" in page


def test_reference_shows_defaults_and_help() -> None:
    page = next(p.text for p in docsite.command_pages() if p.path == "reference/commands/site.md")
    assert "| `--port` | option | `8000` | Port on 127.0.0.1. |" in page
    assert "| `FOLDER` | argument (optional) | `site-out` | Built site folder. |" in page


def test_guides_in_reading_order_with_new_pages_appended(tmp_path: Path) -> None:
    for stem in ("zeta", "engine", "army", "alpha", "authoring"):
        (tmp_path / f"{stem}.md").write_text(f"# Title of {stem}\n", encoding="utf-8")
    assert [p.stem for p in docsite.guide_pages(tmp_path)] == ["authoring", "army", "engine", "alpha", "zeta"]
    assert docsite.guide_title(tmp_path / "zeta.md") == "Title of zeta"
    (tmp_path / "untitled-page.md").write_text("no heading\n", encoding="utf-8")
    assert docsite.guide_title(tmp_path / "untitled-page.md") == "Untitled page"


def test_benchmarks_page_shows_results_or_how_to_get_them(tmp_path: Path) -> None:
    missing = docsite.benchmarks_page(tmp_path / "results.txt").text
    assert "make bench | tee benchmarks/results.txt" in missing
    (tmp_path / "results.txt").write_text("== engine: ratio 1.8\n", encoding="utf-8")
    assert "== engine: ratio 1.8" in docsite.benchmarks_page(tmp_path / "results.txt").text


def test_diagnostics_page_lists_every_registered_code() -> None:
    text = docsite.diagnostics_page().text
    from builder.diagnostics import CODES

    assert CODES
    for code in CODES:
        assert f"| `{code}` |" in text


def build_site(docs: Path, out: Path) -> subprocess.CompletedProcess[str]:
    """``make site`` with the guides read from DOCS (not -q: it would hide what --strict counts)."""
    pytest.importorskip("material")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(REPO), "HEROES_SITE_DOCS": str(docs)}
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f",
                           str(REPO / "site" / "mkdocs.yml"), "-d", str(out)],
                          capture_output=True, text=True, env=env, cwd=REPO, timeout=300)


def docs_copy(tmp_path: Path, extra: str) -> Path:
    """docs/ plus one new guide, as another helper would add it."""
    docs = tmp_path / "docs"
    docs.mkdir()
    for page in (REPO / "docs").glob("*.md"):
        (docs / page.name).write_bytes(page.read_bytes())
    shutil.copytree(REPO / "docs" / "images", docs / "images")
    (docs / "zz-new-guide.md").write_text(f"# A new guide\n\nSee the [armies guide]({extra}).\n", encoding="utf-8")
    return docs


def test_strict_build_fails_on_a_broken_link(tmp_path: Path) -> None:
    run = build_site(docs_copy(tmp_path, "no-such-page.md"), tmp_path / "site")
    assert run.returncode != 0
    assert "no-such-page.md" in run.stderr and "strict" in run.stderr


def test_strict_offline_build(tmp_path: Path) -> None:
    """mkdocs --strict: a broken link, a missing page or a bad anchor fails the build; a new
    guide in docs/ appears in the navigation without any edit of site/."""
    out = tmp_path / "site"
    run = build_site(docs_copy(tmp_path, "army.md"), out)
    assert run.returncode == 0, run.stderr[-3000:]
    for guide in docsite.guide_pages(tmp_path / "docs"):
        assert (out / "guides" / f"{guide.stem}.html").is_file()
    assert 'href="guides/zz-new-guide.html"' in (out / "index.html").read_text(encoding="utf-8")
    root = docsite.root_command()
    for name in root.commands:
        assert (out / "reference" / "commands" / f"{name}.html").is_file()
    for page in ("index", "install", "gallery", "reference/diagnostics", "reference/coverage",
                 "reference/benchmarks", "catalogue/index", "catalogue/core/index", "catalogue/bfn/index"):
        assert (out / f"{page}.html").is_file(), page
    search = json.loads((out / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert any("heroes army check" in doc["title"] for doc in search["docs"])
    remote = re.compile(r"<(?:script|link|img)[^>]+(?:src|href)=\"(?:https?:)?//", re.I)
    for html in out.rglob("*.html"):
        assert not remote.search(html.read_text(encoding="utf-8")), f"{html} loads something from the network"
    css = "".join(p.read_text(encoding="utf-8") for p in (out / "assets").rglob("*.css"))
    assert "fonts.googleapis" not in css
