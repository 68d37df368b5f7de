"""Calling a learner's function safely: a time limit, its printout captured and capped, its
keyboard input and stray output contained. ``check`` and ``try_it`` (and the class grader's
worker) call every learner function through ``call_with_limit``.

Safety rules, each with its reason:
- the call runs in a daemon worker thread with a time limit, so an endless loop cannot hang
  the kernel; on timeout the thread is stopped with an asynchronous exception (``_Stop``),
  sent again and again for a while, so a loop with a bare ``except:`` that swallows one
  stop still ends. A stop must never surface as a traceback: the worker says when it has
  finished (no stop is sent after that), cancels a stop still pending, and a stray stop
  that slips through that race anyway is dropped by the thread and unraisable hooks;
- an answer that is an iterator (a generator, ``map``) is read inside the time limit and
  at most ``MAX_ITEMS`` items of it, so an endless generator cannot hang the check either;
- on the main thread (a notebook), what the function writes to ``sys.stdout``,
  ``sys.stderr``, ``sys.__stdout__``/``sys.__stderr__`` and the file descriptors 1 and 2
  (``os.write(1, ...)``, C code) is captured, and only its first ``MAX_PRINTED`` characters
  are kept, with a note of how many more there were: a chatty function cannot flood the cell;
- ``sys.stdout.close()`` (or stderr) closes only the capture, never the notebook's output,
  and is reported in one line;
- ``input()`` and reading ``sys.stdin`` raise ``InputNotAllowed`` with a one-line message
  (a notebook would otherwise wait for an answer that never comes, or report "not implemented
  yet": Jupyter's refusal is a ``NotImplementedError``); file descriptor 0 reads as empty.

Only the main thread swaps these process-wide objects (and always puts them back): threads
that judge answers at once (the class grader's ``--jobs``) would restore each other's.
"""

from __future__ import annotations

import builtins
import codecs
import contextlib
import ctypes
import io
import itertools
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

MAX_ITEMS = 10_000  # items read from an iterator an answer returns (a hand has 13 cards)
MAX_PRINTED = 4_000  # characters of a function's printout kept (stdout and stderr together)
STOP_GRACE = 2.0  # seconds spent stopping a runaway thread before giving up on it

INPUT_MESSAGE = ("your function asked for keyboard input with input(); a checked function must take "
                 "its values from its arguments")
STDIN_MESSAGE = ("your function read keyboard input from sys.stdin; a checked function must take its "
                 "values from its arguments")


MAX_TIME_LIMIT = 600.0  # seconds per call: a longer wait is a mistake, not a plan


def time_limit_problem(limit: Any) -> str:
    """Why ``limit`` cannot be a time limit ("" when it can): NaN, infinity or 10**400 would end in
    an internal error of the timer, and 0 or less would stop every call before it starts."""
    ok = isinstance(limit, int | float) and not isinstance(limit, bool) and 0 < limit <= MAX_TIME_LIMIT
    if ok:
        return ""
    text = repr(limit) if isinstance(limit, int | float) else f"{limit!r:.40} (a {type(limit).__name__})"
    shown = text if len(text) <= 60 else f"{text[:20]}… ({len(text):,} characters)"
    return f"time_limit must be a number of seconds above 0 and at most {MAX_TIME_LIMIT:g}, got {shown}"


def closed_message(stream: str) -> str:
    return (f"your function closed {stream} ({stream}.close()); a checked function must leave the "
            f"notebook's output open (the check went on with its own copy)")


class _Stop(BaseException):
    """Injected into a runaway worker thread. A BaseException, so that a learner's
    ``except Exception`` cannot swallow it."""


class InputNotAllowed(Exception):
    """Raised inside a checked function that asks for keyboard input (``input()``, ``sys.stdin``)."""


@dataclass
class _Outcome:
    value: Any = None
    error: BaseException | None = None
    tb: Any = None
    timed_out: bool = False
    printed: str = ""
    unstoppable: bool = False  # the runaway thread survived every stop (a bare except: in a loop)
    problems: list[str] = field(default_factory=list)  # one line per I/O the function may not do
    interrupted: bool = False  # the learner pressed Kernel → Interrupt during the call
    finished: bool = False  # the worker left the learner's code (no stop is sent after this)


class TooLong:
    """Stands for an iterator answer with more than ``MAX_ITEMS`` items (an endless generator?)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def __repr__(self) -> str:
        return f"<a {self.kind} with more than {MAX_ITEMS:,} items>"


# ------------------------------------------------------------------------------------
# the printout


class _Printout:
    """The first ``MAX_PRINTED`` characters written, how many more there were, and the I/O
    problems seen (one line each). One writer each: the learner's thread, or the fd drain."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.kept = 0
        self.dropped = 0
        self.problems: list[str] = []

    def add(self, text: str) -> None:
        room = MAX_PRINTED - self.kept
        part = text[:room] if room > 0 else ""
        if part:
            self.parts.append(part)
            self.kept += len(part)
        self.dropped += len(text) - len(part)

    def note(self, problem: str) -> None:
        if problem not in self.problems:
            self.problems.append(problem)

    def text(self) -> str:
        return "".join(self.parts)


def printout_text(*printouts: _Printout) -> str:
    """What was printed, capped, with a note of how many characters were left out."""
    text = "".join(p.text() for p in printouts)
    dropped = sum(p.dropped for p in printouts) + max(0, len(text) - MAX_PRINTED)
    text = text[:MAX_PRINTED]
    if dropped:
        text += f"{'' if text.endswith(chr(10)) else chr(10)}… {dropped:,} more characters not shown"
    return text


class _Sink(io.TextIOBase):
    """``sys.stdout`` / ``sys.stderr`` during a call: writes go to the printout; ``close()`` is
    noted and closes nothing."""

    def __init__(self, printout: _Printout, name: str) -> None:
        self._printout = printout
        self._name = name

    encoding = "utf-8"

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        self._printout.add(text)
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def close(self) -> None:
        self._printout.note(closed_message(self._name))

    def __del__(self) -> None:  # io's __del__ would call close() and note a problem nobody made
        pass


class _NoStdin:
    """``sys.stdin`` during a call: every read is refused in one line (a file-like object of its
    own rather than an ``io`` subclass, whose bytes-typed readline it would have to override)."""

    encoding = "utf-8"

    def __init__(self, printout: _Printout) -> None:
        self._printout = printout

    def readable(self) -> bool:
        return True

    def _refuse(self, *args: Any, **kwargs: Any) -> str:
        self._printout.note(STDIN_MESSAGE)
        raise InputNotAllowed(STDIN_MESSAGE)

    def read(self, size: int | None = -1, /) -> str:
        return self._refuse()

    def readline(self, size: int = -1, /) -> str:  # iterating calls this too
        return self._refuse()

    def readlines(self, hint: int = -1, /) -> list[str]:
        self._refuse()
        return []

    def __iter__(self) -> _NoStdin:
        return self

    def __next__(self) -> str:
        return self._refuse()

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise io.UnsupportedOperation("fileno")

    @property
    def closed(self) -> bool:
        return False

    def close(self) -> None:
        pass


class _FdCapture:
    """File descriptors 1 and 2 into a pipe that a thread drains into a printout (so
    ``os.write(1, ...)`` and C code cannot flood the notebook, nor block on a full pipe), and
    0 from an empty pipe (a read of fd 0 ends at once). Restored on exit; does nothing where
    the descriptors cannot be duplicated."""

    FDS = (0, 1, 2)

    def __init__(self, printout: _Printout) -> None:
        self.printout = printout
        self.saved: dict[int, int] = {}
        self.drain: threading.Thread | None = None

    def __enter__(self) -> _FdCapture:
        for stream in (sys.__stdout__, sys.__stderr__):  # what Python buffered goes where it was meant
            with contextlib.suppress(Exception):
                if stream is not None:
                    stream.flush()
        try:
            for fd in self.FDS:
                self.saved[fd] = os.dup(fd)
            # fd 0: a pipe with no writer left reads as empty at once (no file is opened: the
            # grader's guard would count opening /dev/null against the submission)
            empty_read, empty_write = os.pipe()
            os.close(empty_write)
            read_end, write_end = os.pipe()
            os.dup2(empty_read, 0)
            os.close(empty_read)
            os.dup2(write_end, 1)
            os.dup2(write_end, 2)
            os.close(write_end)
        except OSError:  # a descriptor that is closed (the grader's worker closes its stdin)
            self._restore()
            return self
        self.drain = threading.Thread(target=self._drain, args=(read_end,), name="hearts_teach-drain",
                                      daemon=True)
        self.drain.start()
        return self

    def _drain(self, fd: int) -> None:
        decoder = codecs.getincrementaldecoder("utf-8")("replace")  # a character may span two reads
        try:
            while chunk := os.read(fd, 65536):
                self.printout.add(decoder.decode(chunk))
        except OSError:
            pass
        finally:
            os.close(fd)

    def _restore(self) -> None:
        for fd, saved in self.saved.items():
            with contextlib.suppress(OSError):
                os.dup2(saved, fd)
            os.close(saved)
        self.saved = {}

    def __exit__(self, *exc: Any) -> None:
        self._restore()
        if self.drain is not None:
            self.drain.join(1.0)  # EOF once fds 1 and 2 are restored (unless the code kept a copy)


@contextlib.contextmanager
def _contained(printout: _Printout, fd_printout: _Printout) -> Iterator[None]:
    """Swap the process's streams and ``input`` for the call's stand-ins; always put them back."""
    names = ("stdout", "stderr", "__stdout__", "__stderr__", "stdin", "__stdin__")
    saved = {name: getattr(sys, name) for name in names}
    saved_input = builtins.input

    def no_input(prompt: object = "") -> str:
        printout.note(INPUT_MESSAGE)
        raise InputNotAllowed(INPUT_MESSAGE)

    out, err, stdin = _Sink(printout, "sys.stdout"), _Sink(printout, "sys.stderr"), _NoStdin(printout)
    with _FdCapture(fd_printout):
        # sys.__stdout__ & co. are typed as the interpreter's own files: set them by name
        for name, stream in (("stdout", out), ("stderr", err), ("stdin", stdin)):
            setattr(sys, name, stream)
            setattr(sys, f"__{name}__", stream)
        builtins.input = no_input
        try:
            yield
        finally:
            for name, value in saved.items():
                setattr(sys, name, value)
            builtins.input = saved_input


# ------------------------------------------------------------------------------------
# the worker thread and its stop


def _materialise(value: Any) -> Any:
    # a lazy answer is read here, inside the time limit, and never more than MAX_ITEMS items
    if isinstance(value, Iterator):
        items = list(itertools.islice(value, MAX_ITEMS + 1))
        return items if len(items) <= MAX_ITEMS else TooLong(type(value).__name__)
    return value


def _stop_thread(thread: threading.Thread) -> None:
    tid = thread.ident
    if tid is not None:
        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(tid), ctypes.py_object(_Stop))


def _cancel_pending_stop() -> None:
    # called by the worker on its way out: a stop sent just before it finished is dropped here
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(threading.get_ident()), None)


def _is_stop(exc_type: Any) -> bool:
    return isinstance(exc_type, type) and issubclass(exc_type, _Stop)


class _QuietHook:
    """An exception hook that drops the time limit's stray stops and passes the rest on."""

    _drops_stops = True  # how ``_quiet_stray_stops`` recognises a hook it already installed

    def __init__(self, hook: Callable[[Any], Any]) -> None:
        self.hook = hook

    def __call__(self, args: Any) -> None:
        if not _is_stop(args.exc_type):
            self.hook(args)


def _dropping_stops(hook: Callable[[Any], Any]) -> Callable[[Any], None]:
    return _QuietHook(hook)


def _quiet_stray_stops() -> None:
    """Make the thread and unraisable hooks drop a ``_Stop`` (and pass on everything else): a
    stop sent in the instant a worker finished would otherwise print a traceback of threading's
    internals. Re-installed when something (a test runner) put other hooks in place."""
    if not getattr(threading.excepthook, "_drops_stops", False):
        threading.excepthook = _dropping_stops(threading.excepthook)
    if not getattr(sys.unraisablehook, "_drops_stops", False):
        sys.unraisablehook = _dropping_stops(sys.unraisablehook)


def call_with_limit(func: Callable, args: Sequence[Any], limit: float) -> _Outcome:
    """Call ``func(*args)`` in a daemon thread; give up after ``limit`` seconds."""
    out = _Outcome()

    done = threading.Event()  # set on the worker's way out: ``is_alive`` is not trusted (below)

    def target() -> None:
        try:
            out.value = _materialise(func(*args))
        except _Stop:
            pass
        except BaseException as exc:  # noqa: BLE001 - anything the learner raises is reported
            out.error = exc
            out.tb = exc.__traceback__
        finally:
            out.finished = True
            _cancel_pending_stop()
            done.set()

    _quiet_stray_stops()
    printout, fd_printout = _Printout(), _Printout()
    capture = threading.current_thread() is threading.main_thread()
    with _contained(printout, fd_printout) if capture else contextlib.nullcontext():
        worker = threading.Thread(target=target, name="hearts_teach-check", daemon=True)
        worker.start()
        try:
            done.wait(limit)
        except KeyboardInterrupt:  # Kernel → Interrupt: stop the function, report it in one line
            out.interrupted = True
        # Not ``worker.is_alive()``: on CPython 3.11.2 (Debian 12) a ``join`` interrupted by
        # Kernel → Interrupt marks a running thread stopped, so the learner's endless loop went
        # on in the background, never sent a stop.
        if not done.is_set():
            # a bare ``except:`` in a loop can swallow one stop: keep sending it for a while, but
            # never once the worker has left the learner's code
            deadline = time.monotonic() + STOP_GRACE
            sent = False
            while not out.finished and time.monotonic() < deadline:
                _stop_thread(worker)
                sent = True
                done.wait(0.01)
            done.wait(max(0.0, deadline - time.monotonic()))
            out.unstoppable = not done.is_set()
            out.timed_out = (sent or out.unstoppable) and not out.interrupted
    out.printed = printout_text(printout, fd_printout)
    out.problems = printout.problems
    return out


__all__ = ["InputNotAllowed", "MAX_ITEMS", "MAX_PRINTED", "STOP_GRACE", "TooLong", "call_with_limit",
           "printout_text"]
