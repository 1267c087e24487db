"""Printable aids and the browsable site: rosters, scenario sheets with maps, decks,
card sheets and a quick-reference card, as HTML (Jinja2, autoescaped) and PDF
(WeasyPrint), plus a static site for a content pack.

Everything here turns plain data from the content models into documents; nothing
decides a rule. Legality comes from :mod:`builder.systems.heroes.army`, the quick reference from
:mod:`builder.systems.heroes.engine`.
"""
