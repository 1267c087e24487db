"""Map a location inside YAML data (a pydantic ``loc``) to a line and column.

ruamel's round-trip containers record 0-based positions: ``m.lc.key(k)`` and
``m.lc.value(k)`` for mappings, ``s.lc.item(i)`` for sequences. Scalars carry none, so a
scalar is located through its parent container. Segments that pydantic adds for unions
(member type names, tag values) have no counterpart in the YAML and are skipped.
ruamel is imported on the first call: only a file with a problem is ever located.
"""

from __future__ import annotations

from typing import Any, Sequence


def locate(root: Any, loc: Sequence[str | int], *, at_key: bool = False) -> tuple[int, int]:
    """Return the 1-based (line, column) of ``loc`` inside ``root``.

    ``at_key`` points at the key of the last mapping segment rather than its value (used
    for unknown keys). A path that runs out (a missing key) points at the deepest
    container reached, i.e. the mapping that should hold the key.
    """
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    node = root
    line, col = _start(root)
    for index, segment in enumerate(loc):
        last = index == len(loc) - 1
        if isinstance(node, CommentedMap):
            if segment not in node:
                continue  # a union member name or a missing key: stay on this mapping
            if last and at_key:
                kl, kc = node.lc.key(segment)
                return kl + 1, kc + 1
            vl, vc = node.lc.value(segment)
            line, col = vl + 1, vc + 1
            child = node[segment]
            if isinstance(child, (CommentedMap, CommentedSeq)) and not _is_flow(child):
                cl, cc = _start(child)
                if cl:
                    line, col = cl, cc
            node = child
        elif isinstance(node, CommentedSeq):
            if not isinstance(segment, int) or not 0 <= segment < len(node):
                continue
            il, ic = node.lc.item(segment)
            line, col = il + 1, ic + 1
            node = node[segment]
        else:
            break
    return line, col


def _is_flow(node: Any) -> bool:
    try:
        return bool(node.fa.flow_style())
    except AttributeError:
        return False


def _start(node: Any) -> tuple[int, int]:
    lc = getattr(node, "lc", None)
    if lc is None or lc.line is None:
        return 1, 1
    return lc.line + 1, lc.col + 1


def data_path(root: Any, loc: Sequence[str | int]) -> tuple[tuple[str | int, ...], list[int]]:
    """Split a pydantic ``loc`` into the path that exists in the data and the indexes
    of the segments that do not (union member names such as ``int`` or
    ``VehicleDefence``, discriminator tags such as ``victory_points``).

    Works on plain or round-trip data alike: a segment is kept when the current node
    is a mapping holding that key, or a list holding that index.
    """
    node = root
    kept: list[str | int] = []
    skipped: list[int] = []
    for index, segment in enumerate(loc):
        if isinstance(node, dict) and not isinstance(segment, int) and segment in node:
            kept.append(segment)
            node = node[segment]
        elif isinstance(node, dict) and isinstance(segment, int) and segment in node:
            kept.append(segment)
            node = node[segment]
        elif isinstance(node, list) and isinstance(segment, int) and 0 <= segment < len(node):
            kept.append(segment)
            node = node[segment]
        else:
            skipped.append(index)
    return tuple(kept), skipped
