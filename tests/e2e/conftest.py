"""Browser fixtures: Debian's chromium driven by Playwright, JupyterLab and Voilà servers.

Never `playwright install`: we launch /usr/bin/chromium through ``executable_path``.
On CI (CI=true) a missing chromium or playwright is a failure, not a skip.
The lesson is copied to a temporary folder before it is served, so the browser's
autosave can never touch the repository's notebook.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LESSON = ROOT / "notebooks" / "07_play_a_match.ipynb"
PLAY = ROOT / "notebooks" / "play.ipynb"
LESSON_11 = ROOT / "notebooks" / "11_three_to_six_players.ipynb"  # a table of three
CHROMIUM = os.environ.get("HEARTS_CHROMIUM", "/usr/bin/chromium")
CHROME_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
TOKEN = "e2e-token"
LAB_DEFAULT_URL = "/lab/tree/notebooks/00_welcome.ipynb"  # what `./dev lab` opens


def _missing(what: str) -> None:
    """Skip locally; on CI the browser tests must run, so fail loudly instead."""
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"browser tests cannot run on CI: {what}", pytrace=False)
    pytest.skip(what)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, timeout: float = 60, any_answer: bool = False) -> None:
    """Poll until the server answers (Voilà has no status API: any HTTP answer counts)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except urllib.error.HTTPError:
            if any_answer:
                return
            time.sleep(0.2)
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"no answer from {url} after {timeout} s")


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not os.path.exists(CHROMIUM):
        _missing(f"{CHROMIUM} not found (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed (pip install -r requirements-lock.txt)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROME_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def served_dir() -> Iterator[Path]:
    tmp = Path(tempfile.mkdtemp(prefix="hearts-e2e-"))
    (tmp / "nb").mkdir()
    for nb in (LESSON, PLAY, LESSON_11):
        shutil.copy(nb, tmp / "nb" / nb.name)
    yield tmp
    shutil.rmtree(tmp, ignore_errors=True)


def _server_env(tmp: Path, trick_pause: str = "0") -> dict[str, str]:
    settings = tmp / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True, exist_ok=True)
    # no "Jupyter news?" toast over the page
    (settings / "notification.jupyterlab-settings").write_text('{"fetchNews": "false", "checkForUpdates": false}')
    # the learner's data in a folder of this run (drills, the stored match), and the Play
    # app's first match dealt from seed 1, so a page and its Python replay agree
    (tmp / "learner-data").mkdir(exist_ok=True)
    return dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp / "cfg"), JUPYTER_RUNTIME_DIR=str(tmp / "rt"),
                JUPYTERLAB_SETTINGS_DIR=str(tmp / "settings"), JUPYTER_PLATFORM_DIRS="1",
                HEARTS_TRICK_PAUSE=trick_pause, HEARTS_TEACH_DATA=str(tmp / "learner-data"),
                HEARTS_PLAY_SEED="1")


def _stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


def _lab(tmp: Path, root: Path, *extra: str) -> Iterator[str]:
    """A JupyterLab server on a free port serving ``root``; yields its base URL."""
    port = free_port()
    log = open(tmp / f"lab-{root.name}.log", "w")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", "--ip=127.0.0.1", f"--port={port}",
         f"--ServerApp.token={TOKEN}", f"--ServerApp.root_dir={root}",
         "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=None",
         "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
         f"--LabApp.workspaces_dir={tmp / ('ws-' + root.name)}", *extra],
        # a short trick pause in JupyterLab, so the browser test sees it happen
        stdout=log, stderr=subprocess.STDOUT, env=_server_env(tmp, trick_pause="0.3"))
    try:
        # JupyterLab took 64 s to answer on this 2-core box at load 24 (8 helpers at work)
        wait_http(f"http://127.0.0.1:{port}/api/status?token={TOKEN}", timeout=240)
        yield f"http://127.0.0.1:{port}"
    finally:
        _stop(proc)
        log.close()


@pytest.fixture(scope="session")
def lab_url(served_dir: Path) -> Iterator[str]:
    yield from _lab(served_dir, served_dir / "nb")


@pytest.fixture(scope="session")
def course_url(served_dir: Path) -> Iterator[str]:
    """JupyterLab as `./dev lab` starts it: the repository root served (here a copy of its
    notebooks/ and exercises/), lesson 00 as the default page."""
    course = served_dir / "course"
    for folder in ("notebooks", "exercises"):
        shutil.copytree(ROOT / folder, course / folder)
    yield from _lab(served_dir, course, f"--LabApp.default_url={LAB_DEFAULT_URL}")


def start_voila(folder: Path, log_path: Path, env: dict[str, str],
                args: Sequence[str] = ()) -> tuple[subprocess.Popen, str]:
    """Voilà serving every notebook of ``folder`` at /voila/render/NAME.ipynb (``args``: more options)."""
    port = free_port()
    log = open(log_path, "w")  # noqa: SIM115 - the server owns it until it stops
    # the same template and config as `./dev play` (see the dev script)
    share = ROOT / "hearts_teach" / "share"
    env = dict(env, JUPYTER_PATH=os.pathsep.join(filter(None, [str(share), env.get("JUPYTER_PATH")])),
               JUPYTER_CONFIG_PATH=os.pathsep.join(filter(None, [str(share / "config"),
                                                                 env.get("JUPYTER_CONFIG_PATH")])))
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", str(folder), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", *args],
        stdout=log, stderr=subprocess.STDOUT, env=env, cwd=folder)
    try:
        wait_http(f"http://127.0.0.1:{port}/", any_answer=True)
    except RuntimeError:
        _stop(proc)
        raise
    return proc, f"http://127.0.0.1:{port}"


@pytest.fixture(scope="session")
def voila_url(served_dir: Path) -> Iterator[str]:
    proc, url = start_voila(served_dir / "nb", served_dir / "voila.log", _server_env(served_dir))
    try:
        yield url
    finally:
        _stop(proc)


def run_fresh_in_lab(page, lab_url: str, notebook: str, timeout_ms: int = 90_000) -> None:
    """Open ``notebook`` in JupyterLab, wait for its kernel, hide the file browser, clear the
    stored outputs (only live widgets can match a test then) and run every cell."""
    page.goto(f"{lab_url}/lab/tree/{notebook}?token={TOKEN}&reset")
    page.wait_for_function("window.jupyterapp && window.jupyterapp.shell.currentWidget"
                           " && window.jupyterapp.shell.currentWidget.sessionContext?.session?.kernel",
                           timeout=timeout_ms)
    run = "cmd => window.jupyterapp.commands.execute(cmd)"
    page.evaluate(run, "application:toggle-left-area")  # the file browser only takes room
    page.evaluate(run, "notebook:clear-all-cell-outputs")
    page.evaluate(run, "notebook:run-all-cells")
