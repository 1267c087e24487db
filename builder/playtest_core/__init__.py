"""The game-free pieces of a playtest, below the game systems so that each system's own
playtest may use them (issue 33): game seeds and seating (seeds), the pools that play a
batch here, on local processes or on a Dask cluster (pools), the sequential stopping rule
(sequential), ``--army SIDE=FILE`` options (army_options) and the shared report built
from the games' rows (report, with aggregate, alliances, warnings, stats, svg).

None of them knows a game's rules: a system hands them rows and facts. The shared
playtest services above the systems (builder.playtest: the one ``heroes playtest`` and
``heroes balance`` path) and every system's ``PlaytestTools`` use them alike.
"""
