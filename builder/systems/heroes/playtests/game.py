"""One playtest game: set up, let the players choose until the end, record the result.

The record is one JSONL row (see docs/playtest.md): seed, players by side, winner and
victory level, VP, rounds, end reason, losses by unit, objective control per turn, kills
credited to the unit, card or effect that made them (builder.systems.heroes.playtests.credit), how often each AI rule fired, the scenario effects met that the engine does not play
(``not_simulated``: effect text -> times), and a digest of every decision (to count distinct games).
"""

from __future__ import annotations

import hashlib
import os
from collections import Counter
from typing import Any

from builder.systems.heroes.ai.players import PlayerSpec, rules_for
from builder.systems.heroes.engine import IllegalAction, new_game, play, seat_players
from builder.kernel import GameStuck
from builder.systems.heroes.engine.features.exits import counts as exit_counts
from builder.errors import HeroesError
from builder.systems.heroes.playtests.seat_tally import SeatTally, seat_texts
from builder.systems.heroes.playtests.credit import KillLedger

MAX_DECISIONS = 20_000

#: Exceptions that mean a bug in the engine or an AI player rather than a refused game.
ENGINE_BUGS: tuple[type[Exception], ...] = (AssertionError, IndexError, KeyError, ValueError, RuntimeError)

#: Set to ``1`` (the test suite does, in tests/conftest.py) to let engine bugs raise
#: out of :func:`play_game_safely` instead of becoming ``error`` rows: a crash inside a
#: game must fail a test, never pass as one more error row.
STRICT_ENV = "HEROES_STRICT_ENGINE"


class PlaytestError(HeroesError):
    """A game could not be played to its end (engine refused a state or looped)."""


def play_game_safely(pack: Any, scenario: str, seed: int, specs: list[PlayerSpec], *,
                     initiative_swapped: bool = False, index: int = 0,
                     strict: bool | None = None, armies: Any = None) -> dict[str, Any]:
    """:func:`play_game`, but a game that fails becomes an ``error`` row (kept out of the
    rates and counted by the report, with the seed that reproduces it) instead of ending
    the whole batch.

    Under ``strict`` (default: the ``HEROES_STRICT_ENGINE=1`` environment variable, set
    by the test suite) every failure raises: an engine bug (:data:`ENGINE_BUGS`), an
    action the engine refuses (``IllegalAction``) and a game that does not end
    (:class:`PlaytestError`). A test never sees an error row it could filter out."""
    if strict is None:
        strict = os.environ.get(STRICT_ENV) == "1"
    try:
        return play_game(pack, scenario, seed, specs, initiative_swapped=initiative_swapped, index=index,
                         armies=armies)
    except (PlaytestError, IllegalAction) as exc:
        if strict:
            raise
        message = str(exc)
    except ENGINE_BUGS as exc:
        if strict:
            raise
        message = f"{type(exc).__name__}: {exc} (reproduce with seed {seed})"
    return {"index": index, "seed": seed, "players": {str(i): s.text for i, s in enumerate(specs)},
            "initiative_swapped": initiative_swapped, "error": message}


def _profile_key(u: Any) -> str:
    return str(u.st.profile.id)


def _exited(state: Any, sides: list[str]) -> dict[str, dict[str, int]]:
    """Units that left by their side's exit squares (003 Campaign > 4 Zurueck!), side -> kind
    -> count, as the ``exited`` condition counts them (builder/systems/heroes/engine/features/exits.py);
    sides with none left out."""
    out: dict[str, dict[str, int]] = {}
    for i, side in enumerate(sides):
        counts = exit_counts(state, i)
        if counts:
            out[side] = dict(sorted(counts.items()))
    return out


def _lost_text(data: dict[str, Any]) -> str:
    """An ``event-lost`` event as the report names it: the effect and what was lost."""
    return f"{data.get('text', '')} ({data['lost']})" if data.get("lost") else str(data.get("text", ""))


def play_game(pack: Any, scenario: str, seed: int, specs: list[PlayerSpec], *, initiative_swapped: bool = False,
              index: int = 0, armies: Any = None) -> dict[str, Any]:
    """Play one game; ``specs[i]`` plays the scenario's side ``i`` with ``armies[i]``
    (an army list; None or missing: the scenario's army)."""
    rules_cls, options = rules_for(specs)
    state = new_game(pack, scenario, seed=seed, rules=rules_cls, armies=armies, options=options or None,
                     initiative_swapped=initiative_swapped)
    sides = state.side_ids
    no_deck = [sides[i] for i, side in enumerate(state.sides) if not side.deck and not side.hand]  # P524
    texts = [spec.text for spec in specs]
    players = seat_players(state, texts, seed)  # an alliance's players choose for their own units
    tally = SeatTally(state, texts)
    fielded: dict[str, Counter[str]] = {s: Counter() for s in sides}
    for u in state.units:  # decoy counters stand for no unit (builder.systems.heroes.engine.decoys); a unit of the
        if not u.st.decoy and not u.st.reinforcement:  # Solo reinforcements bag is fielded once drawn
            fielded[sides[u.side]][_profile_key(u)] += 1
    drawn: set[int] = set()
    losses: dict[str, Counter[str]] = {s: Counter() for s in sides}
    ledger = KillLedger(state, sides, _profile_key)
    not_played: Counter[str] = Counter()
    lost: Counter[str] = Counter()  # effects whose printed text was lost (do: lost), named, never played
    for e in state.events:  # events of the set-up and the first orders phase, before any decision
        if e.kind == "event-not-simulated":
            not_played[str(e.data.get("text") or e.data.get("do"))] += 1
        elif e.kind == "event-lost":
            lost[_lost_text(e.data)] += 1
    digest = hashlib.sha256()

    def record(side: int, action: Any, events: list[Any]) -> None:
        """The row's counters, after each decision of the game loop."""
        digest.update(repr((side, action.to_dict())).encode())
        ledger.decision(action)
        for e in events:
            ledger.event(e)
            tally.event(e.kind, e.data)
            if e.kind == "event-not-simulated":
                not_played[str(e.data.get("text") or e.data.get("do"))] += 1
            elif e.kind == "event-lost":
                lost[_lost_text(e.data)] += 1
            if e.kind == "reinforcement" and e.data["unit"] not in drawn and state.units[e.data["unit"]].st.reinforcement:
                drawn.add(e.data["unit"])  # first out of the Solo reinforcements bag: now fielded
                arrived = state.units[e.data["unit"]]
                fielded[sides[arrived.side]][_profile_key(arrived)] += 1
            if e.kind in ("eliminated", "wrecked"):
                dead = state.units[e.data["unit"]]
                losses[sides[dead.side]][_profile_key(dead)] += 1

    try:
        decisions = play(state, players, max_decisions=MAX_DECISIONS + 1, on_decision=record)
    except GameStuck:
        raise PlaytestError(f"game {index} (seed {seed}): no legal action in phase {state.phase}") from None
    if decisions > MAX_DECISIONS:
        raise PlaytestError(f"game {index} (seed {seed}) did not end within {MAX_DECISIONS} decisions")
    result = state.result
    assert result is not None
    rules_fired: Counter[str] = Counter()
    for p in players:
        rules_fired.update(p.rules_fired)
    extra = getattr(state.rules, "rules_fired", None)
    if extra:
        rules_fired.update(extra)
    return {
        "index": index,
        "seed": seed,
        "players": seat_texts(state, texts),
        **tally.row(),
        "initiative_swapped": initiative_swapped,
        "winner": result.winner,
        "level": result.level,
        "vp": dict(result.victory_points),
        "rounds": result.rounds,
        "end_reason": result.end_reason,
        "losses": {s: dict(sorted(c.items())) for s, c in losses.items()},
        "fielded": {s: dict(sorted(c.items())) for s, c in fielded.items()},
        **ledger.row(),
        "objective_control": [dict(t) for t in result.objective_control],
        "rules": dict(sorted(rules_fired.items())),
        "not_simulated": dict(sorted(not_played.items())),
        "lost": dict(sorted(lost.items())),
        "exited": _exited(state, sides),
        **({"no_deck": no_deck} if no_deck else {}),
        "decisions": decisions,
        "digest": digest.hexdigest()[:16],
        "state_hash": state.state_hash(),
    }
