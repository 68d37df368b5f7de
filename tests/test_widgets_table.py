"""TableWidget, TrickView and ReplayViewer driven by clicks, plus random clicking at the table."""

from __future__ import annotations

from html import escape

import pytest
from review_support import stub_grade

from hearts_teach import Card, Hand, Match, Phase
from hearts_teach.agents.hearts import make_bot
from hearts_teach.kernel.rng import Rng
from hearts_teach.present.render import hand_result_text
from hearts_teach.present.widgets import ReplayViewer, TableWidget, TrickView
from hearts_teach.present.widgets.table import format_hint


@pytest.fixture(autouse=True)
def _stub_verdicts(monkeypatch):
    """These tests play many hands: the verdicts come from a cheap stand-in (the real coach
    grades in tests/test_review.py)."""
    monkeypatch.setattr("hearts_teach.present.widgets.verdict_queue.DEFAULT_GRADER", stub_grade)


def cheap_hint(view):
    """Test double for the coach in the random-click tests (the real coach is tested below)."""
    if view.phase == "pass":
        return "pass anything"
    return f"Play {view.legal[0].pretty}: the lowest legal card"


def _enabled(buttons):
    """Keys of the cards a click would play (the faces of illegal cards stay clickable)."""
    return [k for k, b in buttons.items() if b.active]


def _click_through_hand(t: TableWidget) -> int:
    """Play the current hand like a learner: pass the first three cards, then click the
    first enabled card every turn. Returns the number of card clicks."""
    clicks = 0
    if t.hand.phase is Phase.PASS:
        keys = list(t.pass_picker.buttons)[:3]
        for k in keys:
            t.pass_picker.buttons[k].click()
        t.pass_picker.confirm.click()
        assert t.hand.passed(t.you) == sorted(Card(k) for k in keys) or list(t.hand.passed(t.you)) == sorted(
            Card(k) for k in keys)
    while not t.hand.is_over:
        assert t.hand.turn == t.you, "the bots must have moved up to your turn"
        legal = _enabled(t.hand_widget.buttons)
        assert {Card(k) for k in legal} == set(t.hand.legal_plays(t.you))
        t.hand_widget.buttons[legal[0]].click()
        clicks += 1
    return clicks


def test_table_plays_a_whole_hand_by_clicks():
    t = TableWidget(seed=11, opponents="rule")
    assert t.your_box.children == (t.pass_picker.widget,)
    assert all(t.hand.passed(s) is not None for s in (1, 2, 3))  # the bots chose at once
    clicks = _click_through_hand(t)
    assert clicks == 13 and t.hand.is_over
    scores = t.hand.scores
    result = "Hand 1 scores: " + ", ".join(f"{n} {v}" for n, v in zip(t.hand.seat_names, scores, strict=True))
    assert result in t.result_html.value and result in t.text()
    assert "Match to 100" in t.scores_html.value
    assert not t.buttons["next_hand"].disabled and t.buttons["undo"].disabled
    assert sum(t.hand.points_taken) == 26
    # the log holds every card, newest first on screen
    log = "\n".join(t.log_lines)
    assert log.count(" plays ") == 52 and result in log
    assert t.log.value.index(escape(result)) < t.log.value.index(escape(t.log_lines[0]))


def test_table_plays_a_whole_match_by_clicks():
    t = TableWidget(seed=5, opponents=["random", "easy", "rule"], auto_forced=True)
    hands = 0
    while True:
        _click_through_hand(t)
        hands += 1
        if t.match.is_over:
            break
        t.buttons["next_hand"].click()
        assert t.hand.hand_number == hands
    assert hands == len(t.match.hands) >= 2
    assert max(t.match.totals) >= 100
    winner = t.hand.seat_names[t.match.winner]
    assert t.winner_line() in t.text() and escape(t.winner_line()) in t.banner.value
    assert f"{winner} wins" not in t.scores_html.value  # named once, in the banner
    assert "the match is over" in t.status.value
    assert t.buttons["next_hand"].disabled
    assert "The match is over." == t.next_hand()
    # the match record replays to the same totals through the checked engine
    assert Match.from_json(t.match.to_json()).totals == t.match.totals


def test_table_shows_turn_trick_hearts_and_points():
    t = TableWidget(seed=2, opponents="rule", hint_fn=cheap_hint)
    t.pass_cards(list(t.hand.cards(0))[-3:])
    assert t.last_message.startswith("You passed ") and " and received " in t.last_message
    assert "▶ you to play" in t.status.value
    assert "<td>▶ South</td>" in t.seats_html.value  # marker, not colour only
    while not t.hand.hearts_broken:
        t.play(t.hand.legal_plays().cards[-1])
    b = t.hand.broken_by
    assert f"Hearts broken by {b.card.pretty} ({t.hand.seat_names[b.seat]}) in trick {b.trick}" in t.broken_html.value
    last = t.hand.last_trick
    assert t.trick_view.board.last["number"] == last.number
    assert [p["label"] for p in t.trick_view.board.last["plays"]] == [c.pretty for c in last.cards]
    assert f"Last trick {last.number}" in t.text()
    for s in range(4):
        assert f"<td style='text-align:right'>{t.hand.points_taken[s]}</td>" in t.seats_html.value


def test_table_controls_hint_undo_step_finish():
    t = TableWidget(seed=4, opponents="rule")  # the real coach behind Hint
    t.buttons["hint"].click()
    assert t.last_hint.startswith("Hint: Pass ") and escape(t.last_hint) in t.message.value
    assert len(t.hint_result.cards) == 3 and t.hint_result.reason in t.last_hint
    # the cards are said once (the coach's reason reads on from the move)
    cards = " ".join(c.pretty for c in t.hint_result.cards)
    assert t.last_hint.count(cards) == 1
    t.buttons["step"].click()  # the autopilot passes for you
    assert t.hand.phase is Phase.PLAY and t.hand.turn == 0
    t.buttons["hint"].click()
    assert t.last_hint.startswith("Hint: Play ")
    assert t.hint_result.card in t.hand.legal_plays()
    assert t.last_hint.startswith(f"Hint: Play {t.hint_result.card.pretty}: ")
    before = t.hand.snapshot()
    history = t.hand.history
    card = t.hand.legal_plays().cards[0]
    t.hand_widget.buttons[str(card)].click()
    assert len(t.hand.history) > len(history)
    assert "Hint" not in t.message.value and not t.last_hint  # the hint goes when you play
    t.buttons["undo"].click()
    assert t.hand.snapshot() == before and t.last_message.startswith(f"Took back {card.pretty}")
    assert "Nothing to undo" in t.undo()
    n = len(t.hand.plays)
    t.buttons["step"].click()
    assert len(t.hand.plays) > n
    t.buttons["finish_trick"].click()
    assert len(t.hand.plays) % 4 in (0, 1, 2, 3) and t.last_message.startswith("Trick ")
    t.buttons["finish_hand"].click()
    assert t.hand.is_over and t.last_message == ""  # the result is shown once, in its box
    assert escape(hand_result_text(t.hand)) in t.result_html.value
    match_mode = TableWidget(seed=4, opponents="rule", practice=False, hint_fn=cheap_hint)
    match_mode.step()
    match_mode.play(match_mode.hand.legal_plays().cards[0])
    assert match_mode.buttons["undo"].disabled and "only for practice" in match_mode.undo()


def test_auto_forced_checkbox_plays_forced_cards():
    # find a seed where South holds 2♣ after the pass: then the first card is forced
    for seed in range(40):
        t = TableWidget(seed=seed, opponents="rule", hint_fn=cheap_hint)
        t.step()
        if t.hand.turn == 0 and t.hand.legal_plays().forced is not None:
            break
    else:
        pytest.fail("no forced opening found")
    n = len(t.hand.plays)
    t.auto_forced_box.value = True  # a trait change plays it
    assert len(t.hand.plays) > n
    assert any("(forced) plays" in line for line in t.log_lines)


def test_moon_is_announced():
    # South holds every club: it leads 2♣ and wins all 13 tricks, whatever the bots do,
    # so it takes every heart and Q♠: a moon by construction.
    deal = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
            "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]
    hand = Hand(deal, "hold")
    t = TableWidget(hand=hand, opponents="rule", hint_fn=cheap_hint)
    t.finish_hand()
    assert hand.moon == 0
    assert "South shot the moon!" in t.result_html.value and "South shot the moon!" in t.text()
    assert "single hand" in t.next_hand()


def test_format_hint_words_a_pass_and_a_play():
    class H:
        kind, reason = "pass", "dump the queen"
        cards = [Card("QS"), Card("AH"), Card("2C")]
    assert format_hint(H) == "Pass Q♠ A♥ 2♣: dump the queen"
    H.kind, H.cards = "play", [Card("9D")]
    assert format_hint(H) == "Play 9♦: dump the queen"


def test_trick_view_text_and_html():
    hand = Hand.deal(seed=3, hand_number=3)
    tv = TrickView(hand, pause=0.5)
    assert "to lead" in tv.text() and tv.board.pause_ms == 500
    for _ in range(5):
        hand.play(hand.legal_plays().cards[0])
    tv.refresh()
    last = hand.last_trick
    assert f"Last trick {last.number}:" in tv.text() and "Trick 2:" in tv.text()
    board = tv.board
    winner = next(p for p in board.last["plays"] if p["seat"] == last.winner)
    assert "✓ wins" in winner["notes"] and "▶ led" in board.last["plays"][0]["notes"]
    # the newest card is the one just played, in the trick in progress
    assert [p["newest"] for p in board.current["plays"]] == [True]
    assert board.current["plays"][0]["label"] == hand.plays[-1].pretty
    assert not any(p["newest"] for p in board.last["plays"])
    hand.play(hand.legal_plays().cards[0])
    hand.play(hand.legal_plays().cards[0])
    hand.play(hand.legal_plays().cards[0])  # trick 2 complete: its last card is the newest
    tv.refresh()
    assert board.current["plays"] == [] and board.last["plays"][-1]["newest"]


def test_replay_viewer_start_to_end():
    hand = Hand.deal(seed=8)
    bot = make_bot("rule", seed=1)
    while not hand.is_over:
        bot.act(hand)
    rv = ReplayViewer(hand.to_json())
    assert rv.steps == 56 and rv.buttons["back"].disabled
    seen = 0
    while not rv.buttons["next"].disabled:
        rv.buttons["next"].click()
        seen += 1
        # every hand as it was at that moment: the engine's own state after `step` actions
        ref = Hand.from_record(hand.to_record())
        ref.replay(hand.history[:rv.step])
        assert rv.position.snapshot() == ref.snapshot()
        for s in range(4):
            assert rv.position.is_over or rv.position.cards(s).pretty in rv.text()
    assert seen == 56 and rv.position.is_over
    assert "Hand 1 scores" in rv.board.value
    rv.buttons["start"].click()
    assert rv.step == 0 and rv.slider.value == 0
    rv.slider.value = 30  # a trait change moves the viewer too
    assert rv.step == 30 and "Step 30 of 56: trick" in rv.caption.value
    rv.buttons["back"].click()
    assert rv.step == 29
    rv.buttons["end"].click()
    assert rv.step == 56 and rv.buttons["next"].disabled
    assert ReplayViewer(hand.to_record(), step=4).position.phase is Phase.PLAY


# ---------------------------------------------------------------------------------------
# Random clicking at the table: only legal actions ever reach the engine.

def _history_is_legal(hand: Hand) -> None:
    """Replay the history through the checked API: an illegal action would raise."""
    fresh = Hand(tuple(hand.dealt(s) for s in range(4)), hand.pass_direction, hand.rules, hand.hand_number)
    for a in hand.history:
        if a.kind == "pass":
            fresh.pass_cards(a.seat, a.cards)
        else:
            fresh.play(a.card, a.seat)
    assert fresh.snapshot() == hand.snapshot()


def _expected_after_card(t: TableWidget, card: Card) -> Hand:
    exp = t.hand.copy()
    exp.play(card, t.you)
    while exp.phase is Phase.PLAY and exp.turn != t.you:
        s = exp.turn
        exp.play(t.bots[s].choose_play(exp.view(s)), s)
    while (exp.phase is Phase.PLAY and exp.turn == t.you and t.auto_forced_box.value
           and exp.legal_plays().forced is not None):
        exp.play(exp.legal_plays().forced, t.you)
        while exp.phase is Phase.PLAY and exp.turn != t.you:
            s = exp.turn
            exp.play(t.bots[s].choose_play(exp.view(s)), s)
    return exp


def _random_table_clicks(seed: int, clicks: int) -> int:
    rng = Rng(f"table/{seed}")
    t = TableWidget(seed=seed, opponents=["random", "easy", "rule"], hint_fn=cheap_hint)
    done = card_clicks = 0
    while done < clicks:
        if t.match.is_over:
            t = TableWidget(seed=seed + 1000 + done, opponents="rule", hint_fn=cheap_hint)
        hand = t.hand
        parts = [("card", k, b) for k, b in t.hand_widget.buttons.items()]
        # half the time during play only the cards of your hand, so the game moves on
        if not (hand.phase is Phase.PLAY and rng.randbelow(2) == 0):
            parts += [("pass", k, b) for k, b in t.pass_picker.buttons.items()]
            parts += [("confirm", "", t.pass_picker.confirm), ("clear", "", t.pass_picker.clear)]
            parts += [("control", k, b) for k, b in t.buttons.items() if k not in ("finish_hand",)]
            if rng.randbelow(20) == 0:
                parts += [("control", "finish_hand", t.buttons["finish_hand"])]
            parts += [("checkbox", "", None)]
        kind, key, button = rng.choice(parts)
        before, history = hand.snapshot(), hand.history
        expected = None
        if kind == "card":
            v = hand.explain(key, t.you)
            if v.legal:
                expected = _expected_after_card(t, Card(key))
                card_clicks += 1
        elif kind == "confirm" and not t.pass_picker.done and len(t.pass_picker.selected) == 3:
            expected = None  # the bots then play up to your turn: checked by the replay below
        if kind == "checkbox":
            t.auto_forced_box.value = not t.auto_forced_box.value
        else:
            button.click()
        done += 1
        if kind == "control" and key == "next_hand" and t.hand is not hand:
            assert hand.is_over and t.hand.phase in (Phase.PASS, Phase.PLAY)
            _history_is_legal(hand)
            continue
        if kind == "card" and expected is None:
            assert hand.snapshot() == before  # an illegal click changes nothing...
            assert t.last_message.startswith(f"Can't play {Card(key).pretty}: ")  # ...and says why
            assert escape(t.last_message) in t.message.value
        elif kind == "card":
            assert hand.snapshot() == expected.snapshot()
        elif kind in ("pass", "clear", "hint"):
            assert hand.snapshot() == before
        elif kind == "control" and key == "undo":
            assert history[:len(hand.history)] == hand.history  # undo only takes back
        else:
            assert hand.history[:len(history)] == history  # everything else only adds actions
        _history_is_legal(hand)
    assert card_clicks > clicks // 20
    return done


def test_random_clicking_at_the_table():
    total = sum(_random_table_clicks(seed, 250) for seed in (1, 2, 3, 4))
    assert total >= 1000


def test_random_clicking_replay_viewer():
    hand = Hand.deal(seed=9)
    bot = make_bot("easy", seed=2)
    while not hand.is_over:
        bot.act(hand)
    record = hand.to_record()
    total = 0
    for seed in range(4):
        rng = Rng(f"replay/{seed}")
        rv = ReplayViewer(record)
        for _ in range(260):
            if rng.randbelow(5) == 0:
                rv.slider.value = rng.randbelow(rv.steps + 1)
            else:
                rv.buttons[rng.choice(list(rv.buttons))].click()
            total += 1
            assert 0 <= rv.step <= rv.steps and rv.slider.value == rv.step
            assert rv.position.history == hand.history[:rv.step]
    assert total >= 1000
    assert Hand.from_record(record).snapshot() == hand.snapshot()  # the record is untouched


def _all_widgets(root):
    seen, stack = [], [root]
    while stack:
        wdg = stack.pop()
        seen.append(wdg)
        stack.extend(getattr(wdg, "children", ()))
    return seen


def test_every_button_has_a_description_and_a_tooltip():
    import ipywidgets as w

    from hearts_teach.present.widgets import HandWidget, PassPicker, Quiz

    t = TableWidget(seed=1, opponents="rule", hint_fn=cheap_hint)
    views = [t, HandWidget(Hand.deal(seed=1, hand_number=3), seat=None), PassPicker(Hand.deal(seed=1)),
             Quiz("q?", ["yes", "no"], "yes"), ReplayViewer(Hand.deal(seed=1))]
    t.step()  # the table during play shows the hand widget instead of the pass picker
    views.append(t)
    from hearts_teach.present.widgets.card_faces import CardRow

    count = faces = 0
    for view in views:
        for wdg in _all_widgets(view.widget):
            if isinstance(wdg, w.Button):
                assert wdg.description.strip() and wdg.tooltip and wdg.tooltip.strip(), wdg
                count += 1
            if isinstance(wdg, CardRow):  # card faces: rank + suit text, a tooltip and a spoken label
                assert wdg.label.strip()
                for f in wdg.cards:
                    assert f["rank"] and f["suit"] in "♠♥♦♣" and f["tooltip"].strip()
                    assert f["aria"].startswith(f["rank"] + f["suit"] + ", ")
                    faces += 1
    assert count > 40 and faces == 26  # the table (listed twice) shows its 13 faces


def test_replay_viewer_from_a_match_record():
    t = TableWidget(seed=3, opponents="rule", hint_fn=cheap_hint)
    t.finish_hand()
    t.next_hand()
    t.finish_hand()
    rv = ReplayViewer.from_match(t.match.to_json(), number=1)
    rv.buttons["end"].click()
    assert rv.position.snapshot() == t.match.hands[1].snapshot()
    assert rv.step == rv.steps and rv.full.pass_direction == "right" and rv.full.hand_number == 1
    with pytest.raises(ValueError):
        ReplayViewer.from_match(t.match, number=5)


# ---------------------------------------------------------------------------------------
# Messages stay current; illegal clicks explain themselves on screen.

def _first_turn(seed: int = 11) -> TableWidget:
    t = TableWidget(seed=seed, opponents="rule", hint_fn=cheap_hint, trick_pause=0)
    keys = list(t.pass_picker.buttons)[:3]
    for k in keys:
        t.pass_picker.buttons[k].click()
    t.pass_picker.confirm.click()
    return t


def test_illegal_card_is_clickable_and_its_reason_shows_under_the_hand():
    t = _first_turn()
    assert t.your_box.children == (t.hand_widget.widget,)
    assert t.message in t.hand_widget.widget.children  # the feedback line sits with your cards
    illegal = [k for k, b in t.hand_widget.buttons.items() if not b.active]
    assert illegal, "seed 11 must leave South an illegal card in trick 1"
    before = t.hand.snapshot()
    t.hand_widget.buttons[illegal[0]].click()  # the browser's click message
    verdict = t.hand.explain(illegal[0], t.you)
    assert t.hand.snapshot() == before
    assert t.last_message == f"Can't play {Card(illegal[0]).pretty}: {verdict.message}"
    assert escape(t.last_message) in t.message.value
    assert verdict.message in t.hand_widget.buttons[illegal[0]].tooltip
    # a forged or stale key from the browser changes nothing and says nothing
    t.hand_widget.row._handle_custom_msg({"event": "click", "key": "XX"}, [])
    assert t.hand.snapshot() == before


def test_received_cards_are_marked_for_the_first_trick_and_logged():
    t = _first_turn()
    got = t.hand.received(t.you)
    giver = t.hand.seat_names[next(s for s in range(4) if t.hand.pass_target(s) == t.you)]
    marked = {k for k, b in t.hand_widget.buttons.items() if b.mark == "new"}
    assert marked == {str(c) for c in got}
    for c in got:
        assert f"received from {giver}" in t.hand_widget.buttons[str(c)].tooltip
    assert any(line.startswith(f"You receive {' '.join(c.pretty for c in got)} from {giver}") for line in t.log_lines)
    assert f"received {' '.join(c.pretty for c in got)} from {giver}" in t.last_message
    t.play(t.hand.legal_plays().cards[0])  # trick 1 ends: the marks go
    assert len(t.hand.tricks) >= 1
    assert not any(b.mark for b in t.hand_widget.buttons.values())


def test_hint_goes_when_you_play_and_a_new_hand_starts_clean():
    t = _first_turn()
    t.buttons["hint"].click()
    assert t.last_message.startswith("Hint: Play ") and "Hint" in t.message.value
    card = t.hand.legal_plays().cards[0]
    t.hand_widget.buttons[str(card)].click()
    assert t.last_message.startswith(f"You played {card.pretty}.") and "Hint" not in t.message.value
    t.finish_hand()
    t.buttons["next_hand"].click()
    assert t.hand.hand_number == 1
    assert t.last_message == "Hand 2 dealt: pass right." and card.pretty not in t.message.value
    assert t.log_lines == ["Hand 2: pass right; the bots have chosen their cards."]
    assert t.result_html.value == "" and t.banner.value == ""


def test_step_reports_the_card_it_played():
    t = _first_turn()
    assert t.hand.turn == t.you
    n = len(t.hand.plays)
    t.buttons["step"].click()
    mine = [a for a in t.hand.history if a.kind == "play"][n]  # the step's own card: yours, by the autopilot
    assert mine.seat == t.you and len(t.hand.plays) > n + 1  # the bots answered after it
    assert t.last_message == f"Step: South (autopilot) played {mine.card.pretty}."
    assert "autopilot" in t.buttons["step"].tooltip and "bots answer" in t.buttons["step"].tooltip


def test_finish_match_names_the_winner_once():
    t = TableWidget(seed=6, opponents="random", hint_fn=cheap_hint, trick_pause=0)
    t.buttons["finish_match"].click()
    line = t.winner_line()
    assert t.match.is_over and t.buttons["finish_match"].disabled
    winner = t.hand.seat_names[t.match.winner]
    # the autopilot played every hand: a win is credited to it, never to "you"
    assert line.startswith(f"{winner} (the autopilot, playing for you) wins" if t.match.winner == t.you
                           else f"{winner} wins")
    assert f" wins the match with {t.match.totals[t.match.winner]} points" in line
    assert escape(line) in t.banner.value and "Match to 100" in t.scores_html.value
    assert t.last_message == "" and winner not in t.message.value  # not printed a second time
    assert Match.from_json(t.match.to_json()).totals == t.match.totals


def test_trick_pause_is_configurable(monkeypatch):
    assert TableWidget(seed=1, hint_fn=cheap_hint).trick_view.board.pause_ms == 800
    assert TableWidget(seed=1, hint_fn=cheap_hint, trick_pause=0).trick_view.board.pause_ms == 0
    monkeypatch.setenv("HEARTS_TRICK_PAUSE", "0.25")
    assert TableWidget(seed=1, hint_fn=cheap_hint).trick_view.board.pause_ms == 250


# ---------------------------------------------------------------------------------------
# The Play Hearts app: controls around the table.

def test_play_app_new_match_replay_and_settings():
    from hearts_teach.games.hearts.rules import Rules
    from hearts_teach.present.widgets import PlayApp

    app = PlayApp(seed=1, trick_pause=0, hint_fn=cheap_hint)
    assert app.table.seed == 1 and app.seed_box.value == 1 and "Match seed 1 " in app.seed_html.value
    first_deal = app.table.hand.dealt(0)
    # "New match" draws the next seed from the app's Rng stream: the same stream every run
    stream = Rng("play-app/1")
    app.buttons["new_match"].click()
    seed2 = stream.randbelow(1_000_000)
    assert app.table.seed == seed2 == app.seed_box.value and f"Match seed {seed2} " in app.seed_html.value
    assert app.holder.children == (app.table.widget,)
    # settings apply to the next match; "Replay seed" replays the seed in the box
    app.level.value, app.preset.value = "beginner", "omnibus"
    app.seed_box.value = 1
    app.buttons["replay"].click()
    assert app.table.seed == 1 and app.table.hand.dealt(0) == first_deal
    assert set(app.table.difficulty.values()) == {"beginner"} and app.table.match.rules == Rules.preset("omnibus")
    assert "TableWidget(seed=1, opponents='beginner', rules=Rules.preset('omnibus'))" in app.text()
    # the replay line is true: that call builds the same match
    same = TableWidget(seed=1, opponents="beginner", rules=Rules.preset("omnibus"), hint_fn=cheap_hint)
    assert same.hand.snapshot() == app.table.hand.snapshot()
    with pytest.raises(ValueError, match="whole number"):
        app.start(-3)
    with pytest.raises(ValueError, match="opponents: expected one of"):
        PlayApp(opponents="grandmaster")


def test_play_app_seats_three_to_six_players():
    # a group of 3, 5 or 6 plays from the app too: the Players dropdown waits for the next match
    from hearts_teach.games.hearts.rules import Rules
    from hearts_teach.present.widgets import PlayApp

    app = PlayApp(seed=2, trick_pause=0, hint_fn=cheap_hint)
    assert app.players_box.value == 4 and "players" not in app.replay_line()
    app.players_box.value = 5
    assert "5 players will apply from the next match" in app.seed_html.value
    assert "goes on with opponents Solid and rules Standard." in app.pending_note()
    app.buttons["replay"].click()
    assert app.table.match.rules == Rules(players=5) and len(app.table.hand.seat_names) == 5
    assert "rules Standard · 5 players." in app.text() and app.pending_note() == ""
    assert "Players: 5, 10 cards each (2♣, 2♦ taken out); the holder of 3♣ leads it" in app.rules_note()
    # the replay line is true at another table size too
    assert "rules=Rules.preset('standard').replace(players=5))" in app.replay_line()
    same = TableWidget(seed=2, opponents="rule", rules=Rules.preset("standard").replace(players=5),
                       hint_fn=cheap_hint)
    assert same.hand.snapshot() == app.table.hand.snapshot()
    six = PlayApp(seed=2, preset="omnibus", players=6, trick_pause=0, hint_fn=cheap_hint)
    assert six.table.match.rules == Rules(omnibus=True, players=6)
    six.level.value = "beginner"
    assert "goes on with opponents Solid, rules Omnibus (J♦ −10) and 6 players." in six.pending_note()
    with pytest.raises(ValueError, match="players: expected a whole number from 3 to 6, got 7"):
        PlayApp(players=7)


def test_finish_match_says_it_is_working_and_locks_the_buttons():
    # strong bots take seconds to play a match out: the page must say so at once, and no
    # button may queue more clicks meanwhile; the end state unlocks the right ones again
    t = TableWidget(seed=6, opponents="random", hint_fn=cheap_hint, trick_pause=0)
    seen = []
    t.message.observe(lambda c: seen.append((c["new"], [k for k, b in t.buttons.items() if not b.disabled])),
                      names="value")
    t.buttons["finish_match"].click()
    busy = [(v, live) for v, live in seen if "Finishing the match" in v]
    assert busy and busy[0][1] == []  # every button locked while it is said
    assert any("Finishing hand 2: the autopilot plays your cards" in v for v, _ in seen)
    assert t.match.is_over and t.last_message == ""
    assert [k for k, b in t.buttons.items() if not b.disabled] == []  # match over: nothing to press
    t2 = TableWidget(seed=6, opponents="random", hint_fn=cheap_hint, trick_pause=0)
    t2.buttons["finish_hand"].click()
    assert t2.hand.is_over and not t2.buttons["next_hand"].disabled and not t2.buttons["finish_match"].disabled


def test_play_app_says_a_changed_setting_waits_for_the_next_match():
    from hearts_teach.present.widgets import PlayApp

    app = PlayApp(seed=1, trick_pause=0, hint_fn=cheap_hint)
    assert "ht-pending" not in app.seed_html.value and app.pending_note() == ""
    app.level.value = "expert"  # mid-match: the match goes on with its own bots, and the page says so
    note = ("Opponents Expert will apply from the next match: press New match or Replay seed. "
            "This match goes on with opponents Solid and rules Standard.")
    assert app.pending_note() == note and escape(note) in app.seed_html.value and note in app.text()
    assert set(app.table.difficulty.values()) == {"rule"}
    app.preset.value = "omnibus"
    assert app.pending_note().startswith("Opponents Expert and rules Omnibus (J♦ −10) will apply from the next match")
    app.level.value, app.preset.value = "rule", "standard"  # back to the match's own settings: no note
    assert "ht-pending" not in app.seed_html.value
    app.level.value = "beginner"
    app.buttons["new_match"].click()
    assert app.pending_note() == "" and "ht-pending" not in app.seed_html.value
    assert set(app.table.difficulty.values()) == {"beginner"}


def test_play_app_says_what_a_rules_preset_changes():
    from hearts_teach.present.widgets import PlayApp

    assert PlayApp(seed=1, trick_pause=0, hint_fn=cheap_hint).rules_note() == ""
    app = PlayApp(seed=1, preset="omnibus", trick_pause=0, hint_fn=cheap_hint)
    note = "Unlike the standard rules — Omnibus: the J♦ counts −10 to whoever takes it."
    assert app.rules_note() == note and escape(note) in app.seed_html.value and note in app.text()
    app.preset.value = "no_pass"
    app.buttons["replay"].click()
    assert "Passing: none (every hand is a hold hand)" in app.seed_html.value and "J♦" not in app.seed_html.value


def test_a_hold_hand_is_called_a_hold_hand_not_pass_hold():
    t = TableWidget(seed=6, opponents="random", hint_fn=cheap_hint, trick_pause=0)
    for _ in range(3):
        t.buttons["finish_hand"].click()
        t.buttons["next_hand"].click()
    assert t.hand.pass_direction == "hold"
    assert t.last_message == "Hand 4 dealt: no pass (a hold hand)."
    assert t.status_line().startswith("Hand 4 of a match to 100 · no pass (a hold hand) · you are South")
    assert "pass hold" not in t.status.value


def test_a_trick_you_take_is_told_as_yours():
    t = TableWidget(seed=1, hint_fn=cheap_hint, trick_pause=0)
    t.pass_cards("QS JS 4S")
    said = []
    while not t.hand.is_over:
        before = len(t.hand.tricks)
        key = next(k for k, b in t.hand_widget.buttons.items() if b.active)
        t.hand_widget.buttons[key].click()
        done = t.hand.tricks[before:]
        if done and done[0].winner == t.you:
            said.append(t.last_message)
            assert t.last_message.startswith(f"You played {Card(key).pretty} and took trick {done[0].number} (")
        elif done:
            assert f". {t.hand.seat_names[done[0].winner]} took trick {done[0].number} (" in t.last_message
    assert said and not any("South took" in m for m in said)


def test_play_app_names_a_match_left_half_way():
    from hearts_teach.present.widgets import PlayApp

    app = PlayApp(seed=1, trick_pause=0, hint_fn=cheap_hint)
    app.buttons["new_match"].click()  # nothing was done in seed 1: nothing to say
    assert app.left_note == "" and "You left" not in app.seed_html.value
    seed = app.seed
    app.table.pass_cards(app.table.hand.cards(0)[:3])
    app.level.value = "beginner"
    app.buttons["new_match"].click()
    note = (f"You left the match of seed {seed} (opponents Solid, rules Standard) in hand 1; "
            f"Replay seed with {seed} deals it again from hand 1.")
    assert app.left_note == note and escape(note) in app.seed_html.value and note in app.text()
    app.table.buttons["finish_match"].click()  # a finished match is not "left"
    app.buttons["new_match"].click()
    assert app.left_note == "" and "You left" not in app.seed_html.value


def test_play_app_shows_the_new_seed_before_dealing():
    # a seed typed while the bots choose their passes must not be overwritten afterwards:
    # the box takes the new seed first, and the seed line says a deal is on its way
    from hearts_teach.present.widgets import PlayApp

    app = PlayApp(seed=1, trick_pause=0, hint_fn=cheap_hint)
    seen = []
    app.seed_box.observe(lambda c: seen.append(("box", c["new"], app.table.seed)), names="value")
    app.seed_html.observe(lambda c: seen.append(("line", c["new"], app.table.seed)), names="value")
    app.seed_box.value = 5  # typed, then Replay seed
    seen.clear()
    app.buttons["replay"].click()
    assert seen[0] == ("line", "<div>Dealing the match of seed 5…</div>", 1)  # the old table still up
    app.buttons["new_match"].click()
    box = [e for e in seen if e[0] == "box"]
    assert box[0][1] == app.seed and box[0][2] == 5  # the box changed while seed 5's table was up
    assert "Match seed" in app.seed_html.value and "Dealing" not in app.seed_html.value


def test_the_last_card_says_the_hand_and_the_match_are_over():
    # on a phone the result and the banner are below the fold: the line under your cards says it
    t = TableWidget(seed=1, opponents="rule", trick_pause=0, hint_fn=cheap_hint)
    ends = []
    while not t.match.is_over:
        if t.hand.is_over:
            t.buttons["next_hand"].click()
        if not t.pass_picker.done:
            t.pass_cards(t.hand.cards(0)[:3])
        key = next(k for k, b in t.hand_widget.buttons.items() if b.active)
        t.hand_widget.buttons[key].click()
        if t.hand.is_over:
            ends.append((t.hand.hand_number, t.last_message))
    for number, line in ends[:-1]:
        assert f" Hand {number + 1} scores: " in line and line.endswith(f" Next hand deals hand {number + 2}.")
    last = ends[-1][1]
    w_ = t.match.winner
    who = "you win" if w_ == t.you else f"{t.hand.seat_names[w_]} wins"
    assert last.endswith(f"The match is over: {who} with {t.match.totals[w_]} points.")
    assert hand_result_text(t.hand) in last and "Next hand" not in last
