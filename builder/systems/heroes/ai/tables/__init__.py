"""Decision tables as data, and the one generic interpreter that runs them
(002 Solo Mode, 5 - Decision Tables)."""

from builder import native

__path__ = native.extend_path(__path__, __name__)  # compiled copies first while fresh (builder/native.py)

from builder.systems.heroes.ai.tables.interpreter import Decision, TableSet, choose, evaluate, pick_option, rank_destinations
from builder.systems.heroes.ai.tables.query import BattleQuery

__all__ = ["BattleQuery", "Decision", "TableSet", "choose", "evaluate", "pick_option", "rank_destinations"]
