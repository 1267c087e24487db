"""The generated pages of the documentation site (``site/``, built by ``make site``).

Every page here is derived from the code or from docs/ at build time, so the site can
never disagree with the program: the command reference walks the Typer application,
the diagnostics reference reads the code registry, the coverage tables come from the
rule-module registry and the catalogue is the output of ``heroes site build``. The
MkDocs hook ``site/hooks.py`` calls these functions; nothing is copied by hand.
"""

from __future__ import annotations

import importlib
import os
import re
import pkgutil
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, Iterator

from builder.systems.seam import system_of_pack

# Typer builds its commands on a click of its own (``typer._click`` in recent releases),
# so the tree is read by duck typing: ``commands`` marks a group, ``param_type_name`` an option.
Command = Any


REPO = Path(__file__).resolve().parents[1]
# the guides' folder; HEROES_SITE_DOCS points the site at another one (the tests do)
DOCS = Path(os.environ.get("HEROES_SITE_DOCS") or REPO / "docs")
BENCH_RESULTS = REPO / "benchmarks" / "results.txt"

# Guides in a fixed reading order; any other docs/*.md is appended after them by name.
GUIDE_ORDER = ("getting-started", "authoring", "army", "validation", "printing", "web", "campaign", "playtest",
               "players", "solo-mode", "engine", "architecture", "developer", "diagnostics")


@dataclass(frozen=True)
class Page:
    """One generated Markdown page: where it goes in the site, its nav title, its text."""

    path: str
    title: str
    text: str


def guide_pages(docs: Path = DOCS) -> list[Path]:
    """docs/*.md in reading order: the known guides first, then the rest by name."""
    found = {p.stem: p for p in sorted(docs.glob("*.md"))}
    known = [found.pop(stem) for stem in GUIDE_ORDER if stem in found]
    return known + list(found.values())


def guide_title(path: Path) -> str:
    """The page's first ``# heading`` as plain text (a nav title shows no Markdown:
    backticks and emphasis marks are dropped), else its file name."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return re.sub(r"[`*_]", "", line[2:]).strip()
    return path.stem.replace("-", " ").capitalize()


# ---- command reference -------------------------------------------------------------------

def walk_commands(group: Command, prefix: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Command]]:
    """Every command of the click tree with its full path, groups before their children."""
    yield prefix, group
    if _is_group(group):
        for name in sorted(group.commands):
            yield from walk_commands(group.commands[name], prefix + (name,))


def _is_group(cmd: Command) -> bool:
    return isinstance(getattr(cmd, "commands", None), dict)


def _is_option(param: Any) -> bool:
    return getattr(param, "param_type_name", "") == "option"


def root_command() -> Command:
    """The click command behind ``heroes`` (imported late: the CLI loads much of the library)."""
    import typer

    from builder.cli import app

    return typer.main.get_command(app)


def command_help(cmd: Command) -> str:
    """The help text Typer shows for a command (its docstring or ``help=``)."""
    return (cmd.help or cmd.short_help or "").strip()


def _default(param: Any) -> str:
    value = param.default
    if value is None or (_is_option(param) and param.is_flag and value is False):
        return ""
    if callable(value):
        return "(computed)"
    if isinstance(value, Enum):
        value = value.value
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v.value if isinstance(v, Enum) else v) for v in value) if value else ""
    if isinstance(value, Path) and value.is_absolute():
        try:
            value = value.relative_to(REPO)
        except ValueError:
            pass
    return str(value)


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _param_rows(cmd: Command) -> list[str]:
    rows = []
    for p in cmd.params:
        if getattr(p, "hidden", False) or p.name == "help":
            continue
        if _is_option(p):
            names = ", ".join(f"`{o}`" for o in p.opts + p.secondary_opts)
            kind = "flag" if p.is_flag else "option"
        else:
            names = f"`{(p.name or '').upper()}`"
            kind = "argument" + ("" if p.required else " (optional)")
        default = _default(p)
        rows.append(f"| {names} | {kind} | {_cell(f'`{default}`' if default else '')} "
                    f"| {_cell(getattr(p, 'help', None) or '')} |")
    return rows


def command_page(path: tuple[str, ...], cmd: Command) -> Page:
    """One page per top-level command: its usage, parameters and every sub-command."""
    lines = [f"# heroes {' '.join(path)}", ""]
    for sub_path, sub in walk_commands(cmd, path):
        if sub_path != path:
            lines += [f"## heroes {' '.join(sub_path)}", ""]
        lines += [command_help(sub) or "(no help text)", ""]
        ctx = sub.context_class(sub, info_name="heroes " + " ".join(sub_path))
        lines += ["```text", sub.get_usage(ctx), "```", ""]
        rows = _param_rows(sub)
        if rows:
            lines += ["| name | kind | default | help |", "| --- | --- | --- | --- |", *rows, ""]
        if _is_group(sub):
            lines += ["Sub-commands: " + ", ".join(f"`{n}`" for n in sorted(sub.commands)), ""]
    return Page(f"reference/commands/{'-'.join(path)}.md", f"heroes {' '.join(path)}", "\n".join(lines))


def command_pages(root: Command | None = None) -> list[Page]:
    """The command reference: an index page and one page per top-level ``heroes`` command."""
    root = root or root_command()
    if not _is_group(root):
        raise TypeError("the heroes application has no sub-commands")
    pages = [command_page((name,), root.commands[name]) for name in sorted(root.commands)]
    index = ["# Command reference", "", command_help(root), "",
             "Generated from the Typer application at build time: every command, argument and "
             "option with its default and help text.", "", "| command | what it does |", "| --- | --- |"]
    for path, cmd in walk_commands(root):
        if path:
            page = f"commands/{path[0]}.md"
            anchor = "" if len(path) == 1 else "#heroes-" + "-".join(path)
            first = command_help(cmd).split("\n\n")[0]
            index.append(f"| [`heroes {' '.join(path)}`]({page}{anchor}) | {_cell(first)} |")
    return [Page("reference/commands.md", "Commands", "\n".join(index) + "\n"), *pages]


# ---- diagnostics, coverage, benchmarks ---------------------------------------------------------

def load_all_codes() -> dict[str, Any]:
    """Import every builder module so that each one registers its diagnostic codes."""
    import builder
    from builder.diagnostics import CODES

    for info in pkgutil.walk_packages(builder.__path__, "builder."):
        if not info.name.endswith((".__main__", ".native")):
            try:
                importlib.import_module(info.name)
            except ImportError:
                continue  # an optional module whose extra is not installed
    return CODES


def diagnostics_page() -> Page:
    """Every registered diagnostic code, grouped by its letter, linked to the guide."""
    codes = load_all_codes()
    lines = ["# Diagnostic codes", "",
             "Generated from the code registry (`builder.diagnostics.define_code`). "
             "The [diagnostics guide](../guides/diagnostics.md) explains each code and what to do.", ""]
    family = None
    for cid in sorted(codes):
        if cid[0] != family:
            family = cid[0]
            lines += ["", f"## {family} codes", "", "| code | meaning | rule |", "| --- | --- | --- |"]
        code = codes[cid]
        lines.append(f"| `{cid}` | {_cell(code.title)} | {_cell(code.rule)} |")
    return Page("reference/diagnostics.md", "Diagnostic codes", "\n".join(lines) + "\n")


def coverage_page(content: Path) -> Page:
    """The rules coverage of each bundled pack, asked of its game system
    (``GameSystem.coverage``, the rows of ``heroes rules coverage``: one shape for every system)."""
    from collections import Counter

    lines = ["# Rules coverage", "",
             "Which rules the engine simulates, from its rule-module registry "
             "(the same data as `heroes rules coverage --pack PACK`).", ""]
    for pack_dir in sorted(p.parent for p in content.glob("*/pack.yaml")):
        system = system_of_pack(pack_dir)
        pack = system.load(pack_dir)
        rows = system.coverage(pack)
        counts = Counter(r["status"] for r in rows)
        lines += [f"## {_pack_name(pack, system.title)} (`{pack_dir.name}`)", "",
                  ", ".join(f"{k}: {v}" for k, v in counts.items()), "",
                  "| kind | id | status | missing | rule |", "| --- | --- | --- | --- | --- |"]
        for r in rows:
            lines.append(f"| {r['kind']} | `{_cell(r['id'])}` | {r['status']} | {_cell(r['missing'])} "
                         f"| {_cell(r['rule'])} |")
        lines.append("")
    return Page("reference/coverage.md", "Rules coverage", "\n".join(lines))


def _pack_name(pack: Any, default: str) -> str:
    """A loaded pack's name (its manifest's), else ``default``."""
    return str(getattr(getattr(pack, "manifest", None), "name", None) or default)


def benchmarks_page(results: Path = BENCH_RESULTS) -> Page:
    """The figures of the last ``make bench`` run saved in benchmarks/results.txt, or how to get them."""
    lines = ["# Benchmarks", "",
             "Speed is measured as ratios to a yardstick run in the same process (`python -m benchmarks`).", ""]
    if results.is_file():
        lines += ["Figures of the last saved run (`benchmarks/results.txt`):", "", "```text",
                  results.read_text(encoding="utf-8").rstrip(), "```"]
    else:
        lines += ["No results are saved yet. Produce them with:", "", "```sh",
                  "make bench | tee benchmarks/results.txt", "```", "",
                  "then rebuild the site with `make site`: this page shows the file's figures."]
    return Page("reference/benchmarks.md", "Benchmarks", "\n".join(lines) + "\n")


def catalogue(content: Path, out: Path) -> list[tuple[str, str]]:
    """Build each bundled pack's catalogue with its game system's site builder
    (``heroes site build``); (pack id, pack name) pairs."""
    built = []
    for pack_dir in sorted(p.parent for p in content.glob("*/pack.yaml")):
        system = system_of_pack(pack_dir)
        loaded = system.load(pack_dir)
        system.site_builder(loaded, out / pack_dir.name, None)
        built.append((pack_dir.name, _pack_name(loaded, pack_dir.name)))
    return built


def catalogue_page(packs: list[tuple[str, str]]) -> Page:
    """The index of the packs' catalogues (each is a static site of its own)."""
    lines = ["# Content catalogue", "",
             "The pages of `heroes site build` for each bundled pack: factions, units, tiles, "
             "options, cards, boards and scenarios, with their own filter and search.", ""]
    lines += [f"- [{name}]({pid}/index.html) (`content/{pid}`)" for pid, name in packs]
    return Page("catalogue/index.md", "Catalogue", "\n".join(lines) + "\n")


def gallery_page(images: list[Path]) -> Page:
    """The screenshots of docs/images/ (made by ``make images``), one figure each."""
    lines = ["# Screenshots", "",
             "Printed sheets (pages of the demo PDFs) and pages of the sites, regenerated by "
             "`make images` (scripts/screenshots.py) into `docs/images/`.", ""]
    if not images:
        lines.append("No screenshots yet: run `make images`.")
    for image in images:
        caption = image.stem.replace("-", " ").replace("_", " ")
        lines += [f"## {caption.capitalize()}", "", f"![{caption}](images/{image.name})", ""]
    return Page("gallery.md", "Screenshots", "\n".join(lines) + "\n")
