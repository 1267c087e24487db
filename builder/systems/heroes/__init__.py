"""The Heroes System (Heroes of Normandie, its expansions and Solo Mode) behind the
game-system seam: the first system registered through it (pyproject.toml declares it in
the ``heroes_builder.systems`` entry-point group).

Its ``heroes`` command handlers live in builder.systems.heroes.commands (``COMMANDS``,
imported on first call), as Tide of Iron's live in its ``cli`` module. Every other hook
points at the library module that does the work, imported on first call. The few public
functions below (:func:`load_pack`, :func:`plain_army_check`, the playtest pieces) are
what the shared services may call by name; each imports its module on first call.
"""

from __future__ import annotations

import functools

from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.content.paths import BUNDLED_CONTENT
from builder.render.paths import TEMPLATES
from builder.systems.heroes.commands import COMMANDS
from builder.systems.seam import HEROES_SYSTEM, CampaignTools, GameSystem, PlaytestTools, ReplayTools, SitePages, WebTools, lazy

if TYPE_CHECKING:
    from builder.systems.heroes.content.pack import Pack
    from builder.systems.heroes.validation.runner import ValidationReport


def load_pack(path: str | Path = BUNDLED_CONTENT / "core") -> Pack:
    """Load a pack and its dependencies (``from builder import load_pack``); an invalid
    pack raises ContentError with its diagnostics."""
    from builder.systems.heroes.content.loader import load_pack as load

    return load(path)


def validate_pack(path: str | Path = BUNDLED_CONTENT / "core") -> ValidationReport:
    """Validate a pack folder (``from builder import validate_pack``): schema errors while
    loading, then the semantic rules, as located diagnostics."""
    from builder.systems.heroes.validation.runner import validate_pack as validate

    return validate(path)


WEB = "builder.systems.heroes.web"
"""The Heroes System's side of ``heroes serve`` (:class:`~builder.systems.seam.WebTools`)."""


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


CAMPAIGNS = "builder.systems.heroes.campaigns"
# The playtest pieces the Heroes-only services use (the campaign playtest, ``heroes play
# --army``): a small public API, each imported on first call
# (builder.systems.heroes.playtests).


def playtest_pack(path: str) -> Any:
    """The loaded pack of a playtest, loaded once per process (workers reuse it)."""
    from builder.systems.heroes.playtests.runner import _pack

    return _pack(path)


def play_game_safely(pack: Any, scenario: Any, seed: int, specs: list[Any], **options: Any) -> dict[str, Any]:
    """One playtest game as the shared report's row; a game that fails is an ``error`` row
    (builder.systems.heroes.playtests.game.play_game_safely, whose keywords it takes)."""
    from builder.systems.heroes.playtests.game import play_game_safely as play

    return play(pack, scenario, seed, specs, **options)


def load_armies(pack: Any, scenario: Any, files: dict[str, Any]) -> tuple[Any, ...]:
    """The checked ``--army SIDE=FILE`` lists, one (or None) per side of ``scenario``."""
    from builder.systems.heroes.playtests.armies import load_armies as load

    return load(pack, scenario, files)


def played_lists(pack: Any, scenario: Any, lists: Any = ()) -> tuple[Any, ...]:
    """The army each side plays: its list, else the default army built for the scenario
    (builder.systems.heroes.playtests.armies.played_lists)."""
    from builder.systems.heroes.playtests.armies import played_lists as played

    return played(pack, scenario, lists)


def player_kind(spec: str) -> str:
    """The kind of a Heroes player as ``--players`` names it (``solo-mode:aggressive:hard``
    gives ``solo-mode``); an unknown player is a usage error naming the players accepted
    (builder.systems.heroes.ai.players)."""
    # imported here, not at the top: the AI loads only when a player is named
    from builder.systems.heroes.ai.players import parse_spec

    return parse_spec(spec).kind


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
    # the shared site builder, which asks for the pages (site=, below) and swaps the folder in
    site_builder=lazy("builder.render.site.build:build_site"),
    render={
        "roster": lazy("builder.systems.heroes.render.roster:render_roster_html"),
        "scenario": lazy("builder.systems.heroes.render.scenario_sheet:render_scenario_html"),
        "deck": lazy("builder.systems.heroes.render.cards:render_deck_html"),
        "cards": lazy("builder.systems.heroes.render.cards:render_cards_html"),
    },
    templates=TEMPLATES,
    commands={command: lazy(f"builder.systems.heroes.commands.{target}") for command, target in COMMANDS.items()},
    bundled_pack=BUNDLED_CONTENT / "core",
    replay=ReplayTools(read=lazy("builder.systems.heroes.tools.story:read_log"),
                       narrate=lazy("builder.systems.heroes.tools.story:narrate"),
                       view=lazy("builder.systems.heroes.render.replay_view:viewer_data"),
                       game_log=lazy("builder.systems.heroes.tools.story:game_log")),
    schemas=lazy("builder.systems.heroes.schemas:schemas"),
    campaign=CampaignTools(campaigns=lazy(f"{CAMPAIGNS}:campaigns"), facts=lazy(f"{CAMPAIGNS}:facts"),
                           check=lazy(f"{CAMPAIGNS}:check_result"), medals=lazy(f"{CAMPAIGNS}:medals"),
                           step=lazy(f"{CAMPAIGNS}:step"), armies=lazy(f"{CAMPAIGNS}:armies"),
                           player=lazy("builder.systems.heroes.ai.players:parse_spec")),
    site=SitePages(check=lazy("builder.systems.heroes.render.site:check"),
                   write=lazy("builder.systems.heroes.render.site:write")),
    edit_army=lazy(f"{WEB}.bench:edit_list"),
    web=WebTools(new_list=lazy(f"{WEB}.bench:new_list"), check_list=lazy(f"{WEB}.bench:check_list"),
                 builder_view=lazy(f"{WEB}.bench:builder_view"), slot_picker=lazy(f"{WEB}.bench:slot_picker"),
                 hero_picker=lazy(f"{WEB}.bench:hero_picker"), complete_list=lazy(f"{WEB}.bench:complete_list"),
                 fill_deck=lazy(f"{WEB}.bench:fill_deck"), list_text=lazy(f"{WEB}.bench:list_text"),
                 read_list=lazy(f"{WEB}.bench:read_list"),
                 with_schema=lazy("builder.systems.heroes.army.writer:with_schema"),
                 roster_html=lazy(f"{WEB}.bench:roster_html"), scenario_view=lazy(f"{WEB}.scenario:scenario_view"),
                 squares=lazy(f"{WEB}.scenario:square_info"), seats=lazy(f"{WEB}.scenario:seats"),
                 table_players=lazy(f"{WEB}.table:players"), table_new=lazy(f"{WEB}.table:new_game"),
                 table_apply=lazy(f"{WEB}.table:apply"), table_view=lazy(f"{WEB}.table:view"),
                 table_log=lazy(f"{WEB}.table:log_text")),
    playtest=PlaytestTools(
        scenarios=lazy("builder.systems.heroes.playtests.tools:scenarios"),
        facts=lazy("builder.systems.heroes.playtests.tools:facts"),
        run=lazy("builder.systems.heroes.playtests.tools:run"),
        knob=lazy("builder.systems.heroes.playtests.tools:knob"),
        default_vary=lazy("builder.systems.heroes.playtests.tools:default_vary"),
        batch=lazy("builder.systems.heroes.playtests.tools:batch"),
        search=lazy("builder.systems.heroes.playtests.tools:search"),
        sweep=lazy("builder.systems.heroes.playtests.tools:sweep"),
    ),
)
