"""The Heroes System (Heroes of Normandie, its expansions and Solo Mode) behind the
game-system seam: the first system registered through it (pyproject.toml declares it in
the ``heroes_builder.systems`` entry-point group).

Its ``heroes`` command handlers live in builder.systems.heroes.commands (``COMMANDS``,
imported on first call); the commands not moved there yet are still the bodies of
builder/cli (``builtin_cli``). Every other hook points at the library module that does
the work, imported on first call. One public function besides: :func:`plain_army_check`,
the fast start-up path's army check.
"""

from __future__ import annotations

import functools

from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from builder.content.paths import BUNDLED_CONTENT
from builder.render.paths import TEMPLATES
from builder.systems.heroes.commands import COMMANDS
from builder.systems.seam import HEROES_SYSTEM, GameSystem, ReplayTools, lazy


class _Kinds(Mapping[str, type[Any]]):
    """Content kind (folder) to the pydantic model of its files, imported on first look:
    registering the system runs on every command, and building the models is most of
    a short command's start-up (``heroes army check`` on a cached pack needs them only
    when the cache is cold)."""

    @functools.cached_property
    def _models(self) -> dict[str, type[Any]]:
        from builder.systems.heroes.content.models import KINDS

        return {folder: kind.file_model for folder, kind in KINDS.items()}

    def __getitem__(self, folder: str) -> type[Any]:
        return self._models[folder]

    def __iter__(self) -> Iterator[str]:
        return iter(self._models)

    def __len__(self) -> int:
        return len(self._models)


def players() -> Mapping[str, Callable[[int, int], Any]]:
    """The Heroes players by kind (random, greedy, solo and solo-mode), each a factory of
    (seed, side) over the one player registry (builder.kernel.players)."""
    # imported here, not at the top: the engine and the AI load only when a game is played
    import builder.systems.heroes.ai  # noqa: F401  (registers the Heroes players)
    from builder.kernel.players import make_player, player_kinds

    return {kind: functools.partial(make_player, kind) for kind in player_kinds()}


def new_game(pack: Any, scenario_id: str, seed: int) -> Any:
    """A new game of ``scenario_id`` under the core rules (000), ready for the first decision."""
    # imported here, not at the top: the engine loads only when a game is played
    from builder.systems.heroes.engine.rules import Rules

    return Rules.new_game(pack, scenario_id, seed=seed)


def plain_army_check(file: Path, pack: Path | None, fmt: str) -> Callable[[], int] | None:
    """``heroes army check`` on plain data, without the content models or Typer (the fast
    start-up path, builder.cli.fast): the printing of the list's verdict, returning the
    exit code, or None when only the full check (the ``army check`` handler) can answer."""
    # imported here, not at the top: registering the system must stay cheap
    from builder.systems.heroes.commands.army_check import plain_check

    return plain_check(file, pack, fmt)


def coverage(pack: Any) -> list[dict[str, str]]:
    """Rules coverage rows of a loaded pack, the Solo Mode rules included
    (``heroes rules coverage``: kind, id, name, status, missing, rule)."""
    # imported here: the engine's rule registry loads only when coverage is asked for
    import builder.systems.heroes.engine.solo_mode.coverage  # noqa: F401  (adds the Solo Mode rules to the registry)
    from builder.systems.heroes.tools.coverage import coverage as rows

    return rows(pack)


HEROES = GameSystem(
    id=HEROES_SYSTEM,
    title="Heroes System",
    kinds=_Kinds(),
    validate=lazy("builder.systems.heroes.validation:validate_pack"),
    load=lazy("builder.systems.heroes.content.pack_cache:load_pack_cached"),
    check_army=lazy("builder.systems.heroes.army.check:check_file"),
    rules=new_game,
    players=players,
    coverage=coverage,
    site_builder=lazy("builder.render.site.build:build_site"),
    render={
        "roster": lazy("builder.systems.heroes.render.roster:render_roster_html"),
        "scenario": lazy("builder.systems.heroes.render.scenario_sheet:render_scenario_html"),
        "deck": lazy("builder.systems.heroes.render.cards:render_deck_html"),
        "cards": lazy("builder.systems.heroes.render.cards:render_cards_html"),
    },
    templates=TEMPLATES,
    commands={command: lazy(f"builder.systems.heroes.commands.{target}") for command, target in COMMANDS.items()},
    builtin_cli=True,
    bundled_pack=BUNDLED_CONTENT / "core",
    replay=ReplayTools(read=lazy("builder.systems.heroes.tools.story:read_log"),
                       narrate=lazy("builder.systems.heroes.tools.story:narrate"),
                       view=lazy("builder.systems.heroes.render.replay_view:viewer_data"),
                       game_log=lazy("builder.systems.heroes.tools.story:game_log")),
)
