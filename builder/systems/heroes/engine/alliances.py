"""Three- and four-player games (000 core rules, Multiplayer Rules 3-4 Players).

The engine's two sides are the scenario's two alliances: an alliance shares the pool of
order tokens (at most 10, 2 special, the bluffs: Multiplayer Rules > 2-vs-1 and 3-vs-1
games), one deck and hand of action cards (Alliance; Action Cards) and its victory (the
defeat of one of its players does not end the game: Victory Conditions). So everything
that opposes two sides (zones of control, firing, assault, reactions, objective control)
opposes the alliances, and allies pass through each other's infantry (Movement) as
friendly units do, with no code of its own.

What belongs to a player is its units: each unit carries its player (seat,
``UnitStatic.seat``), and a decision about a unit is taken by that unit's player. When
the alliance may act with units of several players, :func:`seat_to_act` says whose turn
it is: in the Orders phase the alliance's players place its tokens in turn, each on its
own units and each its own numbers (:func:`own_tokens`), in their order of play
(Initiative and Order of Play), so the activations, lowest token first, alternate the
players of each alliance with the opponents' (Activation Phase; 2-vs-1 games); in the
Supply phase the players move their units in
that order (Supply Phase). An action card is played by the player to act, never on a
teammate's unit (Action Cards: no bonus to a teammate's units).

Readings and gaps (the rules coverage row ``multiplayer`` lists them): the alliance's
hand is one hand of six cards (six per alliance: 6, 3 each or 2 each), shown and
exchanged freely, rather than a hand per player; a pending reaction (opportunity fire,
a card answering a shot) is chosen by the player of the unit concerned among all the
alliance's answers (the owner is taken to agree, Precision Special Ability); the deck
is the deck faction's cards as in the two-player game, not a counted deck of 50; High
Command tiles are bought and used as army-wide tiles of the alliance.

A two-player game has no seats (``GameStatic.seats`` empty): none of this runs.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final, TYPE_CHECKING

from builder.diagnostics import Diagnostic, define_code
from builder.systems.heroes.engine.effects.registry import register
from builder.systems.heroes.engine.state import SideRuleField, declare_side_field, set_side_field, side_field
from builder.kernel.events import Event
from builder.kernel.dice import derive_seed
from builder.systems.heroes.engine.errors import SetupError, setup_error
from builder.kernel.players import Player, make_player

if TYPE_CHECKING:
    from builder.systems.heroes.engine.actions import Action
    from builder.systems.heroes.engine.state import GameState, UnitState

RULE = "000 core rules, Multiplayer Rules 3-4 Players"
E_SIDES = define_code("E630", "scenario has more than two sides: its players are not grouped in alliances", RULE)
E_ARMY = define_code("E631", "an army given for an alliance does not match its players", RULE)
E_PLAYERS = define_code("E632", "an alliance player's army cannot be built", RULE)

register("scenario-rule", "multiplayer", "Three- and four-player games: two alliances, each unit its player's",
         "partial", RULE,
         "one hand of 6 cards per alliance, shown and exchanged freely, not 3 or 2 per player; the deck is the deck "
         "faction's cards, not a counted deck of 50; a reaction may be answered with any allied unit; High Command "
         "tiles are army-wide tiles of the alliance, their shared cost not checked in play; the order of play "
         "within an alliance is the scenario's (never chosen anew each Orders phase)")

SEATS_DONE: Final[SideRuleField[tuple[int, ...]]] = declare_side_field("seats_done", __name__, lasts="round")
"""The alliance's players who have ended their Supply phase moves this round (000
Multiplayer Rules > Supply Phase: each moves its units in the order of play)."""

MULTIPLAYER_HAND = 6
"""Action cards an alliance (or the single player facing it) holds after the Supply
phase's draw: 6 for one player, 3 each for two, 2 each for three (Multiplayer Rules >
Supply Phase > Action Cards)."""


def _error(code: str, message: str, hint: str, at: tuple[Any, str, tuple[Any, ...]] | None) -> SetupError:
    """A set-up error with this module's code (located like E601's)."""
    base = setup_error(message, hint, at)
    d = base.diagnostics[0]
    return SetupError(message, [Diagnostic(code, message, file=d.file, line=d.line, col=d.col, hint=hint, rule=RULE)])


def too_many_sides(pack: Any, scenario: Any) -> SetupError:
    """E630: three or four sides, each one player: the rules group them in two alliances."""
    return _error(E_SIDES, f"scenario '{scenario.id}' has {len(scenario.sides)} sides; three or four players "
                  "play as two alliances (000 Multiplayer Rules > Alliance)",
                  "list an alliance's players under one side's 'players:' (heroes validate says where)",
                  (pack, scenario.id, ("sides", 2)))


def army_mismatch(pack: Any, scenario: Any, side: int, players: int, given: int) -> SetupError:
    """E631: an alliance's army list names another number of players than the scenario."""
    sid = scenario.sides[side].id
    return _error(E_ARMY, f"the army given for side '{sid}' has {given} player(s); the scenario seats {players}",
                  "give an army list with an 'alliance' of as many players, in the scenario's order",
                  (pack, scenario.id, ("sides", side, "players")))


def player_army_error(pack: Any, scenario: Any, side: int, j: int, message: str) -> SetupError:
    """E632: a player's default army or composition cannot be built."""
    return _error(E_PLAYERS, message, "give the player a 'composition' or more 'points'",
                  (pack, scenario.id, ("sides", side, "players", j)))


def scenario_seats(scenario: Any) -> tuple[tuple[str, int], ...]:
    """The players at the table, (player id, side index), side by side in each side's
    order of play: empty when every side is one player (the two-player game)."""
    if not any(s.players for s in scenario.sides):
        return ()
    out: list[tuple[str, int]] = []
    for i, side in enumerate(scenario.sides):
        if side.players:
            out.extend((p.id, i) for p in side.players)
        else:
            out.append((side.id, i))
    return tuple(out)


def player_budgets(scenario_side: Any, costs: list[int | None]) -> list[int]:
    """The army points of each player of an alliance (000 Multiplayer Rules > Army
    Creation): a player's own ``points``, else what the alliance has beyond the players'
    own points divided among the others (``split``), or (``shared``) what the players
    before it left, divided among those still to buy. ``costs[j]``: what player j's army
    costs once known."""
    players = scenario_side.players
    pool = scenario_side.army.points or 0
    own = sum(p.points or 0 for p in players)
    sharing = sum(1 for p in players if p.points is None) or 1
    out: list[int] = []
    spent = 0
    for j, p in enumerate(players):
        if p.points is not None:
            points = p.points
        elif scenario_side.budget == "shared":
            points = max(0, pool - spent) // (len(players) - j)
        else:
            points = max(0, pool - own) // sharing
        out.append(points)
        known = costs[j] if j < len(costs) else None
        spent += points if known is None else known
    return out


def seat_of(state: "GameState", unit: "UnitState") -> int:
    """The player (seat index) a unit belongs to; its side in a two-player game."""
    seat = unit.st.seat
    if seat >= 0 or not state.static.seats:
        return seat if seat >= 0 else unit.side
    return first_seat(state, unit.side)


def first_seat(state: "GameState", side: int) -> int:
    """The first player of ``side`` in its order of play."""
    return next((k for k, (_, s) in enumerate(state.static.seats) if s == side), side)


def seats_of_side(state: "GameState", side: int) -> list[int]:
    """The players of ``side``, in their order of play."""
    return [k for k, (_, s) in enumerate(state.static.seats) if s == side]


def deployment_order(state: "GameState") -> list[tuple[int, int]]:
    """(side, seat) in the order the players deploy: the first player of the alliance
    with the initiative, the first of the other alliance, the second of the first...
    (000 Multiplayer Rules > Deployment)."""
    order = [state.initiative] + [i for i in range(len(state.sides)) if i != state.initiative]
    seats = [seats_of_side(state, si) for si in order]
    return [(si, mine[rank]) for rank in range(max(len(x) for x in seats))
            for si, mine in zip(order, seats) if rank < len(mine)]


def _own_seats(state: "GameState", side: int, actions: list["Action"]) -> list[int]:
    """The players of ``side`` whose units the actions name, in order of play."""
    found = {seat_of(state, state.units[a.unit]) for a in actions
             if 0 <= a.unit < len(state.units) and state.units[a.unit].side == side}
    return sorted(found)


def seat_to_act(state: "GameState", actions: list["Action"]) -> int:
    """The player who decides now among ``actions`` (legal for the side to act): the
    owner of the unit being activated or concerned by a pending choice; in the Orders
    phase the alliance's players in turn, one numbered token each, in their order of
    play (a player with no unit left to order is passed over); otherwise its first
    player with a unit to act (the Supply phase's moves, in the order of play)."""
    side = state.to_act
    if side is None:
        return -1
    if state.pending:
        uid = state.pending[0][2]
        if 0 <= uid < len(state.units) and state.units[uid].side == side:
            return seat_of(state, state.units[uid])
    elif state.phase == "activation" and state.current >= 0:
        return seat_of(state, state.units[state.current])
    own = _own_seats(state, side, actions)
    if state.phase == "supply":
        done = side_field(state.sides[side], SEATS_DONE)
        own = [k for k in own if k not in done]
        if not own:  # the player moving now has only its ``end`` left: still its turn, not a done one's
            own = [k for k in seats_of_side(state, side) if k not in done]
    if not own:
        return first_seat(state, side)
    if state.phase == "orders" and not state.pending:
        seats = seats_of_side(state, side)
        rank = _placed(state, side) % len(seats)
        return next(k for k in seats[rank:] + seats[:rank] if k in own)
    return own[0]


def _placed(state: "GameState", side: int) -> int:
    """Numbered order tokens ``side`` has placed this round."""
    s = state.sides[side]
    return max(0, s.orders - len(s.to_place))


def own_tokens(state: "GameState", side: int, seat: int) -> tuple[int, ...]:
    """The numbered tokens left that ``seat`` places: of the alliance's tokens 1..N,
    those of its place in the order of play (with two players, the first places 1, 3,
    5..., the second 2, 4, 6...), so that the activations, lowest first, go to the
    alliance's players in turn, each activating its own order 1, then its order 2...
    (000 Multiplayer Rules > 2-vs-1 and 3-vs-1 games); any token left once its own are
    placed (the pool is the alliance's: Alliance)."""
    seats = seats_of_side(state, side)
    rank, n = seats.index(seat), len(seats)
    left = state.sides[side].to_place
    mine = tuple(t for t in left if (t - 1) % n == rank)
    return mine or tuple(left)


def seat_actions(state: "GameState", actions: list["Action"]) -> list["Action"]:
    """The actions open to :func:`seat_to_act`'s player: none about a teammate's unit (a
    teammate's units take no order from it, and no card of its gives them a bonus: 000
    Multiplayer Rules > Action Cards), and in the Orders phase only its own numbered
    tokens (:func:`own_tokens`). A pending choice keeps all the alliance's answers (the
    owners agree: Precision Special Ability)."""
    side = state.to_act
    if side is None or state.pending or not actions:
        return actions
    seat = seat_to_act(state, actions)
    units = state.units
    tokens = own_tokens(state, side, seat) if state.phase == "orders" else ()
    kept = [a for a in actions if not (0 <= a.unit < len(units) and units[a.unit].side == side
                                       and seat_of(state, units[a.unit]) != seat)
            and not (a.kind == "order" and a.token > 0 and a.token not in tokens)]
    return kept or actions


def end_supply_moves(state: "GameState", action: "Action", actions: list["Action"]) -> list[Event] | None:
    """An alliance player's ``end`` in the Supply phase (``actions``: all the alliance's
    decisions open before it): when another player of the alliance still has units to
    move, that player's turn comes and the decision's events are returned; else None
    (the alliance's moves are over: the core rules carry the ``end`` out)."""
    side = state.to_act
    if side is None:
        return None
    s = state.sides[side]
    done = tuple(side_field(s, SEATS_DONE)) + (seat_to_act(state, actions),)
    if not [k for k in _own_seats(state, side, actions) if k not in done]:
        set_side_field(s, SEATS_DONE, ())
        return None
    set_side_field(s, SEATS_DONE, done)
    state.events = events = [Event("decision", {"side": side, "action": action})]
    state.decisions += 1
    state.memo = {}
    return events


class AlliancePlayer:
    """The players of one side, as one player for the game loop (builder.kernel.
    play asks a player per side): each decision goes to the player :func:`seat_to_act`
    names. Every member is told of every decision's events."""

    def __init__(self, members: dict[int, Player]) -> None:
        self.members = members
        self.rules_fired: Counter[str] = Counter()

    def choose(self, state: Any, actions: list[Any]) -> Any:
        seat = seat_to_act(state, actions)
        player = self.members.get(seat) or next(iter(self.members.values()))
        action = player.choose(state, actions)
        self.rules_fired = Counter()
        for m in self.members.values():
            self.rules_fired.update(m.rules_fired)
        return action

    def notify(self, state: Any, events: list[Any]) -> None:
        for m in self.members.values():
            m.notify(state, events)


def seat_players(state: "GameState", specs: list[str], seed: int) -> list[Player]:
    """The game loop's players: ``specs[k]`` plays seat k (in a two-player game, side k).
    In a game of three or four players each side is an :class:`AlliancePlayer` of its
    seats' players, each seeded apart."""
    seats = state.static.seats
    if not seats:
        return [make_player(s, seed, i) for i, s in enumerate(specs)]
    out: list[Player] = []
    for side in range(len(state.sides)):
        members = {k: make_player(specs[k], derive_seed(seed, "seat", k), side) for k in seats_of_side(state, side)}
        out.append(AlliancePlayer(members))
    return out
