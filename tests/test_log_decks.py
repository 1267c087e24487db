"""A game log carries each army list's deck (builder.systems.heroes.tools.log.LoggedArmy):
a game played with army lists, a playtest's default armies among them, replays with the
same deck, so `heroes play` and `heroes replay` give the game the playtest played."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from builder.playtest.api import run_playtest

ROOT = Path(__file__).resolve().parents[1]


def test_play_gives_the_game_a_playtest_played(cli: Any, tmp_path: Path) -> None:
    report, rows = run_playtest("clash", games=1, seed=1, players=["greedy", "greedy"], pack=ROOT / "content" / "core")
    row = rows[0]
    log = tmp_path / "game.jsonl"
    played = cli("play", "clash", "--players", "greedy,greedy", "--seed", str(row["seed"]), "--log", str(log),
                 "--format", "json")
    assert played.exit_code == 0, played.stderr
    assert json.loads(played.stdout)["state_hash"] == row["state_hash"]
    header = json.loads(log.read_text().splitlines()[0])
    assert all(deck for deck in header["decks"])  # the default armies' decks, card by card
    assert cli("replay", str(log)).exit_code == 0


def test_an_edited_deck_does_not_replay(cli: Any, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    assert cli("play", "clash", "--players", "greedy,greedy", "--seed", "3", "--log", str(log)).exit_code == 0
    lines = log.read_text().splitlines()
    header = json.loads(lines[0])
    deck = header["decks"][0]
    deck[0]["copies"] = 2 if deck[0]["copies"] == 1 else 1
    log.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    replayed = cli("replay", str(log))
    assert replayed.exit_code == 1 and ("E603" in replayed.stderr or "H860" in replayed.stderr)
    header["decks"] = [[{"card": "x", "copies": "two"}], None]
    log.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    refused = cli("replay", str(log))
    assert refused.exit_code == 1 and "H862" in refused.stderr
