"""Tide of Iron: the second game system (004 Tide of Iron, the whole rules summary).

Self-contained: it uses only the project's system-neutral pieces (safe YAML, located
diagnostics, the error hierarchy, playtest statistics, PDF writing) and none of the
Heroes System. :data:`builder.systems.tide_of_iron.game_system.GAME_SYSTEM` registers it
behind the game-system seam, the one way in from Python too
(``builder.systems.seam.get_system("tide-of-iron")``).
"""
