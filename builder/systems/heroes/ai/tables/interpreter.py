"""The generic decision-table interpreter (002 Solo Mode, 5 - Decision Tables > Clarifications).

One procedure runs every table: drop the candidates a guard excludes; then for each
priority, top to bottom, try its alternatives left to right; the first alternative some
remaining candidates meet keeps only those, and later priorities merely break their ties;
a priority nobody meets is skipped; when one candidate is left the reading stops; ties
left at the end are broken at random through the player's own random stream.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, Sequence

from builder.systems.heroes.ai.tables.compiled import answers_of, compiled, compiled_table
from builder.systems.heroes.ai.tables.query import BattleQuery
from builder.systems.heroes.content.models.solo import Criterion, DecisionTable, TableOption


class Chooser(Protocol):
    def choice(self, items: list[Any]) -> Any: ...


@dataclass
class Decision:
    """What a table chose and why: ``fired`` lists the guards that removed candidates and
    the priorities some candidates met, in order; ``decided_by`` is the one that left a
    single candidate ('<table>/random' when ties remained, '' when nothing was chosen).
    The playtest report counts ``decided_by``."""

    choice: Any | None
    fired: list[str] = field(default_factory=list)
    decided_by: str = ""
    tied: int = 0

    def __init__(self, choice: Any | None, fired: list[str] | None = None, decided_by: str = "", tied: int = 0) -> None:
        # written out: compiled code runs a dataclass's generated __init__ as
        # interpreted Python, several times slower (builder/systems/heroes/engine/terms.py)
        self.choice, self.fired, self.decided_by, self.tied = choice, [] if fired is None else fired, decided_by, tied


def evaluate(cond: dict[str, Any], u: Any, query: BattleQuery) -> bool:
    """Does candidate ``u`` meet condition ``cond``? (``best`` needs the others: see filter_by).

    A query offering an ``answers`` dict (one per unchanged position and context, see
    builder.systems.heroes.ai.solo_mode.view) keeps every answer there: the same condition is asked of
    the same unit again and again while a table is read (each priority, each supply
    candidate, each destination), and its answer cannot change meanwhile. Conditions are
    keyed by identity: the tables outlive every answer dict. The condition is read in
    its compiled form (builder.systems.heroes.ai.tables.compiled)."""
    return compiled(cond).test(query, answers_of(query), u)


def filter_by(cond: dict[str, Any], candidates: list[Any], query: BattleQuery) -> list[Any]:
    """The candidates meeting ``cond``; ``best`` keeps those with the extreme measure and
    inside ``all`` applies to what the previous conditions kept."""
    return compiled(cond).keep(query, answers_of(query), candidates)


def choose(table: DecisionTable, candidates: Sequence[Any], query: BattleQuery, rng: Chooser,
           context_unit: Any = None) -> Decision:
    """Run ``table`` over ``candidates``; ``None`` when a strict guard leaves nothing.

    ``context_unit`` is what ``when`` gates are asked about (the acting unit; any unit
    otherwise)."""
    pool = list(candidates)
    fired: list[str] = []
    decided_by = ""
    if not pool:
        return Decision(None, fired)
    answers = answers_of(query)
    readable = compiled_table(table)
    for exclusion, label, strict in readable.guards:
        kept = exclusion.keep(query, answers, pool)
        if len(kept) == len(pool):
            continue
        if kept or strict:
            fired.append(label)
            pool = kept
            if len(pool) == 1:
                decided_by = label
        if not pool:
            return Decision(None, fired, label)
    gate_subject = context_unit if context_unit is not None else pool[0]
    for _, when, alternatives, label, _ in readable.priorities:
        if len(pool) == 1:
            break
        if when is not None and not when.test(query, answers, gate_subject):
            continue
        for alternative in alternatives:
            kept = alternative.keep(query, answers, pool)
            if kept:
                fired.append(label)
                if len(kept) == 1 and len(pool) > 1:
                    decided_by = label
                pool = kept
                break
    tied = len(pool)
    if tied > 1:
        return Decision(rng.choice(pool), fired, readable.random_label, tied)
    return Decision(pool[0], fired, decided_by or readable.only_label, tied)


def first_priority(table: DecisionTable, unit: Any, query: BattleQuery) -> Any:
    """The first priority (with destination criteria) that ``unit`` meets on its own:
    it says where a unit picked by a movement table goes."""
    answers = answers_of(query)
    alone = [unit]
    for priority, when, alternatives, _, leads_somewhere in compiled_table(table).priorities:
        if not leads_somewhere:
            continue
        if when is not None and not when.test(query, answers, unit):
            continue
        if any(alt.keep(query, answers, alone) for alt in alternatives):
            return priority
    return None


def pick_option(table: DecisionTable, unit: Any, query: BattleQuery,
                allowed: set[str] | None = None) -> TableOption | None:
    """A 'choose an action' table: the first option whose condition ``unit`` meets (and
    whose action is among ``allowed`` when given)."""
    for option in table.options:
        if allowed is not None and option.action not in allowed:
            continue
        if option.when is None or evaluate(option.when, unit, query):
            return option
    return None


def rank_destinations(criteria: list[Criterion], unit: Any, squares: Sequence[Any], query: BattleQuery,
                      rng: Chooser) -> Any:
    """The best of ``squares`` for ``unit``: criteria compared in order (the first
    dominates), remaining ties at random. Each criterion is only measured on the squares
    the previous ones left tied, which is what lexicographic order means and much cheaper."""
    pool = list(squares)
    if not pool:
        return None
    many = getattr(query, "destination_values", None)
    for c in criteria:
        if len(pool) == 1:
            break
        values = many(unit, pool, c.criterion, c.kind) if many is not None else [
            query.destination_value(unit, sq, c.criterion, c.kind) for sq in pool]
        top = max(values) if c.prefer == "high" else min(values)
        pool = [sq for sq, v in zip(pool, values) if v == top]
    return pool[0] if len(pool) == 1 else rng.choice(pool)


class TableSet:
    """The decision tables of a pack, by id."""

    REQUIRED = ("place-an-order", "movement", "fire-target", "suppressive-target", "fire-actor",
                "assault-target", "assault-actor", "choose-an-action", "supply")

    def __init__(self, tables: dict[str, DecisionTable]) -> None:
        missing = [t for t in self.REQUIRED if t not in tables]
        if missing:
            from builder.errors import InvalidInputError

            raise InvalidInputError(
                "the content pack lacks the Solo Mode decision table(s) " + ", ".join(missing)
                + " (expected in solo/decision-tables.yaml)"
            )
        self.tables = tables

    def __getitem__(self, table_id: str) -> DecisionTable:
        return self.tables[table_id]

    @classmethod
    def from_pack(cls, pack: Any) -> "TableSet":
        """The pack's tables; a pack without any (a scenario pack depending on nothing)
        uses the bundled core pack's ``solo/decision-tables.yaml``."""
        tables = dict(pack.items.get("decision_tables", {}))
        if not tables:
            tables = bundled_tables()
        return cls(tables)


_BUNDLED: dict[str, DecisionTable] = {}


def bundled_tables() -> dict[str, DecisionTable]:
    if not _BUNDLED:
        from builder.systems.heroes.content.loader import BUNDLED_CONTENT
        from builder.systems.heroes.content.models.solo import SoloFile
        from builder.content.yaml_io import read_yaml

        path = BUNDLED_CONTENT / "core" / "solo" / "decision-tables.yaml"
        _BUNDLED.update({t.id: t for t in SoloFile.model_validate(read_yaml(path)).decision_tables})
    return dict(_BUNDLED)
