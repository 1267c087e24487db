"""Golden games: the engine's speed work must not change a single game.

``tests/fixtures/engine_golden/games.json`` records, for seeded games (uniform random
legal play on the bundled scenarios and on the engine fixture scenarios, plus a few
games between builder.systems.heroes.ai players, in the core rules and in the Solo game mode), the
final ``state_hash``, the number of decisions and a digest of every action taken.
Any change to the order of ``legal_actions``, to a rule or to the dice stream shows
up here. Regenerate only for a deliberate rules change::

    python -m tests.test_engine_golden_games
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from builder.systems.heroes.content.loader import load_pack
from builder.content.yaml_io import atomic_write_text
from builder.systems.heroes.engine import RandomPlayer, Rng, Rules, make_player, play as play_loop

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "fixtures" / "engine_golden" / "games.json"
CORE = ROOT / "content" / "core"
FIXTURE = ROOT / "tests" / "fixtures" / "engine" / "pack"

# (pack, scenario, number of random games): 300 over the bundled scenarios.
RANDOM_GAMES = [
    ("core", "clash", 100), ("core", "family-meeting-1", 100), ("core", "family-meeting-2", 100),
    ("fixture", "skirmish", 40), ("fixture", "lane", 40),
]
# (scenario, players by side, seeds): builder.systems.heroes.ai players, core rules and Solo game mode.
AI_GAMES = [
    ("family-meeting-1", ("greedy", "greedy"), 4),
    ("family-meeting-1", ("greedy", "solo-mode:aggressive:medium"), 4),
    ("family-meeting-2", ("solo:aggressive", "greedy"), 3),
    ("clash", ("random", "solo:defensive"), 3),
]


@lru_cache(maxsize=2)
def _pack(name: str) -> Any:
    return load_pack(CORE if name == "core" else FIXTURE)


def _record(state: Any, decisions: int, digest: Any) -> dict[str, Any]:
    return {"state_hash": state.state_hash(), "decisions": decisions, "actions": digest.hexdigest()[:16]}


def random_game(pack: str, scenario: str, seed: int) -> dict[str, Any]:
    """Uniform random legal play, as the engine benchmark plays it (one stream for both
    sides), through the one game loop."""
    state = Rules.new_game(_pack(pack), scenario, seed=seed)
    digest = hashlib.sha256()
    player = RandomPlayer(seed, 0, Rng(seed))
    n = play_loop(state, [player, player], max_decisions=100_000,
                  on_decision=lambda side, action, events: digest.update(_action_text(action)))
    return _record(state, n, digest)


def _action_text(action: Any) -> bytes:
    return repr(sorted(action.to_dict().items())).encode()


def ai_game(scenario: str, specs: tuple[str, ...], seed: int) -> dict[str, Any]:
    """A game between builder.systems.heroes.ai players, set up and played as `heroes play` and
    `heroes playtest` play it (builder.systems.heroes.ai.players.rules_for, the one game loop)."""
    from builder.systems.heroes.ai.players import parse_spec, rules_for

    rules_cls, options = rules_for([parse_spec(s) for s in specs])
    state = rules_cls.new_game(_pack("core"), scenario, seed=seed, options=options or None)
    players = [make_player(spec, seed, i) for i, spec in enumerate(specs)]
    digest = hashlib.sha256()
    n = play_loop(state, players, max_decisions=100_000,
                  on_decision=lambda side, action, events: digest.update(_action_text(action)))
    return _record(state, n, digest)


def cases() -> list[tuple[str, tuple[Any, ...]]]:
    out: list[tuple[str, tuple[Any, ...]]] = []
    for pack, scenario, count in RANDOM_GAMES:
        out += [(f"random/{pack}/{scenario}/{seed}", ("random", pack, scenario, seed)) for seed in range(count)]
    for scenario, specs, count in AI_GAMES:
        out += [(f"ai/{scenario}/{'+'.join(specs)}/{seed}", ("ai", scenario, specs, seed)) for seed in range(count)]
    return out


def play(case: tuple[Any, ...]) -> dict[str, Any]:
    if case[0] == "random":
        return random_game(*case[1:])
    return ai_game(*case[1:])


def _golden() -> dict[str, Any]:
    return json.loads(GOLDEN.read_text())


CASES = cases()
# Grouped in batches so the report names a failing game without 300 test items.
BATCHES = [CASES[i:i + 25] for i in range(0, len(CASES), 25)]


@pytest.mark.parametrize("batch", BATCHES, ids=[b[0][0] for b in BATCHES])
def test_games_are_unchanged(batch: list[tuple[str, tuple[Any, ...]]]) -> None:
    golden = _golden()
    changed = [name for name, case in batch if play(case) != golden[name]]
    hint = ("" if all(n.startswith("random/") for n in changed) else
            "; ai/ games also depend on the builder.systems.heroes.ai players: after a deliberate change of a player, "
            "regenerate with `python -m tests.test_engine_golden_games`")
    assert not changed, f"games changed: {changed[:5]} ({len(changed)} of {len(batch)}){hint}"


def test_golden_covers_every_case() -> None:
    assert sorted(_golden()) == sorted(name for name, _ in CASES)


if __name__ == "__main__":
    atomic_write_text(GOLDEN, json.dumps({name: play(case) for name, case in CASES}, indent=1, sort_keys=True) + "\n")
    print(f"wrote {GOLDEN} ({len(CASES)} games)")
