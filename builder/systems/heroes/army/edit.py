"""Edit an army list in place, keeping its comments and key order.

The file is parsed with ruamel's round-trip loader (after the safe loader accepted it),
changed, dumped and written atomically: a crash never leaves half a file, and what
the author wrote around the change stays as it was.
"""

from __future__ import annotations

import difflib
import io
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import CommentMark
from ruamel.yaml.tokens import CommentToken

from builder.systems.heroes.army.loading import parse_army
from builder.systems.heroes.army.options import slot_options
from builder.systems.heroes.army.roster import resolve
from builder.systems.heroes.content.pack import Pack
from builder.content.yaml_io import parse_yaml, parse_yaml_positions, read_for_update
from builder.diagnostics import Diagnostic, define_code
from builder.errors import InvalidInputError, UsageError

H855 = define_code("H855", "army edit names an unknown id")
H856 = define_code("H856", "army edit does not fit the list")


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
        raise InvalidInputError(f"no single tile '{key}' in the list; give its position (1, 2...)",
                                [Diagnostic(H856, f"no single tile '{key}' in the list",
                                            hint="give its position (1, 2...); `heroes army show` lists them")])
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
    for key in ("tiles", "heroes", "deck"):
        # a block list emptied under a commented key ('deck:  # 40 cards') would be written
        # as '[]' on the next line, which is not YAML; '[]' in flow style stays on its line
        if isinstance(tree.get(key), CommentedSeq) and not tree[key]:
            tree[key].fa.set_flow_style()
    return _dump(tree)


def _refuse(code: str, message: str, display: str, hint: str) -> InvalidInputError:
    return InvalidInputError(f"{message}; {display} is unchanged",
                             [Diagnostic(code, message, file=display, hint=hint)])


def _known(pack: Pack, collection: str, item_id: str, what: str, display: str) -> None:
    """``item_id`` names an item of the pack, else a refusal with the closest ids."""
    items = pack.items.get(collection, {})
    if item_id in items:
        return
    close = difflib.get_close_matches(item_id, list(items), n=3)
    hint = f"did you mean {' or '.join(repr(c) for c in close)}?" if close else \
        f"`heroes list {collection}` lists the {collection} of the pack"
    raise _refuse(H855, f"the pack has no {what} {item_id!r}", display, hint)


def check_edit(before: str, pack: Pack, display: str = "<army>", *, tile: str | None = None,
               slot: int | None = None, option: str | None = None, hero: str | None = None,
               card: str | None = None, remove: bool = False, **_: Any) -> None:
    """Refuse an edit that would leave a list the tool cannot use.

    Why before writing: ``army edit`` used to write whatever it was given (an unknown
    option, a slot 99), leaving a file that ``army check`` no longer reads. Ids added must
    exist in the pack (with the closest ids as a hint), a slot must exist on its tile and
    the option must fit it (000 core rules, Army Creation > Recruitment tiles: an option
    goes in a slot of its size and band); only the points budget is left to ``army check``,
    as a list may be drafted over budget. :func:`check_edited` then checks the new text.
    """
    if not remove:
        for collection, item_id, what in (("tiles", tile if slot is None else None, "tile"),
                                          ("options", option, "option"), ("heroes", hero, "hero"),
                                          ("cards", card, "card")):
            if item_id is not None:
                _known(pack, collection, item_id, what, display)
    if tile is not None and slot is not None:
        _check_slot(before, pack, display, tile, slot, None if remove else option)
    if remove and slot is None and (hero is not None or card is not None):
        data = parse_yaml(before, display)
        key, item_id = ("heroes", hero) if hero is not None else ("deck", card)
        field_name = "hero" if hero is not None else "card"
        entries = data.get(key) if isinstance(data, dict) else None
        if not any(isinstance(e, dict) and e.get(field_name) == item_id for e in entries or []):
            raise _refuse(H855, f"the list has no {field_name} {item_id!r} to remove", display,
                          f"`heroes army show {display}` lists its {'heroes' if hero is not None else 'deck'}")


REFUSED_BY_EDIT = frozenset({"A414", "A415", "A424", "A425", "A431"})
"""The rules of ``army check`` an added hero or card must not break: another faction's
card or hero (A415, A424, A425), more copies than printed (A414), a hero twice (A431).
An incomplete deck or a list over budget is left to ``army check``: a list is drafted."""


def check_added(before: str, after: str, pack: Pack, display: str) -> None:
    """Refuse an edit that adds a hero or a card ``army check`` would then reject under
    :data:`REFUSED_BY_EDIT` (the same rules, not a copy of them); the file is unchanged."""
    from builder.systems.heroes.army.check import check_text

    had = {(d.code, d.message) for d in check_text(before, pack, display).diagnostics}
    new = [d for d in check_text(after, pack, display).diagnostics
           if d.is_error and d.code in REFUSED_BY_EDIT and (d.code, d.message) not in had]
    if new:
        raise _refuse(H856, f"the edit breaks a rule of the list: {new[0].message}", display,
                      f"{new[0].code}: `heroes army check` would refuse it; choose an id of the list's faction "
                      "and at most the printed copies")


def check_edited(after: str, display: str = "<army>") -> None:
    """The edited text is still an army list (else the edit is refused, the file unchanged)."""
    edited = parse_army(after, display)
    if edited.army is None:
        first = edited.diagnostics[0].message if edited.diagnostics else "it does not validate"
        raise InvalidInputError(f"the edit would leave {display} unreadable as an army list ({first}); "
                                "it is unchanged", edited.diagnostics)


def _check_slot(before: str, pack: Pack, display: str, tile: str, slot: int, option: str | None) -> None:
    listed = parse_army(before, display)
    if listed.army is None:
        raise InvalidInputError(f"{display} is not a valid army list; fix it first (heroes army check)",
                                listed.diagnostics)
    try:
        report = slot_options(resolve(listed.army, pack), tile, slot)
    except UsageError as exc:
        raise _refuse(H856, str(exc), display, "`heroes army show` lists the tiles and their slots") from None
    if option is None:
        return
    found = next((c for c in report.candidates if c.option == option), None)
    if found is None:
        raise _refuse(H856, f"option {option!r} is not of this tile's faction", display,
                      f"`heroes army options {display} --tile {tile} --slot {slot}` lists what fits")
    misfits = found.reasons[:-1] if found.over_budget else found.reasons
    if misfits:
        raise _refuse(H856, f"option {option!r} does not fit slot {slot} of {report.tile!r}: "
                      f"{'; '.join(misfits)}", display,
                      f"`heroes army options {display} --tile {tile} --slot {slot}` lists what fits")


def edit_file(path: Path, pack: Pack | None = None, **changes: Any) -> None:
    """Apply one edit to an army file in place, after checking it against ``pack``
    (default: the list's own pack); the file keeps its mode, a symlink stays a link."""
    from builder.outputs import FileChanged, replace_if_unchanged

    path = Path(path)
    display = str(path)
    for attempt in range(EDIT_ATTEMPTS):
        raw, text = read_for_update(path, display=display)
        if pack is None:
            from builder.systems.heroes.content.pack_cache import load_pack_cached
            from builder.content.search import army_pack

            pack = load_pack_cached(army_pack(path, None))
        check_edit(text, pack, display, **changes)
        after = edit_text(text, display=display, **changes)
        check_edited(after, display)
        if not changes.get("remove") and (changes.get("hero") or changes.get("card")):
            check_added(text, after, pack, display)
        try:
            replace_if_unchanged(path, after.encode("utf-8"), raw)
            return
        except FileChanged:
            if attempt == EDIT_ATTEMPTS - 1:
                raise


EDIT_ATTEMPTS = 5
"""A file another writer changed between the read and the write is read and edited
again (the other edit is kept, and this one is checked against it); after this many
lost races the edit is an error (H846), never a silent success."""


def fill_deck_text(text: str, pack: Pack, display: str = "<army>") -> str:
    """``text`` with its deck completed to the rules' minimum by the suggester's deck
    builder (000 core rules, Setup > Cards: at least 40 cards, 50 for an alliance; command
    cards only as the options allow). Cards already chosen are replaced by a full deck;
    comments and the other keys stay (each card is one round-trip edit)."""
    from builder.systems.heroes.army.check import check_text
    from builder.systems.heroes.army.legality.deck import command_allowance, minimum
    from builder.systems.heroes.army.suggest import _deck

    report = check_text(text, pack, display)
    if report.roster is None:
        raise InvalidInputError(f"{display} is not a valid army list", report.diagnostics)
    army = report.roster.army
    deck = _deck(pack, army.deck_faction, command_allowance(report.roster), minimum(report.roster))
    if deck is None:
        raise _refuse(H856, f"the pack has too few {army.deck_faction} cards for a full deck", display,
                      "add cards to the pack, or build the deck by hand with 'heroes army edit --card'")
    for entry in deck:  # the new cards first: the deck is never empty between two edits
        text = edit_text(text, card=entry.card, copies=entry.copies, display=display)
    kept = {entry.card for entry in deck}
    for entry in army.deck or []:
        if entry.card not in kept:
            text = edit_text(text, card=entry.card, remove=True, display=display)
    return text


def fill_deck_file(path: Path, pack: Pack | None = None) -> int:
    """:func:`fill_deck_text` on an army file, in place; the number of cards in the deck."""
    from builder.outputs import FileChanged, replace_if_unchanged

    path = Path(path)
    display = str(path)
    for attempt in range(EDIT_ATTEMPTS):  # a lost race is read and filled again, as edit_file does
        raw, text = read_for_update(path, display=display)
        if pack is None:
            from builder.systems.heroes.content.pack_cache import load_pack_cached
            from builder.content.search import army_pack

            pack = load_pack_cached(army_pack(path, None))
        after = fill_deck_text(text, pack, display)
        check_edited(after, display)
        try:
            replace_if_unchanged(path, after.encode("utf-8"), raw)
            break
        except FileChanged:
            if attempt == EDIT_ATTEMPTS - 1:
                raise
    army = parse_army(after, display).army
    return sum(c.copies for c in (army.deck or [])) if army is not None else 0
