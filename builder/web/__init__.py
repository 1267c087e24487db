"""``heroes serve``: a local web army builder, scenario viewer and pack dashboard.

A thin ASGI layer (Starlette, served by uvicorn) over the library::

    from builder.web.app import create_app
    app = create_app([Path("content/core")], armies=[Path("armies")])

:mod:`.workbench` holds the army being built (text, undo, checks through builder.systems.heroes.army),
:mod:`.army_view` turns the checker's findings into the page's elements,
:mod:`.scenario_view` explains each square of a scenario map, :mod:`.background` runs
short playtests and watches pack folders, :mod:`.safety` keeps files inside the named
folders, limits uploads and checks form tokens. Templates live in ``templates/web/``.
"""
