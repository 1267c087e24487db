"""Kills credited to the unit, card or effect that made them (builder.systems.heroes.playtests.credit;
issue 21, item 6), not to whichever unit acted last."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from builder.systems.heroes.ai.players import parse_spec
from builder.systems.heroes.engine.state import Event
from builder.playtest_core.aggregate import summarise
from builder.systems.heroes.playtests.credit import KillLedger
from builder.systems.heroes.playtests.game import play_game

from engine_helpers import core_pack


def ledger() -> KillLedger:
    """Units 0-1 are the US's rifles and mortar, 2-3 the German grenadiers and MG."""
    units = [SimpleNamespace(id=i, side=i // 2, profile=p)
             for i, p in enumerate(["us-rifles", "us-mortar", "de-grenadiers", "de-mg"])]
    return KillLedger(SimpleNamespace(units=units), ["us", "de"], lambda u: u.profile)


def act(book: KillLedger, kind: str, unit: int, *events: tuple[str, dict]) -> None:
    book.decision(SimpleNamespace(kind=kind, unit=unit))
    for e in events:
        book.event(Event(*e))


def test_opportunity_fire_is_the_firer_s_kill_not_the_mover_s() -> None:
    book = ledger()
    act(book, "move", 0)
    act(book, "fire", 3, ("opportunity-fire", {"unit": 3, "target": 0, "square": 5}),
        ("shot", {"unit": 3, "target": 0}), ("eliminated", {"unit": 0, "why": "kill shot"}))
    assert book.row()["kill_credit"] == {"us": {}, "de": {"opportunity fire: de-mg": 1}}
    assert book.row()["kills"] == {"us": {}, "de": {"de-mg": 1}}


def test_a_card_played_after_a_unit_fired_is_the_card_s_kill() -> None:
    book = ledger()
    act(book, "fire", 1, ("shot", {"unit": 1, "target": 2}))
    act(book, "card", -1, ("card", {"side": 0, "card": "us-mine", "unit": 3}),
        ("mine", {"target": 3}), ("eliminated", {"unit": 3, "why": "mine: kill shot"}))
    act(book, "pass", -1, ("eliminated", {"unit": 2, "why": "shot"}))  # a pass keeps the card as the cause
    row = book.row()
    assert row["kill_credit"]["us"] == {"card: mine": 2}
    assert row["kills"]["us"] == {}


def test_the_defender_gets_the_kill_when_the_attacker_loses_its_assault() -> None:
    book = ledger()
    act(book, "assault", 2, ("assault", {"unit": 2, "target": 0, "winner": "defender"}),
        ("eliminated", {"unit": 2, "why": "lost assault"}))
    assert book.row()["kill_credit"] == {"us": {"assault: us-rifles": 1}, "de": {}}


def test_scenario_fire_blasts_and_own_losses() -> None:
    book = ledger()
    act(book, "pass", -1, ("scenario-fire", {"unit": 3, "target": 1, "mode": "normal"}),
        ("shot", {"unit": 3, "target": 1}), ("eliminated", {"unit": 1, "why": "shot"}))
    act(book, "blast", 1, ("blast", {"unit": 1, "mode": "grenade", "at": 4, "room": False}),
        ("eliminated", {"unit": 2, "why": "shot"}), ("eliminated", {"unit": 0, "why": "shot"}))
    row = book.row()
    assert row["kill_credit"] == {"us": {"blast: us-mortar": 1}, "de": {"scenario fire: de-mg": 1}}
    assert row["other_losses"] == {"shot": 1}  # the mortar's own rifles, under its template


@pytest.mark.parametrize("scenario", ["clash", "family-meeting-1"])
def test_every_loss_of_a_game_is_credited_once(scenario: str) -> None:
    pack = core_pack()
    specs = [parse_spec("greedy"), parse_spec("greedy")]
    rows = [play_game(pack, scenario, seed, specs, index=seed) for seed in range(3)]
    for r in rows:
        lost = sum(sum(c.values()) for c in r["losses"].values())
        credited = sum(sum(c.values()) for c in r["kill_credit"].values())
        assert lost == credited + sum(r["other_losses"].values()) > 0
        for side, credits in r["kill_credit"].items():  # a unit's kills are the credits naming it
            by_unit = {}
            for key, k in credits.items():
                what = key.split(": ", 1)[1]
                if what in r["kills"][side]:
                    by_unit[what] = by_unit.get(what, 0) + k
            assert by_unit == r["kills"][side]
    s = summarise(rows, ["us", "de"] if scenario == "clash" else list(rows[0]["players"]))
    assert sum(s["kills_by_way"].values()) == sum(sum(c.values()) for c in s["kill_credit"].values())
