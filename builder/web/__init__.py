"""``heroes serve``: a local web army builder, scenario viewer and pack dashboard.

A thin ASGI layer (Starlette, served by uvicorn) over the library::

    from builder.web.app import create_app
    app = create_app([Path("content/core")], armies=[Path("armies")])

It reaches the game systems only through the seam (builder.systems.seam: ``GameSystem``
and its :class:`~builder.systems.seam.WebTools`). :mod:`.workbench` holds the army being
built (text, undo; checks, views and edits by the pack's system), :mod:`.squads` a squad
list of a system without tiles and slots, :mod:`.table` a game against the AI,
:mod:`.army_view` and :mod:`.scenario_view` the builder page's and the map's data as the
system gives them, :mod:`.background` runs
short playtests and watches pack folders, :mod:`.safety` keeps files inside the named
folders, limits uploads and checks form tokens. Templates live in ``templates/web/``.
"""
