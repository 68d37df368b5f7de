"""A student's bot cannot stop the class league: two lines (``os.kill(os.getppid(), 9)`` at
import) once killed the whole league run. The bot's process now runs under the class
grader's guard: the attempt is refused and counted as the bot's problem."""

from __future__ import annotations

from pathlib import Path

from hearts_teach.classroom.league import run_league

BOT = """
def choose_pass(view):
    return list(view.cards)[-3:]

def choose_play(view):
    return list(view.legal)[0]
"""


def _write(folder: Path, name: str, source: str) -> Path:
    path = folder / f"{name}.py"
    path.write_text(source, encoding="utf-8")
    return path


def test_a_bot_cannot_kill_the_league(tmp_path):
    files = [_write(tmp_path, "ann", BOT), _write(tmp_path, "bob", BOT),
             _write(tmp_path, "kil", "import os, signal\nos.kill(os.getppid(), signal.SIGKILL)\n" + BOT),
             _write(tmp_path, "pid", BOT.replace("    return list(view.legal)[0]",
                                                 "    import os, signal\n"
                                                 "    signal.pidfd_send_signal(os.pidfd_open(os.getppid()), 9)\n"))]
    res = run_league(files, hands=1, seed=2, move_limit=1.0)
    by = {s.name: s for s in res.standings}
    assert by["ann"].problems == 0 and by["bob"].problems == 0
    assert set(by["kil"].reasons) == {"load"} and "os.kill" in by["kil"].first_problem
    assert set(by["pid"].reasons) == {"raised"} and "pidfd_open" in by["pid"].first_problem
    assert {s.hands for s in res.standings} == {4}


def test_a_refusal_in_the_league_is_worded_as_the_leagues_not_the_graders(tmp_path):
    # the guard is shared with the class grader; a teacher reading the league's table was told
    # "the grader does not let a submission read ..."
    from hearts_teach.classroom.league import run_league

    bot = tmp_path / "peeker.py"
    bot.write_text("def choose_pass(view):\n    open('/etc/../" + str(tmp_path).lstrip("/") + "/x.py').read()\n"
                   "def choose_play(view):\n    return view.legal[0]\n", encoding="utf-8")
    (tmp_path / "x.py").write_text("secret\n", encoding="utf-8")
    res = run_league([bot], hands=1, seed=3)
    first = res.standings[0].first_problem
    assert "PermissionError: the league does not let a bot read" in first, first
    assert "grader" not in first
