"""The hub's pieces that need no hub: merging the course into a home (nbgitpuller's rules), the
settings read from the environment, nbgrader's shared config, and hub-demo's refusals. The whole
round on a real hub with real accounts is tests/e2e/test_hub.py."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from traitlets.config import Config

from hearts_teach.classroom import course_copy, hub
from hearts_teach.classroom.course_copy import CourseCopyError, copy_course
from hearts_teach.tools import hub_demo


def _course(root: Path) -> Path:
    for rel, text in {"notebooks/00_welcome.ipynb": "welcome v1", "notebooks/01_deal.ipynb": "deal v1",
                      "exercises/02_trick_winner.ipynb": "stub v1", "solutions/02_trick_winner.ipynb": "ANSWER",
                      "docs/rules.md": "rules", "docs/players.md": "players", "docs/teaching.md": "teacher only",
                      "notebooks/.ipynb_checkpoints/00_welcome-checkpoint.ipynb": "old"}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def test_the_first_copy_hands_out_lessons_and_exercises_and_never_the_solutions(tmp_path):
    source, dest = _course(tmp_path / "src"), tmp_path / "home" / "hearts-course"
    report = copy_course(source, dest)
    got = sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*") if p.is_file())
    assert got == [".course-manifest.json", "docs/players.md", "docs/rules.md", "exercises/02_trick_winner.ipynb",
                   "notebooks/00_welcome.ipynb", "notebooks/01_deal.ipynb"]
    assert report.copied == got[1:] and not (report.updated or report.kept or report.restored)
    assert str(report) == "course copy: 5 copied"
    assert str(copy_course(source, dest)) == "course copy: nothing to do"


def test_a_students_work_is_kept_and_untouched_files_follow_the_course(tmp_path):
    source, dest = _course(tmp_path / "src"), tmp_path / "hearts-course"
    copy_course(source, dest)
    (dest / "exercises" / "02_trick_winner.ipynb").write_text("my answer", encoding="utf-8")
    (dest / "notebooks" / "01_deal.ipynb").unlink()
    for rel in ("exercises/02_trick_winner.ipynb", "notebooks/00_welcome.ipynb"):
        (source / rel).write_text("v2", encoding="utf-8")
    (source / "notebooks" / "02_new.ipynb").write_text("new lesson", encoding="utf-8")

    report = copy_course(source, dest)
    assert report.kept == ["exercises/02_trick_winner.ipynb"]
    assert report.updated == ["notebooks/00_welcome.ipynb"]
    assert report.restored == ["notebooks/01_deal.ipynb"]
    assert report.copied == ["notebooks/02_new.ipynb"]
    assert (dest / "exercises" / "02_trick_winner.ipynb").read_text(encoding="utf-8") == "my answer"
    assert (dest / "notebooks" / "00_welcome.ipynb").read_text(encoding="utf-8") == "v2"
    # a later course change still leaves the student's copy alone
    (source / "exercises" / "02_trick_winner.ipynb").write_text("v3", encoding="utf-8")
    assert copy_course(source, dest).kept == ["exercises/02_trick_winner.ipynb"]
    assert (dest / "exercises" / "02_trick_winner.ipynb").read_text(encoding="utf-8") == "my answer"


def test_a_planted_link_is_never_written_through(tmp_path):
    source, dest = _course(tmp_path / "src"), tmp_path / "hearts-course"
    outside = tmp_path / "outside.txt"
    outside.write_text("precious", encoding="utf-8")
    (dest / "notebooks").mkdir(parents=True)
    (dest / "notebooks" / "00_welcome.ipynb").symlink_to(outside)
    report = copy_course(source, dest)
    assert "notebooks/00_welcome.ipynb" in report.kept
    assert outside.read_text(encoding="utf-8") == "precious"


def test_files_already_there_count_as_the_students_unless_they_match(tmp_path):
    source, dest = _course(tmp_path / "src"), tmp_path / "hearts-course"
    (dest / "notebooks").mkdir(parents=True)
    (dest / "notebooks" / "00_welcome.ipynb").write_text("welcome v1", encoding="utf-8")  # the same
    (dest / "notebooks" / "01_deal.ipynb").write_text("theirs", encoding="utf-8")
    (dest / course_copy.MANIFEST).write_text("[not a manifest", encoding="utf-8")
    report = copy_course(source, dest)
    assert report.kept == ["notebooks/01_deal.ipynb"]
    manifest = json.loads((dest / course_copy.MANIFEST).read_text(encoding="utf-8"))
    assert manifest["notebooks/00_welcome.ipynb"] != "" and manifest["notebooks/01_deal.ipynb"] == ""
    (source / "notebooks" / "00_welcome.ipynb").write_text("v2", encoding="utf-8")
    assert copy_course(source, dest).updated == ["notebooks/00_welcome.ipynb"]


def test_a_folder_that_is_not_a_checkout_is_refused_in_one_line(tmp_path, capsys):
    (tmp_path / "notebooks").mkdir()
    with pytest.raises(CourseCopyError, match="has no exercises: give the folder of a hearts_teach checkout"):
        copy_course(tmp_path, tmp_path / "dest")
    assert course_copy.main([str(tmp_path), str(tmp_path / "dest")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("course copy failed: ") and err.count("\n") == 1


def test_the_real_handout_holds_every_lesson_and_exercise_and_no_solution():
    files = course_copy.handout_files(hub.checkout_root())
    assert "notebooks/00_welcome.ipynb" in files and "notebooks/play.ipynb" in files
    assert "exercises/02_trick_winner.ipynb" in files and "docs/rules.md" in files
    assert not [f for f in files if f.startswith(("solutions/", "tests/"))]


def test_settings_come_from_the_environment_and_a_bad_port_is_named(monkeypatch, tmp_path):
    monkeypatch.setenv("HEARTS_HUB_DIR", str(tmp_path))
    monkeypatch.setenv("HEARTS_HUB_STUDENTS", " ada, ben ,,cy")
    monkeypatch.setenv("HEARTS_HUB_PORT", "8123")
    settings = hub.HubSettings.from_env()
    assert settings.students == ("ada", "ben", "cy") and settings.port == 8123
    assert settings.exchange == tmp_path / "exchange" and settings.accounts == ("hearts-teacher", "ada", "ben", "cy")
    monkeypatch.setenv("HEARTS_HUB_PORT", "80000")
    with pytest.raises(hub.HubSetupError, match=r"HEARTS_HUB_PORT='80000' is not a port number \(1-65454\)"):
        hub.HubSettings.from_env()


def test_the_shared_nbgrader_config_and_the_exchange(tmp_path):
    settings = hub.HubSettings(state=tmp_path / "hub", course=tmp_path, teacher="t", students=("s",))
    hub.prepare_state(settings)
    assert stat.S_IMODE(settings.exchange.stat().st_mode) == 0o1777  # nbgrader's: anyone writes, sticky
    assert stat.S_IMODE(settings.private.stat().st_mode) == 0o700  # the hub's database and cookie secret
    c = Config()
    exec((settings.jupyter_config / "nbgrader_config.py").read_text(encoding="utf-8"), {"get_config": lambda: c})
    assert c.CourseDirectory.course_id == "hearts" and c.Exchange.root == str(settings.exchange)
    env = hub.spawn_environment(settings)

    class Spawner:  # what JupyterHub passes to a callable value: the spawner, with its user
        def __init__(self, name):
            self.user = type("User", (), {"name": name})

    # a student's server reads the students' config first (no Formgrader, no Create assignment)
    assert env["JUPYTER_CONFIG_PATH"](Spawner("s")).split(os.pathsep)[:2] == [str(settings.student_config),
                                                                              str(settings.jupyter_config)]
    assert env["JUPYTER_CONFIG_PATH"](Spawner("t")).split(os.pathsep)[0] == str(settings.jupyter_config)
    students = json.loads((settings.student_config / "jupyter_server_config.json").read_text(encoding="utf-8"))
    assert students["ServerApp"]["jpserver_extensions"]["nbgrader.server_extensions.formgrader"] is False
    shared = json.loads((settings.jupyter_config / "jupyter_server_config.json").read_text(encoding="utf-8"))
    assert shared["ServerApp"]["terminado_settings"]["shell_command"] == ["/bin/bash"]  # keeps the hub's PATH


def test_a_closed_folder_on_the_way_is_found():
    import shutil
    import tempfile

    top = Path(tempfile.mkdtemp(dir="/tmp"))  # pytest's own folders are closed to others
    try:
        top.chmod(0o755)
        inner = top / "closed" / "venv"
        inner.mkdir(parents=True)
        (top / "closed").chmod(0o700)
        assert hub.unreachable(inner, 65534, 65534) == top / "closed"
        (top / "closed").chmod(0o701)
        assert hub.unreachable(inner, 65534, 65534) is None
    finally:
        shutil.rmtree(top)


def test_hub_demo_names_what_is_missing(monkeypatch, tmp_path):
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    with pytest.raises(hub.HubSetupError, match="runs as root: sudo ./dev hub"):
        hub_demo.check_ready(hub.checkout_root())
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    monkeypatch.setattr(hub, "find_proxy", lambda: None)
    with pytest.raises(hub.HubSetupError, match="configurable-http-proxy"):
        hub_demo.check_ready(hub.checkout_root())
    first = hub_demo.demo_passwords(tmp_path, ["t", "s"])
    assert stat.S_IMODE((tmp_path / "hub" / "demo-passwords").stat().st_mode) == 0o600
    assert first["t"] != first["s"] and len(first["s"]) >= 12
    # kept for the next start; a new account gets its own
    again = hub_demo.demo_passwords(tmp_path, ["t", "s", "u"])
    assert again["t"] == first["t"] and again["s"] == first["s"] and again["u"] not in first.values()


def test_hub_demo_refuses_to_run_when_not_root(monkeypatch, capsys, tmp_path):
    from hearts_teach.__main__ import main

    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    assert main(["hub-demo", "--dir", str(tmp_path / "hub")]) == 1
    assert capsys.readouterr().err == ("hub-demo: hub-demo creates system accounts and starts servers as them, "
                                      "so it runs as root: sudo ./dev hub\n")


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a folder to another group needs root (hub-demo runs as root)")
def test_the_answers_are_closed_to_other_accounts_and_opened_again(tmp_path):
    course, state = _course(tmp_path / "src"), tmp_path / "hub"
    (course / "tests").mkdir()
    (course / "solutions").chmod(0o755)
    (state / "hub").mkdir(parents=True)
    import pwd

    nobody = list(pwd.getpwnam("nobody"))
    nobody[3] = os.getgid() + 4242  # a group of its own
    teacher = pwd.struct_passwd(nobody)
    gid = (course / "solutions").stat().st_gid
    assert hub_demo.close_answers(course, state, teacher) == ["solutions", "tests"]
    closed = (course / "solutions").stat()
    assert stat.S_IMODE(closed.st_mode) == 0o750 and closed.st_gid == teacher.pw_gid  # the teacher's grader reads it
    assert hub_demo.close_answers(course, state, teacher) == []  # a second start: already closed, modes kept
    hub_demo.reopen_answers(state)
    opened = (course / "solutions").stat()
    assert stat.S_IMODE(opened.st_mode) == 0o755 and opened.st_gid == gid


def test_a_hub_left_running_is_found_by_its_pid_file(tmp_path):
    (tmp_path / "hub").mkdir()
    assert hub_demo.running_hub(tmp_path) is None
    (tmp_path / "hub" / "jupyterhub.pid").write_text(str(os.getpid()), encoding="utf-8")
    assert hub_demo.running_hub(tmp_path) is None  # a live pid, but not a hub's (pytest's own)
    (tmp_path / "hub" / "jupyterhub.pid").write_text("not a pid", encoding="utf-8")
    assert hub_demo.running_hub(tmp_path) is None


def test_the_play_service_sends_everyone_to_the_app_in_their_own_server():
    import http.client
    import threading
    from http.server import ThreadingHTTPServer

    from hearts_teach.classroom import hub_play

    assert hub_play.play_url("/") == "/hub/user-redirect/voila/render/hearts-course/notebooks/play.ipynb"
    assert hub_play.play_url("/class/") == "/class/hub/user-redirect/voila/render/hearts-course/notebooks/play.ipynb"
    server = ThreadingHTTPServer(("127.0.0.1", 0), hub_play.Redirect)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        for path in ("/services/play-hearts/", "/services/play-hearts/anything?x=1"):
            conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=10)
            conn.request("GET", path)
            reply = conn.getresponse()
            assert (reply.status, reply.getheader("Location")) == (302, hub_play.play_url("/"))
            conn.close()
    finally:
        server.shutdown()
        server.server_close()
