"""A class on one JupyterHub: the settings and hooks that ``deploy/jupyterhub/jupyterhub_config.py`` uses.

One system user per student and one for the teacher; JupyterHub's local process spawner starts
each one's JupyterLab as that user, so ordinary Unix permissions keep homes apart (homes are
``0700``). Every login merges the course into ``~/hearts-course`` (:mod:`course_copy`, run as the
user). nbgrader's exchange lives in the hub's folder, with one course id for the class; each
student's drills and progress stay in their own home (the platformdirs folder of their account).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import hearts_teach

COURSE_ID = "hearts"
COURSE_FOLDER = "hearts-course"  # in every home
SHARE = Path(hearts_teach.__file__).resolve().parent / "share"  # our Voilà template and config
PLAY_PATH = f"{COURSE_FOLDER}/notebooks/play.ipynb"


class HubSetupError(ValueError):
    """The hub cannot be set up as asked; the message says what to change."""


def checkout_root() -> Path:
    """The hearts_teach checkout this package runs from (it holds notebooks/ and exercises/)."""
    return Path(hearts_teach.__file__).resolve().parents[1]


def _env_list(name: str, default: str) -> tuple[str, ...]:
    return tuple(n.strip() for n in os.environ.get(name, default).split(",") if n.strip())


@dataclass(frozen=True)
class HubSettings:
    """Everything the hub's configuration reads, from ``HEARTS_HUB_*`` variables (defaults: a demo on localhost)."""

    state: Path  # the hub's own folder: its database, cookie secret, the exchange, the students' shared config
    course: Path  # the checkout whose notebooks/ and exercises/ every student gets
    teacher: str
    students: tuple[str, ...]
    ip: str = "127.0.0.1"
    port: int = 8000
    api_token: str | None = None  # set: a service with this token may manage users and servers (scripts, tests)

    @classmethod
    def from_env(cls) -> HubSettings:
        port = os.environ.get("HEARTS_HUB_PORT", "8000")
        if not port.isdigit() or not 0 < int(port) < 65536 - 81:
            # the hub's API and the proxy's take port + 81 and port + 1
            raise HubSetupError(f"HEARTS_HUB_PORT={port!r} is not a port number (1-65454)")
        return cls(state=Path(os.environ.get("HEARTS_HUB_DIR", "/srv/hearts-teach-hub")),
                   course=Path(os.environ.get("HEARTS_HUB_COURSE", str(checkout_root()))),
                   teacher=os.environ.get("HEARTS_HUB_TEACHER", "hearts-teacher"),
                   students=_env_list("HEARTS_HUB_STUDENTS", "hearts-ada,hearts-ben,hearts-cy"),
                   ip=os.environ.get("HEARTS_HUB_IP", "127.0.0.1"), port=int(port),
                   api_token=os.environ.get("HEARTS_HUB_API_TOKEN") or None)

    @property
    def exchange(self) -> Path:
        return self.state / "exchange"

    @property
    def accounts(self) -> tuple[str, ...]:
        return (self.teacher, *self.students)

    @property
    def private(self) -> Path:
        """The hub's own files (its database, cookie secret, pid files): root only."""
        return self.state / "hub"

    @property
    def jupyter_config(self) -> Path:
        """Config every user's server reads (JUPYTER_CONFIG_PATH): nbgrader's exchange and course id."""
        return self.state / "jupyter"


def nbgrader_config_text(settings: HubSettings) -> str:
    return ("# written by hearts_teach.classroom.hub: every user of the hub shares one exchange and course id\n"
            "c = get_config()  # noqa: F821\n"
            f"c.CourseDirectory.course_id = {COURSE_ID!r}\n"
            f"c.Exchange.root = {str(settings.exchange)!r}\n")


def prepare_state(settings: HubSettings) -> None:
    """The hub's folder: its private files (root only), nbgrader's exchange (anyone may write, as
    nbgrader requires; the sticky bit keeps a user from removing another's files) and the config
    every server reads."""
    settings.state.mkdir(parents=True, exist_ok=True)
    settings.state.chmod(0o755)  # every account reaches the exchange and the shared config inside
    settings.private.mkdir(exist_ok=True)
    settings.private.chmod(0o700)
    settings.exchange.mkdir(exist_ok=True)
    settings.exchange.chmod(0o1777)
    settings.jupyter_config.mkdir(exist_ok=True)
    settings.jupyter_config.chmod(0o755)
    config = settings.jupyter_config / "nbgrader_config.py"
    config.write_text(nbgrader_config_text(settings), encoding="utf-8")
    config.chmod(0o644)


def spawn_environment(settings: HubSettings) -> dict[str, str]:
    """Environment of every user's server: our interpreter's tools first on PATH (nbgrader calls
    alembic), the hub's shared config, and our Voilà template so the Play app looks as in ``./dev play``."""
    bin_dir = str(Path(sys.executable).parent)
    return {"PATH": os.pathsep.join([bin_dir, "/usr/local/bin", "/usr/bin", "/bin"]),
            "JUPYTER_CONFIG_PATH": os.pathsep.join([str(settings.jupyter_config), str(SHARE / "config")]),
            "JUPYTER_PATH": str(SHARE)}


def unreachable(path: Path, uid: int, gid: int) -> Path | None:
    """The first folder on the way to ``path`` that the account ``uid``/``gid`` cannot pass, if any
    (students' servers run the hub's interpreter and read the course from the checkout)."""
    path = path.resolve()
    for folder in [*reversed(path.parents), path]:
        st = folder.stat()
        if st.st_uid == uid:
            bit = 0o100
        elif st.st_gid == gid:
            bit = 0o010
        else:
            bit = 0o001
        if not st.st_mode & bit:
            return folder
    return None


async def copy_course_as_user(settings: HubSettings, username: str, home: str, uid: int, gid: int,
                              log: Any = None) -> int:
    """Merge the course into ``home/hearts-course`` as the user (never as root: see course_copy)."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "hearts_teach.classroom.course_copy", str(settings.course), f"{home}/{COURSE_FOLDER}",
        user=uid, group=gid, extra_groups=[], cwd=home,
        env={"HOME": home, "PATH": spawn_environment(settings)["PATH"], "PYTHONDONTWRITEBYTECODE": "1"},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    try:
        out, _ = await asyncio.wait_for(proc.communicate(), timeout=120)
    except TimeoutError:
        proc.kill()
        out = b"took longer than 120 s"
    if log is not None:
        words = out.decode(errors="replace").strip()
        (log.info if proc.returncode == 0 else log.warning)("%s: %s", username, words)
    return proc.returncode if proc.returncode is not None else 1


def make_pre_spawn_hook(settings: HubSettings) -> Any:
    """The spawner's hook: before a user's server starts, merge the course into their home."""
    import pwd

    async def pre_spawn_hook(spawner: Any) -> None:
        account = pwd.getpwnam(spawner.user.name)
        # a failed copy is logged, not fatal: the student still gets their server and their work
        await copy_course_as_user(settings, spawner.user.name, account.pw_dir, account.pw_uid, account.pw_gid,
                                  log=spawner.log)

    return pre_spawn_hook


def find_proxy() -> str | None:
    """configurable-http-proxy: the copy ``./dev`` installs beside the venv, else one on PATH."""
    local = Path(sys.prefix) / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
    if local.exists():
        return str(local)
    return shutil.which("configurable-http-proxy")


def extra_lab_args() -> list[str]:
    """More options for every user's JupyterLab, from ``HEARTS_HUB_LAB_ARGS`` (space-separated)."""
    return os.environ.get("HEARTS_HUB_LAB_ARGS", "").split()


# What the teacher may do on the hub: see the class on the admin page and start or stop a student's
# server, but not enter it nor make tokens for it (JupyterHub's built-in admin role can do both,
# which would open every student's drills and progress to the teacher).
TEACHER_SCOPES = ["admin-ui", "list:users", "read:users", "admin:servers", "read:hub"]
