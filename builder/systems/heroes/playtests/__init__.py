"""The Heroes System's playtests: what the shared playtest and balance services
(builder.playtest) ask of it through the seam (:mod:`.tools`, the ``PlaytestTools`` of
``HEROES``), and the pieces they play with: batches of seeded games (:mod:`.runner`), one
game and its report row (:mod:`.game`, with kill credit :mod:`.credit` and the seats of
alliances :mod:`.seat_tally`), the armies played (:mod:`.armies`) and a balance search's
nested armies (:mod:`.balance_armies`).

Nothing is imported here: registering the system costs no engine import.
"""
