"""Tide of Iron behind the game-system seam (builder.systems.seam), registered through the
``heroes_builder.systems`` entry-point group (pyproject.toml).

Only the content models load with it; the engine, players, printing and the command
handlers import on first use (:func:`builder.systems.seam.lazy`), so ``heroes validate``
on a Tide of Iron pack does not load the engine.
"""

from __future__ import annotations

from pathlib import Path

from builder.systems.seam import GameSystem, PlaytestTools, ReplayTools, WebTools, lazy
from builder.systems.tide_of_iron.models import FILE_MODELS

HANDLERS = "builder.systems.tide_of_iron.cli"
PLAYTESTS = "builder.systems.tide_of_iron.playtests"
WEB = "builder.systems.tide_of_iron.web"

#: The ``heroes`` commands that work on a Tide of Iron pack, by command name.
COMMANDS = {
    "validate": "validate",
    "play": "play",
    "replay": "replay",
    "playtest": "playtest",
    "army new": "army_new_command",
    "army suggest": "army_suggest_command",
    "army check": "army_check",
    "army show": "army_show",
    "render roster": "render_roster",
    "render scenario": "render_scenario",
    "render deck": "render_decks",
    "site build": "site_build",
    "rules coverage": "coverage",
    "explain": "explain",
    "list": "list_items",
    "show": "show_item",
}

#: Why the other ``heroes`` commands have no meaning for a Tide of Iron pack (S221).
REFUSALS = {
    "render cards": "Tide of Iron prints no unit cards: its figures and vehicles are listed on the squad roster "
                    "(heroes render roster) and its Strategy cards by heroes render deck",
    "campaign": "the Tide of Iron rules hold no campaign: each scenario is played alone, its Operations cards "
                "granted by the scenario at set-up (004 Tide of Iron, Setup)",
    "render campaign": "the Tide of Iron pack holds no campaign to print",
    "army options": "a Tide of Iron squad list has no tiles or slots: its scenario's pool sets what a squad may hold",
    "army edit": "a Tide of Iron squad list is edited as its YAML file (heroes army check tells what is wrong)",
    "army share": "share links carry Heroes System army lists; a squad list is shared as its file",
    "army import": "forum text and share links are Heroes System army lists",
    # options of a command that answers, refused by builder.systems.seam.command_handler
    "army show --format": "a squad list is shown as text only",
    "army new --points": "a squad list has no points budget: its scenario's pool sets the squads",
    "army suggest --faction": "a squad list is built for a side: give --scenario and --side",
    "army suggest --points": "a squad list has no points budget: its scenario's pool sets the squads",
    "army suggest --seed": "the squads are suggested from the scenario's pool without a search",
    "explain --weapon": "a squad fires with all its figures at once: there is no weapon to choose",
    "explain --tokens": "Tide of Iron spends no equipment tokens on a shot",
    "rules coverage --kind": "--kind applies to the Heroes packs only (their rows are split by kind of rule)",
}

GAME_SYSTEM = GameSystem(
    id="tide-of-iron",
    title="Tide of Iron",
    kinds=dict(FILE_MODELS),
    validate=lazy("builder.systems.tide_of_iron.pack:validate"),
    load=lazy("builder.systems.tide_of_iron.pack:load"),
    check_army=lazy("builder.systems.tide_of_iron.army:check_army"),
    check_army_text=lazy("builder.systems.tide_of_iron.army:check_army_text"),
    army_text=lazy("builder.systems.tide_of_iron.army:army_text"),
    edit_army=lazy("builder.systems.tide_of_iron.army:edit_squads"),
    rules=lazy("builder.systems.tide_of_iron.engine:new_game"),
    players=lazy("builder.systems.tide_of_iron.players:players"),
    coverage=lazy("builder.systems.tide_of_iron.coverage:coverage_rows"),
    site_builder=lazy("builder.systems.tide_of_iron.render:build_site"),
    render={"roster": lazy("builder.systems.tide_of_iron.render:roster_html"),
            "scenario": lazy("builder.systems.tide_of_iron.render:scenario_html"),
            "deck": lazy("builder.systems.tide_of_iron.render:deck_html")},
    templates=Path(__file__).resolve().parents[3] / "templates" / "toi",
    commands={command: lazy(f"{HANDLERS}:{handler}") for command, handler in COMMANDS.items()},
    refusals=REFUSALS,
    bundled_pack=Path(__file__).resolve().parents[3] / "content" / "toi",
    scenarios=lazy(f"{HANDLERS}:scenario_ids"),
    replay=ReplayTools(read=lazy("builder.systems.tide_of_iron.story:read_log"),
                       narrate=lazy("builder.systems.tide_of_iron.story:narrate"),
                       view=lazy("builder.systems.tide_of_iron.story:viewer_data"),
                       game_log=lazy("builder.systems.tide_of_iron.story:game_log")),
    playtest=PlaytestTools(scenarios=lazy(f"{PLAYTESTS}:scenarios"), facts=lazy(f"{PLAYTESTS}:facts"),
                           run=lazy(f"{PLAYTESTS}:run"), knob=lazy(f"{PLAYTESTS}:knob"),
                           default_vary=lazy(f"{PLAYTESTS}:default_vary"), batch=lazy(f"{PLAYTESTS}:batch")),
    schemas=lazy("builder.systems.tide_of_iron.schemas:schemas"),
    # heroes serve builds squad lists through check_army_text/army_text/edit_army and shows render["scenario"]
    web=WebTools(table_players=lazy(f"{WEB}:players"), table_new=lazy(f"{WEB}:new_game"),
                 table_apply=lazy(f"{WEB}:apply"), table_view=lazy(f"{WEB}:view"), table_log=lazy(f"{WEB}:log_text")),
)
