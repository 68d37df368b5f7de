"""Run a student's bot module in a child process, one move at a time, with a time limit.

The league (``hearts_teach.classroom.league``) never imports a student's file itself. Each bot lives
in its own child interpreter (``python -m hearts_teach.classroom.bot_sandbox``) that:

- runs in the OS sandbox (``hearts_teach.classroom.os_sandbox``): it sees only Python, the
  installed packages and a read-only snapshot of ``hearts_teach`` (one per league process or
  Dask worker), a private tmpfs as its folder, no network, its own PID namespace, as
  ``nobody``, with limits on CPU, memory (``MEMORY_LIMIT``), file size and processes;
  ``isolate=False`` (``--no-os-sandbox``) starts a plain child instead, which limits itself
  (no file may grow; as root it drops to ``nobody`` where it can);
- gets its questions as pickles (from the trusted side) and answers in JSON, which the
  parent checks as untrusted data (a pickle from the child could run code in the parent);
- is killed when it does not answer within the move limit (or its module within
  ``LOAD_LIMIT``), and started again when needed.

The Python guard of the class grader (an audit hook) runs inside as a second layer.

Every hand runs in a fresh fork of the limited child (the module executed afresh, ``random``
seeded from the task), so no state a bot keeps (in its module, in ``sys``, in any other
module) carries over between hands, and results do not depend on which worker happened
to run what before.
"""

from __future__ import annotations

import atexit
import json
import os
import pickle
import select
import signal
import struct
import subprocess
import sys
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hearts_teach.classroom.os_sandbox import SITE, Launch, Limits, require, shared_snapshot

GRADER_REFUSAL = "the grader does not let a submission"  # how the shared guard words a refusal
LEAGUE_REFUSAL = "the league does not let a bot"
MAX_ANSWER = 1 << 16  # bytes: a card answer is a few bytes; anything longer is refused
LOAD_LIMIT = 3.0  # seconds to run the module body (one that never ends costs this once a table)

START_LIMIT = 30.0  # seconds to start the interpreter (a busy machine, a cold cache)
MEMORY_LIMIT = 1 << 30  # bytes of address space for a bot process (each hand's fork has its own)
CPU_LIMIT = 600  # CPU seconds of one process (a hand's fork starts from 0)
BOOT = "import sys; sys.path.insert(0, sys.argv[1]); from hearts_teach.classroom.bot_sandbox import child_main; child_main()"
_HEADER = struct.Struct(">I")


class BotFailure(Exception):
    """The bot could not answer: ``kind`` is ``"timeout"`` or ``"crashed"``."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind


# ----------------------------------------------------------------------------------------
# parent side


@dataclass
class Answer:
    """What the child said: ``value`` (a card string or a list of them) or ``error``."""

    value: Any = None
    error: str = ""
    seconds: float = 0.0


class BotProcess:
    """One student's module in a child process. ``load`` before every hand, then ``ask``."""

    def __init__(self, name: str, source: str, filename: str = "", *, isolate: bool = True):
        self.name = name
        self.source = source
        self.filename = filename or f"{name}.py"
        self.isolate = isolate
        self.launch: Launch | None = None
        self.started = False  # a process was started for the next call (it may take START_LIMIT)

    @property
    def proc(self) -> subprocess.Popen | None:
        return self.launch.proc if self.launch is not None else None

    # lifecycle -----------------------------------------------------------------------------
    def _start(self) -> None:
        require(self.isolate)
        env = {"PYTHONHASHSEED": "0", "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1"}
        limits = Limits(cpu_seconds=CPU_LIMIT, memory_bytes=MEMORY_LIMIT, file_bytes=1 << 20,
                        folder_bytes=16 << 20)
        # -s -B, not -I: the sandbox's environment is ours (PYTHONHASHSEED keeps a bot's set order fixed)
        self.launch = Launch([sys.executable, "-s", "-B", "-c", BOOT, SITE], limits=limits, isolate=self.isolate,
                             package=shared_snapshot().path, env=env, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.started = True
        _LIVE.add(self)

    def close(self) -> None:
        if self.launch is not None:
            self.launch.close()  # the bot and every process it started
            self.launch = None
        _LIVE.discard(self)

    # talking -------------------------------------------------------------------------------
    def _send(self, message: Any) -> None:
        data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write(_HEADER.pack(len(data)) + data)
        self.proc.stdin.flush()

    def _receive(self, limit: float) -> dict:
        assert self.proc is not None and self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + limit
        header = _read_exact(fd, _HEADER.size, deadline)
        (size,) = _HEADER.unpack(header)
        if size > MAX_ANSWER:
            raise BotFailure("crashed", f"the bot process sent {size} bytes instead of an answer")
        raw = _read_exact(fd, size, deadline)
        try:
            reply = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise BotFailure("crashed", "the bot process sent something that is not an answer") from None
        if not isinstance(reply, dict):
            raise BotFailure("crashed", "the bot process sent something that is not an answer")
        return reply

    def _call(self, message: Any, limit: float) -> dict:
        if self.proc is None or self.proc.poll() is not None:
            self.close()
            self._start()
        try:
            self._send(message)
            if self.started:  # the interpreter's start-up is not the module's time
                self.started = False
                self._receive(START_LIMIT)  # the child says it is ready
            return self._receive(limit)
        except BotFailure:
            self.close()  # a stuck or broken process is never reused
            raise
        except (BrokenPipeError, OSError) as e:
            self.close()
            raise BotFailure("crashed", f"the bot process stopped ({type(e).__name__})") from None

    def load(self, seed: int) -> str:
        """Run the module afresh and seed ``random``; return an error message or ''."""
        reply = self._call(("load", self.name, self.source, self.filename, seed), LOAD_LIMIT)
        err = reply.get("error")
        return str(err)[:500] if err else ""

    def ask(self, kind: str, view: Any, limit: float) -> Answer:
        """``kind`` is ``"pass"`` or ``"play"``. Raises ``BotFailure`` on timeout or crash."""
        t0 = time.monotonic()
        reply = self._call((kind, view), limit)
        seconds = time.monotonic() - t0
        if "error" in reply:
            return Answer(error=str(reply["error"])[:500], seconds=seconds)
        return Answer(value=reply.get("value"), seconds=seconds)


def _read_exact(fd: int, n: int, deadline: float) -> bytes:
    chunks: list[bytes] = []
    while n:
        left = deadline - time.monotonic()
        if left <= 0:
            raise BotFailure("timeout", "")
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            raise BotFailure("timeout", "")
        chunk = os.read(fd, n)
        if not chunk:
            raise BotFailure("crashed", "the bot process ended (did the module call exit()?)")
        chunks.append(chunk)
        n -= len(chunk)
    return b"".join(chunks)


# A cache per worker thread (a process serves one task at a time): starting an interpreter
# costs ~0.2 s, a move ~0.1 ms, and an idle bot process ~20 MB; every deal of a league needs
# every bot, so keep a class's worth.
POOL_SIZE = 32
_LOCAL = threading.local()
_LIVE: set[BotProcess] = set()


def bot_process(name: str, source: str, filename: str = "", *, isolate: bool = True) -> BotProcess:
    """The (cached) process for this bot's source, for the calling thread."""
    import hashlib

    pool: OrderedDict[tuple[str, str, bool], BotProcess] = getattr(_LOCAL, "pool", None) or OrderedDict()
    _LOCAL.pool = pool
    key = (name, hashlib.sha256(source.encode("utf-8")).hexdigest(), isolate)
    bp = pool.pop(key, None)
    if bp is None:
        bp = BotProcess(name, source, filename, isolate=isolate)
    pool[key] = bp
    while len(pool) > POOL_SIZE:
        _k, old = pool.popitem(last=False)
        old.close()
    return bp


def close_all() -> None:
    """Stop every bot process started by this process."""
    for bp in list(_LIVE):
        bp.close()
    pool = getattr(_LOCAL, "pool", None)
    if pool is not None:
        pool.clear()


atexit.register(close_all)


# ----------------------------------------------------------------------------------------
# child side (python -m hearts_teach.classroom.bot_sandbox)


def _limit_self() -> None:
    import resource

    from hearts_teach.classroom.sandbox_worker import set_limits

    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))  # no file may grow (this one must hold)
    set_limits({resource.RLIMIT_AS: MEMORY_LIMIT})  # a hard limit already lower stays
    if os.geteuid() == 0 and _others_can_read_python():
        import pwd

        try:
            nobody = pwd.getpwnam("nobody")
        except KeyError:  # pragma: no cover - every Debian system has it
            return
        os.setgroups([])
        os.setgid(nobody.pw_gid)
        os.setuid(nobody.pw_uid)


def bots_run_as_root() -> bool:
    """Whether bot processes started here without the OS sandbox keep root's powers (root, and
    Python not readable by other users, so they cannot drop to ``nobody``)."""
    return os.geteuid() == 0 and not _others_can_read_python()


def _others_can_read_python() -> bool:
    """Whether another user could import the standard library, the installed packages and
    this package (e.g. not when Python lives under /root): only then can we drop to nobody."""
    import stat
    import sysconfig

    paths = {sysconfig.get_paths()[k] for k in ("stdlib", "platstdlib", "purelib", "platlib")}
    paths.add(str(Path(__file__).resolve().parents[2]))
    for p in paths:
        path = Path(p).resolve()
        for d in (path, *path.parents):
            try:
                mode = os.stat(d).st_mode
            except OSError:
                return False
            if not mode & stat.S_IXOTH or (d == path and not mode & stat.S_IROTH):
                return False
    return True


def _as_text(value: Any) -> Any:
    """A card answer as JSON-able text (Card -> 'QS'); anything else as a short repr."""
    from hearts_teach.kernel.cards import Card, CardList

    if isinstance(value, Card):
        return str(value)
    if isinstance(value, str):
        return value[:40]
    if isinstance(value, CardList):
        return [str(c) for c in value]
    if isinstance(value, (list, tuple)) and len(value) <= 13:
        out = []
        for v in value:
            if isinstance(v, Card):
                out.append(str(v))
            elif isinstance(v, str):
                out.append(v[:40])
            else:
                return {"repr": repr(value)[:80]}
        return out
    return {"repr": repr(value)[:80]}


def _read_frame(f: Any) -> bytes | None:
    """One framed message (header and body) from a raw binary file, or None at its end."""
    def exact(n: int) -> bytes | None:
        buf = b""
        while len(buf) < n:
            chunk = f.read(n - len(buf))
            if not chunk:
                return None
            buf += chunk
        return buf

    header = exact(_HEADER.size)
    if header is None:
        return None
    body = exact(_HEADER.unpack(header)[0])
    return None if body is None else header + body


def _serve_hand(source_code: Any, inbox: Any, outbox: Any) -> None:  # pragma: no cover
    """In a process forked for one hand (before it is needed): wait for the hand's ``load``,
    run the module, then answer moves until the inbox ends."""
    import io
    import random
    import types

    def reply(obj: dict) -> None:
        if "error" in obj:  # the guard is the class grader's; in the league its refusals are the league's
            obj = {**obj, "error": obj["error"].replace(GRADER_REFUSAL, LEAGUE_REFUSAL)}
        data = json.dumps(obj).encode("utf-8")
        outbox.write(_HEADER.pack(len(data)) + data)

    # the class grader's guard, in this hand's fork (the parent must still fork the next
    # hand): no signals to the league (os.kill, pidfd), no new processes, no sockets, no
    # reads of other processes' files; a refusal raises in the bot and is its problem
    from hearts_teach.classroom.sandbox_worker import _install_guard

    _install_guard(os.getcwd())  # the escapes without an audit event went in child_main, once
    frame = _read_frame(inbox)
    if frame is None:
        return
    _, name, source, filename, seed = pickle.loads(frame[_HEADER.size:])  # from the trusted parent
    module: Any = None
    random.seed(seed)
    if "numpy" in source:  # seeded before the module body runs, which may draw from it too
        try:
            import numpy

            numpy.random.seed(seed % (1 << 32))
        except Exception:  # noqa: BLE001 - numpy missing: the module's own import will say so
            pass
    try:
        mod = types.ModuleType(name)
        mod.__file__ = filename
        exec(source_code, mod.__dict__)
    except BaseException as e:  # noqa: BLE001 - the student's module body
        reply({"error": f"the module could not be loaded: {type(e).__name__}: {e}"})
    else:
        missing = [f for f in ("choose_pass", "choose_play") if not callable(getattr(mod, f, None))]
        if missing:
            reply({"error": f"the module has no function {' or '.join(missing)}(view)"})
        else:
            module = mod
            reply({"ok": True})
    if "numpy" in sys.modules:  # the moves draw from a freshly seeded generator, however numpy came in
        try:
            sys.modules["numpy"].random.seed(seed % (1 << 32))
        except Exception:  # noqa: BLE001 - a module that replaced numpy
            pass
    while True:
        frame = _read_frame(inbox)
        if frame is None:
            return
        msg = pickle.loads(frame[_HEADER.size:])  # from the trusted parent, through the zygote
        sys.stdout = io.StringIO()  # drop whatever the bot printed before
        if module is None:
            reply({"error": "the module is not loaded"})
            continue
        func = module.choose_pass if msg[0] == "pass" else module.choose_play
        try:
            value = func(msg[1])
        except BaseException as e:  # noqa: BLE001 - anything the student's code raises
            text = str(e).strip().splitlines()
            reply({"error": f"{func.__name__}() raised {type(e).__name__}"
                            f"{': ' + text[0][:200] if text else ''}"})
            continue
        try:
            reply({"value": _as_text(value)})
        except Exception as e:  # noqa: BLE001 - e.g. a str subclass with a hostile __str__
            reply({"error": f"{func.__name__}() returned something that cannot be read: {type(e).__name__}"})


def child_main() -> None:  # pragma: no cover - runs in the child process (tested end to end)
    """The bot process: limits itself, then forks a fresh process for every hand.

    Every ``load`` (one per hand) goes to a new fork of this clean process (forked ahead,
    after the previous load), which runs the module and answers that hand's moves; the
    previous hand's fork is killed. So nothing a
    bot keeps (in its module, in ``sys``, in another module, in builtins) survives into the
    next hand, and a result never depends on which hands the same process played before."""
    import gc
    import io

    proto_in = os.fdopen(os.dup(0), "rb", buffering=0)
    proto_out = os.fdopen(os.dup(1), "wb", buffering=0)
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)  # prints (even from C code) go nowhere; the protocol has its own fds
    sys.stdin = io.StringIO()
    sys.stdout = io.StringIO()
    sys.stderr = io.StringIO()
    sys.dont_write_bytecode = True
    from hearts_teach.classroom.sandbox_worker import _remove_escapes, readable_folders
    from hearts_teach.games.hearts import view  # noqa: F401 - imported before the limits and the forks, for speed
    from hearts_teach.kernel import cards  # noqa: F401

    # once here, not in every hand's fork (importing every builtin module costs ~5 ms of a
    # ~7 ms fork); this process never needs what it takes out (pidfd, fork_exec, create_builtin)
    _remove_escapes()
    _limit_self()
    readable_folders(os.path.realpath(os.getcwd()), tuple(sys.path))  # asked once; every fork's guard inherits it
    ready = json.dumps({"ready": True}).encode("utf-8")
    proto_out.write(_HEADER.pack(len(ready)) + ready)
    compiled: dict[str, Any] = {}
    hand: tuple[int, Any, Any] | None = None  # (pid, to the hand's process, from it)
    # the next hand's process, forked (and guarded) while the league is busy elsewhere, so a
    # ``load`` does not wait for a fork: (process, the code it will run, modules it holds)
    spare: tuple[tuple[int, Any, Any], Any, int] | None = None

    def kill(proc: tuple[int, Any, Any] | None, *, reap: bool = True) -> None:
        if proc is None:
            return
        try:
            os.kill(proc[0], signal.SIGKILL)
        except OSError:
            pass
        if reap:
            reap_(proc)

    def reap_(proc: tuple[int, Any, Any]) -> None:
        try:
            os.waitpid(proc[0], 0)
        except OSError:
            pass
        proc[1].close()
        proc[2].close()

    def fork_hand(code: Any) -> tuple[int, Any, Any]:
        # this process's objects go to the collector's permanent generation: a collection in
        # the hand's fork then does not walk (and so copy) every page of the inherited heap
        gc.freeze()
        down_r, down_w = os.pipe()
        up_r, up_w = os.pipe()
        pid = os.fork()
        if pid == 0:
            try:
                os.close(down_w)
                os.close(up_r)
                proto_in.close()
                proto_out.close()
                _serve_hand(code, os.fdopen(down_r, "rb", buffering=0), os.fdopen(up_w, "wb", buffering=0))
            finally:
                os._exit(0)
        os.close(down_r)
        os.close(up_w)
        return pid, os.fdopen(down_w, "wb", buffering=0), os.fdopen(up_r, "rb", buffering=0)

    def relay() -> None:
        assert hand is not None
        frame = _read_frame(hand[2])
        if frame is None:  # the hand's process ended (os._exit, a signal): so does this one
            os._exit(0)
        proto_out.write(frame)

    def error(text: str) -> None:
        data = json.dumps({"error": text}).encode("utf-8")
        proto_out.write(_HEADER.pack(len(data)) + data)

    while True:
        frame = _read_frame(proto_in)
        if frame is None:
            kill(hand)
            kill(spare[0] if spare is not None else None)
            return  # the parent went away
        msg = pickle.loads(frame[_HEADER.size:])  # from the trusted parent
        if msg[0] == "load":
            old, hand = hand, None
            kill(old, reap=False)  # stopped at once; reaped once the new hand has answered
            source, filename = msg[2], msg[3]
            if "numpy" in source and "numpy" not in sys.modules:
                try:  # imported once here, not in every hand's fork (~0.1 s each); runs no student code
                    import numpy  # noqa: F401
                except Exception:  # noqa: BLE001 - not installed: the module's own import will say so
                    pass
            try:
                code = compiled.get(source)
                if code is None:
                    code = compiled[source] = compile(source, filename, "exec")
            except BaseException as e:  # noqa: BLE001 - a syntax error in the student's file
                if old is not None:
                    reap_(old)
                error(f"the module could not be loaded: {type(e).__name__}: {e}")
                continue
            if spare is not None and (spare[1] is not code or spare[2] != len(sys.modules)):
                kill(spare[0])  # forked for other code, or before numpy came in: not this hand's
                spare = None
            hand = spare[0] if spare is not None else fork_hand(code)
            spare = None
            try:
                hand[1].write(frame)
            except OSError:  # the hand's process is gone
                os._exit(0)
            relay()
            if old is not None:
                reap_(old)
            spare = (fork_hand(code), code, len(sys.modules))
            continue
        if hand is None:
            error("the module is not loaded")
            continue
        try:
            hand[1].write(frame)
        except OSError:  # the hand's process is gone
            os._exit(0)
        relay()


if __name__ == "__main__":  # pragma: no cover
    child_main()
