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
            # the proxy's API, the Play service and the hub's API take port + 1, + 2 and + 81
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
        """Config every user's server reads (JUPYTER_CONFIG_PATH): nbgrader's exchange and course id,
        terminals that keep the hub's PATH, JupyterLab without its news pop-up."""
        return self.state / "jupyter"

    @property
    def student_config(self) -> Path:
        """Config only the students' servers read first: no teacher's tools (Formgrader, Create assignment)."""
        return self.state / "jupyter-students"


def nbgrader_config_text(settings: HubSettings) -> str:
    return ("# written by hearts_teach.classroom.hub: every user of the hub shares one exchange and course id\n"
            "c = get_config()  # noqa: F821\n"
            f"c.CourseDirectory.course_id = {COURSE_ID!r}\n"
            f"c.Exchange.root = {str(settings.exchange)!r}\n"
            "# a student who deleted the test cells is graded on them all the same (nbgrader puts them back)\n"
            "c.OverwriteCells.add_missing_cells = True\n")


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
    files = {
        settings.jupyter_config / "nbgrader_config.py": nbgrader_config_text(settings),
        # a terminal is a plain (not login) shell, so it keeps the server's PATH: python, nbgrader
        # and the course's tools are the hub's (a login shell resets PATH from /etc/profile)
        settings.jupyter_config / "jupyter_server_config.json":
            _json({"ServerApp": {"terminado_settings": {"shell_command": ["/bin/bash"]}}}),
        settings.jupyter_config / "lab-settings" / "overrides.json":
            _json({"@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False}}),
        settings.student_config / "jupyter_server_config.json":
            _json({"ServerApp": {"jpserver_extensions": {f"nbgrader.server_extensions.{x}": False
                                                         for x in TEACHER_SERVER_EXTENSIONS}}}),
        settings.student_config / "labconfig" / "page_config.json":
            _json({"disabledExtensions": {f"@jupyter/nbgrader:{x}": True for x in TEACHER_LAB_PLUGINS}}),
    }
    for path, text in files.items():
        for folder in reversed(path.relative_to(settings.state).parents[:-1]):
            (settings.state / folder).mkdir(exist_ok=True)
            (settings.state / folder).chmod(0o755)
        path.write_text(text, encoding="utf-8")
        path.chmod(0o644)


def _json(data: object) -> str:
    import json

    return json.dumps(data, indent=1, sort_keys=True) + "\n"


# the teacher's nbgrader tools, which a student's server leaves out
TEACHER_SERVER_EXTENSIONS = ("formgrader", "course_list")
TEACHER_LAB_PLUGINS = ("formgrader", "create-assignment", "course-list")


def spawn_environment(settings: HubSettings) -> dict[str, Any]:
    """Environment of every user's server: our interpreter's tools first on PATH (nbgrader calls
    alembic), the hub's shared config (a student's own first), and our Voilà template so the Play
    app looks as in ``./dev play``. A value may be a function of the spawner (JupyterHub calls it)."""
    bin_dir = str(Path(sys.executable).parent)
    shared = [str(settings.jupyter_config), str(SHARE / "config")]

    def config_path(spawner: Any) -> str:
        mine = [] if spawner.user.name == settings.teacher else [str(settings.student_config)]
        return os.pathsep.join(mine + shared)

    return {"PATH": os.pathsep.join([bin_dir, "/usr/local/bin", "/usr/bin", "/bin"]),
            "JUPYTER_CONFIG_PATH": config_path, "JUPYTER_PATH": str(SHARE)}


def lab_args(settings: HubSettings) -> list[str]:
    """Options of every user's JupyterLab: the hub's lab settings (no news pop-up), then
    ``HEARTS_HUB_LAB_ARGS`` (space-separated, for tests)."""
    return [f"--LabApp.app_settings_dir={settings.jupyter_config / 'lab-settings'}",
            "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            *os.environ.get("HEARTS_HUB_LAB_ARGS", "").split()]


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
        env={"HOME": home, "PATH": str(spawn_environment(settings)["PATH"]), "PYTHONDONTWRITEBYTECODE": "1"},
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


# What the teacher may do on the hub: see the class on the admin page and start or stop a student's
# server, but not enter it nor make tokens for it (JupyterHub's built-in admin role can do both,
# which would open every student's drills and progress to the teacher).
TEACHER_SCOPES = ["admin-ui", "list:users", "read:users", "admin:servers", "read:hub"]
