"""The Solo Mode of 002: its AI (decision tables as a policy) and the Solo game mode as
an engine variant (reaction cards, danger gauge, bags, anonymous and decoy counters)."""
