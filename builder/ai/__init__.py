"""AI players for playtests: random, greedy, and the Solo Mode AI (002 Solo Mode) whose
decision tables are data run by one interpreter (builder.ai.tables)."""

from builder.ai.players import Player, PlayerSpec, get_player, parse_spec, register_all

register_all()

__all__ = ["Player", "PlayerSpec", "get_player", "parse_spec"]
