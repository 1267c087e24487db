"""What a side may know of a game, and full games drawn among those it cannot tell
apart (issue 35, item 1: the kernel's ``Game.observation`` and ``Game.determinize``).

Hidden from a side (000 core rules):

- the values of the opponent's face-down tokens (Action! > Order Phase: tokens are
  placed face down, a Bluff token's back looks just like an Order token's, and a lost
  token goes without being revealed). A token is face down from the Orders phase until
  its unit is activated (Activation Phase: the player reveals his order and activates
  that unit; the tokens stay beside the units once they have acted); in the Supply
  phase the bluffs are discarded (Supply Phase, step 2), so every token left is known.
  The side sees which units carry a token and how many tokens the opponent has left to
  place, never which: the values of the opponent's tokens (numbered 1 to N, its bluffs
  and special orders) are public as a whole (the stars and options on its recruitment
  tiles), which unit holds which is not;
- the opponent's hand (Setup > Cards: each player draws from his own deck), seen as
  a count (but the Solo Mode AI's, its reserve, lies face up: :func:`hand_face_up`);
- the order of both decks (each is shuffled), seen as counts; its own deck's cards are
  known to a side as a whole (it built it), the opponent's are not;
- the values of the order tokens the opponent put on its smoke bombs (000 core rules,
  Recruitment Options > Orders > Smoke: "place an Order on it", face down as on a unit,
  revealed when its activation turn comes), seen as a count;
- what the opponent's concealed counters are (000 core rules, Special Abilities >
  Ambush: "Only the owner of an ambushed unit can consult it"; Recruitment Options >
  Orders > Concealed: the unit is replaced by a Concealed token; Character Traits >
  Tricky: a Ruse token, a decoy, has a concealed face like the others and is played
  like any unit until identified). A concealed counter on the battlefield is seen where
  it stands, with its markers and order token, but not which unit it is, its face or
  its damage, nor whether it is a decoy;
- the dice to come (the game's generator state).

Everything else on the table is seen by both (positions, markers, damage, discards,
victory points, objective control...). Solo Mode (002 Solo Mode, 3 Game Turn): the AI's
numbered tokens wait face up on its dashboard and are seen; the order of its action
deck and reinforcements bag and its own random stream are hidden from both sides. The
AI's concealed counters follow the same rule as any side's (002 Solo Mode, 2.4
Anonymous Unit Counters: its anonymous, numbered and decoy counters are shuffled face
down into one stack and deployed so): the player facing it sees each counter, not the
unit under it nor whether it is a decoy. The dashboard names a unit by its id, which is
the counter's (it stays with the counter in every determinization, the unit under it
being drawn again), and shows its decoys as a count (:func:`_variant_view`).

Not hidden yet (partial, issue 35): a unit's id is the counter's, so a concealed counter
keeps its id in every determinization and the unit under it is drawn again; what a side
could infer from how far a concealed counter has moved is not used. Whether the opponent holds a card answering a shot, a move or a
card shows as a pending answer (the engine asks only a side that holds one). Face-down
values are dealt without the Personal Order constraint (000 core rules, Special
Abilities > Personal Order: such a unit may be dealt a bluff).

A determinization is a clone whose hidden parts are drawn again: the opponent's face-
down token values are shuffled among its face-down tokens, its smoke bombs' tokens
(numbered or special orders: a bluff never goes on a bomb) and those it has left to
place; the units under the opponent's concealed counters are shuffled among those
counters (each unit with its face and damage); the opponent's hand and deck are dealt
again from their cards together; the observer's own deck is shuffled; the dice (and the
Solo Mode's stream) are seeded anew.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from builder.kernel.dice import Rng
from builder.systems.heroes.engine.features.smoke_bombs import BOMB as BOMB_UNIT, BOMBS
from builder.systems.heroes.engine.state import (
    BLUFF,
    GAME_FIELDS,
    NO_ORDER,
    SIDE_FIELDS,
    SPECIAL,
    UNIT_FIELDS,
    key_dict,
    key_list,
    set_side_field,
    side_field,
)

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, SideState, UnitState

HIDDEN: Final = -3
"""The value of a face-down token as the other side sees it."""

_HIDDEN_SIDE: Final = frozenset({"to_place", "bluffs_left", "specials_left", "hand", "deck"})
_PUBLIC_SIDE_FIELDS: Final = tuple(f for f in SIDE_FIELDS if f.name not in _HIDDEN_SIDE)
_HIDDEN_GAME: Final = frozenset({"dice", "units", "sides", "queues", "variant"})
_PUBLIC_GAME_FIELDS: Final = tuple(f for f in GAME_FIELDS if f.name not in _HIDDEN_GAME)
_KEYED: Final = [f.name for f in UNIT_FIELDS if f.key is not None]
_ORDER_AT: Final = _KEYED.index("order")
_IDENTITY_AT: Final = (_KEYED.index("face"), _KEYED.index("damage"))
"""Fields of a unit's row hidden while it is an opponent's concealed counter: the unit
under the counter is hidden, and with it the side it shows and its damage."""
# the Solo Mode dashboard's fields whose order or value no side may know (002 Solo Mode):
# the AI's action deck and reinforcements bag (shuffled) and its random stream; and the
# counters that are decoys, shuffled face down into the AI's stack (2.4 Anonymous Unit
# Counters), seen as a count
_SOLO_SHUFFLED: Final = frozenset({"deck", "bag"})
_SOLO_UNSEEN: Final = frozenset({"rng"})
_SOLO_COUNTED: Final = frozenset({"decoys"})


@dataclass(frozen=True)
class OwnSide:
    """What a side knows of its own tokens and cards: the tokens it has left to place
    (numbered, bluffs, special orders), its hand, and its deck's cards (sorted: their
    order is unknown)."""

    to_place: tuple[int, ...]
    bluffs_left: int
    specials_left: int
    hand: tuple[str, ...]
    deck: tuple[str, ...]


@dataclass(frozen=True)
class OpponentSide:
    """What a side knows of the opponent's tokens and cards: counts, and the cards of a
    hand laid face up (the Solo Mode AI's reserve, else empty)."""

    tokens_left: int  # order, bluff and special order tokens it has left to place
    hand: int
    deck: int
    face_up: tuple[str, ...] = ()


@dataclass(frozen=True)
class HeroesObservation:
    """What the side in ``seat`` may know (:func:`observation`). ``units`` are the
    units' canonical rows (the state hash's), the opponent's face-down tokens read
    :data:`HIDDEN`; ``queues`` the activation queues, the opponent's as a count;
    ``table`` the rest of the state's canonical form, without the dice, as nested
    tuples."""

    seat: int
    own: OwnSide
    opponent: OpponentSide
    units: tuple[Any, ...]
    queues: tuple[Any, ...]
    table: tuple[Any, ...]


def freeze(value: Any) -> Any:
    """A JSON-shaped value as nested tuples (dicts as sorted (key, value) pairs)."""
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((str(k), freeze(v)) for k, v in value.items()))
    return value


def face_down(state: "GameState", unit: "UnitState") -> bool:
    """Does ``unit`` carry a token its opponent cannot read (see the module's
    docstring)? In the Activation phase an order or special order token is face down
    while it waits in its side's queue (once taken from it, it has been revealed), a
    bluff until the Supply phase."""
    order = unit.order
    if order == NO_ORDER or unit.acted or unit.id == state.current:
        return False
    if state.phase == "orders":
        return True
    if state.phase != "activation":
        return False
    return order == BLUFF or (unit.side < len(state.queues) and (order, unit.id) in state.queues[unit.side])


def counter_hidden(state: "GameState", unit: "UnitState") -> bool:
    """Is ``unit`` a concealed counter whose unit its opponent cannot tell (see the
    module's docstring)? A concealed unit on the battlefield, not the one acting: the
    Solo Mode AI's as any side's."""
    return unit.concealed and unit.active and unit.id != state.current


def _opponents(state: "GameState", seat: int) -> list[int]:
    return [i for i in range(len(state.sides)) if i != seat]


def hand_face_up(state: "GameState", side: int) -> bool:
    """Is ``side``'s hand seen by all? The Solo Mode AI's is: its hand is its reserve,
    where a card drawn goes face up on the dashboard (002 Solo Mode, Description of the
    Effects > Action Card; 2.3 Action Cards: the player's No! discards "an Action Card
    of your choice from the AI Reserve")."""
    return state.variant is not None and getattr(state.rules, "ai", -1) == side


def observation(state: "GameState", seat: int) -> HeroesObservation:
    """What the side ``seat`` (an index of ``state.sides``, as ``state.to_act``; in a
    game of three or four players an alliance, whose players share its tokens and its
    deck: 000 core rules, Multiplayer Rules 3-4 Players) may know of ``state``."""
    own = state.sides[seat]
    others = [state.sides[i] for i in _opponents(state, seat)]
    units = []
    for u in state.units:
        row = u.to_key()
        if u.side != seat and face_down(state, u):
            row[_ORDER_AT] = HIDDEN
        if u.side != seat and counter_hidden(state, u):
            for at in _IDENTITY_AT:
                row[at] = HIDDEN
        units.append(tuple(row))
    queues = tuple(tuple(q) if i == seat else len(q) for i, q in enumerate(state.queues))
    table = key_dict(_PUBLIC_GAME_FIELDS, state)
    for field, value in state.rule_fields.items():
        table[field.name] = field.key(value)
    if state.static.bf.ruined:
        table["ruined"] = [[a, r or ""] for a, r in state.static.bf.ruined]
    table["sides"] = [key_list(_PUBLIC_SIDE_FIELDS, s if i == seat else _bombs_face_down(s))
                      for i, s in enumerate(state.sides)]
    if state.variant is not None:
        table["variant"] = _variant_view(state.variant)
    return HeroesObservation(
        seat=seat,
        own=OwnSide(tuple(own.to_place), own.bluffs_left, own.specials_left, tuple(own.hand),
                    tuple(sorted(own.deck))),
        opponent=OpponentSide(sum(len(s.to_place) + s.bluffs_left + s.specials_left for s in others),
                              sum(len(s.hand) for s in others), sum(len(s.deck) for s in others),
                              tuple(c for i in _opponents(state, seat) if hand_face_up(state, i)
                                    for c in state.sides[i].hand)),
        units=tuple(units), queues=queues, table=freeze(table))


def _bombs_face_down(side: "SideState") -> "SideState":
    """``side`` as its opponent sees it: the tokens on its smoke bombs as :data:`HIDDEN`."""
    placed = side_field(side, BOMBS)
    if not placed:
        return side
    seen = side.clone()
    set_side_field(seen, BOMBS, (HIDDEN,) * len(placed))
    return seen


def _variant_view(variant: Any) -> Any:
    """A variant's canonical form as both sides see it: the Solo Mode dashboard with its
    action deck and bag sorted, its decoy counters as a count and its random stream left
    out."""
    out = []
    for entry in variant.to_key():
        if isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str):
            if entry[0] in _SOLO_UNSEEN:
                continue
            if entry[0] in _SOLO_SHUFFLED and isinstance(entry[1], list):
                entry = [entry[0], sorted(entry[1])]
            elif entry[0] in _SOLO_COUNTED and isinstance(entry[1], list):
                entry = [entry[0], len(entry[1])]
        out.append(entry)
    return out


def determinize(state: "GameState", seat: int, rng: Rng) -> "GameState":
    """A clone of ``state`` whose parts hidden from ``seat`` are drawn from ``rng``;
    its :func:`observation` for ``seat`` equals ``state``'s."""
    g = state.clone()
    for other in _opponents(g, seat):
        _deal_tokens(g, other, rng)
        _shuffle_counters(g, other, rng)
        side = g.sides[other]
        if hand_face_up(g, other):
            _shuffle(side.deck, rng)
            continue
        cards = side.hand + side.deck
        _shuffle(cards, rng)
        side.hand, side.deck = cards[:len(side.hand)], cards[len(side.hand):]
    _shuffle(g.sides[seat].deck, rng)
    g.dice = Rng(rng.next64())
    if g.variant is not None and hasattr(g.variant, "rng"):
        _determinize_solo(g, g.variant, rng)
    return g


def _shuffle(items: list[Any], rng: Rng) -> None:
    """Shuffle ``items`` in place from their sorted order: a determinization depends on
    what the side knows (the multiset) and ``rng``, never on how the true state holds the
    hidden parts, so a player that samples (the search player) chooses the same whatever
    they are."""
    items.sort()
    rng.shuffle(items)


def _deal_tokens(g: "GameState", side_index: int, rng: Rng) -> None:
    """Shuffle the values of ``side_index``'s face-down tokens (on its units and its
    smoke bombs) and of those it has left to place, and rebuild its activation queue
    from the new tokens. A bomb holds a numbered or special order (a smoke bomb's token
    is 0 for a special order), never a bluff."""
    side = g.sides[side_index]
    units = [u for u in g.units if u.side == side_index and face_down(g, u)]
    bombs = side_field(side, BOMBS)
    values = [u.order for u in units] + list(bombs)  # a special order is 0 (SPECIAL) on a bomb too
    placing = g.phase == "orders"  # the tokens left to place are hidden until the phase ends
    if placing:
        values += side.to_place + [BLUFF] * side.bluffs_left + [SPECIAL] * side.specials_left
    if len(set(values)) < 2:
        return
    _shuffle(values, rng)
    on_bombs: list[int] = []
    for v in list(values):  # the first orders drawn go on the bombs
        if len(on_bombs) == len(bombs):
            break
        if v != BLUFF:
            on_bombs.append(v)
            values.remove(v)
    for u, v in zip(units, values):
        u.order = v
    if bombs:
        set_side_field(side, BOMBS, tuple(on_bombs))
    if placing:
        left = values[len(units):]
        side.to_place = sorted(v for v in left if v > 0)
        side.bluffs_left = sum(1 for v in left if v == BLUFF)
        side.specials_left = sum(1 for v in left if v == SPECIAL)
    if g.phase == "activation" and side_index < len(g.queues):
        ids = {u.id for u in units}
        queue = [e for e in g.queues[side_index] if e[1] not in ids and e[1] != BOMB_UNIT]
        queue.extend((u.order, u.id) for u in units if u.order >= 0)
        queue.extend((t, BOMB_UNIT) for t in side_field(side, BOMBS))
        queue.sort()
        g.queues[side_index] = queue


def _shuffle_counters(g: "GameState", side_index: int, rng: Rng) -> None:
    """Shuffle the units under ``side_index``'s concealed counters among the counters of
    their size and kind (infantry or gun, else vehicle: a counter's shape shows it, and the
    static data lists a side's infantry once a game, ``infantry_of``): each counter keeps
    its id, square, markers and order token; the unit (its static part: profile, tile,
    group, whether it is a decoy), its face and its damage move."""
    by_size: dict[tuple[int, bool], list["UnitState"]] = {}
    for u in g.units:
        if u.side == side_index and counter_hidden(g, u):
            kind = (u.st.profile.footprint, u.st.profile.type in ("infantry", "gun"))
            by_size.setdefault(kind, []).append(u)
    for counters in by_size.values():
        if len(counters) < 2:
            continue
        at = {id(st): i for i, st in enumerate(g.static.units)}  # a stable order of the units
        if any(id(u.st) not in at for u in counters):
            continue  # a unit the static data does not list (none in play today): left as it is
        under = sorted(((at[id(u.st)], u.face, u.damage) for u in counters))
        rng.shuffle(under)
        for u, (i, face, damage) in zip(counters, under):
            u.st, u.face, u.damage = g.static.units[i], face, damage


def _determinize_solo(g: "GameState", solo: Any, rng: Rng) -> None:
    """The Solo Mode dashboard's hidden parts drawn again: its action deck and bag
    shuffled, its random stream (the AI's tables draw from it) seeded anew, and its list
    of decoy counters made to follow the decoys shuffled among the AI's concealed
    counters (:func:`_shuffle_counters`)."""
    if solo.decoys:
        ids = set(solo.decoys) | {u.id for u in g.units if counter_hidden(g, u)}
        solo.decoys = [u.id for u in g.units if u.id in ids and u.st.decoy]
    _shuffle(solo.deck, rng)
    _shuffle(solo.bag, rng)
    solo.rng = Rng(rng.next64())
    solo.brain = solo.brain.with_rng(solo.rng)
