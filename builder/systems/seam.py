"""The game-system seam: what a game system gives Heroes Builder, and where it is found.

A :class:`GameSystem` is one plain, typed object per system: its id and title, the
content kinds it adds with their pydantic models, its validation, army rules, engine
(a ``Rules``/new-game factory and players), templates, site builder, printing and the
``heroes`` commands it answers. Systems are found through the entry-point group
:data:`ENTRY_POINT_GROUP`, so one can live in a package of its own::

    [project.entry-points."heroes_builder.systems"]
    my-game = "my_package.system:MY_GAME"

An entry point's name is its system's id. The two bundled systems are also registered
directly (an editable checkout whose installed metadata is older still finds them); a
system is registered once per id, an installed entry point first, and loaded on first
use. ``pack.yaml`` names its system with ``system:``; absent means the Heroes System, so
existing packs load unchanged.

Hooks are callables that import their module on first call (:func:`lazy`): asking
which system a pack belongs to costs no engine import.

The shared services ask a system for what they do not know: ``heroes playtest`` (one
scenario, ``--all``, ``--solo-sweep``), ``heroes balance`` and
:func:`builder.playtest.api.run_playtest` its
:class:`PlaytestTools` (:func:`playtest_tools`); every command its handler
(:func:`command_for`). What has no meaning for a system is refused in one way, S221 with
the system's reason (:func:`refuse`, ``GameSystem.refusals``).
"""

from __future__ import annotations

import functools
import importlib
import importlib.metadata
import inspect
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn, Protocol

from builder.diagnostics import Diagnostic, define_code
from builder.errors import InvalidInputError, UsageError

ENTRY_POINT_GROUP = "heroes_builder.systems"
HEROES_SYSTEM = "heroes-of-normandie"

S_UNKNOWN_SYSTEM = define_code("S220", "pack names an unknown game system")
S_COMMAND = define_code("S221", "command has no meaning for the pack's game system")
S_BAD_PLUGIN = define_code("S222", "a game-system entry point does not load")

# the entry values of the two bundled systems (also declared in pyproject.toml)
BUILTIN = {
    HEROES_SYSTEM: "builder.systems.heroes:HEROES",
    "tide-of-iron": "builder.systems.tide_of_iron.game_system:GAME_SYSTEM",
}

#: A ``heroes`` command handler a system supplies: it prints and raises ``typer.Exit``
#: like the command itself; its arguments are the command's, pack first (see the
#: handlers of builder.systems.tide_of_iron.cli for each command's signature).
CommandHandler = Callable[..., None]


class Lazy:
    """A callable that imports ``module:attribute`` on its first call, then calls it
    (:func:`lazy`); :meth:`resolve` gives the attribute itself (its signature: the
    options a command handler takes, :func:`command_handler`)."""

    def __init__(self, target: str) -> None:
        self.target = target
        self.__name__ = target.partition(":")[2]
        self.__qualname__ = target
        self.__doc__ = f"{target} (imported on first call)"

    def resolve(self) -> Callable[..., Any]:
        module, _, attribute = self.target.partition(":")
        found: Callable[..., Any] = getattr(importlib.import_module(module), attribute)
        return found

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.resolve()(*args, **kwargs)


def lazy(target: str) -> Callable[..., Any]:
    """A callable that imports ``module:attribute`` on its first call, then calls it.

    Keeps registration cheap: a CLI run on one system imports none of the others."""
    return Lazy(target)


@dataclass(frozen=True)
class ReplayTools:
    """What a system gives to watch its games (``heroes replay --narrate``, ``-o
    game.html``, the replay viewer of ``heroes serve``, the playtest report's chosen games).

    Each takes and gives plain data; the log lines are the system's parsed log."""

    read: Callable[[str, str, Path | None], tuple[Any, list[dict[str, Any]]]]
    """``(log text, display name, pack folder or None)`` -> (the loaded pack, the parsed log
    lines); the pack defaults to the one the log's header names. Bad logs are located errors."""
    narrate: Callable[[Any, list[dict[str, Any]], str], str]
    """``(pack, lines, display)`` -> the game told turn by turn in a player's words."""
    view: Callable[[Any, list[dict[str, Any]], str], dict[str, Any]]
    """``(pack, lines, display)`` -> the replay viewer's data: the map SVG and one frame per
    decision (builder.web.replay documents the shape), computed by replaying the log."""
    game_log: Callable[[Path, str, int, list[str], list[str]], str]
    """``(pack folder, scenario, seed, players by side, --army options)`` -> the log text of
    the game a playtest played with that seed (the playtest report's chosen games); the
    ``--army SIDE=FILE`` options as the playtest was given them."""


@dataclass(frozen=True)
class ScenarioFacts:
    """What the shared playtest and balance services need to know of one scenario."""

    id: str
    name: str
    sides: tuple[str, ...]
    """Side ids in the scenario's order (the order ``--players`` follows)."""
    side_names: Mapping[str, str] = field(default_factory=dict)
    symmetric: bool = False
    """The sides may swap seats (the playtest rotates them)."""
    seats: tuple[int, ...] = ()
    """The side of each player's seat, in order, when a side is an alliance of several
    players (the Heroes System's games of three or four, 000 core rules, Multiplayer
    Rules); empty when each side is one player (a pairing then names one player a side)."""
    players: int | None = None
    """The number of players the scenario is written for (the Heroes System: 1 for a Solo
    Mode scenario, 2, or 3 or 4 in alliances); None: one a side. ``heroes balance --all``
    weighs only scenarios of two."""


@dataclass(frozen=True)
class Knob:
    """One scenario number or choice ``heroes balance`` may turn, with the values to try
    (a ``--vary KNOB=RANGE`` read against the scenario)."""

    name: str
    values: tuple[Any, ...]
    current: Any
    numeric: bool = True
    """Whole numbers (bisected when the range is wide); False: a choice (searched as a grid)."""
    description: str = ""


class PlayBatch(Protocol):
    """A batch of seeded games the shared pools play (builder.playtest_core.pools.Batch): a
    frozen dataclass with ``first`` and ``games`` fields, picklable, playing its own chunks."""

    @property
    def first(self) -> int: ...

    @property
    def games(self) -> int: ...

    def play_chunk(self, start: int, stop: int) -> list[dict[str, Any]]: ...


class PairingPlan(Protocol):
    """The pairings a ``heroes playtest`` plays, as the shared command hands them to a
    system's playtest handler (builder.playtest.pairings.Plan: a system does not import
    the playtest service)."""

    def play(self, run: Callable[[tuple[str, ...]], dict[str, Any]],
             facts: ScenarioFacts | None = None) -> dict[str, Any]:
        """Every pairing's report by ``run`` (players, one per seat -> report), merged: the
        first pairing's report with each pairing's verdict and the robustness line. With
        the scenario's ``facts``, sides swap only where the scenario allows and a pairing
        of two players is seated on an alliance scenario's seats."""
        ...

    def text_lines(self, report: dict[str, Any]) -> list[str]:
        """The pairings' lines of the text report."""
        ...


@dataclass(frozen=True)
class PlaytestRun:
    """One playtest as the shared services ask a system for it (plain data)."""

    pack: Path
    scenario: str
    games: int
    seed: int
    players: tuple[str, ...]
    jobs: int = 1
    until_decided: bool = False
    """``games`` is a cap: stop once the shared sequential rule decides (builder.playtest_core.sequential)."""
    margin: float = 0.05
    alpha: float = 0.05
    beta: float = 0.05
    scheduler: str | None = None
    """A Dask scheduler's address, or ``local`` (builder.playtest_core.pools)."""
    armies: tuple[str, ...] = ()
    """``SIDE=FILE`` army options, as ``--army`` gives them."""
    progress: Callable[[int], None] | None = None
    """Told the number of games of each chunk played (a progress bar); never changes the rows."""
    warn: Callable[[dict[str, str]], None] | None = None
    """Told, before any game is played, each warning the set-up already shows (``{"code",
    "message"}``: the Heroes System's C380, a victory level the armies cannot reach); the
    report carries them too. A system with no such warning never calls it."""


@dataclass(frozen=True)
class BatchRequest:
    """The games of one balance setting: the scenario with ``knobs`` set, seeded by ``seed``."""

    pack: Path
    scenario: str
    seed: int
    players: tuple[str, ...]
    knobs: tuple[tuple[str, Any], ...] = ()


Setting = tuple[tuple[str, Any], ...]
"""Knob values of one balance setting, ``(knob, value)`` in the order of ``--vary``."""


@dataclass(frozen=True)
class SearchRequest:
    """One whole balance search: the scenario, its players and every knob with the values
    the search may try (what each setting's games may share, e.g. nested armies)."""

    pack: Path
    scenario: str
    seed: int
    players: tuple[str, ...]
    knobs: tuple[Knob, ...] = ()


@dataclass(frozen=True)
class SearchPlays:
    """What a system plays at each setting of one balance search (:attr:`PlaytestTools.search`)."""

    batch: Callable[[Setting], PlayBatch]
    """The batch of games of a setting, from game 0 (the pools set ``first``/``games``)."""
    symmetric: bool = False
    """The playtest rotates the seats (sides and initiative) for these players."""
    armies: Callable[[Setting], dict[str, dict[str, Any]]] | None = None
    """Each side's army at a setting as the balance report shows it (``source``,
    ``budget``, ``spent``, ``tiles``, ``heroes``, ``counters``); None: the armies do not change."""
    held: str | None = None
    """How the armies vary with the settings, in words, for the report (None: not said)."""


@dataclass(frozen=True)
class SweepCell:
    """One cell of a system's sweep of its own AI (``heroes playtest --solo-sweep``)."""

    scenario: str
    players: tuple[str, ...]
    """One player per side, in the scenario's order."""
    labels: Mapping[str, str]
    """What the cell varies, for the table and the JSON (the Heroes System: ``ai_side``,
    ``attitude``, ``difficulty``)."""
    name: str = ""
    """The cell in a few words, for the progress lines (``clash aggressive hard``)."""


@dataclass(frozen=True)
class PlaytestTools:
    """What the shared playtest and balance services (builder.playtest: ``heroes playtest``,
    ``--all``, ``--solo-sweep``, ``heroes balance``) ask of a game system: one path for
    every system, which imports none of its modules.

    Each hook takes and gives plain data; rows are the shared report's game records
    (builder.playtest_core.aggregate)."""

    scenarios: Callable[[Path], list[str]]
    """The pack's scenario ids of two sides, sorted: what ``--all`` plays."""
    facts: Callable[[Path, str], ScenarioFacts]
    """The scenario's name, sides and symmetry; an unknown id is a usage error naming the known ones."""
    run: Callable[[PlaytestRun], tuple[dict[str, Any], list[dict[str, Any]]]]
    """Play a playtest and build the shared report: (report, rows)."""
    knob: Callable[[Path, str, str], Knob]
    """Read one ``--vary KNOB=RANGE`` against a scenario (usage errors name the knobs)."""
    default_vary: Callable[[Path, str], str]
    """The ``--vary`` text ``heroes balance --all`` searches for a scenario."""
    batch: Callable[[BatchRequest], PlayBatch]
    """The batch of games of one setting, from game 0 (the pools set ``first``/``games``)."""
    search: Callable[[SearchRequest], SearchPlays] | None = None
    """The games of every setting of one balance search, for a system whose settings share
    what the search builds as it goes (the Heroes System's nested armies of a
    ``points.SIDE`` knob, one plan per search); refuses bad players before any game. None:
    each setting is :attr:`batch`, the armies the same at every setting, the seats rotated
    when ``facts`` says the scenario is symmetric."""
    sweep: Callable[[Path, str | None, str], list[SweepCell]] | None = None
    """``(pack, scenario or None for every one, the opponent's player)`` -> the cells of
    ``heroes playtest --solo-sweep``: the system's own AI at each of its settings (the Heroes
    System's Solo Mode: every attitude and difficulty, 002 Solo Mode, 2.1). None: the
    system has no such AI (S221)."""


# ---- campaigns: what the shared campaign service asks of a system (issue 33) ----

@dataclass(frozen=True)
class CampaignFacts:
    """What the shared campaign service (builder.campaign) knows of one campaign."""

    id: str
    name: str
    scenarios: tuple[str, ...]
    """The scenario of each step, in the order they are played."""
    sides: tuple[str, ...]
    """Side ids (the first scenario's, in its order: the order ``--players`` follows)."""
    victory_points: int = 1
    """Points a victory scores its side in the campaign's report."""
    medal_points: int = 0
    """Points a medal scores its side."""


@dataclass(frozen=True)
class CampaignStep:
    """The campaign after the results so far: the next scenario as it must be played."""

    number: int
    """How many scenarios were played before it (0: the first)."""
    scenario: str | None
    """Its id; None when every scenario was played."""
    pack: Any
    """The loaded pack whose scenario of that id is the changed one (what a game plays)."""
    model: Any
    """The scenario object as changed (``heroes campaign next`` writes it; None when over)."""
    options: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Recruitment options the previous result adds to a side's army, by side."""
    changes: tuple[str, ...] = ()
    """The previous result's consequences that change something, in words (the report's "next")."""
    not_played: tuple[tuple[str, str], ...] = ()
    """(consequence, why) for each part of the previous result's consequences a playtest
    does not play (K807 warnings)."""


@dataclass(frozen=True)
class CampaignTools:
    """The campaign rules of a system (``heroes campaign start/record/status/next``, the
    campaign playtest), each hook on plain data: a loaded pack, ids, results as mappings
    with ``scenario``, ``winner`` (None: a draw), ``level`` and ``medals`` (``side``/``medal``)."""

    campaigns: Callable[[Any], list[str]]
    """The campaign ids of a loaded pack, sorted."""
    facts: Callable[[Any, str], CampaignFacts]
    """``(pack, campaign id)`` -> its name, scenarios, sides and scoring (the id is known)."""
    check: Callable[[Any, str, int, Mapping[str, Any]], str | None]
    """``(pack, campaign id, step, result)`` -> why that result is impossible at that step, or None."""
    medals: Callable[[Any, str, int, str | None, str], list[str]]
    """``(pack, campaign id, step, winner, level)`` -> the sides that result earns a medal
    (one entry a medal) that a playtest scores."""
    step: Callable[[Any, str, Sequence[tuple[str | None, str]]], CampaignStep]
    """``(pack, campaign id, (winner, level) of each scenario played)`` -> the next step."""
    armies: Callable[[Any, Sequence[Any], Mapping[str, Sequence[str]]], tuple[Any, ...]]
    """``(scenario object, the shared playtest's army for each side, options by side)`` ->
    the armies a campaign playtest fields: the options added to the sides' lists."""
    player: Callable[[str], Any]
    """A player spec text (``greedy``, ``solo-mode:aggressive:hard``) as the shared playtest
    plays it (builder.systems.heroes.playtests.game); an unknown player is a usage error."""


# ---- the site: what the shared site builder asks of a system (issue 33) ----

@dataclass(frozen=True)
class SiteRequest:
    """One site to write, as the shared site builder (builder.render.site.build) hands it over."""

    pack: Any
    """The loaded pack."""
    folder: Path
    """The fresh folder to write into (swapped in whole once written: a failed build leaves nothing)."""
    reports: Path | None
    """Folder of playtest reports (None: the pack's own, ``reports/`` in it or beside it)."""
    packs: frozenset[str] | None = None
    """Publish only the items of these pack ids (None: everything, its dependencies' too)."""
    balance: Callable[[Path, str], tuple[dict[str, Any], list[dict[str, Any]]] | None] | None = None
    """``(a scenario's playtest report path, scenario id)`` -> the ``heroes balance --save``
    report saved beside it and its curves (inline SVG), or None (builder.playtest.balance)."""


@dataclass(frozen=True)
class SitePages:
    """A system's site pages, for the shared site builder (``heroes site build``, the docs
    site's catalogue), which makes the folder, writes its marker and swaps it in."""

    check: Callable[[Any, frozenset[str] | None], None]
    """``(pack, packs)``: refuse what cannot be published, before any folder is made."""
    write: Callable[[SiteRequest], list[str]]
    """Write every page into ``SiteRequest.folder``; the pages written (paths under it)."""


@dataclass(frozen=True)
class WebTools:
    """What ``heroes serve`` (builder.web) asks of a game system beyond the seam's other
    fields: the web app renders pages and speaks HTTP, the system hands it plain data
    (dicts, its own dataclasses read as attributes by the templates) or, where it renders
    with its own templates, an HTML string.

    Every field may be None: what a system does not give, the web app omits or refuses
    cleanly. ``pack`` is the system's loaded pack (``GameSystem.load``); a ``checked``
    list is what ``check_list`` gave. Lists of the system's own kind are edited through
    ``GameSystem.edit_army``; a system with no tile-and-slot builder but with
    ``check_army_text``/``army_text``/``edit_army`` gets the squad bench instead."""

    # -- the army builder (tiles, slots, heroes, deck) --------------------------------------
    new_list: Callable[..., str] | None = None
    """``(pack, faction=, points=, scenario=, side=, name=)`` -> a new list's text, for a
    faction and budget or a scenario side; a bad choice is a usage error."""
    check_list: Callable[[Any, str, str, bool], Any] | None = None
    """``(pack, text, display, locate)`` -> the checker's verdict on a list's text (a dataclass
    with ``file``, ``roster``, ``summary``, ``findings``, ``diagnostics``, ``ok``), located
    as in the file ``display`` when ``locate``."""
    builder_view: Callable[[Any, Any, str, str, bool], dict[str, Any]] | None = None
    """``(pack, checked, text, display, can_undo)`` -> everything the builder page shows, each
    diagnostic placed beside the element it is about."""
    slot_picker: Callable[[Any, Any, int, int], dict[str, Any]] | None = None
    """``(pack, checked, tile, slot)`` -> the options slot ``slot`` of tile ``tile`` (1-based)
    offers, why each other does not fit, and the unit profile of each option."""
    hero_picker: Callable[[Any, Any], dict[str, Any]] | None = None
    """``(pack, checked)`` -> the heroes the list may take, with the errors each would raise,
    and their profiles."""
    complete_list: Callable[[Any, Any, str, str, int], str] | None = None
    """``(pack, checked, text, display, seed)`` -> the list's text completed to its budget or
    scenario side by the system's suggester (the author's entries and comments kept)."""
    fill_deck: Callable[[Any, Any, str, str], str] | None = None
    """``(pack, checked, text, display)`` -> the text with the deck completed to the rules' minimum."""
    list_text: Callable[[Any], str] | None = None
    """``(checked)`` -> the list as plain text for a forum post (what the paste box reads back)."""
    read_list: Callable[[str, str, Callable[[str | None], Any]], tuple[Any, str]] | None = None
    """``(text, display, pack_of)`` -> (pack, the list's YAML text) from forum text, a share
    token or YAML; ``pack_of(declared pack id or None)`` gives the served pack. An unreadable
    list is an invalid-input error with its diagnostics."""
    with_schema: Callable[[str, str], str] | None = None
    """``(text, schema reference)`` -> the text with its schema modeline set (a saved file)."""
    roster_html: Callable[[Any, str, str], str] | None = None
    """``(pack, text, display)`` -> the printable roster of a list's text, as HTML."""
    # -- the scenario page ----------------------------------------------------------------
    scenario_view: Callable[[Any, str], dict[str, Any]] | None = None
    """``(pack, scenario id)`` -> the scenario page's data: the sheet's context (``scenario``
    among it) and ``squares``, what a player hovering each square of the map reads. None:
    the page is the system's printed sheet (``render["scenario"]``)."""
    squares: Callable[[Any, Any, Mapping[str, str]], dict[str, dict[str, Any]]] | None = None
    """``(scenario, pack, side names)`` -> per square: terrain, effects, rule, notes."""
    seats: Callable[[Any, str], int] | None = None
    """``(pack, scenario id)`` -> how many players a game of the scenario seats (the page's
    short playtest gives each seat the greedy AI)."""
    # -- taking a side against the AI -----------------------------------------------------
    table_players: Callable[[], tuple[str, ...]] | None = None
    """``()`` -> the AI players offered for the other side."""
    table_new: Callable[[Any, str, str, int, str, int], tuple[Any, Any, dict[str, Any]]] | None = None
    """``(pack, pack reference, scenario id, human side, AI name, seed)`` -> (the game state,
    the AI player, the game log's header line); bad choices are usage errors."""
    table_apply: Callable[[Any, Any, int], tuple[list[dict[str, Any]], Any]] | None = None
    """``(state, action, decisions so far)`` -> (the log lines of the decision, the events the
    AI is told of); the state is changed in place."""
    table_view: Callable[[Any, Any, str, int, str, list[dict[str, Any]]], dict[str, Any]] | None = None
    """``(pack, state, scenario id, human side, AI name, log lines)`` -> what the table page
    shows: the map, the counters, the open decisions grouped by unit, the recent ones."""
    table_log: Callable[[Any, dict[str, Any], list[dict[str, Any]], int], str] | None = None
    """``(state, header, log lines, decisions)`` -> the finished game's log, as ``heroes play
    --log`` writes it."""


@dataclass(frozen=True)
class GameSystem:
    """Everything Heroes Builder needs to know about one game system.

    ``commands`` maps a ``heroes`` command as users type it (``"validate"``,
    ``"army check"``, ``"render scenario"``...) to the system's handler; a command
    missing there has no meaning for the system and :func:`command_for` says so.
    """

    id: str
    title: str
    kinds: Mapping[str, type[Any]]
    """Content kind (a pack's folder name) to the pydantic model of its files."""
    validate: Callable[[Path], Any]
    """Validate a pack folder: a report with ``ok`` and ``diagnostics``."""
    load: Callable[[Path], Any]
    """Load a pack folder into the system's content object."""
    check_army: Callable[..., Any]
    """The army rules: check an army (or squad) list against a loaded pack."""
    rules: Callable[[Any, str, int], Any]
    """The engine: ``rules(loaded_pack, scenario_id, seed)`` sets up a new game, the
    system's game state (with ``state_hash()``), under the system's default rules."""
    players: Callable[[], Mapping[str, Any]]
    """The AI players by name."""
    coverage: Callable[[Any], list[dict[str, Any]]]
    """Rules coverage rows of a loaded pack (``heroes rules coverage``)."""
    site_builder: Callable[..., Any]
    """Write the static site of a loaded pack: ``(pack, out, reports)``."""
    render: Mapping[str, Callable[..., str]]
    """Printable documents by name (``roster``, ``scenario``, ``deck``...) as HTML text."""
    templates: Path
    """Folder of the system's Jinja templates."""
    commands: Mapping[str, CommandHandler] = field(default_factory=dict)
    bundled_pack: Path | None = None
    """The pack a file naming this system (``system:`` key) uses when no --pack is given."""
    check_army_text: Callable[[Any, str, str], tuple[Any, list[Diagnostic]]] | None = None
    """The army rules on a list held in memory: ``(loaded_pack, text, display)`` gives the
    list and its diagnostics located as in the file ``display`` (``heroes serve``)."""
    army_text: Callable[..., str] | None = None
    """A new list's YAML text for a scenario side: ``(loaded_pack, scenario, side, schema,
    suggest=False, name=None)``; ``suggest`` fills it from the side's pool."""
    edit_army: Callable[..., str] | None = None
    """One round-trip edit of a list's text: ``(text, display, **change)`` (the web builder's
    buttons; the system's own keyword arguments)."""
    scenarios: Callable[[Path], Iterable[str]] | None = None
    """Scenario ids of a pack folder, so ``heroes army new --scenario ID`` without --pack
    finds the system whose bundled pack holds that scenario."""
    replay: ReplayTools | None = None
    """Narrating and viewing the system's game logs (:class:`ReplayTools`)."""
    playtest: PlaytestTools | None = None
    """What the shared playtest and balance services ask of the system
    (:class:`PlaytestTools`); None for a system that cannot be playtested (``heroes
    playtest`` and ``balance`` then give S221)."""
    refusals: Mapping[str, str] = field(default_factory=dict)
    """Why a command has no meaning for the system, by command (``"render cards"``: one
    sentence): :func:`command_for` says it with the S221 refusal; likewise an option its
    handler does not take, by ``"command --option"`` (:func:`command_handler`)."""
    # ---- the shared schema export and campaign service ask these (issue 33) ----
    schemas: Callable[[], Mapping[str, dict[str, Any]]] | None = None
    """The JSON Schemas of the system's files, by schema name (``schemas/NAME.schema.json``:
    content folders, pack manifest, army list...), as pydantic gives them
    (builder.content.schema_export.json_schemas); ``heroes schema export`` writes them."""
    campaign: CampaignTools | None = None
    """The system's campaign rules (:class:`CampaignTools`); None: ``heroes campaign`` and
    the campaign playtest answer S221 with the system's reason (``refusals["campaign"]``)."""
    site: SitePages | None = None
    """The system's site pages, which the shared site builder (builder.render.site.build,
    the Heroes System's ``site_builder``) writes into a fresh folder (:class:`SitePages`)."""
    web: WebTools | None = None
    """What ``heroes serve`` asks of the system (:class:`WebTools`); None: its packs get
    their dashboard only."""


def _entry_points() -> Iterator[tuple[str, str, Callable[[], Any]]]:
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        yield ep.name, ep.value, ep.load


def _load_builtin(value: str) -> Callable[[], Any]:
    module, _, attribute = value.partition(":")
    return lambda: getattr(importlib.import_module(module), attribute)


class _Registry:
    """The declared systems by id (an entry point's name is its system's id), each loaded
    on first use: a command on one system imports no other system."""

    def __init__(self) -> None:
        self.declared: dict[str, list[tuple[str, Callable[[], Any]]]] = {}
        for name, value, load in _entry_points():
            self.declared.setdefault(name, []).append((value, load))
        for name, value in BUILTIN.items():  # after the installed ones: an entry point wins
            self.declared.setdefault(name, []).append((value, _load_builtin(value)))
        self.loaded: dict[str, GameSystem] = {}
        self.problems: dict[str, Diagnostic] = {}

    def get(self, system_id: str) -> GameSystem | None:
        if system_id in self.loaded:
            return self.loaded[system_id]
        for value, load in self.declared.get(system_id, []):
            where = f"entry point '{system_id} = {value}' of group {ENTRY_POINT_GROUP}"
            try:
                system = load()
            except Exception as exc:  # noqa: BLE001  (a broken third-party package must not break the tool)
                self.problems[value] = Diagnostic(S_BAD_PLUGIN, f"{where} does not load: {type(exc).__name__}: {exc}",
                                                  hint="reinstall or remove the package that declares it")
                continue
            if not isinstance(system, GameSystem) or system.id != system_id:
                self.problems[value] = Diagnostic(
                    S_BAD_PLUGIN, f"{where} is not a GameSystem with id '{system_id}'",
                    hint="point the entry point, named as the system's id, at a builder.systems.seam.GameSystem")
                continue
            self.loaded[system_id] = system
            return system
        return None


@functools.cache
def _registry() -> _Registry:
    return _Registry()


def systems() -> dict[str, GameSystem]:
    """Every registered game system by id (each declared one that loads)."""
    registry = _registry()
    found = {name: registry.get(name) for name in sorted(registry.declared)}
    return {name: system for name, system in found.items() if system is not None}


def reset_registry() -> None:
    """Forget the registry (tests that fake entry points; a plugin installed at run time)."""
    _registry.cache_clear()


def get_system(system_id: str, file: str = "", line: int = 0, col: int = 0) -> GameSystem:
    """The system registered as ``system_id``; an unknown id is a located error (S220)
    that names the known systems and any entry point that failed to load (S222)."""
    found = _registry().get(system_id)
    if found is not None:
        return found
    known = ", ".join(systems())
    problems = list(_registry().problems.values())
    diag = Diagnostic(S_UNKNOWN_SYSTEM, f"unknown game system '{system_id}'", file, line, col,
                      hint=f"use one of: {known} (or install the package that provides it)")
    raise InvalidInputError(f"{file or 'pack.yaml'}: unknown game system '{system_id}' (known: {known})",
                            [diag, *problems])


def _system_key(path: Path) -> tuple[str, int, int] | None:
    """The ``system:`` value of a YAML mapping file with its line and column, or None
    when the file has none, is missing or does not parse (its own loader then reports
    the file with the usual located diagnostics).

    The fast loader answers; the round-trip parse (for the position) runs only when the
    file names a system, so a plain Heroes list costs no ruamel import."""
    from builder.content.yaml_io import parse_yaml, parse_yaml_positions, read_text
    from builder.errors import HeroesError

    try:
        text = read_text(path)
        data = parse_yaml(text)
    except (HeroesError, OSError):
        return None
    if not isinstance(data, dict):
        return None
    value = data.get("system")
    if not isinstance(value, str) or not value:
        return None
    try:
        positions: Any = getattr(parse_yaml_positions(text), "lc", None)  # ruamel's round-trip positions
        line, col = positions.value("system")
    except (HeroesError, AttributeError, KeyError, TypeError):
        return value, 0, 0
    return value, line + 1, col + 1


def system_of_pack(pack: Path | str | None) -> GameSystem:
    """The system a pack folder's ``pack.yaml`` names (default: the Heroes System)."""
    if pack is None:
        return get_system(HEROES_SYSTEM)
    manifest = Path(pack) / "pack.yaml"
    key = _system_key(manifest)
    if key is None:
        return get_system(HEROES_SYSTEM)
    return get_system(key[0], str(manifest), key[1], key[2])


def system_of_file(file: Path | None, pack: Path | None) -> tuple[GameSystem, Path | None]:
    """The system and pack of a content file given to a command (army list, position):
    the ``--pack`` when given, else the system the file's own ``system:`` key names with
    that system's bundled pack, else the Heroes System (and no pack: its default)."""
    if pack is not None:
        return system_of_pack(pack), pack
    key = _system_key(file) if file is not None else None
    if key is None:
        return get_system(HEROES_SYSTEM), None
    system = get_system(key[0], str(file), key[1], key[2])
    return system, system.bundled_pack


def system_of_scenario(scenario: str | None, pack: Path | None) -> tuple[GameSystem, Path | None]:
    """The system and pack of a command naming a scenario: the ``--pack``'s when given,
    else the system whose bundled pack holds ``scenario`` (the Heroes System first)."""
    if pack is not None or scenario is None:
        return system_of_file(None, pack)
    for system in systems().values():
        if system.id == HEROES_SYSTEM or system.scenarios is None or system.bundled_pack is None:
            continue
        if scenario in system.scenarios(system.bundled_pack):
            return system, system.bundled_pack
    return get_system(HEROES_SYSTEM), None


def system_of_log(log: Path) -> GameSystem:
    """The system of a game log: its header line's ``system`` (absent: Heroes)."""
    from builder.errors import HeroesError
    from builder.inputs import MAX_LOG_BYTES, parse_json, read_input_bytes

    try:
        first = read_input_bytes(log, max_bytes=MAX_LOG_BYTES).split(b"\n", 1)[0]
        head = parse_json(first.decode("utf-8") or "{}")
    except (HeroesError, UnicodeDecodeError):  # the log's own reader reports it
        head = {}
    value = head.get("system") if isinstance(head, dict) else None
    if not isinstance(value, str) or not value:
        return get_system(HEROES_SYSTEM)
    return get_system(value, str(log), 1, 1)


def command_for(system: GameSystem, command: str) -> CommandHandler:
    """The handler of ``command`` for ``system``. The one place that says a command has
    no meaning for a system (a usage error, exit 2)."""
    handler = system.commands.get(command)
    if handler is None:
        refuse(system, command)
    return handler


def command_handler(system: GameSystem, command: str, **options: Any) -> CommandHandler:
    """The handler of ``command`` for ``system`` (:func:`command_for`, for a command whose
    body every system supplies, the Heroes System's in builder.systems.heroes.commands),
    called with the command's common arguments positionally.

    ``options`` are the command's further options, by keyword, as the user gave them:
    None stands for an option not given and is left out, so a handler that does not
    declare an option still answers the command without it. An option given to a system
    whose handler does not take it is refused (S221, with the reason
    ``GameSystem.refusals`` gives for ``"command --option"``): ``--kind`` means nothing to
    a Tide of Iron coverage, and is said so instead of being ignored."""
    handler = command_for(system, command)
    given = {name: value for name, value in options.items() if value is not None}
    if not given:
        return handler
    target = handler.resolve() if isinstance(handler, Lazy) else handler
    parameters = inspect.signature(target).parameters
    if not any(p.kind is p.VAR_KEYWORD for p in parameters.values()):
        for name in given:
            if name not in parameters:
                option = f"--{name.replace('_', '-')}"
                reason = system.refusals.get(f"{command} {option}") or "its handler takes no such option"
                raise UsageError(f"{S_COMMAND}: '{option}' of 'heroes {command}' has no meaning for {system.title} "
                                 f"packs (system: {system.id}): {reason}; give the command without it")
    return functools.partial(handler, **given)


def playtest_tools(system: GameSystem, command: str) -> PlaytestTools:
    """The system's :class:`PlaytestTools` for ``heroes command`` (``playtest --all``,
    ``balance``...), or S221 saying the system gives the shared playtest no games."""
    if system.playtest is None:
        refuse(system, command, "the system gives the shared playtest no games to play (GameSystem.playtest)")
    return system.playtest


def refuse(system: GameSystem, command: str, why: str | None = None) -> NoReturn:
    """S221: ``heroes command`` has no meaning for ``system``, with the reason the system
    gives (:attr:`GameSystem.refusals`) or ``why``, and the commands that do work."""
    offered = ", ".join(f"heroes {c}" for c in sorted(system.commands))
    reason = why or system.refusals.get(command)
    raise UsageError(f"{S_COMMAND}: 'heroes {command}' has no meaning for {system.title} packs "
                     f"(system: {system.id})" + (f": {reason}" if reason else "")
                     + f"; the commands that work on them: {offered}")


def pack_command(pack: Path | str | None, command: str) -> CommandHandler:
    """:func:`command_for` the system of ``pack``."""
    return command_for(system_of_pack(pack), command)
