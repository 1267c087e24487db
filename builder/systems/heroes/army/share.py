"""Share links: an army list carried inside a URL, so it travels with no server state.

Why: players share lists the way New Recruit and Army Forge users do, as a link that opens
the builder on the list. The link holds the list itself: its fields as compact JSON
(JSON is YAML, so the army-list reader checks it and locates every problem), compressed
with zlib and written in base64url (RFC 4648, no padding), behind a version prefix so
a later encoding can be told apart. Comments are not carried: the builder writes them
again from the pack. A link is untrusted input: decompression stops at
:data:`MAX_TEXT` bytes, and anything that is not a list gives a diagnostic.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from urllib.parse import quote

from builder.diagnostics import Diagnostic, define_code
from builder.systems.heroes.army.model import ArmyList

A_SHARE = define_code("A434", "share link cannot be read")

VERSION = "1"
MAX_TEXT = 256 * 1024  # a 1,000-point list with its deck is about 3 KiB of JSON
ROUTE = "/army/shared"


def encode(army: ArmyList) -> str:
    """The list as a URL-safe token (the ``list`` parameter of a share link)."""
    data = army.model_dump(mode="json", exclude_defaults=True)
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    packed = base64.urlsafe_b64encode(zlib.compress(raw, 9)).rstrip(b"=").decode("ascii")
    return f"{VERSION}.{packed}"


def decode(token: str, display: str = "<share link>") -> tuple[str | None, list[Diagnostic]]:
    """The list's text (JSON, which the army-list reader takes as YAML) carried by
    ``token``, or None and the diagnostic saying why it cannot be read."""
    def refused(why: str) -> tuple[None, list[Diagnostic]]:
        return None, [Diagnostic(A_SHARE, f"the share link cannot be read: {why}", file=display, line=1, col=1,
                                 hint="copy the whole link again (heroes army share FILE prints one)")]

    version, dot, packed = token.strip().partition(".")
    if not dot or version != VERSION:
        return refused(f"it is not a version-{VERSION} link")
    try:
        compressed = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(compressed, MAX_TEXT)
        if inflater.unconsumed_tail:
            return refused(f"the list is larger than {MAX_TEXT // 1024} KiB")
        if not inflater.eof:
            return refused("the link is cut short")
        return raw.decode("utf-8"), []
    except (binascii.Error, ValueError, zlib.error):
        return refused("it is not base64url-encoded, zlib-compressed text")
    except UnicodeDecodeError:
        return refused("the list inside is not UTF-8 text")


def share_url(base: str, army: ArmyList) -> str:
    """The link that opens ``heroes serve`` at ``base`` on ``army``."""
    return f"{base.rstrip('/')}{ROUTE}?list={quote(encode(army), safe='.-_')}"
