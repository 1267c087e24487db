"""``heroes army check`` on a Heroes System list, free of Typer: the fast start-up path
(builder.cli.fast) and the Typer command run this same body.

Why a module of its own: importing Typer costs more than the whole check of a small
list (it builds pydantic adapters for every option it parses), so the common
invocation runs this body directly; both paths print the same lines and exit with the
same code (0 legal, 1 illegal). Hence the handler exits with ``SystemExit``, which
Typer and builder.cli.exits both read, rather than ``typer.Exit``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from builder.systems.heroes.army.check import ArmyReport


def display(path: Path) -> str:
    """``path`` as diagnostics show it (relative to the working folder when inside it)."""
    from builder.content.paths import display_path

    return display_path(path)


def check(file: Path, pack: Path | None, fmt: str) -> NoReturn:
    """The handler (Tide of Iron's ``army_check`` signature): print the check of ``file``
    in ``fmt`` (text, json or github) and exit 0 legal, 1 illegal."""
    raise SystemExit(check_army_file(file, pack, fmt))


def check_army_file(file: Path, pack: Path | None, fmt: str) -> int:
    """Check ``file`` and print its diagnostics in ``fmt`` and, for text, the verdict
    line; the exit code: 0 legal, 1 illegal.

    The pack loads through the content models; once it has, its army index is stored
    (:mod:`builder.systems.heroes.army.index`) so the next check can take :func:`plain_check`."""
    from builder.content.search import army_pack as search
    from builder.systems.heroes.army import index
    from builder.systems.heroes.army.check import check_file
    from builder.systems.heroes.content.pack_cache import load_pack_cached

    root = Path(search(file, pack)).resolve()
    before = index.key(root) if index.enabled() else None
    loaded = load_pack_cached(root)
    report = check_file(file, loaded, display(file))
    index.store(root, loaded, before)
    return print_report(report, fmt)


def plain_check(file: Path, pack: Path | None, fmt: str) -> Callable[[], int] | None:
    """:func:`check_army_file` on plain data, without pydantic: the printing of its report
    (returning the exit code), or None when this path cannot answer (no fresh army index
    of the pack, a list that is not plainly valid, a pack that cannot be found) and
    :func:`check_army_file` must run. Both print the same bytes (tests/test_army_plain.py)."""
    from builder.content.search import army_pack as search
    from builder.errors import HeroesError
    from builder.systems.heroes.army import index
    from builder.systems.heroes.army.plain import check_plain

    if not index.enabled():
        return None
    try:
        root = Path(search(file, pack)).resolve()
    except (HeroesError, OSError):
        return None
    found = index.load(root)
    if found is None or found.system != index.HEROES:
        return None
    report = check_plain(file, found, display(file))
    if report is None:
        return None
    return lambda: print_report(report, fmt)


def print_report(report: ArmyReport, fmt: str) -> int:
    """Print a report's diagnostics in ``fmt`` and, for text, the verdict line; the exit
    code: 0 legal, 1 illegal."""
    from builder.diagnostics import FORMATS, format_json

    if fmt == "json":
        totals = report.summary.to_dict() if report.summary else None
        print(format_json(report.diagnostics, file=report.file.display, legal=report.ok, totals=totals))
    else:
        if report.diagnostics:
            print(FORMATS[fmt](report.diagnostics))
        if fmt == "text":
            print(verdict(report))
    sys.stdout.flush()
    return 0 if report.ok else 1


def verdict(report: ArmyReport) -> str:
    """The one-line summary: legal or not, points spent of the budget, tokens, warnings."""
    name = report.file.display
    if report.summary is None:
        return f"{name}: not an army list ({len(report.errors)} error(s))"
    t = report.summary.totals
    budget = f"{t.spent}/{t.budget} points" if t.budget is not None else f"{t.spent} points"
    state = "legal" if report.ok else f"illegal: {len(report.errors)} error(s)"
    return f"{name}: {state}, {budget}, {t.order_tokens} order tokens, {len(report.warnings)} warning(s)"
