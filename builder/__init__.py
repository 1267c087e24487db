"""Heroes Builder: army builder, scenario checker, rules engine and print tool for the
Heroes System tactical wargames (Heroes of Normandie and its expansions).

The package is a library first; the ``heroes`` command is a thin layer over it::

    from builder import load_pack, validate_pack
    pack = load_pack("content/core")
    report = validate_pack("content/core")

Sub-packages, one concern each:

* :mod:`builder.content`: the content models (pydantic), safe YAML loading, packs.
* :mod:`builder.systems.heroes.validation`: schema and semantic checks, as located diagnostics.
* :mod:`builder.systems.heroes.army`: army lists and their legality.
* :mod:`builder.systems.heroes.engine`: the pure rules core.
* :mod:`builder.systems.heroes.ai`: players (random, greedy, Solo Mode decision tables).
* :mod:`builder.playtest`: batch play and balance reports.
* :mod:`builder.render`: printable aids and the static site.
* :mod:`builder.cli`: the ``heroes`` command.
"""

from typing import Any

from builder.version import __version__ as __version__

__all__ = ["load_pack", "validate_pack"]


def __getattr__(name: str) -> Any:
    """The library's entry points, the Heroes System's public names (its package,
    builder.systems.heroes), imported on first use (PEP 562): a command which needs
    neither does not pay for the content models at start-up."""
    if name in __all__:
        from builder.systems import heroes

        return getattr(heroes, name)
    raise AttributeError(f"module 'builder' has no attribute {name!r}")
