"""The Heroes System's ``heroes`` command bodies, behind the game-system seam.

builder/cli holds each command's options and asks the pack's system for its handler
(:func:`builder.systems.seam.command_for`); the Heroes handlers live in this package,
one module per command group, as Tide of Iron's live in builder.systems.tide_of_iron.cli.
Each is registered below as ``"command as typed": "module:function"`` and imported on
first call.
"""

from __future__ import annotations

#: ``heroes`` command -> ``module:function`` below this package (imported on first call).
COMMANDS: dict[str, str] = {
    "validate": "validate:validate",
    "site build": "site:site_build",
    "list": "catalogue:list_items",
    "show": "catalogue:show_item",
    "rules coverage": "rules:coverage",
    "explain": "explain:explain",
    "army check": "army_check:check",
    "army new": "army:army_new",
    "army show": "army:army_show",
    "army share": "army:army_share",
    "army import": "army:army_import",
    "army options": "army:army_options",
    "army suggest": "army:army_suggest",
    "army edit": "army:army_edit",
    # play, replay, render, demo and playtest (their options: builder/cli/play.py, render.py, demo.py, playtest.py)
    "play": "play:play",
    "replay": "play:replay",
    "render roster": "render:render_roster",
    "render scenario": "render:render_scenario",
    "render campaign": "render:render_campaign",
    "render deck": "render:render_deck",
    "render cards": "render:render_cards",
    "demo": "demo:demo",
    "playtest": "playtest:playtest",
}
