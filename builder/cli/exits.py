"""Every error a user can cause, turned into a message and an exit code (no traceback).

Free of Typer, so the fast start-up path (:mod:`builder.cli.fast`) and
:func:`builder.cli.common.run_app` map errors the same way.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from builder.diagnostics import FORMATS
from builder.errors import HeroesError, InvalidInputError


def _say(text: str) -> None:
    print(text, file=sys.stderr)


def exit_code(command: Callable[[], int | None]) -> int:
    """Run ``command``; the code it returns or exits with (``SystemExit``), or the code of
    the error it raised.

    Typer (click) handles usage errors itself and exits 2; errors of the library
    (:class:`HeroesError`) are printed here without a traceback.
    """
    try:
        code = command()
    except SystemExit as exc:
        status = exc.code
        return status if isinstance(status, int) else (0 if status is None else 1)
    except InvalidInputError as exc:
        if exc.diagnostics:
            _say(FORMATS["text"](exc.diagnostics))
        _say(f"error: {exc}")
        return exc.exit_code
    except HeroesError as exc:
        _say(f"error: {exc}")
        return exc.exit_code
    except KeyboardInterrupt:
        _say("interrupted")
        return 130
    except BrokenPipeError:
        return 0
    except OSError as exc:  # a path whose name cannot be used, probed anywhere (issue 37, Why 7)
        from builder.inputs import name_error

        if (error := name_error(exc)) is None:
            raise
        _say(FORMATS["text"](error.diagnostics))
        _say(f"error: {error}")
        return error.exit_code
    return code or 0
