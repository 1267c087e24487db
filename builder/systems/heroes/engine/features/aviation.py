"""Aviation cards and the anti-aircraft check (000 core rules, AAA and Aviation
Cards; Special Abilities > AAA; Recruitment Options > Orders > Airstrike).

An aviation card (a command card, in the deck only with the Airstrike order:
builder/systems/heroes/engine/setup.py) is played in the side's own activation on an enemy
unit, like the artillery cards. Before it does anything the opponent makes the
anti-aircraft check: a die, plus 1 for each of the opponent's units on the
battlefield with the AAA ability; reaching the card's anti-aircraft number
(``aaa`` in the pack) discards the card with no effect. Aircraft need no line of
sight from the side's units.

Three effects, by the card's ``effect_key``:

* ``airstrike``: one attack on a ground unit outside buildings, with the card's
  ``combat`` values (the blast machinery's attack: terrain bonus, a heavy
  vehicle's side defence, no range or sight terms);
* ``rocket-strike``: the same, the card's values showing X against infantry;
* ``dive-bombing``: the card's blast pattern over the unit, aimed as the barrage
  cards aim (the intersection around it covering the most enemies), with no
  scatter when the card says so.

The pack's values for these cards are placeholders.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Final

from builder.systems.heroes.engine.features.blast import Pattern, _affected, _card_pattern, _combat, aim_at, blast_plan, disperse, explode
from builder.systems.heroes.engine.damage import roll
from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.effects.hooks import CARD_PHASE, CARD_PLAY, CARD_PLAYABLE
from builder.systems.heroes.engine.effects.cards import ON_ENEMY
from builder.kernel.events import Event
from builder.systems.heroes.engine.firing import resolve_shot
from builder.systems.heroes.engine.derived import Derived, derived, table

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

RULE = "000 core rules, AAA and Aviation Cards; card effect as the pack words it"
ATTACKS = ("airstrike", "rocket-strike")
DIVE_BOMBING = "dive-bombing"


_CARDS: Final[Derived[dict[tuple[int, str], Any]]] = table(
    "aviation: a side's card of an effect (None: none), by side and effect key")


def _card(state: "GameState", side: int, key: str) -> Any:
    """The side's card with effect ``key`` (the faction's first by id, else any)."""
    cache = derived(state, _CARDS)
    found = cache.get((side, key), False)
    if found is False:
        faction = state.static.sides[side].faction
        cards = sorted((c for c in state.static.pack.items["cards"].values() if c.effect_key == key),
                       key=lambda c: c.id)
        mine = [c for c in cards if c.faction == faction] or cards
        found = cache[(side, key)] = mine[0] if mine else None
    return found


def attack_pattern(state: "GameState", side: int, key: str) -> Pattern | None:
    """The card's attack as a one-unit pattern (its ``combat`` values)."""
    card = _card(state, side, key)
    if card is None or card.combat is None:
        return None
    return Pattern(key, 0, _combat(card.combat), 10**6, 0, False, -1)


AA_ABILITIES = ("aaa", "anti-aircraft")  # the core AAA and 003's Anti-Aircraft (Aviation Rules)


def _anti_aircraft(u: "UnitState") -> bool:
    return any(u.ability(a) is not None or any(a in w.abilities for w in u.st.profile.faces[u.face].weapons)
               for a in AA_ABILITIES)


def anti_aircraft_bonus(state: "GameState", side: int) -> int:
    """+1 for each unit of ``side`` on the battlefield with AAA (Special Abilities > AAA),
    or with 003's Anti-Aircraft, on the unit or a weapon (003 Aviation Rules > Anti-Aircraft:
    the same guns that fire at aircraft units)."""
    return sum(1 for u in state.units if u.side == side and u.active and _anti_aircraft(u))


def shot_down(state: "GameState", side: int, key: str) -> bool:
    """The opponent's anti-aircraft check against ``side``'s card: True when the
    die plus the AAA bonus reaches the card's number (the card is then lost)."""
    card = _card(state, side, key)
    needed = getattr(card, "aaa", None)
    if needed is None:
        return False
    opponent = 1 - side
    die = roll(state, "anti-aircraft")
    bonus = anti_aircraft_bonus(state, opponent)
    down = die + bonus >= needed
    state.events.append(Event("anti-aircraft", {"side": opponent, "card": card.id, "die": die, "bonus": bonus,
                                                "needs": needed, "shot_down": down}))
    return down


def outside_buildings(state: "GameState", unit: "UnitState") -> bool:
    bf = state.static.bf
    return not any(bf.terrain[s].building for s in state.squares_of(unit))


def _attack_ok(key: str) -> Callable[["GameState", "UnitState"], bool]:
    def playable(state: "GameState", unit: "UnitState") -> bool:
        """An enemy ground unit outside buildings that the card's values can attack."""
        side = state.to_act
        if side is None or unit.side == side or not _affected(state, unit) or not outside_buildings(state, unit):
            return False
        p = attack_pattern(state, side, key)
        return p is not None and blast_plan(state, None, unit, p).ok
    return playable


def _attack(key: str) -> Callable[["GameState", "UnitState"], None]:
    def play(state: "GameState", unit: "UnitState") -> None:
        """The anti-aircraft check, then one attack on the unit."""
        side = state.to_act
        p = attack_pattern(state, side, key)  # type: ignore[arg-type]
        if p is None or shot_down(state, side, key) or not _affected(state, unit):  # type: ignore[arg-type]
            return
        state.events.append(Event("airstrike", {"side": side, "target": unit.id, "card": key}))
        plan = blast_plan(state, None, unit, p)
        if plan.ok:
            resolve_shot(state, plan)
    return play


def _dive_bombing_ok(state: "GameState", unit: "UnitState") -> bool:
    side = state.to_act
    return (side is not None and unit.side != side and _affected(state, unit) and outside_buildings(state, unit)
            and _card_pattern(state, side, DIVE_BOMBING) is not None)


def _dive_bombing(state: "GameState", unit: "UnitState") -> None:
    """The anti-aircraft check, then the card's pattern over the unit."""
    side = state.to_act
    p = _card_pattern(state, side, DIVE_BOMBING)  # type: ignore[arg-type]
    if p is None or shot_down(state, side, DIVE_BOMBING):  # type: ignore[arg-type]
        return
    i = aim_at(state, side, unit, p.radius)  # type: ignore[arg-type]
    if i < 0:
        return
    state.events.append(Event("blast", {"unit": -1, "mode": p.key, "at": i, "room": False}))
    explode(state, None, disperse(state, i, p, side, (), None), p)  # type: ignore[arg-type]


for _key, _name in (("airstrike", "Airstrike card"), ("rocket-strike", "Rocket strike card")):
    register("card", _key, _name, "partial", RULE,
             "the card's values are placeholders; played on an enemy unit in the side's activation; a heavy "
             "vehicle defends with its side defence",
             hooks=[CARD_PHASE.by(lambda: ON_ENEMY), CARD_PLAYABLE.by(_attack_ok(_key)), CARD_PLAY.by(_attack(_key))])
register("card", DIVE_BOMBING, "Dive-bombing card", "partial", RULE,
         "the card's pattern and values are placeholders; aimed at the intersection around the enemy unit named "
         "that covers the most enemies",
         hooks=[CARD_PHASE.by(lambda: ON_ENEMY), CARD_PLAYABLE.by(_dive_bombing_ok), CARD_PLAY.by(_dive_bombing)])
register("ability", "aaa", "AAA", "simulated", "000 core rules, Special Abilities > AAA; AAA and Aviation Cards")
register("option", "airstrike", "Airstrike", "partial", "000 core rules, Recruitment Options > Orders > Airstrike",
         "the deck holds every copy of the faction's aviation cards when the army has the option (the number on "
         "the option is not counted: builder/systems/heroes/engine/setup.py)")
