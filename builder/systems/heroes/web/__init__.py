"""The Heroes System's side of ``heroes serve`` (builder.web), behind the seam's
:class:`~builder.systems.seam.WebTools`: the army builder's data (:mod:`.bench`), the
scenario page's squares (:mod:`.scenario`) and a game against the AI (:mod:`.table`),
each as plain data the web app renders. Nothing here speaks HTTP or imports builder.web.
"""
