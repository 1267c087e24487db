"""Build the static site of a content pack (``heroes site build``, the docs site's catalogue).

The pages are the pack's game system's (``GameSystem.site``, builder.systems.seam); this
service makes the folder they go in. The site is written into a fresh folder beside the
target and swapped in at the end, so a failed build never leaves a half-written site; a
target folder that is not a Heroes Builder site (no ``.heroes-site`` marker) and not
empty is never replaced.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Set
from pathlib import Path
from typing import Any

from builder.content.yaml_io import atomic_write_text
from builder.errors import UsageError
from builder.outputs import (check_output_folder, current_umask, exchange, output_failure, sweep_temporaries,
                             temporary_folder)
from builder.systems.seam import GameSystem, SiteRequest, system_of_pack

MARKER = ".heroes-site"


def saved_balance(report_file: Path, scenario_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """The ``heroes balance --save`` report beside a scenario's playtest report, with its
    curves as inline SVG (issue 26), or None when there is none."""
    from builder.playtest.balance import balance_path, curves_svg, load_balance

    report = load_balance(balance_path(report_file, scenario_id), scenario_id)
    return (report, curves_svg(report)) if report is not None else None


def _check_target(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise UsageError(f"{out} exists and is not a folder")
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise UsageError(f"{out} is not empty and was not built by 'heroes site build'; choose another folder")


def build_site(pack: Any, out: Path, reports: Path | None = None, packs: Set[str] | None = None,
               system: GameSystem | None = None) -> list[str]:
    """Write the site of ``pack`` into ``out`` (replacing a previous build) and return
    the pages written. ``reports`` holds playtest reports (default: reports/ in the pack,
    else beside it). ``packs`` limits the pages to the items of those pack ids (a pack's
    own site need not republish the packs it depends on); None publishes everything.
    ``system``: the pack's game system (default: the one its ``pack.yaml`` names)."""
    system = system or system_of_pack(getattr(pack, "root", None))
    if system.site is None:
        raise UsageError(f"{system.title} packs build their site with their own 'heroes site build'")
    out = Path(out)
    only = frozenset(packs) if packs is not None else None
    _check_target(out)
    check_output_folder(out)
    system.site.check(pack, only)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        sweep_temporaries(out.parent, out.name)
        staging = temporary_folder(out)
    except OSError as exc:
        raise output_failure(out, exc) from None
    try:
        written = system.site.write(SiteRequest(pack, staging, reports, only, saved_balance))
        atomic_write_text(staging / MARKER, "built by heroes site build\n")
        os.chmod(staging, 0o777 & ~current_umask())
        _swap(staging, out)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise output_failure(out, exc) from None
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return written


def _swap(staging: Path, out: Path) -> None:
    """Replace ``out`` by ``staging``: one atomic exchange where the system has it, else
    two renames; the previous build is removed afterwards (or by the next build's sweep)."""
    if not out.exists():
        os.replace(staging, out)
        return
    if exchange(staging, out):
        shutil.rmtree(staging, ignore_errors=True)
        return
    old = temporary_folder(out)
    old.rmdir()
    os.replace(out, old)
    os.replace(staging, out)
    shutil.rmtree(old, ignore_errors=True)
