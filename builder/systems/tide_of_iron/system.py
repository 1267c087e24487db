"""The one object a game-system registry needs for Tide of Iron.

Plain attributes, so an integrator can register it behind the game-system seam as is::

    from builder.systems.tide_of_iron.system import TIDE_OF_IRON
    pack = TIDE_OF_IRON.load("content/toi")
    state = TIDE_OF_IRON.new_game(pack, "crossroads-farm", seed=1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from builder.systems.seam import GameSystem, lazy
from builder.systems.tide_of_iron import army, coverage, engine, pack, players, render
from builder.systems.tide_of_iron.models import FILE_MODELS, KINDS, Army, Manifest


@dataclass(frozen=True)
class ToiSystem:
    """Tide of Iron as a game system: content kinds, checks, engine, players, templates."""

    id: str = "tide-of-iron"
    name: str = "Tide of Iron"
    kinds: dict[str, Any] = field(default_factory=lambda: dict(KINDS))
    file_models: dict[str, Any] = field(default_factory=lambda: dict(FILE_MODELS))
    manifest_model: type = Manifest
    army_model: type = Army
    load: Callable[..., Any] = pack.load
    validate: Callable[..., Any] = pack.validate
    check_army: Callable[..., Any] = army.check_army
    new_game: Callable[..., Any] = engine.new_game
    legal_actions: Callable[..., Any] = engine.legal_actions
    apply: Callable[..., Any] = engine.apply
    clone: Callable[..., Any] = engine.clone
    state_hash: Callable[..., Any] = engine.state_hash
    result: Callable[..., Any] = engine.result
    to_move: Callable[..., Any] = engine.to_move
    players: dict[str, Any] = field(default_factory=lambda: dict(players.PLAYERS))
    coverage: Callable[..., Any] = coverage.coverage_rows
    templates: Path = render.TEMPLATES


TIDE_OF_IRON = ToiSystem()


def _players() -> dict[str, Any]:
    return dict(players.PLAYERS)


def _commands() -> dict[str, Callable[..., None]]:
    """The ``heroes`` commands that work on a Tide of Iron pack, by command name."""
    from builder.systems.tide_of_iron import cli

    return {
        "validate": cli.validate,
        "play": cli.play,
        "replay": cli.replay,
        "playtest": cli.playtest,
        "army new": cli.army_new_command,
        "army suggest": cli.army_suggest_command,
        "army check": cli.army_check,
        "army show": cli.army_show,
        "render roster": cli.render_roster,
        "render scenario": cli.render_scenario,
        "render deck": cli.render_decks,
        "site build": cli.site_build,
        "rules coverage": cli.coverage,
        "explain": cli.explain,
    }


#: Tide of Iron behind the game-system seam (builder.systems.seam), registered through
#: the ``heroes_builder.systems`` entry-point group.
GAME_SYSTEM = GameSystem(
    id=TIDE_OF_IRON.id,
    title=TIDE_OF_IRON.name,
    kinds=dict(FILE_MODELS),
    validate=pack.validate,
    load=pack.load,
    check_army=army.check_army,
    rules=engine.new_game,
    players=_players,
    coverage=coverage.coverage_rows,
    site_builder=render.build_site,
    render={"roster": render.roster_html, "scenario": render.scenario_html, "deck": render.deck_html},
    templates=render.TEMPLATES,
    commands=_commands(),
    bundled_pack=Path(__file__).resolve().parents[3] / "content" / "toi",
    scenarios=lazy("builder.systems.tide_of_iron.cli:scenario_ids"),
)
