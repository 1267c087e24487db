"""Edit an army list in place, keeping its comments and key order.

The file is parsed with ruamel's round-trip loader (after the safe loader accepted it),
changed, dumped and written atomically: a crash never leaves half a file, and what
the author wrote around the change stays as it was.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import CommentMark
from ruamel.yaml.tokens import CommentToken

from builder.content.yaml_io import atomic_write_text, parse_yaml, parse_yaml_positions
from builder.errors import UsageError


def _flow(mapping: dict[str, Any]) -> CommentedMap:
    node = CommentedMap(mapping)
    node.fa.set_flow_style()
    return node


def _seq(tree: CommentedMap, key: str) -> CommentedSeq:
    value = tree.get(key)
    if not isinstance(value, CommentedSeq):
        value = CommentedSeq(value or [])
        tree[key] = value
    return value


def _last_path(node: Any) -> list[tuple[Any, Any]]:
    """The block containers, with the key/index of their last item, down to the last value under ``node``."""
    path = []
    while isinstance(node, (CommentedMap, CommentedSeq)) and len(node):
        key = next(reversed(node)) if isinstance(node, CommentedMap) else len(node) - 1
        path.append((node, key))
        if node.fa.flow_style():
            break
        node = node[key]
    return path


def _trailing(container: Any, item: Any) -> list[CommentToken]:
    """Take the full-line comments ruamel.yaml hung after the last item of ``container``."""
    taken: list[CommentToken] = []
    end = getattr(container.ca, "end", None) or []
    if end:
        taken += [t for t in end if isinstance(t, CommentToken) and t.value.strip()]
        container.ca.end = []
    slots = container.ca.items.get(item)
    index = 2 if isinstance(container, CommentedMap) else 0
    token = slots[index] if slots and len(slots) > index else None
    if isinstance(token, CommentToken):
        first, _, rest = token.value.partition("\n")
        if token.column == 0:
            first, rest = "", token.value
        rest = "\n".join(line for line in rest.split("\n") if line.strip())
        if rest:
            slots[index] = CommentToken(first + "\n", token.start_mark) if first else None
            taken.append(CommentToken(rest + "\n", CommentMark(0), None))
    return taken


def _hoist_comments(tree: CommentedMap) -> None:
    """Give each top-level key back the full-line comments written above it.

    Why: ruamel.yaml attaches the comment lines between two keys to the last item
    before them (``tiles: [...]`` then ``# Heroes ...``), so an item added to that
    block would otherwise land below the comment meant for the next key. Moving those
    lines to the next key (or to the end of the file) keeps them where they were.
    """
    keys = list(tree)
    for at, key in enumerate(keys):
        moved = [t for container, item in _last_path(tree[key]) for t in _trailing(container, item)]
        if not moved:
            continue
        if at + 1 < len(keys):
            before = tree.ca.items.setdefault(keys[at + 1], [None, None, None, None])
            before[1] = [*moved, *(before[1] or [])]
        else:
            tree.ca.end = [*moved, *(tree.ca.end or [])]


def _dump(tree: Any) -> str:
    yaml = YAML(typ="rt")
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.width = 110
    out = io.StringIO()
    yaml.dump(tree, out)
    return out.getvalue()


def _tile_node(tiles: CommentedSeq, key: str) -> CommentedMap:
    if key.isdigit() and 1 <= int(key) <= len(tiles):
        return tiles[int(key) - 1]
    found = [t for t in tiles if isinstance(t, CommentedMap) and t.get("tile") == key]
    if len(found) != 1:
        raise UsageError(f"no single tile '{key}' in the list; give its position (1, 2...)")
    return found[0]


def edit_text(text: str, *, tile: str | None = None, slot: int | None = None, option: str | None = None,
              hero: str | None = None, card: str | None = None, copies: int = 1, remove: bool = False,
              display: str = "<army>") -> str:
    """Apply one edit to army-list text and return the new text."""
    parse_yaml(text, display)  # the safe loader vets the text first
    tree = parse_yaml_positions(text, display)
    if not isinstance(tree, CommentedMap):
        raise UsageError(f"{display} is not an army list (a mapping of keys)")
    _hoist_comments(tree)
    if tile is not None and slot is None:
        tiles = _seq(tree, "tiles")
        if remove:
            tiles.remove(_tile_node(tiles, tile))
        else:
            tiles.append(CommentedMap({"tile": tile}))
    elif tile is not None and slot is not None:
        node = _tile_node(_seq(tree, "tiles"), tile)
        choices = _seq(node, "options")
        for existing in [c for c in choices if isinstance(c, dict) and c.get("slot") == slot]:
            choices.remove(existing)
        if not remove:
            if option is None:
                raise UsageError("give --option to place in the slot (or --remove to empty it)")
            choices.append(_flow({"slot": slot, "option": option}))
    elif hero is not None:
        heroes = _seq(tree, "heroes")
        if remove:
            for entry in [h for h in heroes if isinstance(h, dict) and h.get("hero") == hero]:
                heroes.remove(entry)
        else:
            heroes.append(CommentedMap({"hero": hero}))
    elif card is not None:
        deck = _seq(tree, "deck")
        for entry in [c for c in deck if isinstance(c, dict) and c.get("card") == card]:
            deck.remove(entry)
        if not remove:
            deck.append(_flow({"card": card, "copies": copies}))
    else:
        raise UsageError("say what to edit: --tile, --tile with --slot, --hero or --card")
    return _dump(tree)


def edit_file(path: Path, **changes: Any) -> None:
    text = Path(path).read_text(encoding="utf-8")
    atomic_write_text(Path(path), edit_text(text, display=str(path), **changes))
