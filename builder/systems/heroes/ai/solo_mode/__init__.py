"""The Solo Mode AI of 002: its brain (decision tables run as a policy), view of the
position and players. The Solo game mode's rules it plays (reaction cards, danger gauge,
bags, anonymous and decoy counters) are a variant of the engine:
builder.systems.heroes.engine.solo_mode."""

from builder import native

__path__ = native.extend_path(__path__, __name__)  # compiled copies first while fresh (builder/native.py)
