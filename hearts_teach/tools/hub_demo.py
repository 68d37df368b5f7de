"""``python -m hearts_teach hub-demo``: the course on a JupyterHub on this machine, for a teacher to try.

Creates a teacher and three students as system accounts (marked as the demo's, so ``--remove``
deletes only those), gives the teacher an nbgrader course with exercise 02 ready to release, and
starts ``deploy/jupyterhub/jupyterhub_config.py`` on http://127.0.0.1:PORT until Ctrl-C. Runs as
root: it creates accounts and the hub starts each user's server as that user.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import pwd
import secrets
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from hearts_teach.classroom import hub

MARK = "hearts_teach hub demo"  # the accounts' comment (GECOS): what --remove may delete
ASSIGNMENT = "ex02"
ASSIGNMENT_NOTEBOOK = "02_trick_winner.ipynb"
GRADING = "grading"  # the teacher's nbgrader course folder, in the teacher's home


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port", type=int, default=8000, help="the hub's port on 127.0.0.1 (default 8000; the proxy's "
                                                         "API, the Play service and the hub's API take PORT+1, PORT+2 "
                                                         "and PORT+81)")
    p.add_argument("--dir", type=Path, default=Path("/srv/hearts-teach-hub"),
                   help="the hub's own folder: database, exchange, demo passwords (default /srv/hearts-teach-hub)")
    p.add_argument("--prefix", default="hearts-", help="put before every demo account's name (default hearts-)")
    p.add_argument("--students", default="ada,ben,cy", help="comma-separated student names (default ada,ben,cy)")
    p.add_argument("--course", type=Path, default=hub.checkout_root(),
                   help="the hearts_teach checkout to hand out (default: the one this package runs from)")
    p.add_argument("--remove", action="store_true",
                   help="delete the demo's accounts, their homes and DIR instead of starting the hub")


def _run(*cmd: str) -> None:
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode:
        raise hub.HubSetupError(f"{' '.join(cmd)} failed: {(done.stderr or done.stdout).strip()}")


def _account(name: str) -> pwd.struct_passwd | None:
    try:
        return pwd.getpwnam(name)
    except KeyError:
        return None


def ensure_account(name: str) -> pwd.struct_passwd:
    """A system account with a private home (0700), made by the demo; an existing account that
    is not the demo's is refused rather than taken over."""
    account = _account(name)
    if account is None:
        _run("useradd", "--create-home", "--user-group", "--shell", "/bin/bash", "--comment", MARK, name)
        account = pwd.getpwnam(name)
    elif account.pw_gecos != MARK:
        raise hub.HubSetupError(f"an account named {name} exists and is not the demo's: "
                                "choose another --prefix")
    os.chmod(account.pw_dir, 0o700)
    return account


def remove_accounts(names: list[str]) -> list[str]:
    """Delete the demo's accounts among ``names`` with their homes; returns those deleted."""
    gone = []
    for name in names:
        account = _account(name)
        if account is not None and account.pw_gecos == MARK:
            _stop_processes(name)
            _run("userdel", "--remove", name)
            gone.append(name)
    return gone


def _stop_processes(name: str, timeout: float = 15.0) -> None:
    """Kill the account's processes (their servers, if any) and wait until they are gone: userdel
    refuses an account while any process of it remains, and a killed server is not gone at once."""
    deadline = time.monotonic() + timeout
    while subprocess.run(["pkill", "-KILL", "-u", name], capture_output=True).returncode == 0:
        if time.monotonic() > deadline:
            return  # userdel then names the process that stayed
        time.sleep(0.2)


def _write_as(account: pwd.struct_passwd, path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    for p in [path, *path.parents]:
        if p == Path(account.pw_dir):
            break
        os.chown(p, account.pw_uid, account.pw_gid)


def teacher_course(course: Path, teacher: pwd.struct_passwd) -> Path:
    """The teacher's nbgrader course in ``~/grading``, with exercise 02 as assignment ex02 (its source is
    the solution notebook, which carries nbgrader's metadata); left as it is when it exists."""
    root = Path(teacher.pw_dir) / GRADING
    source = root / "source" / ASSIGNMENT / ASSIGNMENT_NOTEBOOK
    if not source.exists():
        _write_as(teacher, source, (course / "solutions" / ASSIGNMENT_NOTEBOOK).read_text(encoding="utf-8"))
    config = Path(teacher.pw_dir) / ".jupyter" / "nbgrader_config.py"
    if not config.exists():
        _write_as(teacher, config, "c = get_config()  # noqa: F821\n"
                                   f"c.CourseDirectory.root = {str(root)!r}\n"
                                   "c.ExecutePreprocessor.timeout = 300\n")
    return root


def passwords_file(folder: Path) -> Path:
    return folder / "hub" / "demo-passwords"  # the hub's private folder (root only)


def demo_passwords(folder: Path, names: list[str]) -> dict[str, str]:
    """A password for each demo account, new at its first start and kept in
    ``folder/hub/demo-passwords`` (root only, one ``name password`` line each) for the next."""
    stored = passwords_file(folder)
    known: dict[str, str] = {}
    if stored.exists():
        for line in stored.read_text(encoding="utf-8").splitlines():
            name, _, password = line.partition(" ")
            if name and password:
                known[name] = password
    got = {name: known.get(name) or secrets.token_urlsafe(9) for name in names}
    stored.parent.mkdir(parents=True, exist_ok=True)
    stored.parent.chmod(0o700)
    stored.write_text("".join(f"{n} {p}\n" for n, p in {**known, **got}.items()), encoding="utf-8")
    stored.chmod(0o600)
    return got


def set_password(name: str, password: str) -> None:
    done = subprocess.run(["chpasswd"], input=f"{name}:{password}\n", capture_output=True, text=True)
    if done.returncode:
        raise hub.HubSetupError(f"chpasswd could not set {name}'s password: {done.stderr.strip()}")


def check_ready(course: Path) -> None:
    """Everything the hub needs, each missing piece named with its fix."""
    if not sys.platform.startswith("linux"):
        raise hub.HubSetupError("hub-demo runs on Linux (system accounts and JupyterHub's local spawner)")
    if os.geteuid() != 0:
        raise hub.HubSetupError("hub-demo creates system accounts and starts servers as them, so it runs as "
                                "root: sudo ./dev hub")
    if importlib.util.find_spec("jupyterhub") is None:
        raise hub.HubSetupError("JupyterHub is not installed in this environment: ./dev hub installs it "
                                "(it is in requirements-lock.txt, the [hub] extra)")
    if hub.find_proxy() is None:
        raise hub.HubSetupError("configurable-http-proxy (npm) is missing: ./dev hub installs it into the venv")
    for folder in ("notebooks", "exercises", "solutions", "deploy/jupyterhub"):
        if not (course / folder).is_dir():
            raise hub.HubSetupError(f"{course} has no {folder}/: --course must be a hearts_teach checkout")


def check_reachable(account: pwd.struct_passwd, course: Path) -> None:
    """The students' servers run this interpreter and read the course: both must be reachable."""
    for path in (Path(sys.prefix), Path(sys.executable), course):
        blocked = hub.unreachable(path, account.pw_uid, account.pw_gid)
        if blocked is not None:
            raise hub.HubSetupError(
                f"{account.pw_name} cannot reach {path}: {blocked} is closed to other accounts "
                f"(mode {blocked.stat().st_mode & 0o777:o}). Put the checkout and its venv where every account "
                "may read them (e.g. under /srv or /opt), or open that folder with chmod o+x.")


# what students must not read in the checkout the hub serves from: the answers
ANSWERS = ("solutions", "tests", ".git")


def close_answers(course: Path, folder: Path, teacher: pwd.struct_passwd) -> list[str]:
    """Close the checkout's answers (solutions, the tests' reference answers, git history) to every
    account but the teacher's group; the students must read the rest of it (the package, the venv).
    The old owner group and mode are kept in ``folder/hub/answer-modes`` for ``--remove`` to put
    back. Returns the folders closed now."""
    record = folder / "hub" / "answer-modes"
    kept: dict[str, str] = {}
    if record.exists():
        for line in record.read_text(encoding="utf-8").splitlines():
            mode_gid, _, where = line.partition(" ")
            kept[where] = mode_gid
    closed = []
    for name in ANSWERS:
        path = course / name
        if not path.exists() or path.is_symlink():
            continue
        st = path.stat()
        if st.st_mode & 0o007 or st.st_gid != teacher.pw_gid:
            kept.setdefault(str(path), f"{st.st_mode & 0o7777:o}:{st.st_gid}")
            os.chown(path, -1, teacher.pw_gid)  # the teacher's grader reads solutions/
            path.chmod((st.st_mode & 0o7700) | 0o050)
            closed.append(name)
    record.write_text("".join(f"{m} {p}\n" for p, m in kept.items()), encoding="utf-8")
    return closed


def reopen_answers(folder: Path) -> None:
    record = folder / "hub" / "answer-modes"
    if record.exists():
        for line in record.read_text(encoding="utf-8").splitlines():
            mode_gid, _, path = line.partition(" ")
            mode, _, gid = mode_gid.partition(":")
            if Path(path).exists():
                os.chown(path, -1, int(gid))
                Path(path).chmod(int(mode, 8))


def running_hub(folder: Path) -> int | None:
    """The pid of a hub an earlier start left running from ``folder`` (its terminal closed), if any."""
    pid_file = folder / "hub" / "jupyterhub.pid"
    try:
        pid = int(pid_file.read_text(encoding="utf-8").strip())
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
    except (OSError, ValueError):
        return None
    return pid if b"jupyterhub" in command else None  # not a pid number reused by another program


def _stop_on(*signals: int) -> None:
    """Closing the terminal (SIGHUP) or ``kill`` (SIGTERM) stops the hub as Ctrl-C does."""
    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    for s in signals:
        signal.signal(s, stop)


def _die_with_parent() -> None:
    """In the hub's process: end when hub-demo ends, however it ends (Linux's parent-death signal)."""
    import ctypes

    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def main_hub_demo(args: argparse.Namespace) -> int:
    students = [args.prefix + s.strip() for s in args.students.split(",") if s.strip()]
    teacher = args.prefix + "teacher"
    try:
        if args.remove:
            pid = running_hub(args.dir)
            if pid is not None:
                os.kill(pid, signal.SIGTERM)  # the hub stops its users' servers
                for _ in range(100):
                    if running_hub(args.dir) is None:
                        break
                    time.sleep(0.2)
                print(f"stopped the hub still running from {args.dir} (pid {pid})")
            reopen_answers(args.dir)
            gone = remove_accounts([teacher, *students])
            print(f"removed {len(gone)} demo account(s) with their homes: {', '.join(gone) or 'none found'}")
            if passwords_file(args.dir).exists():  # only a folder the demo made
                shutil.rmtree(args.dir)
                print(f"removed {args.dir}")
            return 0
        if not 0 < args.port < 65536 - 81:
            raise hub.HubSetupError(f"--port {args.port}: choose 1-65454 (the hub also takes PORT+1, PORT+2 and PORT+81)")
        pid = running_hub(args.dir)
        if pid is not None:
            raise hub.HubSetupError(f"a hub started earlier from {args.dir} is still running (pid {pid}; its "
                                    f"terminal was closed?): stop it with `kill {pid}`, then start again")
        course = args.course.resolve()
        check_ready(course)
        accounts = [ensure_account(name) for name in (teacher, *students)]
        passwords = demo_passwords(args.dir, [teacher, *students])
        for name, password in passwords.items():
            set_password(name, password)
        for account in accounts:
            check_reachable(account, course)
        teacher_course(course, accounts[0])
        closed = close_answers(course, args.dir, accounts[0])
    except (hub.HubSetupError, OSError) as exc:
        print(f"hub-demo: {exc}", file=sys.stderr)
        return 1
    env = dict(os.environ, HEARTS_HUB_DIR=str(args.dir.resolve()), HEARTS_HUB_COURSE=str(course),
               HEARTS_HUB_TEACHER=teacher, HEARTS_HUB_STUDENTS=",".join(students),
               HEARTS_HUB_PORT=str(args.port))
    url = f"http://127.0.0.1:{args.port}"
    print(f"The course on JupyterHub: {url}  (each account logs in with its own password)\n"
          f"  teacher:  {teacher} {passwords[teacher]}\n"
          f"            (manages the class on the hub's admin page; an nbgrader course in ~{teacher}/{GRADING} "
          f"with assignment {ASSIGNMENT} ready to release: Nbgrader > Formgrader)\n"
          + "".join(f"  student:  {name} {passwords[name]}\n" for name in students)
          + f"  (the passwords are kept in {passwords_file(args.dir)}, readable by root only)\n"
          + (f"  closed {', '.join(closed)} of {course} to all but {teacher}'s group: they hold the answers "
             "(--remove opens them again)\n" if closed else "")
          + "Ctrl-C stops the hub; `python -m hearts_teach hub-demo --remove` deletes the demo accounts.",
          flush=True)
    _stop_on(signal.SIGHUP, signal.SIGTERM)
    proc = subprocess.Popen([str(Path(sys.executable).parent / "jupyterhub"), "-f",
                             str(course / "deploy" / "jupyterhub" / "jupyterhub_config.py")],
                            cwd=args.dir, env=env, start_new_session=True, preexec_fn=_die_with_parent)
    try:
        return proc.wait()
    except KeyboardInterrupt:
        print("\nstopping the hub", flush=True)
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
        return 0
