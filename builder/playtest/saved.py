"""Reading a saved report back: the playtest report (``heroes playtest --save``) that
scenario sheets print, and the balance report (``heroes balance --save``) the site
shows.

Both are files beside a pack that anyone may have edited, so both are read the same
careful way: bounded in size, decoded as JSON, and refused with the file's name and the
keys it lacks, never with a traceback.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from builder.errors import InvalidInputError

MAX_REPORT_BYTES = 2_000_000


def read_saved_report(path: Path, what: str, needed: tuple[str, ...], hint: str = "") -> dict[str, Any]:
    """The JSON object in ``path``, which must hold every key of ``needed``.

    ``what`` names the report in messages ("playtest report", "balance report"); ``hint``
    ends the message for missing keys (how to write the file again).
    """
    if path.stat().st_size > MAX_REPORT_BYTES:
        raise InvalidInputError(f"{path}: {what} larger than {MAX_REPORT_BYTES} bytes")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InvalidInputError(f"{path}: {what} is not valid JSON ({exc})") from None
    missing = [key for key in needed if not isinstance(data, dict) or key not in data]
    if missing:
        raise InvalidInputError(f"{path}: {what} lacks {', '.join(missing)}{hint}")
    return dict(data)
