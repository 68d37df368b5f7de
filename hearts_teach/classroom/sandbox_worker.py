"""The student's side of the grader: runs in its own process (started by ``hearts_teach.classroom.sandbox``).

It reads a job (the notebook's code cells and the calls to make) from stdin, runs the cells
in a fresh IPython shell, then calls the student's functions on the cases and writes one
JSON line per event to the result pipe. It decides nothing: it never sees an expected
answer, and the grader compares the answers in its own process. Whatever the student's
code does here (print success lines, redefine ``check``, patch modules, exit) stays here.

Defence in depth, on top of the grader's resource limits: an audit hook refuses writes
outside the private folder, new processes, signals to other processes, sockets and
loading native libraries.
"""

from __future__ import annotations

import functools
import itertools
import json
import os
import resource
import signal
import sys
from typing import Any

CELL_EXCEPTIONS = ("check", "try_it")  # replaced by no-ops: the grader makes its own calls
STRATEGY_NOOPS = ("evaluate_pass", "evaluate_discard", "show_drills", "grade_drills")
BOT_NOOPS = ("evaluate_bot",)  # exercise 10's tournament: not graded (docs/teaching.md, rubric)


class CellTimeout(BaseException):
    """Raised in a top-level cell that runs longer than the cell limit."""


def _noop(*args: Any, **kwargs: Any) -> None:
    return None


# Functions that reach other processes without raising an audit event: a submission could
# SIGKILL the grader (pidfd) or start a process outside the killed group (fork_exec). They are
# taken out of their modules; ``create_builtin`` goes too, so a fresh copy of a built-in module
# cannot bring them back (every built-in module is imported first, while it still exists).
NO_AUDIT_ESCAPES = (("posix", "pidfd_open"), ("os", "pidfd_open"), ("_signal", "pidfd_send_signal"),
                    ("signal", "pidfd_send_signal"), ("_posixsubprocess", "fork_exec"), ("_imp", "create_builtin"))


REFUSED_EVENT = "hearts_teach.refused"  # raised by the stand-ins of the functions taken out
MAX_WRITES = 100  # files a submission may open for writing in its folder (each at most ``file_bytes``)


def _remove_escapes() -> None:
    import importlib

    for name in sys.builtin_module_names:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - a module this build cannot import is one fewer to worry about
            pass
    importlib.import_module("_posixsubprocess")
    for module, attr in NO_AUDIT_ESCAPES:
        m = sys.modules.get(module)
        if m is not None and hasattr(m, attr):
            if module == "_imp":
                delattr(m, attr)
            else:  # a stand-in that goes through the guard, so the attempt is reported
                setattr(m, attr, _refused(f"{module}.{attr}"))


def _forget_installed_package() -> None:
    """Take out the import finders that point at the installed package (an editable install's
    finder maps ``hearts_teach`` to the teacher's checkout): the private copy is the package here,
    and a finder that looked in the checkout would have a harmless ``import hearts_teach.typo``
    reported as an attempt to read the teacher's files."""
    for finder in list(sys.meta_path):
        module = sys.modules.get(getattr(finder, "__module__", "") or "")
        mapping = getattr(module, "MAPPING", None)
        if isinstance(mapping, dict) and "hearts_teach" in mapping:
            sys.meta_path.remove(finder)


def _refused(name: str) -> Any:
    def refused(*args: Any, **kwargs: Any) -> None:
        sys.audit(REFUSED_EVENT, name)
        raise PermissionError(f"the grader does not let a submission use {name}")

    refused.__name__ = name.rsplit(".", 1)[-1]
    return refused


@functools.cache
def readable_folders(root: str, path: tuple[str, ...]) -> tuple[str, ...]:
    """The folders a submission in ``root`` may read, with ``path`` as its ``sys.path``.
    Cached: the league's bot process asks once, and every hand's fork inherits the answer
    (the realpath calls cost about half of a fork's guard)."""
    return tuple(sorted({root, *(os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix)),
                         *(os.path.realpath(p) for p in path if p and os.path.isdir(p)),
                         "/usr", "/lib", "/lib32", "/lib64", "/etc", "/dev", "/sys", "/proc"}))


def _install_guard(root: str, private: tuple[str, ...] = (), refused: list[str] | None = None) -> None:
    """Refuse what a submission may not do; note each refusal (at most 5) in ``refused``."""
    refused = [] if refused is None else refused
    # immutable values only: the hook's closure must not be a handle a submission can edit
    root = os.path.realpath(root)
    private = tuple(os.path.realpath(p) for p in private)
    me = str(os.getpid())
    # what a submission may read: its folder (with its copy of the package), Python and the
    # installed packages, and the system's own folders; ``private`` stays out even so
    readable = readable_folders(root, tuple(sys.path))
    allowed_dlsym = frozenset({b"PyThreadState_SetAsyncExc", "PyThreadState_SetAsyncExc"})
    refuse_always = frozenset({
        "subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty",
        "os.kill", "os.killpg", "socket.connect", "socket.bind", "ctypes.dlopen", "pty.spawn", "os.startfile",
        # a datagram (or a TCP Fast Open connection) needs no connect(): any socket is refused
        "socket.__new__", "socket.sendto", "socket.sendmsg",
        "signal.pthread_kill",
        # the objects of the running interpreter (the hook among them) are not a submission's business
        "gc.get_objects", "gc.get_referrers", "gc.get_referents"})
    refuse_imports = frozenset({"_posixsubprocess", "_signal", "posix", "_imp"})  # fresh copies (see above)
    path_events = frozenset({"os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.chmod", "os.chown", "os.symlink",
                             "os.link", "os.truncate", "os.utime", "shutil.rmtree", "shutil.move", "shutil.copyfile"})
    opened = itertools.count(1)  # files opened for writing: only ever counts up
    plain_paths = (str, bytes)  # a path object's __fspath__ is Python code a submission can change

    def inside(path: Any) -> bool:
        if isinstance(path, int):
            return True  # an already open descriptor
        if type(path) not in plain_paths:
            # an object's __fspath__ could name one file to open() and another one here:
            # only a plain string or bytes path is the path that is really opened
            return False
        try:
            p = os.path.realpath(os.fsdecode(path))
        except Exception:  # noqa: BLE001
            return False
        return p == root or p.startswith(root + os.sep) or p == os.devnull

    def under(p: str, folders: tuple[str, ...]) -> bool:
        return any(p == d or p.startswith(d.rstrip(os.sep) + os.sep) for d in folders)

    def secret(path: Any) -> bool:
        """Not Python's or the system's files, nor its own folder: the answers, classmates'
        notebooks, the teacher's other files; or another process's memory and files (/proc/PID)."""
        if type(path) not in plain_paths:
            return False  # open() hands the hook the decoded str; only listings get an object here
        try:
            p = os.path.realpath(os.fsdecode(path))
        except Exception:  # noqa: BLE001
            return True
        parts = p.split(os.sep)
        if p == "/proc":  # the list of processes (the OS sandbox shows only its own; still not its business)
            return True
        if len(parts) > 2 and parts[1] == "proc":
            return parts[2].isdigit() and parts[2] != me
        return under(p, private) or not under(p, readable)

    def refusal(event: str, args: tuple) -> str:
        """Why ``event`` is refused ("" when it is allowed)."""
        if event == "open":
            path, mode, flags = (tuple(args) + (None, None, None))[:3]
            writing = (isinstance(mode, str) and any(m in mode for m in "wax+")) or \
                (isinstance(flags, int) and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND))
            if writing and not inside(path):
                shown = repr(path) if type(path) in plain_paths else f"through a {type(path).__name__} (use a str path)"
                return f"the grader does not let a submission write {shown}"
            if writing and next(opened) > MAX_WRITES:
                # each file is capped (RLIMIT_FSIZE); their number is capped here, or one
                # submission could fill the disk that the other students' runs share
                return f"the grader does not let a submission open more than {MAX_WRITES} files for writing"
        if event in ("open", "os.listdir", "os.scandir", "glob.glob") and args and secret(args[0]):
            return (f"the grader does not let a submission read {args[0]!r} (only its own folder, "
                    "Python and the installed packages)")
        if event in refuse_always:
            return f"the grader does not let a submission use {event}"
        if event == REFUSED_EVENT:
            return f"the grader does not let a submission use {args[0] if args else 'that'}"
        if event == "resource.prlimit" and args and args[0] not in (0, os.getpid()):
            # another process's limits: a CPU limit of 1 s on the grader would kill it
            return "the grader does not let a submission change another process's limits"
        if event == "import" and args and args[0] in refuse_imports:
            return f"the grader does not let a submission load {args[0]} again"
        if event == "ctypes.dlsym" and len(args) > 1 and args[1] not in allowed_dlsym:
            return "the grader does not let a submission call native code"
        if event in path_events and not all(inside(a) for a in args[:2] if isinstance(a, str | bytes | os.PathLike)):
            return f"the grader does not let a submission change files outside its folder ({event})"
        return ""

    def hook(event: str, args: tuple) -> None:
        why = refusal(event, args)
        if why:
            if len(refused) < 5:  # reported to the grader even when the cell catches the error
                refused.append(why)
            raise PermissionError(why)

    sys.addaudithook(hook)


def set_limits(limits: dict[int, int]) -> None:
    """Set each resource limit (soft = hard) that this system allows; a refused one is left as
    it is (the parent's deadline still applies). Shared with the league's bot processes."""
    for res, value in limits.items():
        try:
            resource.setrlimit(res, (value, value))
        except (ValueError, OSError):
            pass


def _take_out_grading_calls() -> Any:
    """The student's copy of ``check``/``verify`` and friends do nothing here: the grader runs
    the cases itself (below), outside the student's reach. Returns the checks' framework."""
    from hearts_teach.classroom import autograde, checks
    from hearts_teach.classroom.checks import bot, framework, strategy

    for module, names in ((checks, CELL_EXCEPTIONS), (strategy, STRATEGY_NOOPS), (bot, BOT_NOOPS),
                          (autograde, ("verify",))):
        for name in names:
            setattr(module, name, _noop)
    return framework


def _quiet_shell() -> Any:
    from IPython.core.interactiveshell import InteractiveShell
    from traitlets.config import Config

    config = Config()
    config.HistoryManager.enabled = False
    shell: Any = InteractiveShell.instance(config=config)  # its methods are replaced below
    shell.register_magic_function(_noop, "line", "matplotlib")  # plots are not graded
    shell.showtraceback = lambda *a, **k: None  # errors are recorded below, not printed

    def no_shell(cmd: Any = "", *args: Any, **kwargs: Any) -> None:
        # `!pip list` would otherwise be refused deep inside IPython as "os.forkpty", which tells the
        # teacher nothing; the note names the command instead
        what = f"a shell command (!{str(cmd).strip()[:60]})"
        sys.audit(REFUSED_EVENT, what)
        raise PermissionError(f"the grader does not let a submission use {what}")

    for name in ("system", "system_piped", "system_raw", "getoutput"):
        setattr(shell, name, no_shell)
    return shell


def _run_cells(shell: Any, job: dict, send: Any, framework: Any) -> None:
    for i, source in enumerate(job["sources"]):
        send({"cell": i})
        signal.setitimer(signal.ITIMER_REAL, job["cell_limit"])
        try:
            result = shell.run_cell(source, silent=True, store_history=False)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        err = result.error_before_exec or result.error_in_exec
        if err is not None:
            text = (f"did not finish within {job['cell_limit']:g} s" if isinstance(err, CellTimeout)
                    else framework.one_line(err))
            send({"cell_error": [i, text]})
            if isinstance(err, CellTimeout):  # the grade may stand; the teacher hears of the hang
                send({"cell_stopped": i})


def _private_module(name: str) -> Any:
    """A fresh copy of module ``name`` that is not in ``sys.modules``.

    The notebook's code can import and patch ``hearts_teach``'s modules (switch off the time
    limit, say); the calls and their reports go through these copies, made before any of its
    code ran, which no import reaches. What they report is judged in the grader's process."""
    import importlib.util

    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ImportError(name)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _run_calls(shell: Any, job: dict, send: Any, framework: Any, private: tuple[Any, Any, Any]) -> None:
    # bound before the student's code ran, from modules it cannot import (``_private_module``)
    decode, encode, call_with_limit = private
    for k, call in enumerate(job["calls"]):
        limit = float(call.get("limit") or job["case_limit"])  # a checker's own limit (exercise 10: 1 s)
        func = shell.user_ns.get(call["function"])
        if func is None:
            send({"missing": k})
            continue
        if not callable(func):
            send({"not_callable": k, "what": framework._short(func)})
            continue
        for j, args_data in enumerate(call["cases"]):
            args = decode(args_data, positions=True)  # a position is rebuilt here, from its fields
            send({"start": [k, j]})  # the grader times the case on its own clock from here
            outcome = call_with_limit(lambda *a, f=func: encode(f(*a)), args, limit)
            event: dict[str, Any] = {"case": [k, j], "printed": framework.clip(outcome.printed, 2000)}
            if outcome.timed_out:
                event["timeout"] = True
                event["unstoppable"] = outcome.unstoppable
            elif isinstance(outcome.error, NotImplementedError):
                event["not_implemented"] = True
            elif outcome.error is not None:
                event["raised"] = framework.one_line(outcome.error) + framework._where(outcome.tb)
            else:
                event["value"] = outcome.value
                # the inputs as they are after the call: the grader compares them with what it sent
                try:
                    event["after"] = encode(tuple(args), positions=True)
                except Exception:  # noqa: BLE001 - inputs turned into something unreadable: changed
                    event["after"] = None
            send(event)
            if "timeout" in event or "not_implemented" in event:
                break  # like check(): a stub or an endless loop would make every case wait


def main() -> None:
    out_fd = int(sys.argv[2])
    job = json.loads(sys.stdin.read())
    sys.stdin.close()
    if job.get("fonts"):  # matplotlib's font list, built by the grader: copied in before any student code
        import shutil

        try:
            shutil.copytree(job["fonts"], os.path.join(job["root"], ".matplotlib"), dirs_exist_ok=True)
        except OSError:
            pass
    set_limits({resource.RLIMIT_AS: job["memory_bytes"], resource.RLIMIT_CPU: job["cpu_seconds"],
                resource.RLIMIT_FSIZE: job["file_bytes"], resource.RLIMIT_CORE: 0})
    out = os.fdopen(out_fd, "w", buffering=1, encoding="utf-8")

    def send(event: dict) -> None:
        out.write(json.dumps(event) + "\n")
        out.flush()

    import hearts_teach

    plain = _private_module("hearts_teach.classroom.plaindata")
    calls = _private_module("hearts_teach.classroom.checks.calls")

    send({"package": os.path.dirname(hearts_teach.__file__)})
    framework = _take_out_grading_calls()
    shell = _quiet_shell()

    def on_alarm(signum: int, frame: Any) -> None:
        raise CellTimeout()

    signal.signal(signal.SIGALRM, on_alarm)
    _remove_escapes()
    _forget_installed_package()
    refused: list[str] = []
    _install_guard(job["root"], tuple(job.get("private", ())), refused)
    _run_cells(shell, job, send, framework)
    send({"calls": True})
    _run_calls(shell, job, send, framework, (plain.decode, plain.encode, calls.call_with_limit))
    if refused:
        send({"refused": [str(r)[:300] for r in refused]})
    send({"done": True})
    out.flush()
    os._exit(0)  # no atexit handlers or finalisers of the student's code
