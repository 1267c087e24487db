"""The ``heroes`` command: a thin layer over the library, one module per command group.

Every error a user can cause ends as a message and an exit code (0 fine, 1 invalid
input, 2 usage error), never a traceback.

The Typer ``app`` is built on first use (``from builder.cli import app`` works as
ever): a plain ``heroes army check`` runs without Typer (builder.cli.fast), and
importing this package costs nothing more.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import typer

    app: typer.Typer


def _build_app() -> typer.Typer:
    import typer

    from builder.cli import (army, balance, campaign, catalogue, demo, pack, play, playtest, render, schema, serve,
                             site, validate)

    app = typer.Typer(
        name="heroes",
        help="Heroes Builder: armies, scenarios, playtests and printable aids for Heroes of Normandie.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    app.command(name="validate")(validate.validate)
    app.add_typer(schema.app, name="schema")
    app.command(name="demo")(demo.demo)
    app.add_typer(army.app, name="army")
    app.command(name="playtest")(playtest.playtest)
    app.command(name="balance")(balance.balance)
    play.register(app)
    app.add_typer(render.app, name="render")
    app.add_typer(site.app, name="site")
    app.command(name="serve")(serve.serve)
    catalogue.register(app)
    app.add_typer(pack.app, name="pack")
    app.add_typer(campaign.app, name="campaign")
    return app


def __getattr__(name: str) -> Any:
    if name == "app":
        built = globals()["app"] = _build_app()
        return built
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main(argv: list[str] | None = None) -> None:
    """Entry point of the console script."""
    from builder.cli import fast

    code = fast.run(sys.argv[1:] if argv is None else argv)
    if code is None:
        from builder.cli.common import run_app

        code = run_app(__getattr__("app"), argv)
    sys.exit(code)
