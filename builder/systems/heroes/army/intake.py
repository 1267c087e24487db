"""A list arriving as text: a share-link token, forum text or army-list YAML, told apart
and read into an :class:`ArmyList` with the pack it names (``heroes army import`` and the
web builder's paste box share this one reader).

The pack is chosen by the caller (``pack_of``, given the id the list declares, or None),
because the command line searches folders and the web server picks among the packs it
serves.
"""

from __future__ import annotations

import re
from typing import Callable

from builder.diagnostics import Diagnostic
from builder.systems.heroes.army.forum import looks_like_forum, read_forum
from builder.systems.heroes.army.loading import parse_army
from builder.systems.heroes.army.model import ArmyList
from builder.systems.heroes.army.share import VERSION, decode
from builder.systems.heroes.content.pack import Pack

_TOKEN = re.compile(rf"^{VERSION}\.[A-Za-z0-9_-]+$")
_PACK_LINE = re.compile(r"^Pack: ([a-z0-9][\w.-]*)\s*$", re.M)


def read_list_text(text: str, display: str, pack_of: Callable[[str | None], Pack]
                   ) -> tuple[ArmyList | None, Pack | None, list[Diagnostic]]:
    """The list ``text`` holds, the pack it is read against, and the problems found."""
    stripped = text.strip()
    if _TOKEN.match(stripped):
        decoded, problems = decode(stripped, display)
        if decoded is None:
            return None, None, problems
        text = decoded
    if looks_like_forum(text):
        declared = _PACK_LINE.search(text)
        pack = pack_of(declared.group(1) if declared else None)
        army, problems = read_forum(text, pack, display)
        return army, pack, problems
    loaded = parse_army(text, display)
    if loaded.army is None:
        return None, None, loaded.diagnostics
    return loaded.army, pack_of(loaded.army.pack), []
