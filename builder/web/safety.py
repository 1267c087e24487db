"""What keeps ``heroes serve`` safe on a player's machine.

* Files are read and written only inside the folders named on the command line: a
  name is a plain file name (no separators, no ``..``), and the resolved path must
  still lie inside its folder (symbolic links cannot lead out).
* Uploads are refused above :data:`MAX_UPLOAD` bytes, before the body is read whole.
* Every state-changing request carries a token derived from the browser's session
  cookie (SameSite=Strict) with a per-process secret: another site's page can make the
  browser post a form, but cannot read the token to put in it.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from builder.diagnostics import define_code
from builder.errors import UsageError

W_OUTSIDE = define_code("W950", "file outside the folders named to heroes serve")
W_UPLOAD = define_code("W951", "upload larger than heroes serve accepts")
W_CSRF = define_code("W952", "request without a valid form token (cross-site request)")
W_NAME = define_code("W953", "army file name heroes serve will not write")

MAX_UPLOAD = 256 * 1024
FILE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._ -]{0,100}\.ya?ml$")


class Refused(UsageError):
    """A request the server turns down; ``code`` is its W95x diagnostic code."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.status = status


@dataclass
class Folders:
    """The army folders named with ``--armies``: the only places files are read or written."""

    roots: list[Path] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.roots = [Path(r).resolve() for r in self.roots]

    def path(self, folder: int, name: str) -> Path:
        """The file ``name`` inside folder number ``folder``; refused when it would lie outside."""
        if not 0 <= folder < len(self.roots):
            raise Refused(W_OUTSIDE, "no such army folder; name folders with heroes serve --armies DIR", 403)
        if not FILE_NAME.match(name) or ".." in name:
            raise Refused(W_NAME, f"'{name}' is not a plain file name ending in .yaml "
                          "(letters, digits, '.', '_', '-', spaces)")
        root = self.roots[folder]
        target = (root / name).resolve()
        if not target.is_relative_to(root):
            raise Refused(W_OUTSIDE, f"'{name}' lies outside {root}", 403)
        return target

    def listing(self) -> list[dict[str, object]]:
        """The army files of each folder, for the open menu."""
        out: list[dict[str, object]] = []
        for i, root in enumerate(self.roots):
            names = sorted(p.name for p in root.glob("*.y*ml") if p.is_file() and FILE_NAME.match(p.name)) \
                if root.is_dir() else []
            out.append({"index": i, "path": str(root), "files": names})
        return out


@dataclass
class Tokens:
    """Form tokens bound to the session cookie with a secret made at start-up."""

    secret: bytes = field(default_factory=lambda: secrets.token_bytes(32))

    @staticmethod
    def new_session() -> str:
        return secrets.token_urlsafe(24)

    def token(self, session: str) -> str:
        return hmac.new(self.secret, session.encode(), hashlib.sha256).hexdigest()

    def check(self, session: str | None, token: str | None) -> None:
        # compared as bytes: compare_digest refuses str with non-ASCII characters (a 500 before)
        if not session or not token or not hmac.compare_digest(self.token(session).encode(),
                                                                 token.encode("utf-8", "surrogatepass")):
            raise Refused(W_CSRF, "the form token is missing or stale; reload the page and try again", 403)
