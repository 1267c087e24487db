"""The one object a game-system registry needs for Tide of Iron.

Plain attributes for driving a game from Python (the seam's registration is
:data:`builder.systems.tide_of_iron.game_system.GAME_SYSTEM`)::

    from builder.systems.tide_of_iron.system import TIDE_OF_IRON
    pack = TIDE_OF_IRON.load("content/toi")
    state = TIDE_OF_IRON.new_game(pack, "crossroads-farm", seed=1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

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

