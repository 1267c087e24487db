"""AI players for playtests: random, greedy, and the Solo Mode AI (002 Solo Mode) whose
decision tables are data run by one interpreter (builder.systems.heroes.ai.tables)."""

from builder import native

__path__ = native.extend_path(__path__, __name__)  # compiled copies first while fresh (builder/native.py)

from builder.systems.heroes.ai.players import Player, PlayerSpec, get_player, parse_spec, register_all

register_all()

__all__ = ["Player", "PlayerSpec", "get_player", "parse_spec"]
