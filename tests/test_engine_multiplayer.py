"""Three- and four-player games (000 core rules, Multiplayer Rules 3-4 Players): the
rules' worked examples, a three-player game played to its end, the players' decisions
kept to their own units, and the set-up and validation errors of alliances."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import Rules, play, seat_players
from builder.systems.heroes.engine.alliances import (deployment_order, own_tokens, player_budgets, seat_of, seat_to_act)
from builder.systems.heroes.engine.errors import SetupError
from builder.errors import UsageError

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "content" / "core"
SCENARIO = "clash-three"


@pytest.fixture(scope="module")
def pack():  # type: ignore[no-untyped-def]
    return load_pack(CORE)


def _played(pack, seed: int, specs: list[str], watch=None):  # type: ignore[no-untyped-def]
    state = Rules.new_game(pack, SCENARIO, seed=seed)
    players = seat_players(state, specs, seed)
    play(state, players, max_decisions=50_000, on_decision=None if watch is None else watch(state))
    return state


def test_split_budget_is_the_rules_2_vs_1_example(pack) -> None:  # type: ignore[no-untyped-def]
    """Army Creation: in a 2-vs-1 game with 500 points a side, the alliance's players buy
    250 points each and the single player 500."""
    us, de = pack.items["scenarios"][SCENARIO].sides
    assert us.army.points == de.army.points == 500
    assert player_budgets(us, []) == [250, 250]
    assert de.players == []
    # shared: the second player draws on what the first left (its army cost 240)
    shared = us.model_copy(update={"budget": "shared"})
    assert player_budgets(shared, [240]) == [250, 260]
    own = us.model_copy(update={"players": [us.players[0].model_copy(update={"points": 300}), us.players[1]]})
    assert player_budgets(own, []) == [300, 200]  # the rest of the alliance's 500


def test_each_player_fields_its_own_army_and_the_alliance_holds_six_cards(pack) -> None:  # type: ignore[no-untyped-def]
    state = Rules.new_game(pack, SCENARIO, seed=5)
    assert [p for p, _ in state.static.seats] == ["us-north", "us-south", "de"]
    by_seat = {k: [u for u in state.units if seat_of(state, u) == k] for k in range(3)}
    assert all(by_seat[k] for k in range(3))
    assert {u.side for u in by_seat[0] + by_seat[1]} == {0} and {u.side for u in by_seat[2]} == {1}
    heroes = [u.st.profile.id for u in by_seat[0] + by_seat[1] if u.st.profile.outline == "hero"]
    assert len(heroes) == len(set(heroes))  # a hero joins one player's army
    assert state.static.hand_size == 6  # Supply Phase > Action Cards: 6 per alliance (3 each for two)
    two = Rules.new_game(pack, "clash", seed=5)
    assert two.static.seats == () and all(u.st.seat == -1 for u in two.units)


def test_deployment_alternates_the_alliances_players(pack) -> None:  # type: ignore[no-untyped-def]
    """Deployment: the first player of the alliance with the initiative, then the first of
    the other alliance, then the second of the first."""
    state = Rules.new_game(pack, SCENARIO, seed=5)
    assert state.initiative == 0
    assert deployment_order(state) == [(0, 0), (1, 2), (0, 1)]
    state.initiative = 1
    assert deployment_order(state) == [(1, 2), (0, 0), (0, 1)]


def test_activations_alternate_as_in_the_2_vs_1_example(pack) -> None:  # type: ignore[no-untyped-def]
    """2-vs-1 games: the alliance with the initiative activates its first player's order 1,
    the single player its order 1, the alliance's second player its order 1, the single
    player its order 2, and so on; each player's own tokens come in ascending order."""
    turn1: list[tuple[int, int]] = []

    def watch(state):  # type: ignore[no-untyped-def]
        def record(side, action, events):  # type: ignore[no-untyped-def]
            for e in events:
                if e.kind == "activate" and state.turn == 1 and e.data["token"] > 0:
                    turn1.append((seat_of(state, state.units[e.data["unit"]]), e.data["token"]))
        return record

    _played(pack, 4, ["random", "random", "random"], watch)
    assert [s for s, _ in turn1[:6]] == [0, 2, 1, 2, 0, 2]
    for k in (0, 1, 2):
        mine = [t for s, t in turn1 if s == k]
        assert mine == sorted(mine)
    assert [t for s, t in turn1 if s == 0][:3] == [1, 3, 5]  # its own numbers: 1, 3, 5...
    assert [t for s, t in turn1 if s == 1][:2] == [2, 4]


def test_a_four_player_game_gives_every_player_its_turns(pack) -> None:  # type: ignore[no-untyped-def]
    """2-vs-2: both alliances' players deploy and activate their own units, to the end."""
    state = Rules.new_game(pack, "clash-four", seed=6)
    assert [p for p, _ in state.static.seats] == ["us-north", "us-south", "de-north", "de-south"]
    assert deployment_order(state) == [(0, 0), (1, 2), (0, 1), (1, 3)]
    turn1: list[int] = []

    def record(side, action, events):  # type: ignore[no-untyped-def]
        for e in events:
            if e.kind == "activate" and state.turn == 1 and e.data["token"] > 0:
                turn1.append(seat_of(state, state.units[e.data["unit"]]))

    play(state, seat_players(state, ["random"] * 4, 6), max_decisions=50_000, on_decision=record)
    assert state.result is not None
    assert set(turn1) == {0, 1, 2, 3}  # every player activated its own units in the first round


def test_supply_moves_go_player_by_player(pack) -> None:  # type: ignore[no-untyped-def]
    """Supply Phase: the players move their units within the order defined; an alliance
    player's ``end`` hands the moves to the next player, not the whole alliance's."""
    moves: list[tuple[int, int, int]] = []

    def watch(state):  # type: ignore[no-untyped-def]
        def record(side, action, events):  # type: ignore[no-untyped-def]
            if action.kind == "move" and state.phase == "supply" and state.units[action.unit].supply_moved:
                unit = state.units[action.unit]
                moves.append((state.turn, unit.side, seat_of(state, unit)))
        return record

    _played(pack, 4, ["random", "random", "random"], watch)
    us = [(turn, seat) for turn, side, seat in moves if side == 0]
    assert {seat for _, seat in us} == {0, 1}  # both US players moved units in Supply phases
    for turn in {t for t, _ in us}:
        seats = [seat for t, seat in us if t == turn]
        assert seats == sorted(seats)  # the first player's moves, then the second's


def test_a_player_decides_for_its_own_units_only(pack) -> None:  # type: ignore[no-untyped-def]
    state = Rules.new_game(pack, SCENARIO, seed=9)
    players = seat_players(state, ["greedy", "random", "greedy"], 9)
    checked = 0
    while state.result is None and checked < 400:
        actions = state.rules.legal_actions(state)
        seat = seat_to_act(state, actions)
        side = state.to_act
        if not state.pending:
            own = [a for a in actions if 0 <= a.unit and state.units[a.unit].side == side]
            assert all(seat_of(state, state.units[a.unit]) == seat for a in own)
            if state.phase == "orders":
                tokens = own_tokens(state, side, seat)
                assert all(a.token in tokens for a in actions if a.kind == "order" and a.token > 0)
        action = players[side].choose(state, actions)
        events = state.apply(action)
        for p in players:
            p.notify(state, events)
        checked += 1
    assert checked == 400 or state.result is not None


def test_three_player_game_plays_to_the_end_from_the_command_line(cli, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    r = cli("play", SCENARIO, "--players", "greedy,greedy,random", "--seed", "2", "--log", str(log),
            "--format", "json")
    assert r.exit_code == 0, r.stderr
    result = json.loads(r.stdout)["result"]
    assert result["rounds"] >= 1 and result["end_reason"] in ("turns", "no_units", "no_orders", "sudden_death")
    assert cli("replay", str(log)).exit_code == 0
    r = cli("play", SCENARIO, "--players", "greedy,greedy,random", "--seed", "2")
    assert "us-north=greedy, us-south=greedy" in r.stdout and "de=random" in r.stdout
    r = cli("play", SCENARIO, "--players", "greedy,random")
    assert r.exit_code == 2 and "seats 3 players (us-north, us-south, de)" in r.stderr


def test_playtest_reports_each_player_and_alliance_the_same_at_any_jobs(cli) -> None:
    from builder.playtest.api import run_playtest

    one, rows = run_playtest(SCENARIO, games=4, seed=3, players=["greedy", "random", "random"], jobs=1)
    two, _ = run_playtest(SCENARIO, games=4, seed=3, players=["greedy", "random", "random"], jobs=2)
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)
    assert set(one["win_rates"]) == {"us", "de"}
    seats = one["player_seats"]
    assert list(seats) == ["us-north", "us-south", "de"]
    assert seats["us-north"]["win"] == seats["us-south"]["win"] == one["win_intervals"]["us"]
    assert seats["de"]["player"] == "random" and 0 <= seats["de"]["survived"]["low"] <= 1
    assert rows[0]["players"] == {"us": "greedy+random", "de": "random"}
    assert "P531" in {w["code"] for w in one["warnings"]}
    r = cli("playtest", SCENARIO, "--games", "2", "--players", "greedy,greedy,random")
    assert r.exit_code == 0, r.stderr
    assert "players: us-north=greedy, us-south=greedy, de=random" in r.stdout
    assert "by player (an alliance wins as one" in r.stdout and "  us-south   us     greedy   won" in r.stdout


@settings(max_examples=4)
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_no_unit_fires_at_or_assaults_an_ally(pack, seed: int) -> None:  # type: ignore[no-untyped-def]
    """Activation Phase: a unit cannot assault or fire on an allied unit's spaces; nor
    does any shot or assault of the game strike a unit of its own alliance."""
    seen = []

    def watch(state):  # type: ignore[no-untyped-def]
        def record(side, action, events):  # type: ignore[no-untyped-def]
            if action.kind in ("fire", "assault", "opfire") and action.target >= 0 and action.unit >= 0:
                attacker, target = state.units[action.unit], state.units[action.target]
                seen.append((attacker.side, target.side, seat_of(state, attacker), seat_of(state, target)))
        return record

    state = _played(pack, seed, ["random", "random", "random"], watch)
    assert state.result is not None
    assert all(a != t for a, t, _, _ in seen)


def test_alliance_scenarios_are_checked_where_they_go_wrong(cli, core_copy: Path) -> None:
    path = core_copy / "scenarios" / "clash-three.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("players: 3\n", "players: 2\n")
                    .replace("army: {points: 500}\n    budget: split", "army: {points: 501}\n    budget: split")
                    .replace("{id: us-south,", "{id: us, faction: zz,"), encoding="utf-8")
    r = cli("validate", str(core_copy))
    assert r.exit_code == 1
    out = r.stdout + r.stderr
    for code, line in (("C341", 12), ("C349", 32), ("C343", 36), ("C344", 36)):
        assert f"clash-three.yaml:{line}:" in out.split(f" {code}:")[0].splitlines()[-1], code
    # three sides of one player each: C340 from validate, E630 from the engine
    path.write_text(text.replace("players: 3\n", "players: 3\n").replace(
        "    budget: split\n    players:\n      - {id: us-north, name: \"4th Infantry, north lane\"}\n"
        "      - {id: us-south, name: \"16th Infantry, south lane\"}\n", "").replace(
        "sides:\n", "sides:\n  - {id: us2, faction: us, army: {points: 250}, deployment: [\"A1:A2\"]}\n"),
        encoding="utf-8")
    r = cli("validate", str(core_copy))
    assert "C340" in r.stdout + r.stderr
    with pytest.raises(SetupError) as err:
        Rules.new_game(load_pack(core_copy), SCENARIO, seed=1)
    assert err.value.diagnostics[0].code == "E630" and err.value.diagnostics[0].line > 0


def test_each_alliance_mistake_has_its_located_code(cli, core_copy: Path) -> None:
    """C342, C345, C346, C347 and C348, each at the line at fault."""
    path = core_copy / "scenarios" / "clash-three.yaml"
    text = path.read_text(encoding="utf-8")
    cases = {
        "C342": (text.replace("      - {id: us-south, name: \"16th Infantry, south lane\"}\n", "")
                 .replace("players: 3\n", "players: 2\n"), 35),
        "C345": (text.replace("army: {points: 500}\n    budget", "army: {points: 500, composition: "
                              "[{tile: us-22nd-infantry-regiment}]}\n    budget"), 32),
        "C346": (text.replace("{id: us-north,", "{id: us-north, points: 400,")
                 .replace("{id: us-south,", "{id: us-south, points: 400,"), 35),
        "C347": (text.replace("{id: us-north,", "{id: us-north, composition: [{option: us-grenade}],"), 35),
        "C348": (text.replace("  - id: us\n    faction: us\n", "  - id: us\n    faction: de\n")
                 .replace("{id: us-north,", "{id: us-north, faction: us,")
                 .replace("{id: us-south,", "{id: us-south, faction: us,"), 30),
    }
    for code, (broken, line) in cases.items():
        path.write_text(broken, encoding="utf-8")
        r = cli("validate", str(core_copy))
        out = r.stdout + r.stderr
        assert f" {code}:" in out, (code, out[-2000:])
        assert f"clash-three.yaml:{line}:" in out.split(f" {code}:")[0].splitlines()[-1], (code, out[-2000:])


def test_a_player_wiped_out_is_warned_and_the_partial_rules_always() -> None:
    from builder.playtest_core.alliances import summarise_seats, warnings

    def row(winner: str, wiped: bool) -> dict:  # type: ignore[type-arg]
        return {"winner": winner, "seats": {
            "us-north": {"side": "us", "player": "greedy", "fielded": 6, "lost": 6 if wiped else 1,
                         "wiped_out": wiped},
            "de": {"side": "de", "player": "random", "fielded": 9, "lost": 2, "wiped_out": False}}}

    seats = summarise_seats([row("us", True), row("de", False), row("us", False)])["player_seats"]
    assert seats["us-north"]["win"]["successes"] == 2 and seats["us-north"]["wiped_out_games"] == 1
    assert seats["us-north"]["survived"]["rate"] == pytest.approx(2 / 3, abs=1e-6)
    codes = [(w["code"], w["message"]) for w in warnings(3, seats)]
    assert codes[0][0] == "P530" and "us-north (us) was wiped out in 1 of 3 games" in codes[0][1]
    assert [c for c, _ in codes] == ["P530", "P531"]
    assert summarise_seats([{"winner": "us"}]) == {} and warnings(1, {}) == []


def test_an_alliance_army_list_plays_and_a_single_list_is_refused(cli, tmp_path: Path) -> None:
    alliance = tmp_path / "us-alliance.yaml"
    alliance.write_text("name: US alliance\npoints: 500\nalliance:\n  players:\n"
                        "    - {name: North, faction: us, tiles: [{tile: us-22nd-infantry-regiment}]}\n"
                        "    - {name: South, faction: us, tiles: [{tile: us-8th-infantry-regiment}]}\n",
                        encoding="utf-8")
    r = cli("play", SCENARIO, "--players", "random,random,random", "--army", f"us={alliance}", "--format", "json")
    assert r.exit_code == 0, r.stderr
    single = tmp_path / "us.yaml"
    single.write_text("name: US\nfaction: us\npoints: 500\ntiles: [{tile: us-22nd-infantry-regiment}]\n",
                      encoding="utf-8")
    r = cli("play", SCENARIO, "--players", "random,random,random", "--army", f"us={single}")
    assert r.exit_code == 1 and "E631" in r.stderr and "clash-three.yaml:35:" in r.stderr


def test_an_army_for_an_alliance_must_seat_its_players(pack) -> None:  # type: ignore[no-untyped-def]
    one_player = [{"tile": "us-22nd-infantry-regiment"}]
    with pytest.raises(SetupError) as err:
        Rules.new_game(pack, SCENARIO, seed=1, armies=[one_player, None])
    assert err.value.diagnostics[0].code == "E631"
    with pytest.raises(UsageError):
        from builder.systems.heroes.ai.players import check_players

        check_players(pack.items["scenarios"][SCENARIO], ["solo-mode:aggressive", "greedy", "greedy"])
