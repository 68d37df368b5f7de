"""Review your play: the verdict on each decision (agents/review.py), graded in the background
(VerdictQueue, from a worker thread), shown as marks and as a review with "try again", stored
through the learner database (drills, the Play app's match)."""

from __future__ import annotations

import threading

import ipywidgets as w
import pytest
from review_support import stub_grade

from hearts_teach import Hand, Phase
from hearts_teach.agents import driver
from hearts_teach.agents.hearts import make_bot
from hearts_teach.agents.review import Graded, HandReview, MatchReview, grade, mark, position_at
from hearts_teach.kernel.cards import CardList
from hearts_teach.present.widgets import TableWidget
from hearts_teach.present.widgets.verdict_queue import VerdictQueue


def cheap_hint(view):
    return "pass anything" if view.phase == "pass" else f"Play {view.legal[0].pretty}"


def played_hand(seed: int = 5) -> Hand:
    hand = Hand.deal(seed)
    driver.play(hand, {s: make_bot("rule", seed=s) for s in range(4)})
    return hand


def g(index, verdict, cost, choices=3, kind="play"):
    return Graded(index, kind, 0, 0, index, CardList(["2C"]), verdict, cost, "why", CardList(["3C"]),
                  "3C because", choices, "pos")


# the model -------------------------------------------------------------------------------------
def test_position_at_rebuilds_the_decision_and_leaves_the_hand_alone():
    hand = played_hand()
    before = hand.snapshot()
    mine = [i for i, a in enumerate(hand.history) if a.seat == 0 and a.kind == "play"]
    pos = position_at(hand, mine[4])
    assert pos.turn == 0 and pos.history == hand.history[:mine[4]] and hand.snapshot() == before
    pos.play(hand.history[mine[4]].card)  # the card you played is legal there again
    with pytest.raises(ValueError, match="index must be a position"):
        position_at(hand, len(hand.history))


def test_grade_is_the_coachs_seeded_verdict_and_repeats():
    hand = played_hand()
    last = [i for i, a in enumerate(hand.history) if a.seat == 0 and a.kind == "play"][-3:]
    for i in last:
        a, b = grade(hand, i), grade(hand, i)
        assert a == b  # the same position and seed: the same verdict, cost and reasons
        from hearts_teach.agents.coach import assess_play
        coach = assess_play(position_at(hand, i).view(0))
        assert a.verdict == coach.verdict(hand.history[i].card) and a.best[0] == coach.best.cards[0]
        assert a.trick == position_at(hand, i).trick_number and a.cost >= 0


def test_the_review_counts_accuracy_points_and_the_moments_that_mattered():
    hand = played_hand()
    mine = [i for i, a in enumerate(hand.history) if a.seat == 0]
    verdicts = ["best", "fine", "inaccuracy", "blunder", "mistake", "best"]
    grades = {i: g(i, v, c) for i, v, c in zip(mine, verdicts, [0, 0.1, 0.6, 4.2, 1.8, 0], strict=False)}
    grades[mine[6]] = g(mine[6], "best", 0, choices=1)  # a forced card: not counted
    r = HandReview.build(hand, 0, grades, result="Hand 1 scores: …")
    assert r.accuracy == 3 / 6 and r.given_away == 6.6
    assert [m.verdict for m in r.moments] == ["blunder", "mistake", "inaccuracy"]
    text = r.text()
    assert "Accuracy: 3 of 6 decisions best or too close to call (50%); about 6.6 expected points given away." in text
    assert "— no real choice" in text and "?? blunder" in text and "Coach's choice: 3C because" in text
    clean = HandReview.build(hand, 0, {mine[0]: g(mine[0], "best", 0)})
    assert "Moments that mattered: none — every decision was best or too close to call." in clean.text()
    both = MatchReview((r, clean))
    assert both.given_away == 6.6 and both.accuracy == 4 / 7 and "hand 1, trick" in both.text()
    assert mark("mistake") == "? mistake" and mark("too close to call") == "· too close to call"


def test_a_hand_the_autopilot_played_says_so_once():
    """No accuracy, no "every decision was best or fine" and no empty list when the learner
    made no decision at all (lesson 11's autopilot hand)."""
    from hearts_teach.agents.review import AUTOPILOT_ONLY
    from hearts_teach.present.widgets.review_panel import review_html

    none = HandReview.build(played_hand(), 0, {}, result="Hand 1 scores: …")
    assert not none.decisions
    assert none.text().splitlines() == ["Review of hand 1 (South)", "Hand 1 scores: …", AUTOPILOT_ONLY]
    html = review_html(none)
    assert "autopilot played this whole hand" in html and "Accuracy" not in html and "best or too close to call" not in html


# the background grading -----------------------------------------------------------------------
def test_verdicts_are_graded_in_a_worker_thread_that_updates_widgets():
    hand = played_hand()
    html = w.HTML()
    threads = []

    def drawn(key):
        threads.append(threading.current_thread().name)
        html.value = f"{len(q.results)} graded"  # a widget trait set from the worker thread

    q = VerdictQueue(on_done=drawn, grader=stub_grade)
    mine = [i for i, a in enumerate(hand.history) if a.seat == 0]
    for i in mine:
        q.submit(hand, i)
    assert q.wait(timeout=60)
    assert html.value == f"{len(mine)} graded" and set(threads) == {"hearts-verdicts"}
    assert all(isinstance(q.results[k], Graded) for k in q.results)

    def broken(_hand, _index, _seed):
        raise RuntimeError("the coach is out")

    bad = VerdictQueue(grader=broken)
    key = bad.submit(hand, mine[0])
    assert bad.wait(timeout=30) and bad.results[key] == "not graded: RuntimeError: the coach is out"
    q.close()
    bad.close()


def test_the_worker_ends_when_idle_and_keeps_each_jobs_grader(monkeypatch):
    """No thread is left behind by a table nobody plays, and a job queued under a stub coach is
    graded by that stub even if the stub is swapped out before the job runs."""
    import hearts_teach.present.widgets.verdict_queue as vq

    hand = played_hand()
    mine = [i for i, a in enumerate(hand.history) if a.seat == 0]
    gate = threading.Event()
    seen = []

    def gated(h, i, seed):
        gate.wait(30)
        seen.append(i)
        return stub_grade(h, i, seed)

    def wrong(_h, _i, _seed):
        raise AssertionError("graded by a grader set after the job was queued")

    monkeypatch.setattr(vq, "DEFAULT_GRADER", gated)
    q = VerdictQueue()
    keys = [q.submit(hand, i) for i in mine[:3]]
    monkeypatch.setattr(vq, "DEFAULT_GRADER", wrong)
    assert q.pending() == 3
    gate.set()
    assert q.wait(timeout=60) and q.join(timeout=60)
    assert seen == mine[:3] and all(isinstance(q.results[k], Graded) for k in keys)
    assert q._thread is None
    assert not [t for t in threading.enumerate() if t.name == "hearts-verdicts"]
    # the next job starts a new worker, graded by the grader in force now
    monkeypatch.setattr(vq, "DEFAULT_GRADER", stub_grade)
    key = q.submit(hand, mine[3])
    assert q.wait(timeout=60) and isinstance(q.results[key], Graded) and q.join(timeout=60)
    assert q.pending() == 0 and not [t for t in threading.enumerate() if t.name == "hearts-verdicts"]


# the table --------------------------------------------------------------------------------------
@pytest.fixture
def stubbed(monkeypatch):
    monkeypatch.setattr("hearts_teach.present.widgets.verdict_queue.DEFAULT_GRADER", stub_grade)


def play_out(t: TableWidget, pick=0) -> None:
    if t.hand.phase is Phase.PASS:
        t.pass_cards(list(t.pass_picker.buttons)[:3])
    while not t.hand.is_over:
        active = [k for k, b in t.hand_widget.buttons.items() if b.active]
        t.hand_widget.buttons[active[min(pick, len(active) - 1)]].click()


def test_marks_appear_on_your_moves_and_can_be_turned_off(stubbed):
    t = TableWidget(seed=3, hint_fn=cheap_hint, trick_pause=0)
    t.pass_cards(list(t.pass_picker.buttons)[:3])
    t.review_panel.queue.wait()
    assert "Your moves" in t.review_panel.moves_html.value and "Pass " in t.review_panel.moves_html.value
    assert "<details" in t.review_panel.moves_html.value  # the reason is one click away
    assert "Your moves: pass: " in t.text()
    t.review_panel.marks_box.value = False
    assert t.review_panel.moves_html.value == "" and "Your moves" not in t.text()


def test_the_hand_review_try_again_and_the_drills(stubbed):
    from hearts_teach.course.my_drills import MyDrills
    from hearts_teach.present.learner_db import shared_db

    t = TableWidget(seed=3, hint_fn=cheap_hint, trick_pause=0)
    play_out(t, pick=-1)  # the highest playable card: the stub calls most of them mistakes
    t.review_panel.queue.wait()
    review = t.review
    assert review.moments and "Review of hand 1" in t.review_panel.review_html.value
    assert review.text() in t.text()
    assert [b.description for b in t.review_panel.try_buttons] == [f"Try again: {m.label}" for m in review.moments]
    # every decision graded inaccuracy or worse was saved as a drill, due now
    saved = shared_db().due_drills(limit=50)
    assert len(saved) == len(review.costly) and "Saved" in t.review_panel.review_html.value
    assert MyDrills().text() != ""
    # try again: a practice table at that very position, saying it is not the match
    first = review.moments[0]
    t.review_panel.try_buttons[0].click()
    p = t.practice_table
    assert p is not None and p.hand.snapshot() == position_at(t.hand, first.index).snapshot()
    assert "not the match" in p.text() and "not the match" in p.note_html.value
    assert t.match.hand.is_over and t.practice_box.children[0] is p.widget
    play_out(p, pick=0)
    assert "a practice position, not the match" in p.review.text()
    assert len(shared_db().due_drills(limit=50)) == len(saved)  # practice saves nothing new
    t.close_practice()
    assert t.practice_table is None and t.practice_box.children == ()
    assert "Try again takes a moment" in t.try_again(9)


def test_step_during_the_pass_keeps_your_chosen_cards_and_hints_are_logged(stubbed):
    t = TableWidget(seed=3, hint_fn=cheap_hint, trick_pause=0)
    t.buttons["hint"].click()
    assert "Hint: Pass anything." in t.log_lines
    keys = list(t.pass_picker.buttons)
    t.pass_picker.buttons[keys[0]].click()
    t.pass_picker.buttons[keys[5]].click()
    t.buttons["step"].click()
    passed = t.hand.passed(0)
    assert {str(c) for c in passed} >= {keys[0], keys[5]}
    assert "the autopilot completed your pass" in t.last_message and "Hint: Pass anything." in t.log_lines
    assert t.review.decisions == ()  # the autopilot's pass is not graded as yours


def test_a_click_made_on_cards_since_redrawn_plays_nothing(stubbed):
    """The browser sends each click with the number of the cards it was drawn from; a click made
    before the last play was answered (two quick taps, a slow kernel) must not play a second card
    on a position the player has not seen. The pass picker's taps are on/off choices: all count."""
    t = TableWidget(seed=3, hint_fn=cheap_hint, trick_pause=0)
    picker = t.pass_picker.row
    seen = picker.seq
    picker._handle_custom_msg({"event": "click", "key": "ZZ", "seq": seen}, [])  # a forged key: ignored
    assert t.pass_picker.selected == []
    keys = list(t.pass_picker.buttons)
    picker._handle_custom_msg({"event": "click", "key": keys[0], "seq": seen}, [])
    picker._handle_custom_msg({"event": "click", "key": keys[1], "seq": seen}, [])  # redrawn since: still a tap
    assert [str(c) for c in t.pass_picker.selected] == keys[:2]
    t.pass_picker.buttons[keys[2]].click()
    t.pass_picker.confirm.click()
    row = t.hand_widget.row
    seen = row.seq
    playable = [k for k, b in t.hand_widget.buttons.items() if b.active]
    row._handle_custom_msg({"event": "click", "key": playable[0], "seq": seen}, [])
    assert row.seq != seen and len(t.hand_widget.buttons) == 12
    history = len(t.hand.history)
    later = next(k for k, b in t.hand_widget.buttons.items() if b.active)
    row._handle_custom_msg({"event": "click", "key": later, "seq": seen}, [])  # the second quick tap
    assert len(t.hand.history) == history and len(t.hand_widget.buttons) == 12
    row._handle_custom_msg({"event": "click", "key": later, "seq": row.seq}, [])  # made on what is shown
    assert len(t.hand_widget.buttons) == 11


# the Play app -----------------------------------------------------------------------------------
def test_the_play_app_stores_the_match_and_offers_to_continue(stubbed, monkeypatch):
    from hearts_teach.present.widgets import PlayApp

    monkeypatch.delenv("HEARTS_PLAY_SEED", raising=False)
    seeds = {PlayApp(trick_pause=0, hint_fn=cheap_hint).seed for _ in range(3)}
    assert len(seeds) > 1  # a new visit is not always the same deal
    monkeypatch.setenv("HEARTS_PLAY_SEED", "77")
    app = PlayApp(trick_pause=0, hint_fn=cheap_hint)
    assert app.seed == 77 and app.saved is None
    app.table.pass_cards(list(app.table.pass_picker.buttons)[:3])
    key = next(k for k, b in app.table.hand_widget.buttons.items() if b.active)
    app.table.hand_widget.buttons[key].click()
    where = app.table.hand.snapshot()
    # a reload: a new kernel, the same data folder
    again = PlayApp(trick_pause=0, hint_fn=cheap_hint)
    assert again.saved is not None and again.offer.layout.display != "none"
    assert "A match in progress is stored (seed 77)" in again.text()
    assert "You have a match in progress" in again.offer_html.value
    again.offer_buttons["continue"].click()
    assert again.table.hand.snapshot() == where and again.seed == 77
    assert [k[1] for k in again.table.review_panel._current(again.table.hand)] == \
        [k[1] for k in app.table.review_panel._current(app.table.hand)]
    # New match instead: the stored match stays until the new one is played
    third = PlayApp(trick_pause=0, hint_fn=cheap_hint)
    third.offer_buttons["fresh"].click()
    assert third.offer.layout.display == "none" and third.saved is None
    assert PlayApp(trick_pause=0, hint_fn=cheap_hint).saved is not None
    # an explicit seed (a notebook) plays that seed and offers nothing
    assert PlayApp(seed=5, trick_pause=0, hint_fn=cheap_hint).saved is None


def test_practise_my_mistakes_opens_the_saved_drills(stubbed):
    from hearts_teach.course.my_drills import MyDrills
    from hearts_teach.present.widgets import PlayApp

    app = PlayApp(seed=3, trick_pause=0, hint_fn=cheap_hint, practise=MyDrills)
    assert "No drills are due now" in app.practise_mistakes().text()
    play_out(app.table, pick=-1)
    app.table.review_panel.queue.wait()
    assert app.table.review.costly
    app.buttons["practise"].click()
    session = app.drills
    assert session.drills and app.drills_box.children[0] is session.widget
    assert len(session.drills) == len(app.table.review.costly)
    app.close_drills()
    assert app.drills_box.children == ()
    assert "practise" not in PlayApp(seed=3, trick_pause=0, hint_fn=cheap_hint).buttons


def test_focus_goes_back_to_your_cards_after_each_action(stubbed):
    t = TableWidget(seed=3, hint_fn=cheap_hint, trick_pause=0)
    hand_row = t.hand_widget.row
    before = hand_row.focus_seq
    t.pass_cards(list(t.pass_picker.buttons)[:3])  # Confirm pass
    assert hand_row.focus_seq == before + 1
    sent = []
    t.buttons["next_hand"].send = lambda msg, buffers=None: sent.append(msg)  # Button.focus() sends this
    play_out(t)  # the last card: focus on Next hand
    assert sent == [{"do": "focus"}]
    t.buttons["next_hand"].click()
    assert t.pass_picker.row.focus_seq == 1  # the new hand's pass
    t.buttons["finish_hand"].click()  # the autopilot ends the hand: focus on Next hand again
    assert sent == [{"do": "focus"}, {"do": "focus"}]
    practice = TableWidget(seed=3, hint_fn=cheap_hint, trick_pause=0, practice=True)
    practice.pass_cards(list(practice.pass_picker.buttons)[:3])
    key = next(k for k, b in practice.hand_widget.buttons.items() if b.active)
    practice.hand_widget.buttons[key].click()
    before = practice.hand_widget.row.focus_seq
    practice.buttons["undo"].click()  # the card comes back, and the focus with it
    assert practice.hand_widget.row.focus_seq == before + 1


def test_a_stale_offer_goes_when_the_page_is_shown(stubbed, monkeypatch):
    # Voilà runs the notebook in a preheated kernel before the visit: a match stored then and
    # finished since is no longer offered when the page shows the app
    from hearts_teach.present.widgets import PlayApp, learner_store

    monkeypatch.setenv("HEARTS_PLAY_SEED", "77")
    app = PlayApp(trick_pause=0, hint_fn=cheap_hint)
    app.table.pass_cards(list(app.table.pass_picker.buttons)[:3])
    preheated = PlayApp(trick_pause=0, hint_fn=cheap_hint)
    assert preheated.saved is not None and preheated.holder.layout.display == "none"
    app.table.buttons["finish_match"].click()  # the match ends elsewhere: nothing stored
    assert learner_store.get_state(learner_store.APP_KEY) is None
    preheated.beacon._handle_custom_msg({"event": "shown"}, [])
    assert preheated.saved is None and preheated.holder.layout.display == ""
    assert preheated.offer.layout.display == "none"


def test_the_play_apps_still_picture_is_its_first_screen(stubbed, monkeypatch):
    """The text/html beside the widget (what Voilà's page shows before the kernel is connected,
    share/voila/templates/hearts) is the app's screen: the same cards in the same order, the same
    lines, and nothing that looks clickable; a stored match shows the offer instead."""
    import re

    from hearts_teach.present.widgets import PlayApp
    from hearts_teach.present.widgets.snapshot import SNAPSHOT_CLASS

    def still(app):
        html = app._repr_mimebundle_()["text/html"]
        assert html.startswith(f"<div class='{SNAPSHOT_CLASS}'") and app.widget.model_id
        assert not re.search(r"<(button|input|select|a|script)\b|tabindex|onclick", html)
        return html, re.findall(r"class='htc-still' role='listitem' aria-label='([^']*)'", html)

    monkeypatch.setenv("HEARTS_PLAY_SEED", "77")
    app = PlayApp(trick_pause=0, hint_fn=cheap_hint)
    html, labels = still(app)
    row = app.table.pass_picker.row
    assert labels == [f["aria"] for f in row.cards] and len(labels) == 13
    faces = re.findall(r"aria-label='[^']*' style='[^']*'>([^<]*)<span aria-hidden='true'[^>]*>([^<]*)</span>", html)
    assert [r + s for r, s in faces] == [f["rank"] + f["suit"] for f in row.cards]
    assert app.table.status_line() in html and app.match_line() in html
    # after the pass and a card: the hand's row, one card fewer, and the status of the trick
    app.table.pass_cards(list(app.table.pass_picker.buttons)[:3])
    key = next(k for k, b in app.table.hand_widget.buttons.items() if b.active)
    app.table.hand_widget.buttons[key].click()
    html, labels = still(app)
    assert labels == [f["aria"] for f in app.table.hand_widget.row.cards] and len(labels) == 12
    assert "trick 2 of 13" in app.table.status_line() and app.table.status_line() in html
    # a reload with the match stored: the picture is the offer, with no cards
    html, labels = still(PlayApp(trick_pause=0, hint_fn=cheap_hint))
    assert labels == [] and "A match in progress is stored (seed 77): Continue, or New match." in html


def test_a_continued_hand_logs_its_pass_and_presets_are_named_once(stubbed, monkeypatch):
    from hearts_teach.present.widgets import PlayApp
    from hearts_teach.present.widgets.play_app import PRESET_NAMES, preset_line

    monkeypatch.setenv("HEARTS_PLAY_SEED", "77")
    app = PlayApp(trick_pause=0, hint_fn=cheap_hint)
    app.table.pass_cards(list(app.table.pass_picker.buttons)[:3])
    again = PlayApp(trick_pause=0, hint_fn=cheap_hint)
    again.offer_buttons["continue"].click()
    assert again.table.hand.pass_direction == "left"
    assert "Hand 1: pass left; the cards have been passed." in again.table.log_lines
    assert not any("hold hand" in line for line in again.table.log_lines)
    for name, label in PRESET_NAMES.items():  # "Omnibus (J♦ −10): the J♦ counts −10 …", not "…: Omnibus: …"
        assert not preset_line(name).startswith(label.split(" (")[0] + ":"), preset_line(name)
    assert preset_line("omnibus") == "the J♦ counts −10 to whoever takes it"


def test_the_match_review_keeps_the_hands_played_before_a_reload(stubbed, monkeypatch):
    from hearts_teach.agents.review import HandReview
    from hearts_teach.kernel.errors import RecordError
    from hearts_teach.present.widgets import PlayApp, learner_store

    monkeypatch.setenv("HEARTS_PLAY_SEED", "77")
    app = PlayApp(trick_pause=0, hint_fn=cheap_hint)
    play_out(app.table)
    app.table.review_panel.queue.wait()
    app.table.next_hand()
    app.table.pass_cards(list(app.table.pass_picker.buttons)[:3])
    before = app.table.match_review
    assert [h.hand_number for h in before.hands] == [0] and before.hands[0].decisions
    again = PlayApp(trick_pause=0, hint_fn=cheap_hint)
    again.offer_buttons["continue"].click()
    after = again.table.match_review
    assert after.hands[0] == before.hands[0]  # the same decisions, verdicts and reasons
    assert HandReview.from_record(before.hands[0].to_record()) == before.hands[0]
    # a stored review that is not one is left out: the match goes on without it
    rec = again.record()
    rec["reviews"] = [{"hand_number": 0, "decisions": [{"index": "x"}]}]
    learner_store.set_state(learner_store.APP_KEY, rec)
    third = PlayApp(trick_pause=0, hint_fn=cheap_hint)
    third.offer_buttons["continue"].click()
    assert third.table.match_review.hands == () and third.table.hand.hand_number == 1
    with pytest.raises(RecordError):
        HandReview.from_record({"hand_number": 0, "seat": 0, "seat_name": "South", "result": "", "practice": False,
                                "decisions": [{**before.hands[0].to_record()["decisions"][0], "cost": "free"}]})


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_apps_rules_say_how_a_hand_goes_at_every_table_size(stubbed, players):
    """The Rules fold-out's first lines carry the table's numbers from the engine: the cards
    dealt, the cards taken out, and the card that leads (the engine's only legal first lead)."""
    from hearts_teach.kernel.cards import CardList
    from hearts_teach.present.widgets import PlayApp
    from hearts_teach.present.widgets.play_app import how_a_hand_goes

    app = PlayApp(seed=4, players=players, trick_pause=0, hint_fn=cheap_hint)
    rules = app.rules()
    lines = how_a_hand_goes(rules)
    hand = app.table.hand
    assert all(len(hand.cards(s)) == rules.hand_size for s in hand.table.seats)
    assert lines[0].startswith(f"Each player gets {rules.hand_size} cards")
    removed = CardList.from_mask(rules.removed_mask)
    assert all(c.pretty in lines[0] for c in removed) and ("taken out" in lines[0]) == bool(removed)
    app.table.pass_cards(list(app.table.pass_picker.buttons)[:3])
    opening = CardList.from_mask(rules.opening_mask)[0]
    assert f"Whoever holds the {opening.pretty} leads it" in lines[1]
    hand = app.table.hand
    plays = [a for a in hand.history if a.kind == "play"]
    if plays:  # a bot led: with the opening card
        assert plays[0].card == opening
    else:  # you lead: the opening card is your only legal card
        assert hand.turn == app.table.you and list(hand.legal_plays()) == [opening]
    from html import escape

    for line in lines + rules.describe().splitlines():
        assert escape(line) in app.seed_html.value
