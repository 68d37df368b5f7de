"""Running a command line: exit quietly when the reader of its output goes away.

``python -m hearts_teach tournament ... | head -1`` closes the pipe after one line; the next
write (or the flush at exit) raises ``BrokenPipeError``. Every command's ``main`` runs through
``quiet_on_closed_pipe``, which does what the Python documentation recommends (the notes on
SIGPIPE in the ``signal`` module): point stdout at devnull, so the flush at exit cannot fail
again, and exit with status 1 without a traceback.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

CLOSED_PIPE_STATUS = 1


def quiet_on_closed_pipe(main: Callable[[], int | None]) -> int:
    """``main()``'s exit status (0 for None); ``CLOSED_PIPE_STATUS``, silently, when the reader of
    stdout closed the pipe."""
    try:
        status = main()
        sys.stdout.flush()  # what is still buffered fails here, inside the try, not at exit
    except BrokenPipeError:
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
        except (OSError, ValueError):  # no file descriptor behind sys.stdout: nothing left to flush
            pass
        return CLOSED_PIPE_STATUS
    return status if isinstance(status, int) else 0


__all__ = ["CLOSED_PIPE_STATUS", "quiet_on_closed_pipe"]
