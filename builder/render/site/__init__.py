"""A static site for a content pack: one page per faction, unit, tile, option, card,
board and scenario, a filterable list per kind and a search that works from disk."""
