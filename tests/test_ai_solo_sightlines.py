"""Terrain verdicts of the Solo Mode AI (builder.systems.heroes.engine.solo_mode.sightlines) agree with the
engine's line of sight, and spotting with them reveals what the rule says
(002 Solo Mode, 3.2 > Reveal a Concealed Unit: within 2 squares, or a clear line)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules
from builder.systems.heroes.engine.solo_mode.sightlines import spotting_rows, terrain_clear, terrain_open
from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import apply, legal_actions
from builder.systems.heroes.board.los import BLOCKED, CLEAR, sight

PACK = Path(__file__).parent / "fixtures" / "playtest" / "pack"


@pytest.fixture(scope="module")
def state():
    pack = load_pack(PACK)
    return SoloModeRules.new_game(pack, "meeting", seed=3, options={"ai_side": 1, "attitude": "aggressive"})


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_terrain_verdicts_bound_the_engine_sight(state, data):
    bf = state.static.bf
    a = data.draw(st.integers(0, bf.size - 1))
    b = data.draw(st.integers(0, bf.size - 1))
    s = sight(state, a, b)
    if not terrain_open(bf, a, b):
        assert s.kind == BLOCKED
    if not terrain_clear(bf, a, b):
        assert s.kind != CLEAR
    if terrain_clear(bf, a, b) and not any(state.occ[sq] >= 0 for sq in s.squares):
        assert s.kind == CLEAR
    near, clear = spotting_rows(bf, a)
    assert bool(near >> b & 1) == (bf.distance(a, b) <= 2)
    assert bool(clear >> b & 1) == (bf.distance(a, b) > 2 and terrain_clear(bf, b, a))


def plainly_spotted(state, rules, u) -> bool:
    bf = state.static.bf
    return any(bf.distance(u.sq, e.sq) <= 2 or sight(state, e.sq, u.sq, e, u).kind == CLEAR
               for e in state.units if e.side == rules.player and e.active)


def test_spotting_reveals_exactly_the_units_the_rule_reveals():
    pack = load_pack(PACK)
    checked = 0
    for seed in range(4):
        game = SoloModeRules.new_game(pack, "meeting", seed=seed, options={"ai_side": 1, "attitude": "aggressive"})
        rules, rng = game.rules, random.Random(seed)
        while game.result is None and checked < 400:
            hidden = [u for u in game.units if u.side == rules.ai and u.concealed and u.active]
            expected = set()
            for u in hidden:  # in order: a unit revealed earlier may then stand in a later line
                if plainly_spotted(game, rules, u):
                    expected.add(u.id)
                    u.concealed = False
            for uid in expected:
                game.units[uid].concealed = True
            faces = {u.id: u.face for u in hidden}
            rules.spot(game)
            assert {u.id for u in hidden if not u.concealed} == expected
            for uid in expected:
                game.units[uid].concealed, game.units[uid].face = True, faces[uid]
            checked += 1
            apply(game, rng.choice(legal_actions(game)))
    assert checked > 100


def test_the_view_sees_the_enemies_the_engine_sight_shows():
    from builder.systems.heroes.ai.solo_mode.view import EngineView

    pack = load_pack(PACK)
    checked = 0
    for seed in range(7, 10):
        game = SoloModeRules.new_game(pack, "meeting", seed=seed, options={"ai_side": 1, "attitude": "aggressive"})
        rng = random.Random(seed)
        while game.result is None and checked < 60 * (seed - 6):
            view = EngineView(game, game.rules.ai)
            for x in (u for u in game.units if u.side == game.rules.ai and u.active):
                enemies = [e for e in game.units if e.side != x.side and e.active and not e.concealed]
                for clear in (True, False):
                    lines = [sight(game, x.sq, e.sq, x, e) for e in enemies]
                    plain = [e for e, s in zip(enemies, lines) if (s.kind == CLEAR if clear else s.ok)]
                    assert view._seen_enemies(x, clear) == plain
            checked += 1
            apply(game, rng.choice(legal_actions(game)))
    assert checked > 50


def test_the_view_knows_a_tripod_unit_on_its_packed_side():
    """The supply table's Tripod row (``tripod_inactive``) picks a Tripod unit on its
    inactive side, the packed one (000 core rules, Special Abilities > Tripod)."""
    from builder.systems.heroes.ai.solo_mode.view import EngineView
    from engine_helpers import make

    state, n = make([
        {"name": "hmg", "unit": "us-hmg", "side": "us", "at": "A1"},
        {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "A3"},
    ])
    hmg, rifles = state.units[n["hmg"]], state.units[n["g"]]
    view = EngineView(state, hmg.side)
    assert view.tripod_inactive(hmg.id) and not view.tripod_inactive(rifles.id)
    hmg.face = 1
    assert not EngineView(state, hmg.side).tripod_inactive(hmg.id)


def test_sight_kind_and_sees_agree_with_sight_in_played_positions():
    """The shortcuts the AI and the legal actions use (``sight_kind``, ``sees``) give the
    verdict ``sight`` gives, units in the way included: every pair of units of both
    sides, and every unit against every square, in positions from random games."""
    from builder.systems.heroes.board.los import sees, sight_kind

    pack = load_pack(PACK)
    compared = 0
    for seed in range(3):
        game = SoloModeRules.new_game(pack, "meeting", seed=seed, options={"ai_side": 1, "attitude": "aggressive"})
        rng = random.Random(seed)
        for step in range(120):
            if game.result is not None:
                break
            if step % 20 == 0:
                on_board = [u for u in game.units if u.active and u.sq >= 0]
                for a in on_board:
                    for b in on_board:
                        s = sight(game, a.sq, b.sq, a, b)
                        assert sight_kind(game, a.sq, b.sq, a, b) == s.kind
                        assert sees(game, a.sq, b.sq, a, b) == s.ok
                        compared += 1
                    for sq in range(0, game.static.bf.size, 7):
                        assert sight_kind(game, a.sq, sq, a) == sight(game, a.sq, sq, a).kind
            actions = legal_actions(game)
            apply(game, actions[rng.randrange(len(actions))])
    assert compared > 100
