"""Your mistakes become your drills (course/my_drills.py): saved decisions come back when due,
are graded by the coach as lesson 08's drills are, and are rescheduled by the answer."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hearts_teach import Hand
from hearts_teach.course.drills import DRILLS, DrillSession
from hearts_teach.course.my_drills import NONE_DUE, MyDrills, in_words
from hearts_teach.present.learner_db import open_db, shared_db

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
QUEEN = DRILLS[4]  # the queen on the table: K♠ is a blunder, 9♠ or 10♠ the best


def save_queen(db, now=T0):
    return db.add_mistake(kind="play", seat=0, position=QUEEN.make().to_json(), chosen=["KS"], best=["TS"],
                          verdict="blunder", cost=13.0, reason="K♠ takes the queen", source="the Play app", now=now)


def save_pass(db, now=T0):
    return db.add_mistake(kind="pass", seat=0, position=Hand.deal(seed=287).to_json(), chosen=["5C", "JC", "3H"],
                          best=["AD", "QS", "AS"], verdict="mistake", cost=2.0, reason="keeps the queen",
                          source="lesson 07", now=now)


def test_with_no_drills_due_it_says_so_plainly(tmp_path):
    session = MyDrills(open_db(tmp_path), now=T0)
    assert session.text() == NONE_DUE
    assert session.widget is not None and session.control is None
    assert session._prompt.value == f"<pre>{NONE_DUE}</pre>"
    assert session.answer("QS").startswith("All drills are done.")


def test_a_saved_play_comes_back_graded_as_in_lesson_08_and_is_rescheduled(tmp_path):
    db = open_db(tmp_path)
    drill_id = save_queen(db)
    session = MyDrills(db, now=T0 + timedelta(minutes=1))
    assert session.text().startswith("Drill 1 of 1 · Your play, trick 3\n"
                                     "Trick 3: South to play. Which card does South play? (Saved from: the Play app.)")
    feedback = session.answer("TS")
    # the same grading as the fixed drills: the coach's verdict, marks and reason
    fixed = DrillSession([QUEEN]).answer("TS").replace("The queen is on the table", "Your play, trick 3")
    assert feedback.startswith(fixed)
    assert feedback.endswith(" Last time you chose K♠ (blunder). This drill comes back in 2 days.")
    [d] = db.drills()
    assert d.id == drill_id and d.due > T0 + timedelta(days=2)
    assert db.due_drills(T0 + timedelta(days=1)) == []
    [p] = db.progress()
    assert (p.lesson, p.item, p.passed, p.first) == ("your drills", f"saved drill {drill_id}", True,
                                                     T0 + timedelta(minutes=1))


def test_a_wrong_answer_brings_the_drill_back_sooner_and_is_clicked_like_lesson_08(tmp_path):
    db = open_db(tmp_path)
    save_queen(db)
    session = MyDrills(db, now=T0)
    session.widget  # noqa: B018 - builds the widgets
    session.control.buttons["KS"].click()
    assert session.results[0].verdict == "blunder"
    assert session.results[0].feedback.endswith("This drill comes back in 10 minutes.")
    assert [d.id for d in db.due_drills(T0 + timedelta(minutes=10))] == [1]
    assert db.progress()[0].passed is False


def test_a_saved_pass_is_asked_with_its_direction_and_graded(tmp_path):
    db = open_db(tmp_path)
    save_pass(db)
    save_queen(db, now=T0 + timedelta(minutes=5))
    session = MyDrills(db, now=T0 + timedelta(hours=1))
    assert [d.title for d in session.drills] == ["Your pass, hand 1", "Your play, trick 3"]
    assert "Passing left. Which three cards does South pass? (Saved from: lesson 07.)" in session.text()
    feedback = session.answer("QS AS AD")
    assert feedback.startswith("Drill 1 · Your pass, hand 1: you chose A♦ Q♠ A♠ → ")
    assert "Last time you chose 5♣ J♣ 3♥ (mistake)." in feedback
    assert session.text().index("Graded:") < session.text().index("Next: Drill 2 of 2 · Your play, trick 3")


def test_a_refused_card_keeps_the_drill_and_records_nothing(tmp_path):
    db = open_db(tmp_path)
    save_queen(db)
    session = MyDrills(db, now=T0)
    assert session.answer("JC").startswith("Can't play J♣: South does not hold J♣")
    assert not session.results and db.progress() == []
    assert db.drills()[0].due == T0


def test_a_storage_failure_is_shown_and_the_drill_still_graded(tmp_path):
    db = open_db(tmp_path)
    save_queen(db)
    session = MyDrills(db, now=T0)
    db._db.close()  # the file goes away under the session (as a failing disk would)
    feedback = session.answer("TS")
    assert "best" in feedback and feedback.endswith(
        "Could not save your answer (Cannot operate on a closed database.); play goes on, but this is not saved.")


def test_a_record_the_engine_no_longer_accepts_is_skipped_with_a_note(tmp_path):
    db = open_db(tmp_path)
    save_queen(db)
    save_pass(db)
    db._db.execute("UPDATE drills SET position = '{\"format\": \"hearts_teach.hand/1\"}' WHERE id = 1")
    session = MyDrills(db, now=T0)
    assert len(session.drills) == 1 and session.saved[0].id == 2
    assert session.text().startswith("1 saved drill could not be restored and was skipped: drill 1 (deal: missing).")


def test_the_default_database_is_the_data_folder(learner_data):
    save_queen(shared_db())
    session = MyDrills(now=T0)
    assert session.db.path == learner_data / "learner.sqlite3" and len(session.drills) == 1


def test_in_words():
    assert [in_words(timedelta(seconds=s)) for s in (30, 60, 600, 7200, 86400, 3 * 86400 + 5)] == [
        "now", "in 1 minute", "in 10 minutes", "in 2 hours", "in 1 day", "in 3 days"]
