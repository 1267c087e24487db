"""The body of ``heroes render roster``, free of Typer: the Typer command
(:mod:`builder.cli.render`) and the fast start-up path (:mod:`builder.cli.fast`) both call
:func:`render_roster`, so they write the same file, print the same lines and exit with the
same code.

Why a module of its own: the roster PDF is the print command users wait on (issue 38:
under 1.5 s as a whole command, ``python -m benchmarks render``), and importing Typer, as
the command module does to declare its options, costs the fast path about 0.15 s of CPU.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

from builder.render.paper import Paper


def render_roster(army: Path, out: Path, pack: Optional[Path], paper: Paper) -> None:
    """Write the roster of the list ``army`` to ``out`` (HTML or PDF, by its suffix) through
    its game system's ``render roster`` handler, found from the list (or ``pack``)."""
    from builder.outputs import refuse_inputs
    from builder.systems.seam import command_handler, system_of_file

    refuse_inputs(out, "-o", [("ARMY", army)])
    system, system_pack = system_of_file(army, pack)
    command_handler(system, "render roster")(army, system_pack, out, paper)
