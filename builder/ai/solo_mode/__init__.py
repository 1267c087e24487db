"""The Solo Mode of 002: its AI (decision tables as a policy) and the Solo game mode as
an engine variant (reaction cards, danger gauge, bags, anonymous and decoy counters)."""

from builder import native

__path__ = native.extend_path(__path__, __name__)  # compiled copies first while fresh (builder/native.py)
