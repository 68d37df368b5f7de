"""The coach's words: a reason names the real point, never says "wins the trick" as if it
were a choice when every legal card wins, never contradicts itself, never nests brackets,
is right under every preset (the omnibus J♦), and an undecided verdict says so."""

from __future__ import annotations

import re

from hearts_teach.agents.coach import (
    TOO_CLOSE,
    assess_play,
    explain_verdicts,
    play_does,
    verdict_words,
)
from hearts_teach.games.hearts.rules import Rules
from hearts_teach.games.hearts.view import View
from hearts_teach.kernel.cards import CardList


def _last_seat_view(hand: str, trick: str, rules: Rules | None = None, before: str = "2C KC QC JC") -> View:
    """West (seat 3) plays last to trick 2 led by South; ``before`` is trick 1."""
    t = CardList(trick)
    cards = [c.index for c in t]
    led = cards[0] // 13
    win = max(c for c in cards if c // 13 == led)
    played = CardList(before).mask | t.mask
    rest = 12 - len(CardList(hand))
    return View(seat=3, phase="play", hand=CardList(hand).mask, played=played, trick=tuple(cards),
                leader=0, turn=3, led_suit=led, win_seat=cards.index(win), win_card=win,
                tricks_done=1, sizes=(11, 11, 11, 12 - rest), rules=rules or Rules(),
                taken=(CardList(before).mask, 0, 0, 0))


def _depth(text: str) -> int:
    depth = most = 0
    for ch in text:
        depth += ch == "("
        depth -= ch == ")"
        most = max(most, depth)
    return most


def test_when_every_legal_card_wins_the_reason_says_so():
    v = _last_seat_view("KD AD 5C 6C 7C 8C 9C TC 3S 4S 5S 6S", "2D 3D 4D")
    assert v.legal_mask == CardList("KD AD").mask
    assert play_does(v, CardList("KD")[0].index) == "wins the trick, with no points on it, as any card you may play would"


def test_a_card_that_goes_over_is_not_called_the_winner_so_far():
    # second in the trick: a later card may still beat it, and the reason may say it always does
    t = CardList("5D")
    v = View(seat=1, phase="play", hand=CardList("9D 2D 5C 6C 7C 8C 9C TC 3S 4S 5S 6S").mask,
             played=CardList("2C KC QC JC").mask | t.mask, trick=(t[0].index,), leader=0, turn=1,
             led_suit=1, win_seat=0, win_card=t[0].index, tricks_done=1, sizes=(11, 12, 12, 12),
             taken=(CardList("2C KC QC JC").mask, 0, 0, 0))
    does = play_does(v, CardList("9D")[0].index)
    assert does == "goes over 5♦" and "so far winning" not in does


def test_a_forced_move_has_no_nested_brackets():
    v = _last_seat_view("AD 5C 6C 7C 8C 9C TC 3S 4S 5S 6S 7S", "2D 3D 4D")
    a = assess_play(v, worlds=64, max_worlds=64)
    (only,) = a.candidates
    assert only.does == "is your only legal card, and it wins the trick, with no points on it"
    assert _depth(only.reason) <= 1 and _depth(str(a)) <= 1


def test_omnibus_a_trick_with_the_jack_of_diamonds_is_not_pointless():
    omni = Rules.preset("omnibus")
    v = _last_seat_view("KD AD 5C 6C 7C 8C 9C TC 3S 4S 5S 6S", "2D JD 4D", omni)
    does = play_does(v, CardList("KD")[0].index)
    assert "no points" not in does and "J♦ (−10)" in does
    # under the standard rules the same trick has no points on it
    std = _last_seat_view("KD AD 5C 6C 7C 8C 9C TC 3S 4S 5S 6S", "2D JD 4D")
    assert "with no points on it" in play_does(std, CardList("KD")[0].index)
    # hearts and the jack together
    both = _last_seat_view("KD AD 5C 6C 7C 8C 9C TC 3S 4S 5S 6S", "2D JD 4H", omni)
    assert play_does(both, CardList("KD")[0].index).startswith("wins the trick, points and the J♦ (−10)")


def test_undecided_verdicts_say_so_in_words():
    assert verdict_words("fine", 0.6) == TOO_CLOSE == "too close to call"
    assert verdict_words("inaccuracy", 1.4) == "inaccuracy or worse"
    assert verdict_words("inaccuracy", 0.9) == "inaccuracy"
    assert verdict_words("mistake", 5.0) == "mistake" and verdict_words("best", 0.1) == "best"
    shown = explain_verdicts(shown=True)
    assert "\ntoo close to call: about as good as the best" in shown and "\nfine:" not in shown
    assert "\nfine: about as good as the best" in explain_verdicts()  # by name, for the drills


def test_a_too_close_candidate_reads_about_as_good_as_the_best():
    """With a tiny budget some interval still straddles the band edge: the line says "too
    close to call" and "about as good as" the best, never "fine"."""
    from tests.test_coach import positions

    for v in positions(seeds=range(3)):
        if v.legal_mask.bit_count() < 4:
            continue
        a = assess_play(v, worlds=64, max_worlds=64)
        close = [c for c in a if c.verdict == "fine"]
        if close:
            break
    else:
        raise AssertionError("no undecided verdict in three hands at 64 deals")
    c = close[0]
    assert c.call == TOO_CLOSE and f"{c.label}: too close to call — " in a.summary()
    assert f"about as good as {a.best.label} as far as the deals show; " in c.reason
    assert not re.search(r": fine\b", a.summary() + a.table())


def test_a_pass_names_what_it_keeps_that_the_best_passes():
    from hearts_teach import Hand
    from hearts_teach.agents.coach import assess_pass

    a = assess_pass(Hand.deal(seed=3, hand_number=0).view(0), worlds=64, max_worlds=128)
    best = a.best.cards.mask
    for c in a[1:]:
        kept = [x.pretty for x in a.best.cards if not c.cards.mask >> x.index & 1]
        if len(kept) == len(a.best.cards):  # nothing in common: not "unlike X it keeps the X"
            assert f"; it passes none of {a.best.label}: " in c.reason, c.reason
        elif "Q♠" in c.label and "Q♠" not in a.best.label:  # the difference is the queen
            assert f"; unlike {a.best.label} it passes the Q♠, not the {' '.join(kept)}: " in c.reason, c.reason
        else:
            assert f"; unlike {a.best.label} it keeps the {' '.join(kept)}: " in c.reason, c.reason
        assert c.cards.mask != best
    assert "unlike" not in a.best.reason
    assert f"about as good as {a.best.label} " not in a.best.reason  # never "as good as itself"


def test_a_pass_that_gives_the_queen_away_where_the_best_keeps_her_says_so():
    """Newcomer round 9 (lesson 08, drill 2): passing K♣ Q♠ K♠ against the best K♣ J♦ K♠ read
    "unlike K♣ J♦ K♠ it keeps the J♦", blaming the J♦; the real difference is who ends with
    the Q♠, and the reason now names it."""
    from hearts_teach.agents.coach import assess_pass
    from hearts_teach.course.lessons import DRILLS

    a = assess_pass(DRILLS[1].make().view(0), include=["KS QS KC"])
    assert a.best.label == "K♣ J♦ K♠"
    reason = a.of("KS QS KC").reason
    assert "; unlike K♣ J♦ K♠ it passes the Q♠, not the J♦: " in reason, reason
    assert "it keeps the J♦" not in reason
    # a fresh rater read "K♣ J♦ K♠ keeps the Q♠ instead and passes the J♦: the Q♠ can still be dumped"
    # as saying keeping her is the danger: the pass that gives her away is the subject of what followed
    assert "keeps the Q♠" not in reason, reason
    head, followed = reason.split(": ", 1)
    assert head.startswith("K♣ Q♠ K♠ ") and head.endswith("it passes the Q♠, not the J♦"), head
    assert followed.startswith("the Q♠ can still be dropped on a trick you win; she ends up in your tricks in ")
    passed, kept = a.of("KS QS KC").stats["p_take_qs"], a.best.stats["p_take_qs"]
    assert passed > kept and followed.endswith("more often than with K♣ J♦ K♠."), followed
    # a pass that also gives her away keeps the old words: the difference is elsewhere
    first = assess_pass(DRILLS[0].make().view(0), include=["QS AS KD"])
    assert "; unlike Q♣ Q♠ A♠ it keeps the Q♣: " in first.of("QS AS KD").reason


def test_a_seat_that_took_only_the_queen_is_not_called_a_moon_threat():
    # West took the Q♠ alone (13 points, no heart): ducking under West's K♦ gives up nothing
    base = _last_seat_view("2D AD 5C 6C 7C 8C 9C TC 3S 4S 5S 6S", "3D KD 4D")
    queen_only = View(**{**base.__dict__, "taken": (CardList("2C KC QC JC").mask, CardList("QS 2S 3S 4S").mask, 0, 0),
                         "played": base.played | CardList("QS 2S 3S 4S").mask, "tricks_done": 2})
    assert play_does(queen_only, CardList("2D")[0].index) == "ducks under K♦"
    # with hearts as well he may be shooting: the duck gives up the defence
    hearts = View(**{**queen_only.__dict__, "taken": (0, CardList("QS 2H 3H 4H 2C KC QC JC").mask, 0, 0)})
    assert "giving up the moon defence against West" in play_does(hearts, CardList("2D")[0].index)


def test_the_views_moon_threat_is_the_rule_bots_moon_rule():
    """View.moon_threat (what a learner's bot in lesson 10 asks) once called a seat that took only
    the Q♠ a moon threat, unlike the rule bot and the rollouts; now all three use one rule."""
    from hearts_teach.agents.hearts.policy import MOON_OPEN, threat_of
    from hearts_teach.games.hearts.view import moon_threat

    queen_only = (0, CardList("QS 2S").mask, 0, 0)
    assert moon_threat(queen_only, 0) == -1 and threat_of(queen_only, 0) == MOON_OPEN
    with_hearts = (0, CardList("QS 2H").mask, 0, 0)
    assert moon_threat(with_hearts, 0) == 1 == threat_of(with_hearts, 0)
    eight_hearts = (0, 0, CardList("2H 3H 4H 5H 6H 7H 8H 9H").mask, 0)
    assert moon_threat(eight_hearts, 0) == 2 == threat_of(eight_hearts, 0)
    assert moon_threat(eight_hearts, 2) == -1  # never oneself


def test_a_discard_names_the_trick_as_the_winners_only_when_nobody_plays_after_you():
    """"throws a heart onto North's trick" was said of a trick West, playing after you, could
    still take: the trick is the winner's only when you play its last card."""
    last = _last_seat_view("KH 5H 6C 7C 8C 9C TC 3S 4S 5S 6S 7S", "2D 3D 4D")
    assert play_does(last, CardList("KH")[0].index) == "throws a heart onto North's trick"  # North's 4♦ wins it
    t = CardList("5D")
    second = View(seat=1, phase="play", hand=CardList("KH 5H 6C 7C 8C 9C TC 3S 4S 5S 6S AS").mask,
                  played=CardList("2C KC QC JC").mask | t.mask, trick=(t[0].index,), leader=0, turn=1,
                  led_suit=1, win_seat=0, win_card=t[0].index, tricks_done=1, sizes=(11, 12, 12, 12),
                  taken=(CardList("2C KC QC JC").mask, 0, 0, 0))
    assert play_does(second, CardList("KH")[0].index) == "throws a heart onto the trick South is winning so far"
    assert play_does(second, CardList("AS")[0].index) == "gets rid of a high spade on the trick South is winning so far"


def _lead_view(hand: str, trick_one: str) -> View:
    """South (seat 0) leads trick 2, having taken trick 1 (``trick_one``)."""
    return View(seat=0, phase="play", hand=CardList(hand).mask, played=CardList(trick_one).mask, trick=(),
                leader=0, turn=0, led_suit=None, win_seat=None, win_card=None, tricks_done=1,
                sizes=(12, 12, 12, 12), taken=(CardList(trick_one).mask, 0, 0, 0))


def test_a_lead_no_other_player_can_beat_is_not_called_the_highest_still_out():
    """Holding A♦ and K♦, the K♦ is not "the highest diamond still out": the ace is yours."""
    v = _lead_view("AD KD 5C 6C 7C 8C 9C TC 3S 4S 5S 6S", "2C AC QC JC")
    assert play_does(v, CardList("KD")[0].index) == "leads a diamond none of the others can beat, so it wins the trick"
    assert "still out" not in play_does(v, CardList("KD")[0].index)


def test_a_high_spade_lead_says_whether_you_hold_the_queen():
    v = _lead_view("AS QS 5C 6C 7C 8C 9C TC 3D 4D 5D 6D", "2C AC KC JC")
    assert play_does(v, CardList("AS")[0].index) == "leads a high spade while you still hold the Q♠"


def test_a_pass_that_empties_two_suits_says_so_once():
    """Lesson 01's deal-5 reason read "makes you void in hearts and makes you void in spades"."""
    from hearts_teach.agents.coach import _pass_does
    from hearts_teach.kernel.cards import CardList

    hand = CardList("AS 2H AD KD QD JD TD 9D 8D 7D 6D 5D 4D").mask
    words = _pass_does(hand, CardList("AS 2H AD").mask)
    assert words == "passes the A♠ and makes you void in hearts and spades"
    assert words.count("void") == 1


def test_a_drill_orders_the_queen_pass_reason_from_the_coach_s_parts_not_its_wording():
    """The drill's feedback puts what followed straight after the pass and the best's difference
    last; it builds that from the candidate's parts (``PassContrast``), so rewording the coach's
    clause cannot silently leave the drill's text half reordered."""
    from dataclasses import replace

    from hearts_teach.agents.coach import PassContrast, assess_pass
    from hearts_teach.course.drills import _queen_kept_last
    from hearts_teach.course.lessons import DRILLS

    a = assess_pass(DRILLS[1].make().view(0), include=["KS QS KC"])
    mine = a.of("KS QS KC")
    assert mine.contrast == PassContrast("K♣ J♦ K♠", "J♦", shares_none=False, gives_queen=True)
    assert a.best.contrast is None
    assert f"{mine.label} {mine.does}; {mine.contrast.clause()}: {mine.consequence}." == mine.reason
    text = _queen_kept_last(mine)
    assert text == f"K♣ Q♠ K♠ {mine.does}: {mine.consequence}. K♣ J♦ K♠ keeps the Q♠ and passes the J♦ instead."
    # the coach's wording is not parsed: a different clause leaves the drill's sentence as it was
    assert _queen_kept_last(replace(mine, reason="reworded entirely")) == text
    others = [c for c in a if c.contrast is not None and not c.contrast.queen_kept_by_best]
    assert others and all(_queen_kept_last(c) == c.reason for c in others)
