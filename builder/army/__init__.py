"""Army lists and their legality (000 core rules, Army Creation)."""
