"""Lessons 00 (first hand), 04-05 (the bots' reasons), 08a, 08b and 12 (issue 27), as a learner
meets them: every quiz clicked from here, and every story the prose tells held to the engine,
the rule bot's own decisions (``course.why``) and the coach."""

from __future__ import annotations

import json
import re
from collections import Counter

from lesson_runner import ROOT, run

from hearts_teach import DECK, Card, CardList, Hand, Rules
from hearts_teach.course.lessons import Shooter, bots_play, table_bots, trick_table, why_played
from hearts_teach.kernel.cards import Suit

NB = ROOT / "notebooks"


def lesson(stem: str) -> dict:
    result = run(NB / f"{stem}.ipynb")
    assert not result.failed, result.failed
    return result.namespace


def notebook_cells(stem: str) -> list[dict]:
    return json.loads((NB / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"]


# lesson 08b was split in two (your own moon; beginner mistakes): tests that follow the old lesson's order read
# the pair, moon first
PAIR_08B = ("08b_your_own_moon", "08c_beginner_mistakes")


def pair_cells(stems: tuple[str, ...] = PAIR_08B) -> list[dict]:
    return [c for stem in stems for c in notebook_cells(stem)]


def text_output(cell: dict) -> str:
    return "".join("".join(o.get("text", "")) for o in cell.get("outputs", []))


def closes_on(quiz, right: str) -> None:
    assert not quiz.attempts, "the quiz arrived answered"
    wrong = next(label for label in quiz.buttons if label != right and not quiz.is_right(label))
    quiz.buttons[wrong].click()
    assert quiz.last_message.startswith("✘ Not") and not quiz.solved
    quiz.buttons[right].click()
    assert quiz.solved and quiz.last_message.startswith("✔ Right"), quiz.last_message


# 00 ------------------------------------------------------------------------------------------

def test_00_ends_with_the_scripted_first_hand_unplayed():
    first = lesson("00_welcome")["first"]
    assert first.hand.trick_number == 1 and not first.hand.tricks and "2♣" in first.question


# 04 and 05: the reasons the prose gives are the rule bot's ---------------------------------

def test_04_the_spade_leads_flush_the_queen_and_south_is_forced():
    hand = bots_play(Hand.deal(seed=19, pass_direction="hold"), table_bots("rule"))
    leads = [t for t in hand.tricks if t.led_suit == Suit.SPADES]
    assert [why_played(hand, t.number, t.seats[0]).branch for t in leads] == ["flush-queen"] * 3
    assert why_played(hand, 5, 0).branch == "forced-win"  # South "had to beat it with one of them"
    # round 4 (F04.2): South beat East's 8♠, second to play; West, next, dropped the queen under the K♠
    five = hand.tricks[4]
    assert [str(c) for c in five.cards] == ["8S", "KS", "QS", "TH"] and five.seats[:3] == (3, 0, 1)
    assert five.winner == 0
    assert hand.tricks[1].card_of(1) == Card("2S") and hand.tricks[2].card_of(1) == Card("TS")
    # r84: why South won trick 3 was not said: "On trick 3 its A♠ K♠ J♠ all beat East's 6♠: it had to win."
    three = hand.tricks[2]
    assert three.card_of(3) == Card("6S") and three.card_of(0) == Card("JS") and three.winner == 0
    held = [c for t in hand.tricks[2:] for s, c in zip(t.seats, t.cards, strict=True) if s == 0 and c.suit is Suit.SPADES]
    assert sorted(str(c) for c in held) == ["AS", "JS", "KS"]
    assert all(c.rank > Card("6S").rank for c in held) and why_played(hand, 3, 0).branch == "forced-win"
    text = " ".join(_md("04_queen_of_spades").split())
    # r84 read: "it had to win" was false: West, last to play, could have put the Q♠ over the J♠; the facts only
    # r100: why South had no safe spade in play (so passing them is the fix) is said
    # r102: the point (South was forced to go above the 6♠) was not plain
    # r103: "under" was used before it was explained: glossed where first used
    # r104: *duck* named here (lesson's one name for it, used again under the chart)
    # r120 (newcomer r120/04: "play lower" than what?): than the card winning so far (East's 6♠, named before it)
    assert "And South? On trick 3 all its spades (A♠ K♠ J♠) beat East's 6♠, so it could not *duck* (play lower than the card winning so far); its J♠ won " \
        "over West's 10♠. That left only K♠ and A♠, no safe spade while West held her: on trick 5" in text
    # r111: "losing the trick" read oddly (losing a trick is good in Hearts)
    assert "losing the trick" not in text and "it had to win" not in text and three.card_of(1) == Card("TS") and Card("QS") in hand.dealt(1)


def test_05_west_keeps_the_ace_by_the_insurance_rule_not_the_moon_watch():
    blocked = bots_play(Hand.deal(seed=810, pass_direction="hold"), [Shooter()] + table_bots("rule", seed=1)[1:])
    assert sum(t.points for t in blocked.tricks[:4]) == 0  # "nobody had taken a point yet"
    assert why_played(blocked, 5, 1).branch == "keep-top-heart"
    assert why_played(blocked, 6, 1).branch == "forced"  # "the A♥ was West's only heart"
    easy = bots_play(Hand.deal(seed=810, pass_direction="hold"), [Shooter()] + table_bots("easy", seed=1)[1:])
    assert why_played(easy, 6, 3, moon_defence=False).branch == "duck"  # "ducked as high as it could"
    # round 4 (F05.2): "the highest card that stays under sheds a card that could win a trick later":
    # East's 8♥ was its highest heart under the Q♥, and East kept a lower one
    six = easy.tricks[5]
    east = six.card_of(3)
    assert str(six.card_of(0)) == "QH" and str(east) == "8H"
    hearts = [c for c in easy.dealt(3) if c.suit.letter == "H" and not any(c in t.cards for t in easy.tricks[:5])]
    assert any(c.rank < east.rank for c in hearts)  # a lower heart kept for later
    assert not [c for c in hearts if east.rank < c.rank < 12]  # no higher heart under the Q♥


# 08a -------------------------------------------------------------------------------------------

def test_08a_quizzes_and_the_story_of_each_lead():
    ns = lesson("08a_keeping_track")
    # the engine's record comes after the three quizzes (issue 27 round 4); newcomer round 9: its stored
    # output showed the three answers right under the questions, so it now prints the record only once
    # all three are answered right; fresh newcomer rater (r43_c): a reader without the widgets could not check the
    # counts, so the record is printed, its output folded (as the series' other answer cells), its first line saying so
    cells = [c for c in notebook_cells("08a_keeping_track") if c["cell_type"] == "code"]
    at = next(i for i, c in enumerate(cells) if "South's record of the six tricks" in "".join(c["source"]))
    quizzes = [i for i, c in enumerate(cells) if "_quiz = Quiz(" in "".join(c["source"])]
    assert sorted(quizzes)[2] < at < sorted(quizzes)[3]
    # rater r54: its code folded too, as the quiz code is
    assert cells[at]["metadata"]["jupyter"] == {"outputs_hidden": True, "source_hidden": True}
    # r73 rater: the unfold reminder repeated in nearly every cell; lesson's opening cell says it once, the first line
    # names the cell as the answers
    assert "".join(cells[at]["source"]).split("\n", 1)[0].endswith("(code and output folded)")
    assert ("Folded parts show as three dots (…): click to unfold. A folded cell after a question holds its answer: open "
            "it once you have answered.") in " ".join(_md("08a_keeping_track").split())
    record = text_output(cells[at])
    closes_on(ns["queen_quiz"], "East")
    closes_on(ns["hearts_quiz"], "7")
    closes_on(ns["clubs_quiz"], "1")
    assert record.startswith("South's record of the six tricks:")
    assert "East has shown a void in: clubs, spades" in record
    assert "still out in hearts    7:" in record and "still out in clubs     1: 8♣" in record
    closes_on(ns["direction_quiz"], "West (pass left)")
    assert [c.pretty for c in ns["view"].still_out()[Suit.CLUBS]] == ["8♣"]  # "the one club still out, the 8♣"
    track = ns["track"]
    # newcomer rater (issue 27): the detective's payoff said outright, with the tricks that show East's voids
    prose = " ".join(_md("08a_keeping_track").split())
    assert ("East has shown voids in clubs (trick 5) and spades (trick 3), so the queen is with West or North, and "
            "so is the one club still out, the 8♣.") in prose
    assert {Suit.CLUBS, Suit.SPADES} <= set(ns["view"].voids(3))
    shown = {suit: next(t.number for t in track.tricks if t.led_suit is suit and t.card_of(3).suit is not suit)
             for suit in (Suit.CLUBS, Suit.SPADES)}
    assert shown == {Suit.CLUBS: 5, Suit.SPADES: 3}
    # r72b rater: the passing part uses two deals (287 and 551)
    # r116 (word cap): the sentence cut; each part's own intro names its deals
    assert "Each part has fixed deals" not in prose and "(lesson 01's, deal 287)" in prose and "(551)" in prose
    outcome = {}
    for card in track.legal_plays(0):
        h = track.copy()
        h.play(card)
        bots_play(h, table_bots("rule"), stop=lambda x: len(x.tricks) == 7)
        outcome[str(card)] = h.last_trick
    club = outcome["5C"]  # the 8♣ wins; East and the other of West and North must discard, that other one the queen
    # fresh newcomer rater (r44_a): the count proves it: the 8♣ is the only club still out, so whichever of West and
    # North does not hold it has no club (nor has East), and must discard: "must", not "may"
    assert len(ns["view"].still_out()[Suit.CLUBS]) == 1 and Suit.CLUBS in ns["view"].voids(3)
    assert all(c.suit is not Suit.CLUBS for c in club.cards if c not in (Card("5C"), Card("8C")))
    assert Card("QS") in club.cards and club.card_of(1) == Card("8C") and club.winner == 1
    king = outcome["KS"]  # "the K♠ then takes whatever spade falls, the queen included"
    eight = outcome["8S"]  # "a low spade lead (8♠) cannot take her"
    assert not (Card("QS") in eight.cards and eight.winner == 0)
    # a fresh rater: "it cannot win at all": every spade still out is higher, East has none, so West or North plays one
    assert all(c.rank > 8 for c in ns["view"].still_out()[Suit.SPADES]) and eight.winner != 0
    # fresh newcomer rater (r45_a): the bullet said "cannot win" twice; once now
    # r71b rater: "her holder ... perhaps her" had too many pronouns: the queen named
    # r73 rater: the 8♠ shares the "Cannot win" group with the 2♥ (checked below)
    assert Card("QS") in king.cards and king.winner == 0
    # fresh newcomer rater (r35): the heart leads the widget offers; the 2♥ is below every heart still out.
    # Fresh rater (r36): an unshown void proves nothing; the reason is that the hearts still out (at least one)
    # are all in the other three hands, so whoever holds one must follow with it, and it is higher
    hearts_out = ns["view"].still_out()[Suit.HEARTS]
    assert hearts_out and all(c.rank > 2 for c in hearts_out) and outcome["2H"].winner != 0
    assert not set(hearts_out) & set(ns["track"].cards(0))  # none of them is South's
    # fresh newcomer rater (r38): the heart count (the second question's answer) is confirmed here, after the quiz
    assert len(hearts_out) == 7
    # r73 rater: the seven bullets ended in uneven grades; the leads are sorted by what they can do
    assert ("- **Cannot win: 2♥ and 8♠.** Every heart still out (7, the second question's answer) is higher than the "
            "2♥, and every spade still out is higher than the 8♠. All are in the other three hands, so someone follows "
            "higher.") in prose
    # and the 8♠ bullet says why she cannot be discarded on it, without the circular "holds a spade"
    # fresh newcomer rater (r43_c): "cannot discard her" read as "cannot play her"; she may be the spade played
    # fresh newcomer rater (r44_a): "her holder must follow suit" read as "must play her"; it says "a spade, perhaps her"
    assert "cannot discard her" not in prose and "her holder must follow suit" not in prose
    assert "whoever holds the queen holds a spade" not in prose
    # the other two leads: the K♥ can win its trick (on this deal it does, with 4 hearts); the 10♠ does not here
    assert outcome["KH"].winner == 0 and sum(c.suit is Suit.HEARTS for c in outcome["KH"].cards) == 4
    assert outcome["TS"].winner != 0
    # fresh newcomer rater (r41_f): the 10♠ wins only if West or North cannot follow with a higher spade, so it
    # "seldom wins": of the four spades still out (none with East or South), only the 9♠ is lower
    spades_out = ns["view"].still_out()[Suit.SPADES]
    assert len(spades_out) == 4 and [c.pretty for c in spades_out if c.rank < Card("TS").rank] == ["9♠"]
    assert Suit.SPADES in ns["view"].voids(3)
    # fresh newcomer rater (r39): the K♥'s 4 hearts are what the bots do, and the 5♥, the seventh lead, is named:
    # only the 4♥ and the 3♥ still out are below it, and on this deal it does not win
    # fresh newcomer rater (r40): the paragraph was long; the two riskier leads in fewer words
    # fresh newcomer rater (r48): what the K♥ takes is said in points (its own K♥ counted), why a heart may be led
    # (East's 9♥, discarded on trick 3's spade lead, is the first heart played), and the counting deduction behind
    # "seldom": East has no spade, so West and North hold all four still out; with only the 9♠ below the 10♠, it
    # wins only if one of them holds all four and plays the 9♠; the queen, higher, never falls on a trick it wins
    # r71b rater: "the two kings" came before the K♥ was discussed: one bullet per legal lead, in the order the
    # next cell prints them (track.legal_plays)
    # r72 rater: "Here it wins 4 points" gave the result away before cell 14 prints it: the outcome is left to cell 14
    # r75 rater: the bracket said why the K♥ may be led, not why it wins: both said, the A♥ the only heart above it
    assert ("- **May win, points and all: K♥ and K♠.** Hearts are broken (East's 9♥, trick 3), so you may lead the "
            "K♥; only the A♥ still out beats it. The K♠ wins unless the A♠'s holder plays it, and takes any spade that "
            "falls, the queen included.") in prose and "Here it wins" not in prose
    assert [c.pretty for c in hearts_out if c.rank > Card("KH").rank] == ["A♥"]
    # r73b: words cut (the cap); the 10♠'s one lower spade and the queen above it stay
    assert ("- **Seldom win: 5♥ and 10♠.** Only the 4♥ and the 3♥ still out are below the 5♥, and only the 9♠ below "
            "the 10♠. The 10♠ never takes the queen: she is higher.") in prose
    # r73: every legal lead is in exactly one group
    groups = re.findall(r"- \*\*[^*:]+: ([^*]+)\.\*\*", prose.split("<summary>What each lead does</summary>")[1].split("</details>")[0])
    named = [card for g in groups for card in g.split(" and ")]
    assert sorted(named) == sorted(c.pretty for c in track.legal_plays(0)) and len(named) == len(set(named)) == 7
    assert outcome["KH"].cards.points == 4 and Card("KH") in track.cards(0)
    first_heart = next(t for t in track.tricks if any(c.suit is Suit.HEARTS for c in t.cards))
    assert first_heart.number == 3 and first_heart.led_suit is Suit.SPADES
    assert [c.pretty for c in first_heart.cards if c.suit is Suit.HEARTS] == ["9♥"] and first_heart.card_of(3) == Card("9H")
    held = {c for seat in (1, 2) for c in track.cards(seat) if c.suit is Suit.SPADES}
    assert held == set(spades_out) and all(any(c.suit is Suit.SPADES for c in track.cards(s)) for s in (1, 2))
    assert Card("QS").rank > Card("TS").rank
    assert "each can win its trick" not in prose
    assert sorted(c.pretty for c in hearts_out if c.rank < 5) == ["3♥", "4♥"] and outcome["5H"].winner != 0
    assert "A bot played South's cards in tricks 1–6; now you are South, about to lead trick 7." in prose
    assert "you see theirs before you choose" not in prose and "you see East's card before you choose" not in prose
    assert "has to commit to a card first, before yours is seen" in prose
    # r75b rater: "the three other bots" made the learner a bot, and nothing said how to try a second lead;
    # "once a card nobody still to play can beat is on the table" was abstract
    assert "click a card and the three bots answer (re-run the cell for another lead)." in prose
    assert "three other bots" not in prose and "nobody still to play can beat" not in prose
    # r100: "the card that will win the trick is down" was abstract until the folded answer: an example, the A♠
    assert "the card that will win the trick is down" not in prose
    # r111: "sure of that only once the trick's winning card is down" was false for a holder void in the suit led
    # (she cannot win that trick): any trick will do; order of play decides only whether she can be aimed at you
    # r112: "the holder must play after you" was too strong (a holder who plays first may lead her into a bare A♠);
    # "Void in the suit led" did not say who is void
    # r114: "on any trick" read as any trick at all, and "your A♠" came before the learner held one
    # r116 (rater: in "a suit she lacks", "she" read as the queen, "her" two words before): said of the holder
    # r120 (report r120/08a: how this bears on passing was left to work out): passing her makes the receiver her holder
    assert ("the Q♠'s holder (your receiver, if passed) wants to dump her on someone else's trick. A holder void in the suit led may shed her; "
            # r119 (report r118/08a: "one playing after you" made sense only after the quiz): what playing after means
            "one playing after you sees your card first and can drop her on your high spade.") in prose
    assert "can aim her at your high spade" not in prose
    assert "in a suit she lacks" not in prose
    assert "void in the suit led may shed her on any trick;" not in prose and "aim her at your A♠" not in prose
    assert "must play after you" not in prose and "Void in the suit led, any trick" not in prose
    assert "is sure of that only once" not in prose
    # fresh newcomer rater (r44_a): the rule's gap: she may still land on the ace of a receiver who played first
    assert ("has to commit to a card first, before yours is seen; she may still land on your ace, but that receiver "
            "cannot be sure of it.") in prose
    # and the garbled toggle instruction ("three times with cards") says one call per card
    # r56 rater: one call naming all three cards (the picker's text path), not three toggles and a confirm
    # r114: the three-card format had no example: one call, three cards of South's
    assert 'type, say, `right.choose("QH JH 5C")`' in prose and "three times with" not in prose
    assert "right.toggle" not in prose
    assert "nobody has shown a void in hearts" not in prose
    # fresh newcomer rater (r37): the four leads end with a verdict; on this deal the first three do not win their
    # trick (the K♠ takes the queen)
    assert all(outcome[c].winner != 0 for c in ("5C", "2H", "8S"))
    # rater r54: the K♥ wins too: both kings are named, and each lead's trick is printed (code and output folded)
    # r71b fresh read: every legal lead gets a verdict, and the best one is named (the 5♣: West takes her)
    # r72 rater: South forces nothing: the 5♣ lets the queen's holder, if not the 8♣'s, discard her on that trick;
    # the outcome ("here West, 14 points") is left to the next cell
    # r73 rater: the verdict's grades were uneven; r73b rater: "beats" read as "wins against", and the 8♠ had no
    # verdict: the three losing leads ranked in one sentence, after why South wants her gone (the K♠ can catch her)
    # r81: the verdict came only at the end of a long box: it opens the box now, the 5♣ first among the groups
    # r111: the 8♣'s holder may hold her too (then cannot shed her): "May let"; and the ranking's yardstick is named
    # r112: "May let her holder shed her" read as a danger under "Safest": the bullet is headed as the safe lead
    assert ("the 8♣. You want her played on someone else's trick: while she is out, your K♠ can catch her. - "
            "**Safest: 5♣.** Whoever holds the 8♣ must play it and wins.") in prose
    assert "May let her holder" not in prose
    # r120 (report r120/08a: "safest" by what? every lead gave South 0 points here): the bold line says why, from the bullet
    assert ("<summary>What each lead does</summary> **Safest from the queen: the 5♣ (the 8♣ wins it: a queen shed there "
            "is not yours), then the 8♠ and the 2♥.** East "
            "has shown voids" in prose) and "**Best is the 5♣" not in prose
    assert Card("KS") in track.cards(0) and all(Card("QS") not in t.cards for t in track.tricks)
    # r75 rater: "so she can stay out" was too compressed: her holder may follow with another card and keep her
    # r117 (r116 reader: why the 5♣ ranks above the 8♠ and 2♥ came only at the end): said in the 5♣ bullet
    assert ("not to you. On the 8♠ or the 2♥ her holder may play another spade or a heart and keep her, still a "
            "danger to your K♠. - **Cannot win") in prose and "The 5♣ beats the 2♥" not in prose
    assert "could win. The next cell shows each lead's trick. </details>" in prose
    assert all(outcome[c].winner != 0 and Card("QS") not in outcome[c].cards for c in ("2H", "8S"))
    assert outcome["2H"].winner != 0 and Card("QS") not in outcome["2H"].cards and Card("QS") in outcome["5C"].cards
    assert "force the queen" not in prose and "here West, 14 points" not in prose
    # r75b rater: the groups rank the leads, yet every low lead goes to West here: said, and why the ranking still holds
    # r75c: "all but the kings" read as every trick without a king: the leads, said
    # r81: "*seldom* counts other ways the cards could lie" was not understood: the other layouts said plainly
    # r102: the ranking's reason ("seldom" against "cannot") was left to reread: said in one sentence
    # r120 (word cap): "The 2♥ and the 8♠ rank next: they never win" cut; the bullets' heads ("Cannot win", "Seldom
    # win") rank them
    assert ("Here West wins every lead but the two kings; with other layouts the 5♥ or the 10♠ could win.") in prose
    assert "- **Cannot win: 2♥ and 8♠.**" in prose and "- **Seldom win: 5♥ and 10♠.**" in prose
    assert "*seldom* counts" not in prose
    assert {k for k, t in outcome.items() if t.winner != 1} == {"KH", "KS"} and len(outcome) == 7
    assert club.winner == 1 and club.points == 14 and all(outcome[c].winner != 0 for c in ("5H", "TS"))
    assert king.cards.points == 14 and outcome["KH"].winner == 0
    every = notebook_cells("08a_keeping_track")
    at = next(i for i, c in enumerate(every) if "<summary>What each lead does</summary>" in "".join(c["source"]))
    leads = every[at + 1]
    assert leads["metadata"]["jupyter"] == {"outputs_hidden": True, "source_hidden": True}
    assert "".join(leads["source"]).split("\n", 1)[0] == ("# the answer: the trick each lead South may make brings "
                                                          "(code and output folded)")
    assert text_output(leads) == "".join(
        f"lead {Card(k).pretty:<3} → trick 7: "
        f"{', '.join(f'{track.seat_names[p]} {x.pretty}' for p, x in zip(t.seats, t.cards, strict=True))}"
        f" → {track.seat_names[t.winner]} takes it ({t.points} point{'' if t.points == 1 else 's'})\n"
        for k, t in outcome.items())
    assert "South K♠, West J♠, North Q♠, East 7♥ → South takes it (14 points)" in text_output(leads)
    # rater r54 nits: cell 12's widget code folded, its output shown
    widget = next(c for c in every if "lead = lead_widget(track)" in "".join(c["source"]))  # r73: one helper, two leads
    assert widget["metadata"]["jupyter"] == {"outputs_hidden": False, "source_hidden": True}
    assert "Keeping track turns" not in prose
    lead = ns["lead"]
    assert lead.hand.trick_number == 7 and not lead.hand.current_trick.cards, "the lead arrived played"
    lead.buttons["KS"].click()
    assert "South takes it (14 points)" in lead.last_message


def test_08a_points_to_where_the_rule_bot_is_described():
    """Newcomer review: 08a said the rule bot is shown in "lesson 01", where it appears only in code.
    It now names the bot as lesson 07's list of opponents prints it, in that list's own words."""
    from hearts_teach.agents.hearts import ladder_levels

    text = " ".join(" ".join("".join(c["source"]) for c in notebook_cells("08a_keeping_track")
                             if c["cell_type"] == "markdown").split())
    rule = next((label, what) for name, label, what in ladder_levels() if name == "rule")
    assert rule == ("Solid", "plays by the book: ducks, dumps the Q♠, flushes spades and stops a moon")
    # fresh newcomer rater (r39): the list of what Solid does was a stack of jargon here; the name and the list's
    # first words stay
    # rater r54: "rule bots (*Solid* …)" read as two names for the same bot: the sentence says it is one
    # r102: the Solid aside got in the way of reading the trick table: a link to the glossary's Rule bot, which names Solid
    assert "Deal 199, no pass, four [rule bots](glossary.ipynb#cell-id=term-rule-bot). A bot played" in text
    assert "calls this bot *Solid*" not in text
    assert "flushes spades" not in text
    assert "dump the Q♠; lesson 01" not in text
    listed = "".join(text_output(c) for c in notebook_cells("07_play_a_match") if "ladder_levels()" in "".join(c["source"]))
    assert 'Solid     "rule"      plays by the book: ducks, dumps the Q♠, flushes spades and stops a moon' in listed


def test_08a_the_coach_passes_the_ace_left_but_keeps_it_right():
    ns = lesson("08a_keeping_track")
    closes_on(ns["ace_quiz"], "pass right (East)")
    # fresh newcomer rater (r34): the question no longer names the coach's best pass right, the picker's answer above
    # fresh newcomer rater (r45_a): "two other cards (the table names them)" sent the reader into the folded answer;
    # the question names them (the answer is a direction, not these cards), in words, not as the best pass's label
    # fresh newcomer rater (r46): why those two cards: they are the rest of the pass, the same each way, and high
    # r56 rater: the question was a paragraph; it keeps the pass in two short sentences
    assert "Q♦ A♦" not in ns["ace_quiz"].question and ns["ace_quiz"].question == (
        "South passes the Q♠ with the Q♦ and the A♦ and keeps the A♠. Passing which way does the Q♠ end in South's "
        "tricks least often?")
    assert {str(c) for c in CardList(ns["KEEP"])} == {"QD", "AD", "QS"}
    assert ns["KEEP"] == "QD AD QS"
    # r72 rater: "and so can wait to see your ace?" leaked the reason, and so the answer
    # r75b rater: "after you" read as "right after you"; the question says later in the same trick
    # r114: "most often" silently counted leaders as equally likely: the question now says it counts leaders
    assert ns["direction_quiz"].question.endswith("Which receiver plays later than you in a trick for most of the four "
                                                  "possible leaders?")
    assert "wait" not in ns["direction_quiz"].question
    # r73 rater: "You keep the A♠ and pass the Q♠ away" was a red herring: the answer depends on seating alone
    assert ns["direction_quiz"].question == ("Your pass goes to West, North or East. Which receiver plays later than you "
                                             "in a trick for most of the four possible leaders?")
    best, back, keep, both = ns["best"], ns["back"], ns["KEEP"], ns["BOTH"]
    assert "A♠" in best["left"].label and "A♠" in best["across"].label  # "the coach passes the ace"
    # "passing right … the coach keeps the ace and uses the place in the pass for the Q♦"
    assert "A♠" not in best["right"].label and "Q♦" in best["right"].label
    # "keeping the ace brings her back more often than in any other direction" (left), "the ace
    # kept still brings her back more often than the ace passed" (across), "less exposed" (right)
    assert back["left"][keep] > back["across"][keep] > back["right"][keep]
    assert back["left"][keep] > back["left"][both] and back["across"][keep] > back["across"][both]
    assert back["right"][keep] < back["right"][both]
    # a fresh rater (final round): the right row's figures, said in the bullet, as the table prints them
    # fresh newcomer rater (r48): the two passes differ by one swapped card (A♠ for Q♦), not by an extra A♠
    # r72 rater: the hedges cancelled the advice: one rule per direction, its figures, one caveat at the end
    # r73 rater: "treat small gaps as ties" then a 5-point gap: the deals behind it (8,192 each) say it is real
    right_deals = {ns["graded"]["right"].of(p).deals for p in (keep, both)}
    assert right_deals == {8192}
    # r73b rater: the deal counts were statistics for newcomers: cell 27 says all three gaps beat chance (checked below)
    assert (f"Here keep the A♠ and pass the Q♦: {back['right'][keep]:.0%} against {back['right'][both]:.0%};") in " ".join(
        " ".join("".join(c["source"]) for c in notebook_cells("08a_keeping_track") if c["cell_type"] == "markdown").split())
    # fresh newcomer rater (r41_f): the bullet said it twice ("Both passes send the A♦ and the Q♠; keeping the A♠ ...")
    assert "Both passes send" not in " ".join("".join(c["source"]) for c in notebook_cells("08a_keeping_track"))
    assert best["left"].stats["p_take_qs"] < back["left"][both]  # the best pass left beats A♦ Q♠ A♠
    # "South's only spades are the A♠ and the Q♠"
    assert [c.pretty for c in ns["deal"][0] if c.suit is Suit.SPADES] == ["Q♠", "A♠"]
    right = ns["right"]
    assert not right.selected and right.hand.phase.name == "PASS"
    # the pass right is the exercise: its best is printed only after the picker, and the
    # numbers only after the question
    cells = [c for c in notebook_cells("08a_keeping_track") if c["cell_type"] == "code"]
    picker = next(i for i, c in enumerate(cells) if "PassPicker(" in "".join(c["source"]))
    quiz = next(i for i, c in enumerate(cells) if "ace_quiz = Quiz(" in "".join(c["source"]))
    printed = [i for i, c in enumerate(cells) if "coach's best pass" in text_output(c)]
    assert printed and min(printed) > quiz > picker
    # newcomer round 11: what to do with the ace on this deal answers the ace quiz, so it comes after it.
    # r72b rater: the quizzes came before the reason; the principle (a receiver after you can wait, one before you
    # must commit) now comes after the direction quiz's answer and before the picker and the ace quiz: it names no
    # direction, so the learner still has to combine it with who plays after you
    every = notebook_cells("08a_keeping_track")
    # r81: the conclusion ("a receiver who plays after you can wait ...") settled the ace quiz before it was asked: the
    # premise stays before the picker, the conclusion is in the quiz's folded answers, after it
    why = [i for i, c in enumerate(every) if "one playing after you sees your card first"  # r114; r119
           in " ".join("".join(c["source"]).split())]  # r111: the premise reworded (void holders are safe at once); r112
    asked = next(i for i, c in enumerate(every) if "ace_quiz = Quiz(" in "".join(c["source"]))
    order_answer = next(i for i, c in enumerate(every) if c.get("id") == "l08a-14")
    # r102: the direction quiz was a counting puzzle without a purpose: the premise opens the passing part, before it
    direction_asked = next(i for i, c in enumerate(every) if "direction_quiz = Quiz(" in "".join(c["source"]))
    assert len(why) == 1 and every[why[0]].get("id") == "l08a-pass-intro"
    assert why[0] < direction_asked < order_answer < picker_at(every) < asked
    waits = [i for i, c in enumerate(every) if "can wait for your high spade" in " ".join("".join(c["source"]).split())]
    assert len(waits) == 1 and every[waits[0]].get("id") == "l08a-rates-intro" and waits[0] > asked
    principle = " ".join("".join(every[why[0]]["source"]).split()).split("Why the order of play matters:")[1].split(
        "Play goes clockwise")[0]
    assert "wants to dump her" in principle
    assert not any(w in principle for w in ("left", "right", "across", "West", "North", "East"))
    todo = [i for i, c in enumerate(every) if "send the ace with her" in "".join(c["source"]).replace("\n", " ")]
    assert todo and min(todo) > asked
    assert all("passing right, keep it" not in " ".join("".join(c["source"]).split()) for c in every[:asked])
    # newcomer round 9: "Hand 1: pass right" read as contradicting the rotation; the picker says why
    shown = "".join("".join(o.get("data", {}).get("text/plain", "")) for o in cells[picker]["outputs"])
    assert shown.startswith("Hand 1: pass right (set for this example; the rotation would pass left).")
    table = text_output(cells[min(printed)])
    assert f"{best['right'].label} (keeps the A♠)" in table and f"{back['left'][keep]:.0%}" in table
    # newcomer round 11: the ace passed along with her still leaves her coming back (left, across), said
    # with why; the kept ace may go earlier as a discard; the "South leads" line without a visible hack
    text = " ".join(" ".join("".join(c["source"]) for c in notebook_cells("08a_keeping_track")
                             if c["cell_type"] == "markdown").split())
    # fresh newcomer rater (r44_a): the table's startling share (the ace passed along, left) is explained right under
    # the table, before the per-direction advice, not at the end of it
    assert set(CardList(keep)) - set(CardList(both)) == {Card("QD")} and set(CardList(both)) - set(CardList(keep)) == {Card("AS")}
    # r71b fresh read: the replay is below the table, and the direction rule says why East's K♠ reaches South
    # (rule 3: passing left, seat+1, so East, seat 3, passes to South, seat 0)
    assert ("Each row's first two passes differ in one card: the A♠ or the Q♦.") in text  # r120: shorter (word cap)
    # r72b rater: nobody passes her back: "comes back" read as a pass; she ends in South's tricks; and South has no
    # K♠ of its own, so "your A♠ or K♠" became a high spade of yours (the K♠ one passed to you)
    assert "comes back" not in text and "your A♠ or K♠" not in text
    # r73 rater: cells 26-29 carried too many statistics; r73b rater: the optional cell's one insight goes back into
    # the prose in one sentence (checked against the replay below), and the cell is gone
    # r75 rater: "mostly" rested on a replay no output shows: cut; the J♣'s part said as a possibility, and the quiz
    # after it hedged ("Usually keep it") as the sentence is
    # r100 (rater: "a trick you win" left out that West must be out of that suit, the rule cell 5 teaches)
    assert ("A hard hand even so: passing left, ace gone, West can still drop her on a trick you win in a suit West "
            "lacks, say a club won by your J♣: the coach's best pass sends the J♣ too.") in text  # r116 (word cap) and "mostly" not in text
    # r81: the passing part ended on "the coach's grade has the last word" (one deal's percentages as the teaching):
    # cut for words; the summary's "tends to" keeps the hedge
    assert "has the last word" not in text
    assert "optional folded cell" not in text
    assert "West drops her on tricks South wins" not in text
    assert "part of that gap" not in text and "looks no better" not in text
    assert Hand(ns["deal"], "left").pass_target(3) == 0
    # r71b rater: why she still comes back after A♦ Q♠ A♠ left, from the engine: the coach's own first deals
    # replayed by rule bots (the same play as its backend's, deal by deal), counting who drops her and on which lead
    from hearts_teach.agents.hearts.coach_backend import scalar_backend
    from hearts_teach.agents.hearts.deals import deal_range

    left_view = Hand(ns["deal"], "left").view(0)
    sample = deal_range(left_view, 0, 0, 64)
    coach_queen = scalar_backend(left_view, [CardList(both).mask], sample).queen[0]
    for masks, q in zip(sample, coach_queen, strict=True):
        h = Hand([CardList.from_mask(m) for m in masks], "left")
        h.pass_cards(0, both)
        bots_play(h, table_bots("rule"))
        assert (Card("QS") in h.taken(0)) == bool(q)
    # the replay behind that sentence (formerly the optional cell's): the pass A♦ Q♠ A♠ left on the coach's own first
    # 1,024 deals, rule bots, counting who drops her on South's trick and with which card South wins it
    assert all(c.get("id") != "l08a-curious" for c in notebook_cells("08a_keeping_track"))
    dropped_by, kinds = Counter(), Counter()
    for masks in deal_range(left_view, 0, 0, 1024):
        h = Hand([CardList.from_mask(m) for m in masks], "left")
        h.pass_cards(0, both)
        bots_play(h, table_bots("rule"))
        for t in h.tricks:
            if Card("QS") in t.cards and t.winner == 0:
                dropped_by[h.seat_names[t.seats[t.cards.index(Card("QS"))]]] += 1
                won_with = t.card_of(0)
                kinds[t.led_suit.name.lower(), won_with.pretty if won_with.pretty in ("J♣", "K♠") else "",
                      won_with in h.received(0)] += 1
    took = sum(dropped_by.values())
    assert dict(dropped_by) == {"West": took}  # West drops her
    assert abs(took / 1024 - back["left"][both]) < 0.02
    assert {k for k in kinds if k[0] == "spades"} == {("spades", "K♠", True)}  # always the K♠ East passed
    clubs = Counter()
    for (suit, card, _), n in kinds.items():
        if suit == "clubs":
            clubs[card] += n  # card: "J♣", or "" for any other club
    assert clubs["J♣"] > sum(clubs.values()) / 2  # the J♣ wins her on most club leads
    assert kinds["spades", "K♠", True] + clubs["J♣"] > took / 2  # "mostly"
    assert "dropped there by" not in table
    assert "J♣" in best["left"].label  # "it sends that J♣ away too"
    advice = next("".join(c["source"]) for c in notebook_cells("08a_keeping_track") if c.get("id") == "l08a-advice")
    # fresh newcomer rater (r45_a): even the best pass leaves her often (the table's last column, 38% to 56%);
    # r73b rater: fewer numbers in prose: the cell opens on what the rows compare, and ends "a hard hand even so"
    assert advice.startswith("Each row's first two passes differ in one card")  # r120
    assert [f"{ns['best'][d].stats['p_take_qs']:.0%}" for d in ("right", "left")] == ["38%", "56%"]
    assert min(ns["best"][d].stats["p_take_qs"] for d in ns["best"]) == ns["best"]["right"].stats["p_take_qs"]
    assert max(ns["best"][d].stats["p_take_qs"] for d in ns["best"]) == ns["best"]["left"].stats["p_take_qs"]
    assert back["left"][both] > 0.25 and back["across"][both] > 0.25
    # newcomer rating (issue 27): passing her left and keeping the ace is no safer than keeping both
    # spades: the coach's passes left that keep both leave her in South's tricks as often (both computed here)
    left = ns["graded"]["left"]
    kept_both = [c.stats["p_take_qs"] for c in left if not c.cards.mask & CardList("QS AS").mask]
    assert len(kept_both) >= 3 and max(kept_both) <= back["left"][keep] <= max(kept_both) + 0.01
    assert f"{back['left'][keep]:.0%}" == f"{max(kept_both):.0%}"
    # a fresh newcomer rater: "(4 of the coach's passes)" read oddly; the line names the passes it counts
    counts = sorted({c.deals for c in left if not c.cards.mask & CardList("QS AS").mask})
    # rater r54: the line says what it is, the words the "Passing left" bullet quotes; r71b rater: it counts the
    # passes keeping both spades, so it says so, and out of how many passes the coach tried
    assert len(counts) == 1 and counts[0] == 128
    # fresh newcomer rater (r37): cells 22-23 were heavy; the line naming each of those passes went
    named = [c for c in left if not c.cards.mask & CardList("QS AS").mask]
    assert "  (" + ", ".join(f"{c.label} {c.stats['p_take_qs']:.0%}" for c in named) + ")" not in table
    # a fresh rater: the bullet repeated the table's figures and pointed to the line that holds them; fresh newcomer
    # rater (r32): the reader had to hunt for them, so the bullet quotes them (as computed here) and still points
    # fresh newcomer rater (r43_c): each bullet opens with one plain sentence; the figures follow it, not inside it
    # fresh newcomer rater (r48): sharper: passing her but keeping the ace is no better than not passing her at all
    # rater r54: "no better" rests on 128 deals a pass: hedged by those statistics (the margin line below)
    # r72 rater: one rule per direction with its figures from the table, no hedge the numbers do not need
    # r73b rater: "a K♠ passed to you" read as one from the receiver: who passes to you is said (rule 3, seat+1)
    assert (f"- **Passing left: if the Q♠ goes, send your high spades with her.** West plays after you for 3 of the 4 "
            f"possible leaders, and so can hold her until a high spade of yours wins a trick (the A♠, or a K♠ you "
            f"receive: passing left, from East) and drop her on it. Here: {back['left'][both]:.0%} with the A♠ passed; "
            f"{back['left'][keep]:.0%} with it kept, worse even than keeping her (") in text  # r116: see below
    # r117: "62% ..., 87% with it kept: worse even than" read as both figures worse: only the kept ace's is
    assert "with it kept: worse even than" not in text
    assert "passed to you)" not in text
    assert back["left"][keep] >= min(kept_both)
    assert "- **Passing across: in between.**" in text and "- **Passing right: a kept high spade is less exposed.**" in text
    # the table's headers say what is passed (a newcomer read "keep the A♠" as keeping both spades)
    assert "Q♠ passed," in table and "A♠ kept" in table and "Q♠ and A♠" in table and "keep the A♠" not in table
    cell = next(c for c in notebook_cells("08a_keeping_track") if c.get("id") == "l08a-rates")
    assert cell["metadata"]["jupyter"]["source_hidden"] is True  # its long code folded, as other figures cells
    # fresh newcomer rater (r41_f): the seat-order table's modular arithmetic sat in the prose; its code is folded,
    # its output shown, and its first line says so (as in lessons 00 and 03)
    # r71b fresh read: it answers the direction quiz above, so its output is folded too, the cell before says so
    order = next(c for c in notebook_cells("08a_keeping_track") if c.get("id") == "l08a-14")
    assert order["metadata"]["jupyter"] == {"outputs_hidden": True, "source_hidden": True} and order["outputs"]
    assert "".join(order["source"]).split("\n", 1)[0] == ("# the answer: who plays after you, for each receiver of your "
                                                          "pass (code and output folded)")
    # r73 rater: the unfold reminder, said once in the opening cell, is no longer a cell of its own
    assert "When you have answered, unfold the next cell's output" not in text
    # fresh newcomer rater (r37): its table answers the ace quiz just above, so its output is folded too, its first
    # line says so, and the picker's feedback no longer names the coach's best pass right (it kept the ace)
    assert cell["metadata"]["jupyter"]["outputs_hidden"] is True
    assert "".join(cell["source"]).startswith("# the answer: the coach's numbers for all three directions (code and "
                                              "output folded)\n")
    said = ns["coach_says"](None, 0, "JC QS AS")  # a pass other than its best
    assert best["right"].label not in said and said.endswith("(its best pass comes after the question below).")
    assert min(kept_both) <= back["left"][keep] <= max(kept_both) + 0.01
    # the best pass left still leaves her with South more often than not (newcomer raters r34, r35); fresh newcomer
    # rater (r37): the second check (1,000 rule-bot play-outs) and the paragraph repeating the table went, and the
    # player never chooses the direction: what matters is the lowest share for the direction you are given
    assert best["left"].stats["p_take_qs"] > 0.5
    held_left = min((c for c in ns["graded"]["left"] if "Q♠" not in c.label.split()), key=lambda c: c.delta_vs_best)  # r116
    # fresh newcomer rater (r41_f): why she comes back so often passing left belongs in the "Passing left" bullet
    # rater r54: the "since South keeps the A♦, Q♦ …" reason was untested (the best pass keeps both diamonds and still
    # beats A♦ Q♠ A♠): gone; lesson 01 discusses the J♣ against the A♦
    assert (f"keeping her ({held_left.stats['p_take_qs']:.0%}). - **Passing across: in between.** North plays after you for 2 of the "
            f"4 leaders. Here too, pass the A♠: {back['across'][both]:.0%} against {back['across'][keep]:.0%}.") in text
    assert "high cards that can win tricks she is dropped on" not in text
    # the three comparisons the bullets state are well outside the margin printed for the curious (at most 9 in 100
    # over 128 deals): no hedge is needed
    margin = {n: 1.96 * (0.25 / n) ** 0.5 for n in (128, 512, 1024, 8192, 16384)}
    for d in ("left", "across", "right"):
        g = ns["graded"][d]
        gap = abs(back[d][keep] - back[d][both])
        assert gap > margin[g.of(keep).deals] + margin[g.of(both).deals]
    # fresh newcomer rater (r43_c): "share of the coach's deals" tied to the sampled deals, in the table and above it
    # fresh newcomer rater (r46): the header says what is measured and each share over how many deals (the coach
    # plays a pass on more deals while its grade is unclear)
    # r72b rater: "87% of 128" beside "62% of 16,384" was hard to read: the table prints the shares only, each row's
    # three in order; the deal counts behind them moved to the folded cell for the curious, one line per direction
    assert "The share of the coach's sampled deals in which the Q♠ ends up in South's tricks (lower is better):\n" in table
    rows = [line for line in table.splitlines() if "%" in line and line.startswith("pass ")]
    assert len(rows) == 3 and not any(" of 128" in r or "16,384" in r or "deals" in r for r in rows)
    for d in ("left", "across", "right"):
        g = ns["graded"][d]
        row = next(line for line in table.splitlines() if line.startswith(f"pass {d:<6} → "))
        assert re.findall(r"\d+%", row) == [f"{back[d][keep]:.0%}", f"{back[d][both]:.0%}",
                                            f"{best[d].stats['p_take_qs']:.0%}"]
        # r73 rater: the deals that settle each gap are printed under the table (one line a direction, after the
        # rows, so the rows stay shares only), with whether the gap is wider than both margins added
    # r73b rater: the deal counts under the table were too much statistics: cut; the prose says all three gaps are
    # larger than chance (the margins are checked above)
    assert len({ns["graded"][d].of(keep).deals for d in ("left", "across", "right")}) > 1  # the counts differ
    assert "deals each" not in table and "real gap" not in table
    # fresh newcomer rater (r45_a): the shares come from rule-bot play, said where the numbers are introduced
    # rater r54: what the deal counts mean for the reader, in plain words, from the table's last line
    # r72 rater: "9 in 100 off either way" read as a hard limit; it is a 19-in-20 range. The deal counts, the
    # margin and the replay moved to the folded cell for the curious
    # r73 rater: "treat small gaps as ties" read against the 5-point gap passing right; one sentence on reliability,
    # the table says which gaps are real
    # r73b rater: "first two shares" came before a share was defined, and the coach's ranking (average points) was
    # said only in the optional cell: both now before the table
    # r75 rater: "larger than chance" had no sample size and "chance" was unexplained: the clause is cut (the margins
    # are still checked above)
    # r100: the share was defined at the end of a five-idea fold, after the reasons: it opens the fold now, and the
    # sampled deals and the coach's grading by points moved up to the picker, before its first grade
    assert ("<details><summary>The answers</summary> The next cell's table (folded) gives each pass's **share**: the percentage of "
            "the coach's sampled deals that end with the Q♠ in South's tricks. Here the coach's best pass, chosen by "
            "average points, also has the lowest share in each row; passing left, it is a third pass, J♣ Q♠ A♠. A "
            "receiver who plays") in text
    # r102: "the best pass has the lowest share" read as the coach ranking by share: it ranks by points
    assert "The coach's best pass has the lowest share" not in text
    assert "out of 100 of the" not in text  # r111: read as exactly 100 deals; the debrief prints the deal counts
    assert "larger than chance" not in text and "ranks passes by South's average points" not in text
    # r81: the coach ranks by points, the table shows the Q♠ share, and the left row's best is neither pass
    # compared: both said where the table is introduced
    assert best["left"].label == "J♣ Q♠ A♠" and all(best["left"].label != ns["graded"]["left"].of(p).label
                                                     for p in (keep, both))
    assert "treat small gaps as ties" not in text
    assert "off either way" not in text
    # r71b rater: "95 % of the time" was jargon
    assert round(100 * 1.96 * (0.25 / 128) ** 0.5) == 9 and round(100 * 1.96 * (0.25 / 16384) ** 0.5) == 1
    # fresh newcomer rater (r48): the plain version: the passes left at the first 128 deals are all graded a mistake
    # or worse; the ones played on more deals are the contenders, up to 16,384
    tried = [c for d in ("left", "across", "right") for c in ns["graded"][d]]
    assert min(c.deals for c in tried) == 128 and max(c.deals for c in tried) == 16_384
    assert all(c.verdict in ("mistake", "blunder") for c in tried if c.deals == 128)
    # r56 rater: "best" was never said to mean fewest points; the coach ranks by its mean points difference
    # (coach._candidates), and here its best pass has the lowest share of each row's passes
    # r72 rater: the remark on average points moved to the folded cell for the curious, computed there
    for d in ("left", "across", "right"):
        g = ns["graded"][d]
        assert g.best.exp_points <= min(g.of(p).exp_points for p in (keep, both))  # ranked by points
        shares = [back[d][keep], back[d][both], best[d].stats["p_take_qs"]]
        assert f"{best[d].stats['p_take_qs']:.0%}" == f"{min(shares):.0%}"
    # fresh newcomer rater (r40): why she comes back so often passing left: the high cards South keeps
    assert {"A♦", "Q♦", "Q♥", "J♥"} <= {c.pretty for c in ns["deal"][0]} - set(best["left"].label.split())
    assert "The real difference is which" not in text
    assert "Compare the directions" not in text and "which direction gives the lowest share" not in text
    assert "1,000 deals" not in table and "pass_queen_cards" not in "".join(cell["source"])
    # newcomer rater (round 27): the coach's own share for each direction's best pass, printed beside it
    for d in ("left", "across", "right"):
        assert f"{best[d].label} (" in table and f"the A♠): {best[d].stats['p_take_qs']:.0%}\n" in table
    # and the pass rotation names the hold hand (rule 3: left, right, across, hold)
    assert Rules().pass_direction(3) == "hold"
    assert "The pass goes left, right, across, then none (a hold hand), in turn (lesson 01)." in text  # r120: words
    import random

    south, rest = list(ns["deal"][0]), [c for seat in (1, 2, 3) for c in ns["deal"][seat]]
    rng, suits, n = random.Random(1), {}, 400
    for _ in range(n):
        rng.shuffle(rest)
        h = Hand([CardList(south), CardList(rest[:13]), CardList(rest[13:26]), CardList(rest[26:])], "left")
        h.pass_cards(0, both)
        bots_play(h, table_bots("rule"))
        got = [t for t in h.tricks if Card("QS") in t.cards and t.winner == 0]
        for t in got:
            suits[t.led_suit.letter] = suits.get(t.led_suit.letter, 0) + 1
            if t.led_suit is Suit.SPADES:
                assert t.card_of(0).suit is Suit.SPADES and t.card_of(0) in h.dealt(3)  # a spade from East
    assert abs(sum(suits.values()) / n - back["left"][both]) < 0.06
    assert suits["C"] + suits["D"] > n / 4 and suits["S"] > n / 10
    # a fresh newcomer rater: one sentence held two "unless" asides; now two sentences, one each
    # r75 rater: "bare" linked to its glossary entry, as "void" and "still out" are
    assert ("Pass the queen and keep the ace, and the ace is **[bare](glossary.ipynb#cell-id=term-bare)**: South's only "
            "spade, unless South receives more.") in text and "at the latest" not in text  # r115: words
    # r73b rater: a short question on a new hand practises the rule before the deal-551 exercise
    every = notebook_cells("08a_keeping_track")
    ids = [c.get("id") for c in every]
    # r75b rater: the advice bullet answered it, and "Usually" rested on one deal: it asks about deal 287, right after
    # the ace quiz and before the answers (the table and the advice), and its reason says the edge is small
    # r81: that question asked the ace quiz's question again, its right choice stating its own reason: gone
    assert ids.index("l08a-quiz-ace") + 1 == ids.index("l08a-rates-intro") \
        < ids.index("l08a-rates") < ids.index("l08a-advice") < ids.index("l08a-left-intro")
    assert "l08a-quiz-right" not in ids and "right_quiz" not in ns
    # r118 (newcomer): "a small edge" beside the printed grade "1.2 points a hand worse ... a mistake": the grade said
    assert "38% against 43%; passing it was a *mistake* on this deal." in advice and "small edge" not in advice
    # r75b rater: the rates intro sat unfolded under the ace quiz and said "passing right, keep it": now folded
    intro = "".join(every[ids.index("l08a-rates-intro")]["source"])
    assert intro.startswith("<details><summary>") and intro.rstrip().endswith("</details>")
    assert Hand(ns["deal"], "right").pass_target(0) == 3 and "A♠" not in best["right"].label
    # fresh newcomer rater (r46): why a bare ace matters and what to do, after the ace question, from the table
    # r75 rater: nothing said why sending the ace helps: South then has no spade to win with, so the receiver must wait
    # for a trick South wins in a suit the receiver lacks
    assert ("A bare ace is the clearest case: with no lower spade to play instead, South must play it to the first spade "
            "trick, where it wins (unless South has discarded it before), so a receiver who plays after you only has to "
            "wait for that trick. Send the ace too and South, unless passed a spade, has none: the receiver must wait "
            "for South to win a trick in a suit the receiver lacks. What to do here: passing left or "
            "across, send the ace with her; passing right, keep it.") in text  # r118: the grade is under it
    assert back["left"][both] < back["left"][keep] and back["across"][both] < back["across"][keep]
    assert back["right"][keep] < back["right"][both]
    for _ in range(100):  # the bare ace, kept: played to the first spade trick, and wins it, unless discarded before
        rng.shuffle(rest)
        h = Hand([CardList(south), CardList(rest[:13]), CardList(rest[13:26]), CardList(rest[26:])], "left")
        h.pass_cards(0, ns["KEEP"])
        bots_play(h, table_bots("rule"))
        if any(c.suit is Suit.SPADES for c in h.received(0)):
            continue  # the cards passed to South brought more spades
        first = next((t for t in h.tricks if t.led_suit is Suit.SPADES), None)
        ace = next(t for t in h.tricks if Card("AS") in t.cards)
        assert (ace is first and first.winner == 0 or ace.led_suit is not Suit.SPADES
                and (first is None or ace.number < first.number))
    # and the lead's analysis is preceded by a line asking to try a lead first
    # fresh newcomer rater (r46): the answer followed the invitation at once; it is folded now
    # r111: the ranking's yardstick named ("Safest from the queen", not "Best")
    assert ("Try a lead above first, then open the answer. <details><summary>What each lead does</summary> **Safest "
            "from the queen: the 5♣ (the 8♣ wins it: a queen shed there is not yours), then the 8♠ and the 2♥.** East "
            "has shown voids") in text  # r120: why the 5♣ is safest, in the bold line
    assert "The next cell shows each lead's trick. </details>" in text
    assert "forces it out" not in text
    order = next(c for c in cells if "plays after you when" in "".join(c["source"]))
    assert ".replace(" not in "".join(order["source"])
    # fresh newcomer rater (r37): "when South, ... lead" read oddly for the reader who is South
    assert "plays after you when you lead (1 of 4 leaders)" in text_output(order)
    # fresh newcomer rater (r38): the list of leaders reads with an "or"
    assert "plays after you when you, North or East lead (3 of 4 leaders)" in text_output(order)
    assert "plays after you when you or East lead (2 of 4 leaders)" in text_output(order)



def test_08a_the_pass_left_is_practised_after_the_advice():
    """r72 rater: the only picker passed right, before the principle; a graded pass left on a fresh deal now follows
    the advice, so the learner applies "send your high spades with her"."""
    from hearts_teach.agents.coach import assess_pass

    ns = lesson("08a_keeping_track")
    left, practice = ns["left"], ns["practice"]
    assert not left.selected and left.hand.phase.name == "PASS" and left.hand.pass_direction == "left"
    assert practice == [Hand.deal(seed=551).dealt(seat) for seat in range(4)]
    assert [c.pretty for c in practice[0] if c.suit is Suit.SPADES] == ["Q♠", "A♠"]  # the same shape as deal 287
    graded = assess_pass(Hand(practice, "left").view(0), include=["KD QD QS", "QD QS AS"])
    assert {"Q♠", "A♠"} <= set(graded.best.label.split())  # the coach sends the ace with her
    assert graded.of("QD QS AS").verdict == "best" and graded.of("KD QD QS").verdict in ("mistake", "blunder")
    said = ns["coach_left"](None, 0, "KD QD QS")
    assert said == f"Coach: {graded.of('KD QD QS').label}: {graded.of('KD QD QS').call}. Its best pass: {graded.best.label}."
    every = notebook_cells("08a_keeping_track")
    ids = [c.get("id") for c in every]
    assert ids.index("l08a-advice") < ids.index("l08a-left-intro") < ids.index("l08a-left")
    assert every[ids.index("l08a-left")]["metadata"]["jupyter"] == {"outputs_hidden": False, "source_hidden": True}
    assert [i for i, c in enumerate(every) if "seed=551" in "".join(c["source"])] == [ids.index("l08a-left")]
    shown = "".join("".join(o.get("data", {}).get("text/plain", "")) for o in every[ids.index("l08a-left")]["outputs"])
    assert shown.startswith("Hand 1: pass left. South's three cards go to West.")
    intro = " ".join("".join(every[ids.index("l08a-left-intro")]["source"]).split())
    assert intro == ("Now pass left yourself, on a new deal (551): choose three cards and press **Confirm pass** (or type "
                     "`left.choose(\"… … …\")`); the coach grades it and names its best; then unfold the cell below.")  # r120
    # r100: the grades came only here, after the pass right had already printed one: they moved to that picker's
    # intro, with the sampled deals and points they are measured in
    picker_intro = " ".join("".join(every[ids.index("l08a-15")]["source"]).split())
    # r102: six new terms in one paragraph: the bare ace first, then the grades in one plain line before the picker
    # r112: "over 3 a blunder" met a 4.0 graded a mistake: the grade is the low end of the 95 % range (coach_stats)
    # r114: "graded best" (deal 551's debrief) was never defined: named here, all of the range 0.25 or less
    # (coach_stats.verdict_of); an example shows the three-card format
    # r120 (report r120/08a: the one-sentence scale took three reads; how *too close to call* differs from *best*):
    # one row a grade, each naming the range's end it reads, and what *too close to call* means (the glossary's)
    assert picker_intro.endswith(
        "The coach plays each pass out on many [sampled deals](glossary.ipynb#cell-id=term-sampled-deal) and grades "
        "its cost (points a hand more than the best pass) by its 95 % [range](glossary.ipynb#cell-id=term-interval): "
        "- all of it 0.25 or less: *best*; - low end 0.25 or less, high end over: *too close to call* (whether it costs "
        "over 0.25 is unclear); - low end over 0.25: an [inaccuracy](glossary.ipynb#cell-id=term-inaccuracy); - low end "
        "over 1: a [mistake](glossary.ipynb#cell-id=term-mistake); - low end over 3: a "
        "[blunder](glossary.ipynb#cell-id=term-blunder).")
    # r119 (report r118/08a: do "over 1" and "over 3" mean the low end too?): the low end named once for all four,
    # as coach_stats.verdict_of decides (best only when the high end is 0.25 or less)
    assert "; over 1: a [mistake]" not in picker_intro
    # r117 (r116 reader: "all" of what? does "over 1" mean the low end too?): the subject said, each band its own
    assert "all 0.25 or less, *best*; low end over 0.25 an" not in picker_intro
    assert "up to 1 point a hand worse" not in picker_intro
    # r116 (rater: "its best" could be this pass's own best): the cost is against the coach's best pass
    assert "against its best" not in picker_intro
    from hearts_teach.agents.coach_stats import BAND, verdict_of
    assert BAND == 0.25 and [verdict_of(lo, 9) for lo in (0.3, 1.1, 3.1)] == ["inaccuracy", "mistake", "blunder"]
    assert verdict_of(-0.2, 0.25) == "best" and verdict_of(0.1, 0.3) != "best"
    # r115: a range across 0.25 (say 0.1 to 0.6) fitted no grade named: "otherwise too close to call" (the coach's
    # words for the verdict "fine", agents/coach.py)
    assert verdict_of(0.1, 0.6) == "fine"
    assert 'or type, say, `right.choose("QH JH 5C")`' in picker_intro and "by the low end of its" not in picker_intro
    assert "more than its best, a [mistake]" not in picker_intro
    assert ids.index("l08a-15") + 1 == ids.index("l08a-20")  # just before the pass right's picker
    # r81: the grades were never defined here; the glossary's bands (0.25, 1 and 3 points a hand), in a half-line
    from hearts_teach.agents.coach_stats import INACCURACY_MAX, MISTAKE_MAX
    assert (INACCURACY_MAX, MISTAKE_MAX) == (1.0, 3.0)
    # r72b rater: the practice pass had no debrief; a folded cell after the picker prints the coach's choice and ties
    # it to the rule for passing left (deal 287's advice), from the coach's own grades
    debrief = every[ids.index("l08a-left") + 1]
    assert debrief.get("id") == "l08a-left-debrief"
    assert debrief["metadata"]["jupyter"] == {"outputs_hidden": True, "source_hidden": True}
    assert "".join(debrief["source"]).split("\n", 1)[0].endswith("(code and output folded)")
    kept = graded.of("KD QD QS")
    near = [c.label for c in ns["debrief"] if c.verdict in ("best", "inaccuracy")]
    assert near and all({"Q♠", "A♠"} <= set(p.split()) for p in near)
    assert text_output(debrief) == (
        f"The coach's best pass left: {graded.best.label}. The Q♠ ends in South's tricks in "
        f"{graded.best.stats['p_take_qs']:.0%} of its {graded.best.deals} deals.\n"
        f"Q♠ passed, A♠ kept ({kept.label}): {kept.stats['p_take_qs']:.0%} of its {kept.deals} deals (the coach stops "
        f"sampling a pass once its grade is settled); {kept.delta_vs_best:.1f} points a hand worse than the best (95 % "
        f"range {kept.delta_ci95[0]:.1f} to {kept.delta_ci95[1]:.1f}), graded a {kept.verdict}: a blunder needs all of "
        "that range over 3.\n"
        f"Its passes graded best or an inaccuracy: {', '.join(near)}: each sends both "  # r114: not "within a point"
        "spades.\n"
        "Same spades as deal 287, same rule: passing left, send the A♠ with the Q♠.\n")
    assert graded.best.label == "K♦ Q♠ A♠" and kept.verdict == "mistake"
    # r111: a newcomer read 84% against 45% as blunder-sized: its cost is printed with its interval, whose low end
    # (under 3) is what keeps it a mistake; this fails if the grade no longer follows from the printed range
    assert kept.delta_vs_best > 3 and 1 < kept.delta_ci95[0] <= 3 < kept.delta_ci95[1]
    # r112 rater: why 128 deals against 8192: the line says so, and only when the kept pass did stop early
    assert kept.deals < graded.best.deals
    # r112 rater: even the best pass left brings her back in 56%: would keeping her be better? The table's last line,
    # from the coach's grades: the best pass left that keeps the Q♠ is shown worse (over 0.25 points, 95 %)
    left_87 = ns["graded"]["left"]
    held = min((c for c in left_87 if "Q♠" not in c.label.split()), key=lambda c: c.delta_vs_best)
    assert held.verdict not in ("best", "fine") and held.stats["p_take_qs"] > left_87.best.stats["p_take_qs"]
    edge = ns["graded"]["right"].of(ns["BOTH"])
    assert text_output(every[ids.index("l08a-rates")]).endswith(
        f"Passing left and keeping the Q♠, the best pass ({held.label}) leaves her in South's tricks in "  # r114: worse than what?
        f"{held.stats['p_take_qs']:.0%} of deals, {held.delta_vs_best:.1f} points a hand worse than the coach's best.\n"
        # r117 (r116 reader: is passing right's 38% against 43% real or noise?): its grade and deal count printed
        f"Passing right, {edge.label}: {edge.delta_vs_best:.1f} points a hand worse than "
        # r120 (report r120/08a: a mistake at 1.2 points, taken on trust): its 95 % range printed, low end over 1
        f"{ns['graded']['right'].best.label} on {edge.deals} deals (95 % range {edge.delta_ci95[0]:.2f} to "
        f"{edge.delta_ci95[1]:.2f}), graded a {edge.verdict}.\n")
    assert edge.verdict == "mistake" and 1 < edge.delta_ci95[0] <= 3
    assert edge.verdict in ("inaccuracy", "mistake") and "A♠" not in ns["graded"]["right"].best.label  # "a small edge"
    # r116 (rater: with no word on it, that line read as "keep her rather than pass her left"): the advice says the
    # pass it beats is the one that keeps the A♠ bare, with the shares printed
    advice_116 = " ".join("".join(every[ids.index("l08a-advice")]["source"]).split())
    kept_left = ns["back"]["left"][ns["KEEP"]]
    assert (f"Here: {ns['back']['left'][ns['BOTH']]:.0%} with the A♠ passed; {kept_left:.0%} with it kept, worse even than "  # r117
            f"keeping her ({held.stats['p_take_qs']:.0%}).") in advice_116
    assert kept_left > held.stats["p_take_qs"] > ns["back"]["left"][ns["BOTH"]]
    # on 128 deals the 87% is wide, yet its cost's range lies wholly above the kept queen's: worse by both measures
    assert left_87.of(ns["KEEP"]).delta_ci95[0] > held.delta_ci95[1]
    # r112 rater: "Or type `lead.play(...)`" did not say where
    assert 'Or, in a new cell, type `lead.play("8S")`' in "".join(every[ids.index("l08a-11")]["source"])


# 08b -------------------------------------------------------------------------------------------

def test_08b_the_moon_stories_and_the_mistakes():
    # 08b was split in two (your own moon; beginner mistakes): each name comes from its own lesson
    ns = {**lesson("08b_your_own_moon"), **lesson("08c_beginner_mistakes")}
    go, stuck = ns["go"], ns["stuck"]
    assert go.points_taken == (13, 0, 0, 0) and Card("QS") in go.taken(0)
    assert Card("AH") in go.cards(0) and {Card("AD"), Card("KD")} <= set(go.cards(0))
    # both plans are printed (stored for a reader; issue 27 round 4), after the go-or-duck question
    play_out, outcome = ns["play_out"], ns["outcome"]
    moon_plan = outcome(play_out(go, Shooter()))
    assert "South shot the moon" in moon_plan
    assert "South shot the moon" not in outcome(play_out(go, table_bots("rule")[0]))
    cells = [c for c in notebook_cells("08b_your_own_moon") if c["cell_type"] == "code"]
    shown = next(i for i, c in enumerate(cells) if "play_out(go, player)" in "".join(c["source"]))
    assert moon_plan in text_output(cells[shown])
    assert shown > next(i for i, c in enumerate(cells) if "go_quiz = Quiz(" in "".join(c["source"]))
    kept = next(i for i, c in enumerate(cells) if "play_out(stuck, player)" in "".join(c["source"]))
    assert kept > next(i for i, c in enumerate(cells) if "give_up_quiz = Quiz(" in "".join(c["source"]))
    assert stuck.points_taken[1] > 0 and sum(stuck.points_taken[2:]) == 0
    # newcomer rater (issue 27, round 27): "West has just taken a heart" read as North's A♥ on the trick in
    # progress; West took East's 4♥ on trick 4, printed in the tricks so far; and the go position shows how
    # South won the queen (trick 5), both from trick_table
    fourth = stuck.tricks[3]
    assert fourth.number == 4 and fourth.winner == 1 and [c.pretty for c in fourth.cards if c.points] == ["4♥"]
    assert len(stuck.tricks) == 4 and stuck.points_taken[1] == 1
    code_cells = notebook_cells("08b_your_own_moon")
    for name, hand in (("stuck", stuck), ("go", go)):
        at = next(c for c in code_cells if f"print(trick_table({name}))" in "".join(c["source"]))
        shown_at = text_output(at)
        if name == "stuck":  # r51: deal 65's cell prints South's starting hand first
            shown_at = shown_at.split("\n", 1)[1]
        assert shown_at.startswith(trick_table(hand))
    assert go.tricks[4].winner == 0 and Card("QS") in go.tricks[4].cards and len(go.tricks) == 5
    # fresh newcomer rater (r44_a): the queen was won on trick 5 (not "by trick 6"); the signs of a good moon come
    # before the go-or-duck question, so the learner answers from them (they print nothing, so answer nothing)
    md = [(i, "".join(c["source"])) for i, c in enumerate(code_cells) if c["cell_type"] == "markdown"]
    asked = next(i for i, c in enumerate(code_cells) if "go_quiz = Quiz(" in "".join(c["source"]))
    # r73b: "but these bots let you" gave the answer away before the question: the heading names the count only
    # r94: the heading says which rule deal 683 shows (its "go" read as breaking the count-0 rule)
    intro = " ".join(next(s for i, s in md if "## Deal 683: a high count, against these rule bots\n" in s).split())
    assert "these bots let you" not in _md("08b_your_own_moon")
    # r114 (word cap): "the queen of spades" is the Q♠, as the lesson writes it elsewhere
    assert "On trick 5 South won the Q♠ (13 points)." in intro and "By trick 6" not in intro
    assert "won the queen of spades" not in intro
    signs = next(i for i, s in md if "Signs that a moon is worth trying:" in s)
    assert signs < asked and sum("Signs that a moon is worth trying" in s for _, s in md) == 1
    # r56: the position is printed before the prose that talks about it (the signs, the risk, the A♥, the J♥)
    # r72c: the signs are taught on a textbook hand (deal 408) first; deal 683 follows them, as the exception
    position = next(i for i, c in enumerate(code_cells) if "print(trick_table(go))" in "".join(c["source"]))
    textbook_at = next(i for i, c in enumerate(code_cells) if "print(trick_table(textbook))" in "".join(c["source"]))
    risk_at = next(i for i, s in md if "The risk: any trick another player wins" in s)
    # r90: the count was printed beside the position, so the learner never worked out deal 683's: asked for, told after
    assert textbook_at < signs < position < risk_at < asked and intro.endswith("South's position (work out its count first):")
    # r72c: "play under the winning card" did not fit a lead (South leads trick 6): ducking said for leads too
    assert "duck](glossary.ipynb#cell-id=term-duck) (avoid winning tricks with points: play low, lead low)" in next(
        s for i, s in md if "## A textbook moon" in s)
    assert "play under the winning card" not in _md("08b_your_own_moon")
    # fresh newcomer rater (r47): the risk, before the question: the hearts above South's J♥ are the K♥ and Q♥,
    # neither South's nor played yet (no heart has been played), so each is in a defender's hand
    risk = next(s for i, s in md if "The risk: any trick another player wins" in s)
    sign_list = " ".join(next(s for i, s in md if "Signs that a moon is worth trying:" in s).split())
    # fresh newcomer rater (r48): "here the K♥ and Q♥" understated it: South must win with the 7♥ and 3♥ too, so
    # every heart South lacks that beats one of South's is a threat: all of them but the 2♥ (none played yet)
    risk = " ".join(risk.split())
    # fresh newcomer rater (r52): the risk read as if only higher hearts broke a moon; any trick lost with a point does
    # r54: "Most often" was a frequency no figure here backs: "One way is"
    # r55: "every heart you lack but the 2♥" was hard to work out; the cards are listed (checked below)
    # r60: "break" had two senses (hearts broke; breaks the moon): a moon is "spoiled". The count is what is left
    # after the top hearts draw out what they can (one heart from each other player a lead, careful defenders
    # giving their lowest); eight (all over the 3♥) said nothing of the A♥'s draw. No threshold: against people
    # the lesson cannot measure the odds, and says so
    # r61: the count is defined before the cell that prints it (its definition is not repeated here); "at best"
    # read backwards; no scale is invented: the bots cannot measure one against people, so it is a warning sign
    # r65: "Each heart in the count is one a careful defender can keep back" held only for a holder with a lower
    # heart to play instead; and South cannot know North's cards yet: the play-out below shows them (checked below)
    # r97: cell 4's why sentence now says a saved higher heart spoils it; "One way is a heart you lack" repeated it
    assert "One way is a heart you lack" not in risk
    assert ("The risk: any trick another player wins with a point spoils the moon. On a heart lead, a "  # r114: "in it" cut (word cap)
            "defender keeps a high heart back by playing a lower one; on another suit's lead, a defender "
            "[void](glossary.ipynb#cell-id=term-void) in that suit can throw a non-heart and keep its high hearts.") in risk
    # r70: "Of the nine hearts you lack, six are in the count" repeated the count; the J♥ said in step 1 instead
    assert "Of the nine hearts you lack" not in risk
    # r69: "void in the led suit" read as void in hearts; and North's hearts were named before the question (cut)
    assert "void in the led suit" not in risk and "The play-out after the question shows" not in risk
    # r66: "only by playing a lower heart" held on a heart lead only: on trick 7 (a diamond lead) North, out of
    # diamonds, threw the 10♥ while it still held spades it could have thrown instead (not named before the
    # question: trick 7 is told after it)
    run = play_out(go, Shooter())  # the moon run of cell l08b-09
    assert run.tricks[6].cards[0] == Card("KD") and run.tricks[6].card_of(2) == Card("TH")
    assert [run.tricks[t].card_of(2).suit for t in (9, 10, 12)] == [Suit.SPADES] * 3  # spades North still held
    assert "Each heart in the count is one" not in risk and "take it as a warning sign" not in risk
    north_hearts = [c.pretty for c in go.cards(2) if c.suit is Suit.HEARTS]
    assert "2♥" in north_hearts and "9♥" in north_hearts  # r65: the play-out shows them (tricks 9 and 12)
    assert "where a count turns too high" not in risk
    # r62: "is six low?": no threshold is invented; r65: the scale is measured against the bots (its own test)
    assert not re.search(r"\b(0|zero)[–-]2\b|\b5\+", risk)
    assert "at best the 2♥" not in risk and "Against people this lesson cannot measure the odds" not in risk
    # r61: "the count" was printed (cell l08b-03) before the signs defined it: the intro defines it, as the engine
    # computes it (the hearts out above South's lowest, after each top heart draws the others' lowest)
    # r62: that one-sentence definition took three readings: two short steps, worked on deal 683 (the figures are
    # the engine's count line, checked below)
    # r65: the reason first (a saved heart that beats one of yours can spoil the moon), and "draw" said plainly
    # r70: short steps, the J♥ named as no top heart, and the count's use in its definition
    # r71: the count's steps named cards before the position was shown: the position (with the hearts still out)
    # comes first, then the steps, then the count's line; "these lie in three different hands" said plainly
    # r72c: the count is taught on deal 408 (a count of 0), each top heart's trick pictured by the engine
    first = " ".join(next(s for i, s in md if "## A textbook moon" in s).split())
    # r117: "Below," cut for words (the * legend still stands right before the position)
    assert first.endswith("(avoid winning tricks with points: play low, lead low)? * marks each trick's winning "
                          "card. South's position:")
    steps_at = signs
    assert textbook_at < steps_at < next(i for i, c in enumerate(code_cells)
                                         if "count_steps(textbook)" in "".join(c["source"]))
    steps = sign_list
    # r73b_08b: "at most three" then "cross off three" read as a contradiction: crossing off three is the best case
    # r84b: the count was defined as a list of hearts (not a number), and "a cautious estimate" sat beside "more can
    # be left": one plain definition (a number), and the rule of thumb said cautious except when a player has no heart
    # r91: the signs used "top heart" and "the crossing-off below" before defining them, and never said why the count
    # is measured against the lowest heart: top heart and the count first (with the why), then the signs; and which
    # rule is for people, which for these rule bots (deal 683's re-deals; the bots' habit: rule_play, checked below)
    # r97: why the lowest heart matters took two reads (only implied in step 2): one sentence of why before the steps
    assert ("A heart of yours is a **top heart** when no heart still out beats it (here the A♥, K♥, Q♥ and J♥). Your "
            "lowest heart must be played sometime, and a [defender](glossary.ipynb#cell-id=term-defender) (a player "
            "trying to stop your moon) who saves a heart above it can beat it and spoil the moon. Your "
            "**count**, in two steps: 1. Picture your top hearts led one by one (not lower ones: they can lose), while "
            "hearts are still out: each wins, "  # r108: the reader could not tell whether a lower heart led crosses off
            "and each other player must follow with a heart if it has one, a careful player its lowest. As a rule of "
            "thumb, cross off the three lowest [still out](glossary.ipynb#cell-id=term-still-out) per lead (one per "
            # r120 (report r120/08b: three ideas in one parenthesis; "lowering it" too absolute): the exceptions moved
            # after the example, as "can" (a heart that falls lowers the count only if above your lowest)
            "player). 2. Count the hearts left that beat your "
            # r116: "one ... one ... them" took three reads: "a player", "the three" named
            "lowest heart. "
            "Example: you hold A♥ K♥ 6♥; out: 2♥ 3♥ 4♥ 5♥ 7♥ 8♥ 9♥ (10♥ J♥ Q♥ played). The A♥ crosses off 2♥ 3♥ 4♥, "
            "the K♥ then 5♥ 7♥ 8♥; "
            "the 9♥ beats your 6♥: count 1. "  # r90: a worked count (checked below)
            "A rule of thumb: a player out of hearts crosses none off, which can raise your real count; one holding two "
            "of the three gives only one, and a higher heart falls instead, which can lower it. "
            "Signs that a moon is worth trying: - you have already taken the queen or many hearts, and nobody else has "
            "a point; - you hold a top heart; - you can win the lead back, with more top hearts or with "
            "[sure winners](glossary.ipynb#cell-id=term-sure-winner) in other suits (cards nothing still out beats). "
            "**The rule at a real table:** against careful people, assume a high heart is kept back: go only when your "
            "count is 0 (the best chance, not a sure one); otherwise duck. Deal 408, "
            "pictured (folded: work it out first):") in steps  # r79: the rule before both quizzes (the habit: below)
    # r98: "two rules" before any example read as a licence to go at count 6 anywhere: one rule here, the bots'
    # exception moved to deal 683, before its question (pinned below); "and more hearts" (more than whom?) cut
    assert "one out of hearts can raise" not in steps  # r116: the old, unclear words gone
    assert "Two rules:" not in steps and "**Against these rule bots**" not in steps and "and more hearts" not in steps
    # r94: deal 683's "go" read as breaking "go only at count 0": the two rules are a plain two-line list, the bots'
    # one softened to its evidence (7 of 18: the count table's split, pinned in test_08b_r65_...)
    # r97: "7 of 18" came before the reader knew the table: the rule points to it (its split pinned in test_08b_r65_...)
    assert "(7 of 18 came off" not in steps
    # r111: "in the end" read as "as your last card"; the rule of thumb warned of one way it errs only (a player
    # holding two of the three lowest plays one, and a higher heart goes instead: the real count can be lower)
    assert "played in the end" not in steps and "gives none, so your real count" not in steps
    # r114: "a careful one" (player or heart?) and "its higher heart falls to your second lead" (which heart?) took
    # rereads: "a careful player", and what happens on the lead itself; the example's ten hearts said where the rest are
    assert "a careful one its lowest" not in steps and "falls to your second lead" not in steps
    assert "a count up to 6 can pay if you also hold" not in steps and "**Against people**" not in steps
    # r93: step 1 mixed each defender's lowest with the three lowest overall, and step 2's "or a higher heart of
    # yours" took three reads: one reason a step; the "low count" sign repeated the count (cut); the bots' exception
    # rested on deal 683 alone: it now rests on the count table's sure-winner split (test_08b_r65_...)
    assert "- a low count: 0 is best." not in steps and "or a higher heart of yours" not in steps
    assert "careful defenders their lowest" not in steps and "deal 683 shows one" not in steps
    assert "after the crossing-off below" not in steps and "you hold the top heart" not in steps  # r91
    # r89: "top heart" was bold in step 1 but defined only in a bracket (the K♥ as top learned from a folded cell), "three"
    # did not say one per other player, and "cautious ... but can be higher" read as a contradiction: defined plainly
    assert "That is cautious (it leaves the most high hearts)" not in steps and "Picture each **top heart** you hold" not in steps
    from hearts_teach.course.later_tricks import seat_hearts as hearts_of

    mine_t, out_t = hearts_of(ns["textbook"])
    assert [c.pretty for c in mine_t if all(o.rank < c.rank for o in out_t)] == ["A♥", "K♥", "Q♥", "J♥"]  # "here ... too"
    # r85: "it gives none, so more are left" was unclear (what "it" is, which way the count moves): said plainly
    assert "it gives none, so more are left" not in steps
    # r81: "one holding several of them gives only one: the real danger is then above your count" took three readings,
    # and deal 408's picture stopped after two of its four top hearts unexplained ("while hearts are still out")
    assert "the real danger is then above your count" not in steps and "while hearts are still out" in steps
    assert "could save to beat one of yours" not in steps and "a cautious estimate, not a certainty" not in steps  # r84b
    # r84: "each lead crosses off the three lowest" read as what happens (each defender gives up its own lowest,
    # not the three lowest overall): said to be a rule of thumb, a cautious estimate; "top heart" is defined in the signs
    assert "and you cannot see whose, so each lead crosses off" not in steps and "rule of thumb" in steps
    # r82: "Fewer fall if a player holds ... two of those three" took several reads (and a holder of two still gives
    # one, another player's heart falls instead): one plain caveat, the void; "perhaps another of yours" cut
    assert "or two of those three" not in steps and "perhaps another of yours" not in steps
    # r77 (08b): "your count is then higher" (a computed number cannot be higher) and "you lead it last ... wins that
    # trick" (deal 683's moon was spoiled on the J♥, not the lowest heart, when a high heart was kept back)
    assert "Your count is then higher" not in steps and "kept back until then wins that trick" not in steps
    # r79 (rater): "or any other heart of yours that is not a top heart" read as every counted heart beating each of
    # them; deal 683's counted 6♥ and 8♥ do not beat its J♥
    assert "or any other heart of yours" not in steps
    # r90: the definition leaned on steps that came after it: a one-line worked count follows the steps, computed here
    # by the engine's own count (count_hearts) on those hearts
    assert ("Example: you hold A♥ K♥ 6♥; out: 2♥ 3♥ "  # r91: the step's why sits between (pinned above)
            "4♥ 5♥ 7♥ 8♥ 9♥ (10♥ J♥ Q♥ played). The A♥ crosses off 2♥ 3♥ 4♥, the K♥ then 5♥ 7♥ 8♥; the 9♥ beats your 6♥: count 1.") in steps
    from types import SimpleNamespace
    from unittest import mock

    import hearts_teach.course.later_tricks as later

    example = ([Card(c) for c in ("AH", "KH", "6H")], [Card(c) for c in ("2H", "3H", "4H", "5H", "7H", "8H", "9H")])
    with mock.patch.object(later, "seat_hearts", return_value=example):
        drawn_x, counted_x = later.count_hearts(SimpleNamespace(seat_names=("S", "W", "N", "E")))
    assert [c.pretty for c in drawn_x] == ["2♥", "3♥", "4♥", "5♥", "7♥", "8♥"] and [c.pretty for c in counted_x] == ["9♥"]
    # r75 (08b): "a best case, if they sit in three hands" (best for whom?) is cut: with three players holding
    # hearts, the three lowest falling leaves the most hearts above yours; a player with no heart draws fewer
    assert "a best case" not in steps
    # r75 (08b): deal 408's count printed right before its go-or-duck quiz made the quiz a formality: folded
    assert next(c for c in code_cells if "print(count_steps(textbook))" in "".join(c["source"]))["metadata"] == {
        "jupyter": {"outputs_hidden": True}}
    from hearts_teach.course.later_tricks import count_hearts as count_hearts_

    textbook = ns["textbook"]
    assert textbook.trick_number == 9 and textbook.points_taken == (15, 0, 0, 0) and Card("QS") in textbook.tricks[7].cards
    # r111: "won the queen of spades" read as taking another's Q♠: South played its own (its only spade) and won
    # r117: why a ducking bot played the queen was unclear: it was South's only spade, said
    assert textbook.tricks[7].winner == 0 and "On trick 8 South won with its last spade, the Q♠." in first  # r119: "last" (it led the 2♠ on trick 7)
    assert "its own Q♠" not in first and not any(c.suit is Suit.SPADES for c in textbook.cards(0))
    assert dict(zip(textbook.tricks[7].seats, textbook.tricks[7].cards, strict=True))[0] == Card("QS")
    shown408 = text_output(next(c for c in code_cells if "print(count_steps(textbook))" in "".join(c["source"])))
    # r73b: "at best ... the three lowest" read as the best case: losing the lowest is the worst; they are crossed off
    assert "At best for you" not in steps
    assert shown408 == ("lead the A♥: cross off the 2♥ 3♥ 4♥\nlead the K♥: cross off the 6♥ 8♥ 10♥\n"
                        "left, above your lowest heart (5♥): none; the count: 0\n")
    mine408 = [c.pretty for c in textbook.cards(0)]
    assert sorted(mine408) == sorted(["A♥", "K♥", "Q♥", "J♥", "5♥"]) and count_hearts_(textbook)[1] == []
    # the textbook question: go, by the re-deals and on the real deal (every heart taken); ducking still takes hearts
    easy = ns["easy"]
    assert easy["go for the moon"]["moon"] == 1 and easy["go for the moon"]["score"] == 0
    assert f"{easy['duck from now on']['score']:.1f}" == "17.3"
    closes_on(ns["textbook_quiz"], "go for the moon")
    assert ns["easy_led"] == ["A♥", "K♥", "Q♥", "J♥", "5♥"] and play_out(textbook, Shooter()).moon == 0
    # r80: "South's top hearts can draw out every heart still out" held for this deal's spread only, not for every
    # count of 0: the sentence gives the count's own work
    # r81: "four top hearts cross off twelve" contradicted the picture just above (two leads cross off all six), and the
    # re-deal figures lived only in the quiz's feedback: said as the picture says, with the figures (checked above)
    prose408 = " ".join(_md("08b_your_own_moon").split())
    # r84b: "ducking averaged 17.3" and "all 400" were printed nowhere: a folded figures cell after the question prints
    # them (and says what a re-deal is, r82's point), and the answer points to it
    assert ("Deal 408: go.** Every sign holds, with a count of 0: the A♥ and K♥ cross off all six hearts "  # r99: words
            "still out. On all 400 re-deals going shot the moon; ducking averaged 17.3.") in prose408  # r114: "(figures above)" cut (word cap): they sit just above
    fig408 = next(c for c in code_cells if "easy['duck from now on']['score']:.1f} points" in "".join(c["source"]))
    assert fig408["metadata"]["jupyter"] == {"outputs_hidden": True, "source_hidden": True}
    assert code_cells.index(fig408) > next(i for i, c in enumerate(code_cells) if "textbook_quiz = Quiz(" in "".join(c["source"]))
    # r108: "On all 400" rested on a rounded 100% (399 would print so too): the count is printed
    assert text_output(fig408).endswith("  go for the moon:  the moon came off in 400 of 400; 0.0 points a hand on average\n"
                                        "  duck from now on: 17.3 points a hand on average\n")
    assert "cross off twelve" not in prose408 and "the question's feedback gives the figures" not in prose408
    drawn408 = count_hearts_(textbook)[0]
    from hearts_teach.course.later_tricks import seat_hearts as seat_hearts_

    assert sorted(drawn408, key=lambda c: c.rank) == seat_hearts_(textbook)[1] and len(drawn408) == 6  # all six, two leads

    mine_h, out_h = seat_hearts_(textbook)
    top = [c for c in mine_h if all(o.rank < c.rank for o in out_h)]
    assert len(top) == 4 and len(out_h) == 6
    # r72: step 2 read as every heart out over the 3♥ (the 4♥ and 5♥ beat it too, drawn out in step 1), and said
    # nothing of why the lowest heart: South leads it last (the moon run's heart leads, A♥ J♥ 7♥ 3♥, checked in the r51
    # test), and a heart over it still out at that trick wins it
    assert "2. Count the hearts still out that beat your lowest" not in steps
    assert "have each drawn up to one heart" not in intro and "these lie in three different hands" not in steps
    assert "hearts still out: 2♥ 4♥ 5♥ 6♥ 8♥ 9♥ 10♥ Q♥ K♥ (9)\n" in text_output(code_cells[position])
    count_src = "".join(next(c for c in code_cells if "def count_steps(" in "".join(c["source"]))["source"])
    # r70: the cell's 15 lines of count code were long to read: it calls the engine's count_hearts (the helper the
    # scale uses), checked here against the two steps worked by hand
    assert "drawn, counted = count_hearts(hand)" in count_src and "out_h" not in count_src
    from hearts_teach.course.later_tricks import count_hearts
    mine683 = sorted((c for c in go.cards(0) if c.suit is Suit.HEARTS), key=lambda c: -c.rank)
    out_h = sorted(go.view(0).still_out()[Suit.HEARTS], key=lambda c: c.rank)
    drawn_h, others = [], len(go.seat_names) - 1  # each top heart draws one heart from each *other* player
    for mine in mine683:
        if out_h and all(o.rank < mine.rank for o in out_h):
            drawn_h, out_h = drawn_h + out_h[:others], out_h[others:]
    assert count_hearts(go) == (drawn_h, [o for o in out_h if o.rank > mine683[-1].rank])
    assert "breaks the moon" not in _md("08b_your_own_moon") and "a count of eight" not in risk
    # r72c: the A♥'s trick pictured: three hearts fall, six are left above the 3♥
    # r90: printed beside the position, the count was never the learner's to work out: the prose gives it, folded
    assert not any("count_steps(go)" in "".join(c["source"]) for c in code_cells)
    assert count_hearts(go) == ([Card("2H"), Card("4H"), Card("5H")],
                                [Card(c) for c in ("6H", "8H", "9H", "TH", "QH", "KH")])
    assert ("<details><summary>Its count</summary> The A♥ crosses off the 2♥ 4♥ 5♥; the J♥ is no top heart (the K♥ and "
            "Q♥ are out). Six hearts left beat your 3♥: count six. Any one kept back beats it. </details>") in risk  # r97: the six tied to the danger (r114: "a warning" cut, word cap)
    assert "the count (its heart leads pictured" not in text_output(code_cells[position])
    out683 = sorted(go.view(0).still_out()[Suit.HEARTS], key=lambda c: c.rank)
    assert len(out683) == 9 and all(c.rank < Card("AH").rank for c in out683)  # "the nine hearts you lack"  # the A♥ is South's one top heart
    assert any(c.rank > Card("JH").rank for c in out683)  # the J♥ is not one
    assert [c.pretty for c in out683[3:] if c.rank > Card("3H").rank] == ["6♥", "8♥", "9♥", "10♥", "Q♥", "K♥"]
    # on the real deal the three lowest are in three hands: careful defenders following the A♥ give exactly these
    lowest = [min((c for c in go.cards(s) if c.suit is Suit.HEARTS), key=lambda c: c.rank) for s in (1, 2, 3)]
    assert sorted(c.pretty for c in lowest) == sorted(c.pretty for c in out683[:3]) == ["2♥", "4♥", "5♥"]
    lacked683 = sorted((c for c in DECK if c.suit is Suit.HEARTS and c not in go.cards(0)), key=lambda c: c.rank)
    assert " ".join(c.pretty for c in lacked683) == "2♥ 4♥ 5♥ 6♥ 8♥ 9♥ 10♥ Q♥ K♥"
    assert [c.pretty for c in lacked683 if c.rank < Card("3H").rank] == ["2♥"]
    assert [c.pretty for c in lacked683 if c.rank > Card("JH").rank] == ["Q♥", "K♥"]
    # r52: the answer turns on the bots' heart-following habit, so it is stated before the question, from their code
    # (policy.rule_play: following suit with no moon to stop, the highest card under the winner) and their traces
    # r54: "when it has one" missed the other half, the one that breaks a moon: a bot that can beat South's heart
    # while South holds every point does; so the learner can reason out the question (nothing beats the A♥)
    # r55: "does" what? and "hold" meant in hand in the signs: "have taken", and what the bot plays
    # r72: the count's careful defenders (their lowest) and these bots (their highest) were two defences met two
    # cells apart: the tension is said once, where the bots' habit is stated
    # r72b: "weaker" and then a strong habit read as a contradiction: what the bots do, from rule_play (checked
    # just below), and why it helps a shooter (their high hearts go under the top hearts, led first)
    # r72c: "one that can beat it does" read as a verb without an object: said in full
    # r73b: said before the question, the habit gave its answer away: it is the reason the moon worked, after it;
    # the aside on a bot that can beat South's heart (not the case at trick 6) is cut
    # r79 (08b): the deal 683 quiz asks about these bots and careful people, but the habit and the count-0 rule came
    # after it, so it could only be guessed: both are taught with the count (general, before deal 408), and "Why it
    # worked" (after the question) names the cards that went under the A♥
    why = next((i, s) for i, s in md if "**Why it worked: these bots waste high hearts.**" in s)
    assert why[0] > asked and ("**Why it worked: these bots waste high hearts.** On trick 8 North's K♥ and East's Q♥ "
                               "both went under South's A♥ (their reasons, above)") in " ".join(why[1].split())
    # r109: count 0 read as a sure moon (the table prints 11 of 16): the best chance, not a sure one
    assert ("**The rule at a real table:** against careful people, assume a high heart is kept back: go only when your "
            "count is 0 (the best chance, not a sure one); otherwise duck.") in sign_list and signs < asked
    assert "count is 0; otherwise duck" not in sign_list
    # r98: the bots' exception read as a general licence in cell 4: it sits with deal 683, still before its question
    # r99: stated just before the question, the exception was its answer; r79 found the quiz a guess without it: the
    # bots' habit (rule_play, checked just below) is said before it, the exception ("count up to 6") in the answer
    assert ("**These rule bots** (the [play app](play.ipynb)'s default) are not careful: on a heart they cannot beat, "
            "each plays its highest heart.") in " ".join(risk.split()) and risk_at < asked
    assert "a count up to 6 can pay" not in risk and "the rule has an exception" not in risk
    # r107: the quiz still read as a guess: one prompt to weigh the habit against the count (no verdict given)
    # r108: "Weigh that against the count" gave nothing to weigh with (two readers answered "duck" by cell 4's rule):
    # the break-even is taught before the question, with a bound that holds on every re-deal (no verdict, no rate)
    # r112: the quiz was still a pure guess: the count table's rate for hands like this one (a top heart, count 1
    # to 6, two sure winners: checked below) is given; 39% against a bound of "under one half" is no verdict, and
    # this deal's own figures (26%, 35%) stay after the question. "At most 12" leaned on an unsaid 13: said
    assert "Weigh that against the count." not in risk and "came off more" not in risk
    # r114: "under one half" beside 39% read as a verdict (a bound of 12 / 25 decides nothing at 39%), the formula had
    # no numbers, and the quiz was still a guess: a made-up example (not this deal's), the bound said exactly, and
    # what a failure cost on those 18 hands (the count table's, checked in test_08b_r65_...): the learner can weigh it
    # r120 (report r120/08b: three break-even figures in a row, which one decides? the 15 and 20 read as deal 683's):
    # the example labelled "made up", the worst case's 48% cut (the 18 hands' own 3.9 and ducking's 13 stay, which
    # the quiz weighs: 3.9 ÷ (13 + 3.9) = 23%), and the 18 hands' rate said as a percentage (7 of 18 = 39%)
    assert ("Against them, weigh the [break-even](glossary.ipynb#cell-id=term-break-even): going pays if the moon comes "
            "off more often than a failure's cost ÷ (a moon's saving + that cost), both against ducking (made up: ducking "
            "15, a failed moon 20: 5 ÷ (15 + 5) = 25%). Such hands (a top heart, count 1 to 6, two or more sure winners): "
            "7 of 18 (39%) came off; failures cost 3.9 more than ducking on average (table at the end), and ducking scores "
            "at least 13 (the queen's).") in " ".join(
        risk.split()) and "26%" not in risk and "35%" not in risk and "5.6" not in risk and "12.5" not in risk
    assert "12 ÷ 25" not in risk and round(100 * 7 / 18) == 39 and round(100 * 3.9 / (13 + 3.9)) == 23
    # r116: the bound settled nothing in the reader's eyes: what it means said (over 48% going always pays; not a
    # verdict at 39%); the quiz prompt says what to weigh (the 18 hands' 3.9 against ducking's 13 or more)
    assert "the break-even is at most 12 ÷ 25." not in risk and 12 / 25 == 0.48
    # r117: the 48% read as this deal's verdict (39% under it: "don't go"): labelled the worst case (a failure 12
    # worse), beside the 18 hands' real 3.9
    assert "going pays whenever the moon comes off" not in " ".join(risk.split()) and 25 - 13 == 12
    assert "The break-even is under one half." not in risk and 5 / (15 + 5) == 0.25 and 12 / (13 + 12) < 0.5
    assert "a failure costs at most 12 (you score at most 25" not in risk and 7 / 18 < 0.5  # r112: no verdict either way
    assert "(25 − 13:" not in risk  # r111: the bare sum took a rebuild: what the 25 is, said (the 13: the queen's)
    assert go.points_taken == (13, 0, 0, 0)  # "the queen's 13 yours": ducking keeps them, a failed moon takes at most 25
    # r89: the bots half of the deal 683 question rested on a habit stated seven cells up: what the call rests on is
    # said right before the question (the habit from rule_play, checked just below; the K♥ and Q♥ out, checked above)
    # r91: that sentence gave the people quiz its answer (the K♥ or Q♥ kept back): the bots' habit moved into the answer
    assert "a careful player keeps the K♥ or Q♥ back" not in risk and risk_at < asked
    # r93: the quiz asks about the play app's bots (go), careful people's case follows in the answer and the replays
    # r97: the answer leads with the break-even in plain words (to pay, words); the habit is cell 4's rule and cell 15's why
    assert "**Against these bots, go.** Over the 400 re-deals" in " ".join(_md("08b_your_own_moon").split())
    assert "Rule bots are less careful" not in sign_list
    assert "These rule bots do not" not in risk and "plays one that does" not in _md("08b_your_own_moon")
    assert "these rule bots are weaker" not in risk
    from hearts_teach.agents.hearts.policy import MOON_OPEN, NO_MOON, rule_play, threat_of
    from hearts_teach.games.hearts.view import shooting

    mask = lambda *cs: sum(Card(c).mask for c in cs)  # noqa: E731
    for threat in (MOON_OPEN, NO_MOON, 0):  # whatever the moon status, under the A♥: the highest heart
        hand = mask("KH", "QH", "5H", "2C")
        got = rule_play(1, hand, mask("KH", "QH", "5H"), 1, Suit.HEARTS.value, Card("AH").index, 0, mask("AH"),
                        mask("AH"), threat)
        assert Card.from_index(got) == Card("KH")
    assert shooting(Card("QS").mask | Card("2H").mask)  # the queen and any heart: the bots' moon defence is on
    taken = [sum(c.mask for c in go.taken(s)) for s in range(4)]
    assert threat_of(taken, 1) == MOON_OPEN  # at trick 6 South has the queen alone: not yet (hence "Once")
    before8 = play_out(go, Shooter())
    taken = [sum(c.mask for t in before8.tricks[:7] if t.winner == s for c in t.cards) for s in range(4)]
    assert threat_of(taken, 1) == 0  # by trick 8 (the A♥ lead) South holds the queen and two hearts: on
    hand = mask("KH", "9H", "2C")  # South (every point so far) leads the J♥: a bot holding the K♥ beats it
    got = rule_play(2, hand, mask("KH", "9H"), 1, Suit.HEARTS.value, Card("JH").index, 0, mask("JH"), mask("JH"), 0)
    assert Card.from_index(got) == Card("KH")
    for threat in (MOON_OPEN, NO_MOON):  # the queen alone, or points split: it ducks
        got = rule_play(2, hand, mask("KH", "9H"), 1, Suit.HEARTS.value, Card("JH").index, 0, mask("JH"), mask("JH"),
                        threat)
        assert Card.from_index(got) == Card("9H")
    moon_run = play_out(go, Shooter())
    eighth = moon_run.tricks[7]
    assert eighth.cards[0] == Card("AH")
    for seat in (1, 2, 3):  # each follower played its highest heart left on trick 8
        left = [c for c in go.cards(seat) if c.suit is Suit.HEARTS
                and not any(c in t.cards for t in moon_run.tricks[5:7])]
        assert eighth.cards[seat] == max(left, key=lambda c: c.rank)  # West's 5♥ was its only heart ("forced")
        assert why_played(moon_run, 8, seat).branch == ("duck" if len(left) > 1 else "forced")
    # r52: "hold" read as in hand or taken; the diamonds come first, until hearts break (trick 7)
    # r58: "many points" was only the queen on deal 683: the sign names the queen
    assert "you have already taken the queen or many hearts, and nobody else has a point;" in sign_list
    assert "many of the points" not in risk
    # r58: the count as a fourth sign (the hearts still out over South's lowest, eight here: checked in the summary's test)
    # r61: defined in the intro, before the position prints it
    # r71b: deal 683 (count six) went, so the sign names the exception it tests
    # r72: "a low count ..., or, the exception tested here, ..." was hard to parse: deal 683 named as the exception
    # r119 (report r118/08b: a sure winner is one nothing out beats; the K♦ is one because the A♦ is South's): said
    # r120 (report r120/08b: why the K♦ is sure was left to work out): said of the K♦ itself
    assert "</details> The sure winners A♦ and K♦ are a good sign (only your A♦ beats the K♦)." in " ".join(risk.split())  # r90
    # r85: the reader wondered why deal 683's picture stops at the A♥ (the J♥ is no top heart with the K♥ Q♥ out)
    # r90: said in the folded count (the learner works it out first)
    assert " ".join(risk.split()).startswith("<details><summary>Its count</summary> The A♥ crosses off the 2♥ 4♥ 5♥; "
                                             "the J♥ is no top heart (the K♥ and Q♥ are out).")
    from hearts_teach.course.later_tricks import seat_hearts
    assert {Card("KH"), Card("QH")} <= set(seat_hearts(go)[1]) and Card("JH") in go.cards(0)
    # r55: "cash" was jargon
    # r56: leading diamonds "until someone breaks hearts" worked only because two bots threw hearts on trick 7;
    # without that, South's next lead (J♦ or 10♦) could lose to the Q♦, still out at trick 6
    # r57: that outcome gave the quiz away (trick 7 is shown after it), and the Q♦ fell on trick 6: now a general
    # "what if", true at trick 6; the outcome (hearts thrown on trick 7) is told after the answer
    # r71: "hearts are not broken" right after the Q♠ fell: the Q♠ does not break them (rule 9, standard rules)
    assert Card("QS") in go.taken(0) and not go.view(0).broken and not go.rules.queen_breaks_hearts
    # r75 (08b): the diamond plan before the question gave the answer away: it is told after the answer (cell
    # l08b-09), with the order the moon run led its hearts (checked in the r51 test)
    assert "lead your winning diamonds first" not in risk and "diamonds first" not in risk
    # r75 read: "hoping" read as the bot's intent (it plays its highest legal card): the plan's reason, said plainly
    # r80: "South led its winning diamonds first" read as the going bot's plan; it plays its highest legal card
    # r84 (words): "a player out of diamonds may throw a heart on them" is said by the next sentence (trick 7)
    # r90: one name for the bot (five before): the shooter bot
    # r109 (word cap): "(highest legal card)" cut: the bot is defined where it is first seated
    assert ("Hearts were not broken, so the shooter bot led South's winning diamonds. Hearts broke "
            "on trick 7") in " ".join(_md("08b_your_own_moon").split())
    assert [c for c in go.view(0).still_out()[Suit.DIAMONDS] if c.rank > Card("10D").rank] == [Card("QD")] and "cash" not in risk and "trick 7" not in risk
    # r58: why losing a trick with no points matters: a player out of the suit may throw a heart on it (moon run,
    # trick 7: West and North, out of diamonds, threw hearts on the K♦), and a heart on a trick another player wins
    # breaks the moon (deal 1195's go line: two hearts on West's trick 5, no moon)
    assert all(not any(c.suit is Suit.DIAMONDS for c in go.cards(s) if c not in moon_run.tricks[5].cards)
               for s in (1, 2))
    real1195 = lesson("08b_your_own_moon")["real"]["go for the moon"]
    assert real1195.tricks[4].winner == 1 and real1195.tricks[4].points and real1195.moon is None
    assert "Hearts broke on trick 7 (West and North, out of diamonds, threw hearts on the K♦)" in " ".join(
        _md("08b_your_own_moon").split())
    # r57: "defender" defined at its first use
    # r71b: linked at its first use, the count's definition (with "still out")
    assert ("a [defender](glossary.ipynb#cell-id=term-defender) (a player trying to stop your moon)") in sign_list  # r84b
    # r97: the defender is now first named in the why sentence before the count's steps, and linked there
    assert sign_list.index("[defender]") < sign_list.index("Your **count**") < sign_list.index("[still out](glossary.ipynb#cell-id=term-still-out)")
    assert "[defender](" not in risk and "[still out](" not in risk
    assert Card("QD") in go.view(0).still_out()[Suit.DIAMONDS] and {Card("JD"), Card("TD")} <= set(go.cards(0))
    assert sorted(c.pretty for c in go.view(0).still_out()[Suit.DIAMONDS] if c.rank > Card("TD").rank) == ["Q♦"]
    assert [c.pretty for c in moon_run.tricks[6].cards if c.suit is Suit.HEARTS] == ["6♥", "10♥"]
    assert [t.cards[0] for t in moon_run.tricks[5:7]] == [Card("AD"), Card("KD")] and moon_run.tricks[5].winner == 0
    assert [t.cards[0].suit for t in moon_run.tricks[5:7]] == [Suit.DIAMONDS] * 2
    assert not any(c.suit is Suit.HEARTS for t in moon_run.tricks[:6] for c in t.cards)
    assert any(c.suit is Suit.HEARTS for c in moon_run.tricks[6].cards)
    # r52: a ducking plan's moon rate (0%) meant nothing; cell 17 says why there is none. The go line's failed-moon
    # cost is the never-give-up bot's, said next to the break-even
    signs = text_output(next(c for c in code_cells if "tried[\"duck from now on\"]" in "".join(c["source"])))
    duck_line = next(line for line in signs.splitlines() if line.startswith("  duck from now on:"))
    assert "moon came off" not in duck_line and duck_line.endswith("(no moon: ducking never tries one)")
    assert ns["tried"]["duck from now on"]["moon"] == 0
    figures = text_output(next(c for c in code_cells if "class GiveUp" in "".join(c["source"])))
    # r60: the give-up analysis has its own cell after deal 65's give-up prose, not inside the first question's figures
    assert "class GiveUp" not in "".join(next(c for c in code_cells if "Both plans played out from trick 6" in "".join(c["source"]))["source"])
    # r54: the break-even is the never-give-up bot's; played again giving up at once, it falls only a little
    # r56: "go line" was undefined: "Going's bot"; the per-hand averages are printed (cell l08b-14 cites 0.1 a hand)
    # r58: that line and the next were hard to parse: one plain sentence now
    # r72: "stopping early saved almost nothing" came right after a question that says give up: the takeaway first
    # r107: the two averages in one sentence ("never giving up" read as "it never gives up"): two labelled lines
    assert figures.startswith("Giving up pays when the moon is spoiled early: on deal 65, spoiled on trick 4, it saved "
                              "10 (the play-outs above).\nDeal 683's moon failed on 261 of the 400 re-deals, 188 of "
                              "them spoiled on trick 12 or 13, with at most one trick left. Points a hand on average:\n"
                              "  give up at the first point anyone else takes: 14.2\n"
                              "  keep shooting:                                14.3\n")
    assert "never giving up 14.3" not in figures
    assert "saved almost nothing" not in figures
    # r66: the 14.2 vs 14.3 is set beside deal 65 (spoiled on trick 4: 23 shooting on, 13 giving up)
    ends65 = lesson("08b_your_own_moon")["ends"]
    assert (ends65["Keep shooting"].scores[0], ends65["Give up and duck"].scores[0]) == (23, 13)
    assert "Why so little" not in figures and "Going's bot" not in figures
    quits, sampled = ns["quits"], ns["sampled"]
    assert quits["moon"] == sampled["go for the moon"]["moon"]  # giving up starts only once the moon is gone
    assert quits["no_moon"] < sampled["go for the moon"]["no_moon"]
    assert f"{quits['no_moon']:.1f}" == "21.8" and f"{1 - sampled['duck from now on']['score'] / quits['no_moon']:.0%}" == "25%"
    # r54: the 1.3 gap on deal 1195 is hearts: both lines hold the queen, and no moon came off
    own = lesson("08b_your_own_moon")  # (ns has lesson 08c's names on top: its own "check")
    go_, duck_ = own["tried"]["go for the moon"], own["tried"]["duck from now on"]
    assert Card("QS") in own["check"].taken(0) and go_["moon"] == 0
    assert (f"{go_['score'] - 13:.1f}", f"{duck_['score'] - 13:.1f}") == ("3.0", "1.7")
    # r73b (fewer figures): the 3.0 and 1.7 were one figure too many for a folded printout: cut
    assert "Both start from the queen's 13" not in signs
    # r62: cells 13 and 20 showed their code under the questions, and its strings ("no moon came off") gave the deal
    # 1195 answer away: every figures cell after a question folds its code as well as its printout
    figure_cells = [c for c in notebook_cells("08b_your_own_moon") if c["cell_type"] == "code"
                    and "".join(c["source"]).startswith(("# the question's figures", "# the signs and the figures"))]
    # r84b: deal 408's figures cell makes four
    assert len(figure_cells) == 4 and all(c["metadata"]["jupyter"] == {"outputs_hidden": True, "source_hidden": True}
                                          for c in figure_cells)
    above = [c for c in DECK if c.suit is Suit.HEARTS and c.rank > Card("JH").rank and c not in go.cards(0)]
    assert [c.pretty for c in above] == ["Q♥", "K♥"] and Card("JH") in go.cards(0)
    assert not any(c.suit is Suit.HEARTS for t in go.tricks for c in t.cards)
    assert all(any(c in go.cards(s) for s in (1, 2, 3)) for c in above)
    lowest_heart = min((c for c in go.cards(0) if c.suit is Suit.HEARTS), key=lambda c: c.rank)
    lacked = [c for c in DECK if c.suit is Suit.HEARTS and c not in go.cards(0)]
    assert lowest_heart == Card("3H") and [c.pretty for c in lacked if c.rank < lowest_heart.rank] == ["2♥"]
    # r48: the break-even, in prose before the question and in the summary (cell 6 prints the engine's 26%)
    # r54: "only if" overstated it: the break-even is the never-give-up bot's (cell 6 measures one that gives up)
    # r56: the 1 time in 4 is this position's break-even, not a rule; deal 1195's by the same sum (printed in l08b-17)
    # r58: the 1 time in 4 explained where it first appears: about 16 ducking, about 22 a failed moon, 0 a moon
    after_q = " ".join(next(s for i, s in md if "The rest of the hand, played both ways (going:" in s).split())
    assert next(i for i, s in md if "The rest of the hand, played both ways (going:" in s) > asked
    # r65: the clearest idea first ("one moon pays for nearly three failures"), then the sums
    # r68: "saves" against what: compared with ducking
    # r70: the 400 re-deals and the 35% said where the 14.3 and 16.3 are quoted; the sums' saying after its numbers
    # r73b: the break-even first came in a folded printout: worked in prose, for South's own score only
    # r81: the prose then repeated the figures cell just above it word for word (the break-even said twice): the
    # answer points to the figures cell, which works it (checked in the r73b test of that cell); the summary says it
    # r82: the re-deals are said where first used (deal 408's answer): "the 400 re-deals" here
    # r84b: the break-even paragraph before the question gave the re-deals' figures away: it is worked here, after it
    # r85: five numbers in one sum hid the point, and the lesson was over its word limit: the answer names the 26%
    # and the figures cell above works it (checked in the r73b test of that cell)
    # r89: "above its break-even of 26%" relied on a folded cell: the break-even is put in words where it is used (a
    # moon saves ducking's 16.3, a failed one costs 5.6 more), the figures the folded cell prints (pinned just below)
    # r90: the quiz asks about careful people only; the bots' result is the answer's surprise, folded like every answer
    # r93: the reader could not tell which rule to practise (the play app uses these bots): the quiz asks about the
    # bots, whose rule (count up to 6 with two sure winners) now rests on the count table; careful people come second
    # r97: the p formula first hid the point: plain words first (wins 16.3, costs 5.6 more, about 1 time in 4), the formula optional
    # r98: "going wins 16.3" read as taking 16 points: "saves ... compared with ducking"; the optional p formula cut
    # r99: the bare fraction went unexplained: one clause says why (at 26% the savings and the costs balance); the
    # bots' exception (count up to 6 with two sure winners) moved here from before the question (it gave it away)
    assert ("<details><summary>Answer</summary> **Against these bots, go.** Over the 400 re-deals, ducking averaged 16.3 "
            # r120 (report r120/08b: 5.6 sets a failed moon's average against ducking's over all 400): "roughly"
            "and a failed moon 21.9. Against ducking (roughly: averages): - a moon (you score 0) saves 16.3; a failure costs 21.9 − 16.3 = 5.6; "
            "- break-even: 5.6 ÷ (16.3 + 5.6) = 26%. "  # r108: two lines, the idea taught before (r116: words paid)
            "It came off 35%; going averaged 14.3. **Against careful people, duck:** count six; the K♥ or Q♥ kept back "
            "for your J♥ spoils it (below).") in after_q and "going wins 16.3" not in after_q and "p × 16.3" not in after_q \
        and "(21.9 − 16.3)" not in after_q
    assert "above its break-even of 26% (figures above)" not in after_q
    # r107: "can pay" claimed more than the table prints (how often the moon came off, no averages): its count said
    assert "can pay" not in after_q
    # r94: why 21.9 divides ("5.6 ÷ 21.9") took a rebuild: the sum worked, with the denominator as 16.3 + 5.6
    assert "5.6 ÷ 21.9" not in after_q  # 16.3, 21.9 and 5.6 are checked against the re-deals below
    assert "8%" not in after_q and "share p of the time" not in after_q
    s683 = lesson("08b_your_own_moon")["sampled"]
    # r71b: the answer sat unfolded below the quiz: a clear break first; and deal 683's high count said plainly
    # where it is answered (its count, its sure winners and the bots' habit: each checked in this file)
    # r75b: the answer is split, bots and people (the quiz asks both)
    assert after_q.startswith("<details><summary>Answer</summary> **Against these bots, go.**")  # r93 (r90: people first)
    # r72b: the break-even's sums and "nearly three failures" folded (the figures cell prints them); the habit is
    # pointed to, not restated
    # r72c: the high count and the habit are said before the question (deal 683 is the exception), not again here
    assert "Going paid despite" not in after_q and "nearly three failures" not in after_q
    from hearts_teach.course.later_tricks import moon_count as _count
    from hearts_teach.course.later_tricks import sure_winners as _sure
    assert _count(go) == 6 and sorted(c.pretty for c in _sure(go)) == ["A♦", "K♦"]
    assert [c.pretty for c in play_out(go, Shooter()).tricks[7].cards[2:]] == ["K♥", "Q♥"]
    assert (f"{s683['go for the moon']['score']:.1f}", f"{s683['duck from now on']['score']:.1f}") == ("14.3", "16.3")
    ducked683, failed683 = s683["duck from now on"]["score"], s683["go for the moon"]["no_moon"]
    assert (f"{ducked683:.0f}", f"{failed683:.0f}", f"{failed683 - ducked683:.0f}") == ("16", "22", "6")
    assert 2.5 < ducked683 / (failed683 - ducked683) < 3  # nearly three failures paid for by one moon
    assert f"{(failed683 - ducked683) / failed683:.0%}" == "26%"  # the break-even: 1 time in 4
    even = (failed683 - ducked683) / failed683  # r99: at the break-even, savings (16.3 each) equal costs (5.6 each)
    assert abs(even * ducked683 - (1 - even) * (failed683 - ducked683)) < 1e-9
    assert round(failed683 / (failed683 - ducked683)) == 4  # r97: "about 1 time in 4" (r116: cut for words; 26% says it)
    assert (f"{failed683:.1f}", f"{failed683 - ducked683:.1f}") == ("21.9", "5.6")  # r89: the answer's words
    # r82: the go-or-duck question's bots half needed the break-even, said only after it: now before it, with the
    # bots' habit pointed to (the moon rate stays after the question)
    # r84: "a failed moon" was never defined there and "1 time in 4" came with no figures: said in plain words, with
    # deal 683's averages (22 and 16, checked above: the figures cell prints 21.9 and 16.3)
    # r84b: said before the question, the break-even gave the re-deals' figures away, and "Recall what rule bots play
    # under your A♥" answered its bots half: the break-even is worked after the answer (checked above), the hint cut
    assert "**Break-even:** on the re-deals (below)" not in " ".join(_md("08b_your_own_moon").split())
    assert "Recall what rule bots play" not in _md("08b_your_own_moon")
    assert "here about 1 time in 4." not in " ".join(_md("08b_your_own_moon").split())
    # r61: "400 re-deals" was never explained: the figures say once what stays (South's cards, the five tricks) and
    # what is dealt again (the 24 cards South cannot see, to fit the tricks: North, out of clubs, gets none)
    from hearts_teach.course.later_tricks import _sampled_positions

    fig683 = text_output(next(c for c in code_cells if "Both plans played out from trick 6" in "".join(c["source"])))
    assert fig683.startswith("Each of the 400 re-deals keeps South's cards and the five tricks played, and deals the "
                             "24 cards South cannot see again at random to West, North and East, to fit the tricks so "
                             "far.\nBoth plans played out from trick 6 on each:\n")
    again = list(_sampled_positions(go, "test", 400, 0))
    assert len(again) == 400 and len(go.tricks) == 5 and sum(len(go.cards(s)) for s in (1, 2, 3)) == 24
    assert all(set(h.cards(0)) == set(go.cards(0)) and [t.cards for t in h.tricks] == [t.cards for t in go.tricks]
               for h in again)
    assert Suit.CLUBS in go.view(0).voids(2) and not any(c.suit is Suit.CLUBS for h in again for c in h.cards(2))
    assert len({frozenset(h.cards(1)) for h in again}) > 300  # dealt again: West's hand differs from deal to deal
    own1195 = lesson("08b_your_own_moon")["tried"]
    assert f"{1 - own1195['duck from now on']['score'] / own1195['go for the moon']['no_moon']:.0%}" == "8%"
    assert "going pays only if" not in risk
    # r48: "rule bots" explained at first use (the by-the-book opponent of lesson 07's ladder)
    # r89: "Solid" was never used again in this lesson (08c cut it for r71): the gloss stays
    assert "Solid" not in _md("08b_your_own_moon")
    # r111: "by-the-book" read as "plays correctly", then "not careful": cut
    assert ("Deal 408, no pass, four rule bots (lesson 07's opponent). On trick 8 South won with its last "
            "spade, the Q♠.") in " ".join(_md("08b_your_own_moon").split())  # r72c: the textbook hand first; r117
    assert ("Deal 683, the same four rule bots. On trick 5 South won the Q♠ (13 points).") in " ".join(  # r114
        _md("08b_your_own_moon").split())
    # fresh newcomer rater (r47): the dangling "(the queen too)" became part of the sentence
    prose_gu = " ".join(_md("08b_your_own_moon").split())
    # r89: the answer stood in view under its question: the "decide first" line goes before it; shorter to pay
    # r90: answers are hidden one way, under <details> (the warning line was missed while scrolling)
    assert "<details><summary>Answer</summary> **Give up.**" in prose_gu and "*Answer below" not in prose_gu
    # r97: "Every point you take then counts" is the summary's (cut here to pay for deal 683's figures)
    assert "**Give up.** Once anyone else has a point, stop collecting." in prose_gu and "(the queen too)" not in prose_gu
    # r84b: "When to give up" and "West took a heart on trick 4" answered the give-up question before it: a neutral
    # heading, and the reader finds West's point in the tricks printed
    assert "). Its position at trick 5:" in " ".join(_md("08b_your_own_moon").split())
    assert "West took a heart" not in _md("08b_your_own_moon") and "## When to give up" not in _md("08b_your_own_moon")
    assert "## Deal 65: the shooter bot from trick 1" in _md("08b_your_own_moon")
    # fresh newcomer rater (r34): South's moon here is the shooter bot's from trick 1, not a choice made on a moon hand
    # fresh newcomer rater (r45_a): with ♥ K 5 only, why shoot? The lesson says it is a demonstration, and unwise
    # fresh newcomer rater (r51): "none of the signs" was unsupported (the A♣ is a sure winner) and the starting hand
    # was never shown; it is printed now, and the prose names its two hearts
    assert ("Deal 65 is a demonstration: the shooter bot plays South from trick 1 (unwisely: its 13 cards hold only "
            "two hearts, the K♥ and 5♥). Its position at trick 5:") in " ".join(  # r117: "printed first" cut for words
        _md("08b_your_own_moon").split())  # (the cell's first line prints them, checked below)
    start65 = Hand.deal(seed=65, pass_direction="hold").cards(0)
    assert [c.pretty for c in start65 if c.suit is Suit.HEARTS] == ["5♥", "K♥"]
    at65 = next(c for c in code_cells if "print(trick_table(stuck))" in "".join(c["source"]))
    assert text_output(at65).startswith(f"South's 13 cards at the start: {start65.pretty}\n")
    assert any("[Shooter()] + table_bots(" in "".join(c["source"]) and "seed=65" in "".join(c["source"])
               for c in code_cells)
    assert "started out for the moon" not in _md("08b_your_own_moon")
    assert "West has just taken a heart" not in _md("08b_your_own_moon")
    keep = outcome(play_out(stuck, Shooter()))
    duck = outcome(play_out(stuck, table_bots("rule")[0]))
    south = lambda text: int(text.split("scores: South ")[1].split(",")[0])  # noqa: E731
    assert south(duck) < south(keep)  # giving up costs less
    # newcomer rating (issue 27): "ducking cannot bring South below 13" made going right by fiat; the
    # answer is the plan that scores less on the coach's deals of the unseen cards, both played out,
    # and the feedback weighs a failed moon (it scores more than ducking) and the defender who breaks it
    sampled = ns["sampled"]
    moon, duck = sampled["go for the moon"], sampled["duck from now on"]
    assert moon["score"] < duck["score"] < moon["no_moon"] and 0 < moon["moon"] < 0.5 and duck["moon"] == 0
    assert all(f"ducking {duck['score']:.1f}" in ns["go_quiz"].reason(c) for c in ns["go_quiz"].choices)
    # r75b (08b): "a count of six is a warning" and then "duck" marked wrong: the quiz asked bots and people apart
    # r90: two things at once, the bots' half resting on re-deals the learner cannot see: it asks one thing (careful
    # people, the lesson's rule: go only at count 0), and the bots' result comes after it as the surprise (l08b-07)
    # r93: the right answer (go) first, so that 08b's right answers do not all sit second (test_no_preanswered)
    assert ns["go_choices"] == ["go for the moon", "duck from now on"] and ns["count683"] == 6
    # r93: which rule to practise was unclear (the play app uses these bots): the quiz asks about the bots, answered by
    # the re-deals (going 14.3, ducking 16.3) and by the lesson's bot rule (count up to 6, two sure winners: A♦ K♦)
    # r109 (three readers): cell 4's count rule marked them wrong here with nothing to decide by: the question says
    # the rule is for careful players and asks a prediction against these bots, which the folded figures decide
    assert ns["go_quiz"].question == ("Deal 683, trick 6. The count rule (go only at 0) is for careful players. Predict "
                                      "against these rule bots, which play their highest heart on a heart they cannot "
                                      "beat: does going or ducking "  # r112: the habit in full, as cell l08b-05
                                      "score less here? Set the 18 such hands above (7 of 18 came off) against their "
                                      "break-even, at most 3.9 ÷ (13 + 3.9) = 23% (ducking scores 13 or more). "
                                      "This deal's 400 re-deals "  # r119 (report r118/08b: which number for "13 or more"?): the bound
                                      "(folded below) decide.")  # r117: which figures decide, named and ns["go_quiz"].question.count("?") == 1  # r116: what to weigh, said
    assert "34.8" not in ns["go_quiz"].question and "35%" not in ns["go_quiz"].question  # no chance printed before it
    assert f"{3.9 / (13 + 3.9):.0%}" == "23%"  # r119: the quiz's bound, at most 23%
    assert "against these rule bots and against careful people" not in ns["go_quiz"].question
    assert "against careful people" not in ns["go_quiz"].question and ns["sure683"] == "A♦ K♦"
    assert ns["go_quiz"].is_right("go for the moon") and not ns["go_quiz"].is_right("duck from now on")
    assert ns["go_quiz"].reason("go for the moon").startswith("right: count 6, with two sure winners (A♦ K♦) to keep the lead.")
    assert ns["go_quiz"].reason("duck from now on").startswith("that is the rule against careful people, count 6: one keeps the K♥ "
                                                               "or Q♥ back for your J♥ (played out below)")
    assert all("(played out below)" in ns["go_quiz"].reason(c) and "a failed moon averaged 21.9" in ns["go_quiz"].reason(c)
               for c in ns["go_choices"])
    assert ns["kept_back"]["North"].moon is None and ns["kept_back"]["East"].moon is None  # "played out below"
    closes_on(ns["go_quiz"], "go for the moon")  # r93: the bots' question
    # the rule bots' habit the answer's surprise rests on: the Q♥ goes under the A♥ unless its holder has the K♥
    for hand in (("QH", "9H", "2C"), ("QH", "KH", "9H")):  # the Q♥ goes under the A♥ unless its holder has the K♥
        got = rule_play(2, mask(*hand), mask(*(c for c in hand if c.endswith("H"))), 1, Suit.HEARTS.value,
                        Card("AH").index, 0, mask("AH"), mask("AH"), 0)
        assert Card.from_index(got) == (Card("QH") if "KH" not in hand else Card("KH"))
    assert [c.pretty for c in play_out(go, Shooter()).tricks[7].cards[2:]] == ["K♥", "Q♥"]
    assert "defend weakly" not in ns["go_quiz"].question
    prose = " ".join(_md("08b_your_own_moon").split())
    ducked = play_out(go, table_bots("rule")[0])
    # r94 (words): "The result" repeated the two scores printed just above it (15 and 0): cut
    assert ducked.scores[0] == 15 and "Ducking would have left South with 15" not in prose
    assert "the moon turned 13 into 0" not in prose  # r85: 13 beside 15 had the reader check twice
    assert "Ducking could not bring South below 13" not in prose and "**Why it worked: these bots waste high hearts.**" in prose  # r72
    prose = " ".join(_md("08c_beginner_mistakes").split())  # the mistakes, from here on
    # mistake 2: the 3♣ is lower than every club still out (it is an inaccuracy, the high leads blunders)
    view = ns["high_lead"].view(0)
    assert all(c.rank > Card("3C").rank for c in view.still_out()[Suit.CLUBS]) and Card("3C") in ns["high_lead"].cards(0)
    assert ns["graded_lead"].of("3C").verdict == "inaccuracy"
    # newcomer rating: the 3♣ cannot win trick 4 at all (North is void, so West and East hold every club
    # still out, all higher); its cost comes later, as the coach's verdict says
    clubs_out = view.still_out()[Suit.CLUBS]
    assert Suit.CLUBS in view.voids(2) and len(clubs_out) >= 1
    assert "you take about 0.5 more hearts than with J♠" in str(ns["graded_lead"].of("3C"))
    # fresh newcomer rater (r32): "For the J♠ over the 3♠, see lesson 08, drill 4" implied a preference this coach
    # does not make (the 3♠ is too close to call here, an inaccuracy there); the note says the difference is what
    # the deals can show: here the 3♠'s interval straddles the quarter point, in drill 4 it lies above it
    # fresh rater (r36): the clubs passage buried the lesson's point; it is two sentences now
    # fresh newcomer rater (r38_c): the cell was packed, and the 3♣'s cost had no reason: the 3♣ clause and the
    # drill-4 aside are gone (the coach's printed verdict still grades the 3♣)
    # fresh newcomer rater (r41_e): "a quarter point" beside the printed "about 0.3 more hearts" read as a
    # contradiction; the prose quotes the printed figure and says the deals cannot confirm it
    # fresh newcomer rater (r47): the grade's meaning is said before the first verdict (what it measures, the bands,
    # and that the reason quotes one part of the cost), so the 3♠'s own sentence went; its verdict prints "too close"
    assert "J♠ or 3♠? The 3♠'s 0.3 more hearts is an estimate" not in prose and "quarter point" not in prose
    from hearts_teach.agents.coach_stats import BAND, INACCURACY_MAX, MISTAKE_MAX, verdict_of

    assert (BAND, INACCURACY_MAX, MISTAKE_MAX) == (0.25, 1.0, 3.0)
    # fresh newcomer rater (r48): that sentence was the densest; said plainly, and mistakes 2 and 3 print each card's
    # total cost and the least and most it could be (the coach's paired difference and its 95 % interval), so the
    # reader can check every grade: it goes by the least (the low end), too close to call when it straddles 0.25
    # fresh newcomer rater (r49): plainer still: the deals give a range, its low end sets the grade, and the
    # one-line reason names only part of the cost (mistakes 2 and 3 print the whole cost and its range)
    # fresh newcomer rater (r51): the grade and the cost were mixed up and "the deals" never explained; the cost comes
    # first, the grade follows from it, and a too-close card counts as right (the quizzes' answer: best or fine)
    # rater r52: the grades as a small threshold table (the coach's thresholds, by the range's low end) and one
    # worked example, the 3♣'s printed range in mistake 2
    # rater r55: "the deals" read as the fixed deals 321/322/303 named just before: "the coach's sample deals"; the
    # last row in the coach's printed words (best; "too close to call" for a fine, as verdict_words shows it), both right
    # rater r60: "it" was unclear and the last row packed two ideas: the coach estimates each cost, so a range, and
    # "too close to call" has a row of its own (low end at most 0.25, high end over it); the worked example went
    # r89: the table came before any range was shown and slowed the reader: two sentences, the same bands
    # (verdict_of, below), and too close to call said in the coach's printed words ("The deals cannot tell it apart
    # from: 3♠", mistake 2), one phrase for one idea; the one-line reason's part of the cost moved to mistake 2's 3♠
    # r90: one sentence held four thresholds, cost and range before any example: the cost and its range (the
    # coach's margin of error, its 95 % interval) defined first; the grade key follows the first printed verdicts,
    # in mistake 1's answer (the same bands, verdict_of below)
    # r120 (word cap): the opening already says "graded by lesson 08's coach"
    assert ("The coach plays each choice out on many deals of the unseen hands. A card's **cost** "
            "is how many more points per hand it gives you, on average, than the coach's best. Its **range** is 95% sure "
            "to hold the true cost.") in prose and "those deals give a range for it" not in prose
    # r112 (rater: what "very likely" means): the coach's 95% interval, as lesson 08 says it
    assert "very likely" not in prose
    # r100: "margin of error" did not say how sure the range is: the true cost very likely lies in it (a 95 % interval)
    assert "margin of error" not in prose
    # r91: the one-sentence key ("over 1": the whole range?) came after mistake 1's printout had used "blunder":
    # five short lines right after the range is defined, before any grade is shown (verdict_of, below)
    # r92: no worked example, and "the last line that fits" had to be worked out: one example, pinned by verdict_of
    key = ("to hold the true cost. **Grades** (the last line that fits): - wholly 0.25 or less: *best* "
           "- spanning 0.25: *too close to call*, counted right - wholly over 0.25: *inaccuracy* "
           "- wholly over 1: *mistake* - wholly over 3: *blunder* So 2.0 to 4.0 is a *mistake*: wholly over 1, "
           "not wholly over 3. ### 1. A club trick")
    assert key in prose and "**Grades**, by range:" not in prose and "over 1, *mistake*" not in prose
    assert verdict_of(2.0, 4.0) == "mistake" and verdict_of(0.5, 1.5) == "inaccuracy"  # the last line that fits
    assert verdict_of(0.1, 0.25) == "best" and verdict_of(0.25, 0.3) == "fine" and verdict_of(3.01, 4) == "blunder"
    assert "| The cost's range | Grade |" not in prose and "the folded figures print the whole" not in prose
    assert "The deals cannot tell it apart from: 3♠." in ns["graded_lead"].summary()
    # r90: "its reason ... its cost" gave two numbers for one comparison: cut (the range above decides)
    assert "Its reason counts hearts (0.3 more)" not in prose
    from hearts_teach.agents.coach import verdict_words

    assert verdict_words("fine", 0.3) == "too close to call" and verdict_words("best", 0.2) == "best"
    # rater r55: the worked example graded mistake 2's 3♣ before the learner had seen mistake 2: a neutral one now,
    # and the 3♣'s own grade is worked where its figures are printed (cell 12, below)
    assert "For example, a range of 0.3 to 0.8" not in prose  # r60 (word cap): the table's rows say it
    assert verdict_of(0.3, 0.8) == "inaccuracy" and verdict_words(verdict_of(0.1, 0.3), 0.3) == "too close to call"
    assert "the 3♣ in mistake 2" not in prose
    c3_lo, c3_hi = ns["graded_lead"].of("3C").delta_ci95
    # r72c (word cap): the 3♣'s paragraph cut; its verdict (an inaccuracy, 0.5 more hearts) is its quiz feedback,
    # and its range prints to two decimals
    assert "The 3♣'s range starts over 0.25" not in prose and (f"{c3_lo:.2f}", f"{c3_hi:.2f}") == ("0.34", "0.83")
    assert verdict_of(c3_lo, c3_hi) == "inaccuracy" and c3_hi < INACCURACY_MAX  # shown as "inaccuracy", not "or worse"
    # rater r55: the trick table's `*` and last column had no key here
    assert ("(`*` marks each trick's winning card; a line ends with any points and who won.)") in prose
    assert " 4. N  2♠   E  5♠*  S  K♥   W  4♠      1 pt → East" in trick_table(ns["grab"])
    assert [verdict_of(lo, 9.0) for lo in (3.01, 1.01, 0.26)] == ["blunder", "mistake", "inaccuracy"]
    assert verdict_of(0.1, 0.2) == "best" and verdict_of(0.1, 0.3) == "fine"  # right; too close to call past 0.25
    assert prose.index("A card's **cost** is how many more points per hand") < prose.index("### 1. A club trick")
    assert "points a hand" not in prose and "seeded deals" not in prose
    # rater r60: the deal numbers meant nothing to a learner there (mistake 4 and the checks still name theirs)
    # rater r71: "Solid" was named once and never used again in this lesson
    # r72: the newcomer fresh from 08a wondered what South received: these are hold hands, said once
    # r84 (word cap): "rule bots" linked to the glossary instead of glossed
    # r93: "Mistake 1…4" named the traps and "mistake" a grade: the traps are "Trap 1…4" now
    assert ("Traps 1 to 3 come from fixed deals with no pass (hold hands), played by four rule bots.") in prose
    assert all(h.pass_direction == "hold" for h in (ns["grab"], ns["high_lead"], ns["waste"], ns["check"],
                                                    ns["spade_lead"])) and "(321, 322 and 303)" not in prose and "Solid" not in prose
    for name in ("graded_grab", "graded_lead", "graded_waste"):  # r72: mistake 1 prints its costs too
        graded_here = ns[name]
        shown = text_output(next(c for c in notebook_cells("08c_beginner_mistakes")
                                 if "".join(c["source"]).startswith(f"print({name}.summary())")))
        # fresh newcomer rater (r51): "the least and most it could be" read as hard limits; it is delta_ci95
        assert "Each card's cost, in points per hand more than the best (its likely range):" in shown
        assert "least and most" not in shown
        for c in graded_here.candidates[1:]:
            lo, hi = c.delta_ci95
            assert f"  {c.label}: {c.delta_vs_best:.2f} ({lo:.2f} to {hi:.2f})\n" in shown  # r72c: two decimals
            assert verdict_of(lo, hi) == c.verdict  # the grade follows from the least and most it could be
            assert c.verdict != "fine" or lo <= 0.25 < hi
    assert ns["graded_lead"].of("3S").call == "too close to call" and ns["graded_lead"].of("3S").delta_vs_best < 0.25
    for c in ns["graded_lead"]:  # the grade is the points a hand, worse than the best (its exp_points)
        assert abs(c.delta_vs_best - (c.exp_points - ns["graded_lead"].best.exp_points)) < 0.5
    low3, club3 = ns["graded_lead"].of("3S"), ns["graded_lead"].of("3C")
    assert "too close to call" in str(low3) and "inaccuracy" in str(club3)
    # same quoted figure, different grades: mistake 3's heart discards all quote 27%, a mistake or a blunder
    graded_waste = ns["graded_waste"]
    quoted = {c.label: re.search(r"in (\d+)% of deals", str(c)).group(1) for c in graded_waste if "♥" in c.label}
    assert len(set(quoted.values())) == 1 and {graded_waste.of(c).verdict for c in ("JH", "5H")} == {"mistake", "blunder"}
    assert "you take about 0.3 more hearts than with J♠" in str(ns["graded_lead"].of("3S"))
    assert "costs a little later" not in prose and "drill 4" not in prose
    low3 = ns["graded_lead"].of("3S")
    assert ns["graded_lead"].best.label == "J♠" and low3.verdict == "fine" and low3.delta_ci95[0] < 0.25 < low3.delta_ci95[1]
    assert "can win the trick only if West and East have no clubs either" not in prose
    from hearts_teach.course.drills import DRILLS as drills_08
    from hearts_teach.course.drills import grade as grade_08

    assert {str(c) for c in drills_08[3].make().cards(0).of_suit(Suit.SPADES)} == {"JS", "TS", "3S"}  # drill 4: a low spade lead
    drill4 = grade_08(drills_08[3], "3S")  # there the deals show the 3♠ costing more than a quarter point
    assert drill4.verdict == "inaccuracy" and drill4.assessment.of("3S").delta_ci95[0] > 0.25
    # r58: the question asks the decision (keep shooting or give up?), not only the sum; its reasons give the sum
    closes_on(ns["give_up_quiz"], "give up and duck")
    # r72c: the question gave its own answer (West's point) and both reasons were one sentence: the learner reads the
    # position; each reason says why that choice is right or wrong
    # r117: "West has the 4♥" read as holds: West took it (trick 4, East's 4♥)
    assert ns["stuck"].tricks[3].winner == 1 and Card("4H") in ns["stuck"].tricks[3].cards
    assert all("West took the 4♥ (trick 4), and West's 9♠ wins this" in ns["give_up_quiz"].reason(c)
               and "South would score 24" in ns["give_up_quiz"].reason(c) for c in ns["give_up_quiz"].choices)
    assert ns["give_up_quiz"].reason("keep shooting") != ns["give_up_quiz"].reason("give up and duck")
    assert "keep shooting or give up?" in ns["give_up_quiz"].question
    assert stuck.trick_number == 5 and ns["give_up_quiz"].question.startswith(
        "Deal 65, trick 5. Read the points taken so far and the trick in progress.")
    assert "West" not in ns["give_up_quiz"].question and "4♥" not in ns["give_up_quiz"].question
    assert [c for c in stuck.current_trick.cards] == [Card("9S"), Card("AH"), Card("5S")]
    # the give-up question is worked out, not read off the line above (round 4, F08b.1): West's one
    # heart leaves South at most 25, with no moon
    from hearts_teach.course.lessons import score_piles

    west = [c for c in stuck.taken(1) if c.points]
    assert len(west) == 1 and west[0].suit.letter == "H"
    # r64: "25" counted North's A♥ for South, but it is in trick 5, which West wins whatever South plays
    for play in stuck.legal_plays(0):
        fifth = stuck.copy().play(play)
        assert fifth.winner == 1 and [c for c in fifth.cards if c.points] == [Card("AH")]
    west_too = west + [Card("AH")]
    rest = " ".join(str(c) for c in DECK if c.points and c not in west_too)
    assert score_piles([rest, " ".join(str(c) for c in west_too), "", ""], Rules()) == (24, 2, 0, 0)
    give_fig = text_output(next(c for c in code_cells if "score_piles([all_but_two, wests" in "".join(c["source"])
                                and "scored =" in "".join(c["source"])))
    assert give_fig == ("South may play 4♠ 6♠ 7♠ 8♠; with each, the trick goes to West, North's A♥ with it.\n"
                        "If South took every point but West's 4♥ and A♥, the engine scores it: South 24, West 2 (no moon).\n")
    from hearts_teach.agents.coach import assess_play

    for name, card in (("grab", "AC"), ("high_lead", "AS"), ("waste", "3S")):
        assert assess_play(ns[name].view(0)).verdict(card) in ("mistake", "blunder"), name
    assert ns["graded"].of(ns["lowest"]).verdict in ("mistake", "blunder")
    # fresh newcomer rater (r37_a): the quick check was a one-step duck; it is a discard now (deal 904, trick 5: East
    # led the 3♦ and South has no diamonds), graded by the coach: dumping the Q♠ is its one right card
    check, quiz = ns["check"], ns["discard_quiz"]
    led = check.current_trick.cards
    assert check.trick_number == 5 and check.turn == 0 and [c.pretty for c in led] == ["3♦"]
    assert check.seat_names[check.current_trick.seats[0]] == "East"
    assert not any(c.suit is Suit.DIAMONDS for c in check.cards(0)) and Card("QS") in check.cards(0)
    assert [c.label for c in ns["graded_check"] if c.verdict in ("best", "fine")] == ["Q♠"]
    closes_on(quiz, "Q♠")
    assert not quiz.is_right("2♠") and "Which card would you throw?" in quiz.question
    # fresh newcomer rater (r48): the quick check closes on mistake 3's lesson, the dangerous card being the queen
    assert quiz.last_message.endswith("As in trap 3, a discard is your chance to get rid of a dangerous card: "
                                      "here, the queen herself.")
    # r73b: a third position (the duck, deal 941), so that mistakes 1 to 3 each get a second one
    # r111 (word cap): "like the traps above" cut; each answer names its trap ("trap 1 again")
    assert ("Three fresh positions (hold hands). First (deal 904): East led a diamond, and South "
            "has none.") in " ".join(_md("08c_beginner_mistakes").split())
    # fresh newcomer rater (r38_c): the quick check had no verdict cell; like mistakes 1 to 3 it has a folded printout
    cells = notebook_cells("08c_beginner_mistakes")
    at = next(i for i, c in enumerate(cells) if "discard_quiz = Quiz.pick_card(" in "".join(c["source"]))
    verdict = cells[at + 1]
    # r84b: the quick check's verdicts printed no cost ranges to check the grades against: they print them now
    # (the cost lines come from play_on.costs, one helper for the three verdict cells)
    assert "".join(verdict["source"]).startswith("print(graded_check.summary())\nprint(costs(graded_check.candidates[1:]))")
    assert "Each card's cost, in points per hand more than the best (its likely range):" in text_output(verdict)
    # rater r61: the verdict folds its code, as the other verdict cells do
    assert verdict["metadata"] == {"jupyter": {"outputs_hidden": True, "source_hidden": True}}
    # rater r61: the quick check prints the tricks so far, as mistakes 1 to 3 do, so they can be checked
    assert "print(trick_table(check))" in "".join(cells[at]["source"])
    assert text_output(cells[at]).startswith(trick_table(check))
    # r73b: "Decide before you read on" was said six times: once now, in the opening
    assert ("First (deal 904): East led a diamond, and South has none.") in " ".join(_md("08c_beginner_mistakes").split())
    assert "Decide before you read on" not in " ".join(_md("08c_beginner_mistakes").split())
    assert text_output(verdict).startswith(ns["graded_check"].summary() + "\n") and "Best: Q♠." in text_output(verdict)


# 12 --------------------------------------------------------------------------------------------

ANSWERS_12 = {"q1": "hand 3: across; hand 4: no pass",
              "q2": "they go to East, and three come from West once all have chosen",  # r102: no longer the longest
              "q3": "J♦", "q4": "3♠", "q5": "yes", "q6": "K♦", "q7": "15",
              "q8": "26", "q9": "-7", "q10": "North wins", "q11": "another hand is played",
              "q12": "yes: free now, and that card cannot win a costly trick later",
              "q14": "East", "q15": "3",
              "q16": "Q♠ + A♠ + a diamond", "q19": "2♥", "q20": "Q♠",
              "q17": "you took the Q♠, no one else has points, you hold sure winners",  # r102: no longer the longest
              "q18": "duck from now on (take no more points)",  # r114: "duck" glossed where it is asked
              # r115: "(lose tricks on purpose)" clashed with Q12 (win a trick with no points in it): points, not tricks
              "q13": "the range's low end lies between 1 and 3 points a hand",
              "q21": "East", "q22": "-58", "q23": "-60", "q24": "3", "q25": "-59", "q26": "9♦",
              "q27": "your bot is worse", "q28": "3♣",
              "q29": "any of your cards", "q30": "13", "q31": "Q♠", "q32": "yes"}


def test_12_the_last_cell_scores_the_answers_and_names_the_lessons_to_look_back_at():
    # r74d: lesson 12 ended without a score; its last code cell reads the learner's answers. The lesson's
    # quizzes are shared by this session's tests, so the answers go to fresh copies of its questions.
    from hearts_teach.present.widgets import Quiz, score_report

    ns = lesson("12_review")
    asked = [ns[f"q{i}"] for i in range(1, 33)]
    quizzes = {q.question[:q.question.index(" ")]: Quiz(q.question, q.choices, next(c for c in q.choices
                                                                                 if q.is_right(c)))
               for q in asked}
    assert list(quizzes) == [f"Q{i}" for i in range(1, 33)]
    last = [c for c in notebook_cells("12_review") if c["cell_type"] == "code"][-1]
    assert "score_report([" + ",".join(f"q{i}" for i in range(1, 33)) + "])" in "".join(
        "".join(last["source"]).split())
    shown = "".join("".join(o.get("text", "")) for o in last["outputs"]).strip()
    assert shown == score_report(list(quizzes.values())) == ("No answers yet: 32 questions are waiting above. "
                                                              "Answer some, then run this cell again.")
    quizzes["Q1"].choose(ANSWERS_12["q1"])
    quizzes["Q6"].choose("2H")  # wrong first: only a heart breaks hearts
    quizzes["Q6"].choose(next(c for c in quizzes["Q6"].choices if quizzes["Q6"].is_right(c)))  # q6: any legal lead
    quizzes["Q14"].choose("West")
    report = score_report(list(quizzes.values())).splitlines()
    assert report[0] == "Answered right: 2 of 32; right at the first try: 1."
    assert report[1] == "Look back at: lesson 03 (Q6), lesson 08a (Q14)."
    assert report[2].startswith("Still open: Q2, Q3, Q4, Q5, Q7, Q8,") and "Q14" in report[2]
    assert "Q1," not in report[2] and "Q6," not in report[2]


def test_12_every_question_closes_on_its_answer_and_the_answers_are_the_engines():
    from hearts_teach.course.lessons import score_piles
    from hearts_teach.games.spades import score_hand
    from hearts_teach.games.spades.legality import trick_winner

    ns = lesson("12_review")
    for name, right in ANSWERS_12.items():
        closes_on(ns[name], right)
    rules = Rules()
    assert [rules.pass_direction(h) for h in (2, 3)] == ["across", "hold"]
    assert CardList("2H 9H QS").points == 15
    # q7 is no longer the tie of 06 and 07 (issue 27 round 4): an Omnibus hand, J♦ and three hearts
    assert score_piles(["JD 2H 3H 4H", "5H 6H 7H 8H 9H TH JH QH KH AH QS", "", ""], Rules.preset("omnibus"))[0] == -7
    # r33: q21 repeated lesson 09's trumped trick; it is an overtrump now, dealt and played by the engine: West and
    # East hold no diamonds, both play a spade on South's A♦, and the higher spade (East's 9♠) wins
    over = ns["over"]
    first = over.tricks[0]
    assert [over.seat_names[s] for s in first.seats] == ["South", "West", "North", "East"]
    assert [c.pretty for c in first.cards] == ["A♦", "5♠", "3♦", "9♠"] and first.winner == 3 and first.trumped
    assert not over.dealt(1).of_suit(Suit.DIAMONDS) and not over.dealt(3).of_suit(Suit.DIAMONDS)
    assert trick_winner([c.index for c in first.cards], 0) == 3
    assert ("South leads the A♦; West has no diamonds and plays the 5♠; North plays the 3♦; East has no diamonds "
            "either and plays the 9♠.") in ns["q21"].question
    # r81 (report r81/12): after eleven lessons of the 2♣ lead, the prompt says why South leads (docs/rules.md, Spades
    # rule 2); the North reason called the 3♦ "the lowest diamond" (the 2♦ is lower): it is under the A♦
    assert over.dealer == 3 and over.first_seat == 0
    assert "Spades, trick 1. East dealt, so South, on the dealer's left, has the first lead." in ns["q21"].question
    assert ns["q21"].reason("North") == "the 3♦ is under the A♦, and the spades beat every diamond"
    # r33: q7's distractor is a real mistake (the hearts counted by rank: 2 + 9 + 13), not an unexplained 16
    assert 2 + 9 + 13 in ns["q7"].choices and 16 not in ns["q7"].choices
    # r33: q13 says what the coach does, for a reader who skipped lesson 08
    assert "The coach compares your card with the best one over deals it samples" in ns["q13"].question
    assert score_hand([2, 3, 2, 3], [3, 3, 3, 4], bags=(8, 0)).team_points[0] == -58  # bid 4, took 6, 8 bags
    # r103: the −40 reason said "not set" before Q23 defines a set: it now says what the hand earns and loses
    # r112 (report r112/12): the −40 reason left out the bags' +2, so −58 could not be rebuilt from it
    # r114 (report r114/12): the −40 reason did not name the mistake behind −40 (4 bid lost, −10 a trick bid)
    assert score_hand([2, 3, 2, 3], [2, 4, 1, 6]).team_points[0] == -40  # bid 4, took 3: −40
    assert ns["q22"].reason(-40) == ("−40 is the score for taking fewer than 4; 6 taken makes the contract: 40, its 2 "
                                     "bags 2 more, the tenth bag −100")
    assert "the only minus is" not in ns["q22"].reason(-40)
    assert Rules(players=5).opening_mask == 1 << Card("3C").index
    # the questions added for 06 (the end of a match), 08 (a verdict), 09 (a set)
    from hearts_teach.agents.coach_stats import VERDICT_MEANINGS
    from hearts_teach.games.hearts.match import _decided

    totals = [98, 104, 61, 73]
    assert _decided(totals, Rules().end_score) and totals.index(min(totals)) == 2  # North wins
    assert VERDICT_MEANINGS["mistake"].startswith("worse than the best by more than 1 point a hand, as far as")
    # round 30: q13's reason states the coach's whole band for a mistake, as the constants define it
    from hearts_teach.agents.coach_stats import INACCURACY_MAX, MISTAKE_MAX, verdict_of

    assert (INACCURACY_MAX, MISTAKE_MAX) == (1.0, 3.0)
    assert verdict_of(1.01, 2.9) == verdict_of(1.01, 5.0) == "mistake" and verdict_of(3.01, 5.0) == "blunder"
    # r75c_12: the answer said "not shown to cost over 3" (a double negative); now what the coach is sure of
    # r78 (report r78/12): in lesson 08's own words (a verdict holds when the whole range is past its line)
    assert ns["q13"].reason(ANSWERS_12["q13"]) == (
        "a mistake's whole range is past 1 point a hand; if it were all past 3, it would be a blunder")
    # r111 (report r111/12: "each cost" and "its line" were unclear; "mistake" meant "not a blunder" unstated)
    # r112 (report r112/12): only a wrong answer's reason said the cost is an average: the prompt says so
    # r119 (report r118/12): "makes ... a range" did not say what the range is: the coach's 95% range of the cost
    assert ("calls yours a mistake, not a blunder. It reports your card's average extra cost as a range, from a low end "
            "to a high end, that it is 95% sure holds the true cost.") in ns["q13"].question
    assert "each cost a range" not in ns["q13"].question and "makes your card's average" not in ns["q13"].question
    assert "card's cost a range" not in ns["q13"].question
    assert not any("not shown" in str(c) for c in ns["q13"].choices)
    # r81 (report r81/12): "all over 1 point" read as the idiom; the choices say "the low end", the prompt recalls the
    # coach's lines, and the blunder distractor (given away by the lines) is now a range dipping below 1 point
    assert not any("all over" in str(c) for c in ns["q13"].choices)
    # r102 (report r102/12): "its cost's range", "Its lines" and "but not over 3" were hard to parse; the answer is
    # the low end between the lines (as lesson 08: the low end decides), and "inaccuracy" is glossed
    # r103: the deciding rule (the whole range past the line) was only in the hidden reasons: the prompt states it
    # r114 (report r114/12): stating the whole-range rule in the prompt gave the answer away: the prompt keeps the
    # cut-offs, the reasons (and lesson 08) say the whole range must be past one
    # r120 (report r120/12): right after "average extra cost", the cut-offs read as the average's, so the "middle"
    # distractor could be defended: the prompt says lesson 08 names the part of the range (not which part)
    assert ("The cut-offs: over 1 point a hand for a mistake, over 3 for a blunder; lesson 08 says which part of the "
            "range must clear them." in ns["q13"].question and "low end decides" not in ns["q13"].question
            and "whole range" not in ns["q13"].question and "whole range past 1 point" in ns["q13"].reason(middle := (
                "the range's middle is over 1 point a hand, its low end under 1")))
    assert "past its line" not in repr(ns["q13"].reasons) and "The coach's lines:" not in ns["q13"].question
    assert "Its lines" not in ns["q13"].question and "cost's range" not in str(ns["q13"].choices)
    assert verdict_of(1.01, 1.5) == verdict_of(2.99, 4.0) == "mistake" and verdict_of(0.99, 1.5) != "mistake"
    middle = "the range's middle is over 1 point a hand, its low end under 1"
    assert middle in ns["q13"].choices and verdict_of(0.6, 1.8) == "inaccuracy" and verdict_of(0.1, 1.8) == "fine"
    # r103: "inaccuracy" appeared nowhere else in the review: the reason says only what the verdict is not
    # r111: in plain numbers, without "its line"
    assert ns["q13"].reason(middle) == "a mistake needs the whole range past 1 point a hand; this one dips below 1"
    # round 30: q19 no longer calls the 2♥ a card that "takes no points" (it is a point card): it lets North take
    # the trick's points, whatever West plays after it; q16 asks the reasoning, not what a lesson said
    duck = ns["duck"]
    # fresh rater (r32): "lets North take this trick's points" sounded like helping North; it asks about ducking
    assert "Which card keeps you from taking this trick?" in ns["q19"].question
    assert "takes no points" not in ns["q19"].question
    assert sorted(str(c) for c in duck.legal_plays()) == ["2H", "AH"] and duck.turn == 0
    for west in duck.cards(1).of_suit(Suit.HEARTS):
        after = duck.copy()
        after.play("2H")
        after.play(str(west))
        assert after.last_trick.winner == 2 and after.last_trick.points > 0
    assert "What does lesson 08a advise?" not in ns["q16"].question
    # r120 (report r120/12): the choices are the three cards passed, and the prompt never asked for them: it does now
    assert ("Which three cards do you pass, to best keep the queen from coming back to you on a spade trick?"
            in ns["q16"].question and "Which choice best keeps" not in ns["q16"].question)
    # r119 (report r118/12): "You also hold the A♠, one low spade" left open whether more spades were held; the
    # reasons rest on these two being the only others
    assert "Your other spades are the A♠ and one low spade;" in ns["q16"].question
    # r81: the right answer's reason said "West plays after you ..., but ...": it now runs in the argument's order
    # r102: "on most tricks" made the reader work out when: on every trick West does not lead
    assert ns["q16"].reason(ANSWERS_12["q16"]).startswith(
        "West, who now holds the queen, plays after you unless West leads, and could drop her on a high spade of yours;")
    assert "on most tricks" not in ns["q16"].reason(ANSWERS_12["q16"])
    assert score_hand([3, 4, 3, 3], [3, 4, 2, 4]).team_points[0] == -60  # bid 6, took 5, set
    # newcomer round 9: q5 (then q4) is a real question (hearts not broken, but South holds only hearts: the
    # exception of lesson 03), not one its own situation line answered; q12 asks about lesson 07's
    # last seat, q26 reads an interval as lesson 10 does (one sign: positive = fewer points)
    lead = ns["lead"]
    assert not lead.hearts_broken and all(c.suit.letter == "H" for c in lead.cards(0)) and lead.turn == 0
    assert lead.explain("2H").legal
    assert "(lesson 07)" in ns["q12"].question and "(lesson 10)" in ns["q27"].question
    # newcomer rater (issue 27): an old question (which neighbour plays after you) repeated q16; q6 asks instead
    # whether the Q♠ breaks hearts (standard rules: no), on a position the engine builds and judges
    queen = ns["queen"]
    second = queen.tricks[1]
    assert [queen.seat_names[s] for s in second.seats] == ["West", "North", "East", "South"]
    assert [c.pretty for c in second.cards] == ["2♦", "7♦", "Q♠", "A♦"] and second.winner == 0
    assert not queen.hearts_broken and queen.turn == 0 and queen.trick_number == 3
    assert not any(c.suit.letter == "H" for t in queen.tricks for c in t.cards)
    assert {c.suit.letter for c in queen.cards(0)} == {"H", "S", "D"} and Card("KD") in queen.cards(0)
    assert not queen.explain("2H").legal and not Rules().queen_breaks_hearts
    assert "(lesson 03)" in ns["q6"].question
    # r81 (report r81/12): q6 lists your cards, as q3 and q4 do (from the engine)
    from hearts_teach.present.render import ordered

    assert (f"you hold 11 cards: {' '.join(c.pretty for c in ordered(queen.cards(0)))}. " in ns["q6"].question
            and len(queen.cards(0)) == 11)
    # r81: q20 and q26 say which seat you are
    assert "Trick 5. You are South. West leads the 5♣" in ns["q20"].question
    # r116 (report r115/12: under queen_waits the Q♠ discard would be refused): the rules named, as in Q3-Q11
    assert ns["q20"].question.startswith("Q20 (lesson 08c) Standard rules. Trick 5.")
    assert "Spades: you bid nil. You are South." in ns["q26"].question
    # r102: q26 says who led (only West plays after you); q20's 4♠ reason said a spade "can never take the queen",
    # though you hold her: now that she stays in your hand
    # r117 (report r116/12): whether anyone plays after you was only in the J♦'s reason: said in the stem
    assert "North led a diamond and East's 10♦ is winning; West plays last." in ns["q26"].question
    # r114 (report r114/12): "♦ J 9 2" appeared only here: the lesson's own card notation
    assert "Your diamonds are the J♦, 9♦ and 2♦." in ns["q26"].question and "♦ J 9 2" not in ns["q26"].question
    assert "take the queen" not in ns["q20"].reason("4♠") and "stays in your hand" in ns["q20"].reason("4♠")
    # q17: West has *taken* the other hearts (hearts still held could still be won); q14: the queen is still out
    assert "West has taken the other three" in ns["q17"].question or any(
        "West has taken the other three" in o for o in ns["q17"].reasons)
    assert "with West holding hearts" not in str(ns["q17"].reasons)
    # r76c (report r76c/12): q18 left open whether North's trick was the seventh or an eighth, and whether the moon
    # was still on; q26 (a nil) did not say it is Spades, as the other Spades questions do
    assert ("After seven tricks you have taken 17 points and nobody else has a point. Then North takes trick 8, with a "
            "heart in it.") in ns["q18"].question
    assert ns["q26"].question.startswith("Q26 (lesson 09b) Spades: you bid nil.")
    assert all("Spades" in ns[f"q{n}"].question for n in range(21, 27))
    # r75c_12: q14 says who you are (South, without the queen) and who led: your own seat was left out silently
    assert ("You are South and do not hold the Q♠. North has led spades twice, and the queen has not appeared."
            in ns["q14"].question)
    # r78 (report r78/12): q14 says what East did the first time; q12 states its condition in the question; q16's
    # choices are three whole passes (two once overlapped); q6 is a card to pick, and its prompt does not say
    # whether hearts are broken (the question is whether the Q♠ broke them); the intro says where answers hide
    assert "East followed the first time and discarded a heart the second." in ns["q14"].question
    # r112 (report r112/12): "safe card" was not defined here; Q8 asks what each of the others scores, not the sum
    assert "you have a safe card to lead next (one that will not win a trick with points)." in ns["q12"].question
    assert "What does each of the other three score for the hand?" in ns["q8"].question
    assert ns["q16"].choices == ["Q♠ + two diamonds", "Q♠ + the low spade + a diamond", "Q♠ + A♠ + a diamond"]
    assert not any("passing right" in str(r) for r in ns["q16"].reasons.values())
    assert ns["q6"].is_cards and "broken" not in ns["q6"].question
    legal = set(ns["queen"].legal_plays())
    assert {c for c in ns["q6"].choices if ns["q6"].is_right(c)} == legal and Card("KD") in legal
    assert not any(c.suit.letter == "H" for c in legal)
    assert "queen-breaks" not in str(ns["q6"].reason(Card("2H")))  # q32 asks about the variant
    # r78: the rules' corner cases (docs/rules.md G1, G4, G7 and the queen_breaks preset), engine-judged
    voidclubs = ns["voidclubs"]
    assert voidclubs.turn == 0 and voidclubs.trick_number == 1 and len(voidclubs.legal_plays()) == 13
    assert set(voidclubs.cards(0)) == set(CardList("QS")) | set(voidclubs.cards(0).of_suit(Suit.HEARTS))
    from hearts_teach.course.lessons import score_piles as piles

    assert piles(["", "", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "QS"]) == (0, 0, 13, 13)
    onlyq = ns["onlyq"]
    assert not onlyq.hearts_broken and onlyq.turn == 0 and onlyq.trick_number == 4
    assert onlyq.legal_plays() == CardList("QS") or list(onlyq.legal_plays()) == [Card("QS")]
    broken = ns["broken"]
    assert broken.rules.queen_breaks_hearts and broken.hearts_broken and broken.explain("2H").legal
    assert [c.pretty for c in broken.tricks[1].cards] == ["2♦", "7♦", "Q♠", "A♦"]
    # r102 (report r102/12): q32 restates Q6's trick 2 rather than sending the reader 26 questions back
    assert [broken.seat_names[s] for s in broken.tricks[1].seats] == ["West", "North", "East", "South"]
    assert broken.tricks[1].winner == 0 and broken.turn == 0 and broken.trick_number == 3
    assert not any(c.suit.letter == "H" for t in broken.tricks for c in t.cards)
    assert ("on trick 2 East, with no diamond, threw the Q♠; no heart has been played; you won with the A♦ and lead "
            "trick 3.") in ns["q32"].question and "The cards of Q6" not in ns["q32"].question
    # r121 (newcomer r121/12: Q3, Q4 and Q31 take their reasons from the engine's check): what the code does
    assert "The folded bar above each question hides its code, which works out the answer" in " ".join(
        _md("12_review").split())
    assert "open it (click ⋯) only afterwards." in _md("12_review")  # r114: how to unfold, as lesson 00 says
    # r103: opened after Q29, the shared bar showed Q30–Q32's answers: the heading says to wait for all four
    assert ("one folded bar holds the code and answers of all four: open it only after you have answered "
            "Q29–Q32.") in " ".join(_md("12_review").split())
    # r104: "These four jump between lessons" while three come from lesson 03: the lessons named, from the questions
    last_four = {re.search(r"\(lesson (\d+\w?)\)", ns[f"q{n}"].question).group(1) for n in range(29, 33)}
    assert last_four == {"03", "05"} and "These four mix rules of lessons 03 and 05" in " ".join(_md("12_review").split())
    assert "sooner or later you must play it" not in repr(ns["q16"].reasons)  # r104: a discard would do too
    # r105: "when a spade lead forces it" held only once the low spade is gone: the second lead, said
    # r111 (report r111/12): a left pass brings three cards from East, maybe spades: the reasons speak of the spades
    # you keep, and a lead "can" force the A♠
    assert "the second spade lead can force it" in repr(ns["q16"].reasons)
    assert "the spade you keep is the low one" in ns["q16"].reason(ANSWERS_12["q16"])
    assert "your one spade left" not in repr(ns["q16"].reasons) and "your only spade" not in repr(ns["q16"].reasons)
    low, high = -1.60, -0.20
    assert f"from {low:.2f} to {high:.2f}" in ns["q27"].question and high < 0  # wholly below zero: worse
    quizzes = sorted(name for name, value in ns.items() if type(value).__name__ == "Quiz" and name.startswith("q"))
    assert quizzes == sorted(ANSWERS_12) and "thirty-two questions" in (ROOT / "README.md").read_text(encoding="utf-8")
    # newcomer rater (issue 27, round 27): the typed examples are real choices of their questions (q1 has no
    # "across"), one of them a card typed as rank and suit letter; the order is by topic, roughly the lessons'
    # (a fresh rater's three added questions renumbered them: q9 became q10, q2 became q3)
    intro = " ".join(_md("12_review").split())
    # round 30: the typed format (words) and the card notation are two short lines, not one dense sentence
    # fresh rater (r32): it says where to type (a new code cell under the question)
    assert ('Click a choice, or type it in a new code cell under the question: - an answer in words, as shown: `q10.choose("the match goes on")`; - a number, as '
            'digits, with a minus sign if below zero: `q8.choose(13)`; - a card, wherever the choices are cards (Q20, Q26 and Q28 too), as rank and suit letter: `q3.choose("8S")` for the 8♠, T for a ten '
            '(`"TH"` is the 10♥). These three examples show the format only: none is the right answer.') in intro
    # r34_e: numbers can be typed too (six answers are numbers); a typed number also matches a choice shown as text
    assert 13 in ns["q8"].choices and ANSWERS_12["q8"] != "13"
    assert "not one of the choices" not in ns["q8"].choose(13)
    # r103: four answers are negative; the intro says a minus sign may be typed (no example: it would pre-answer)
    assert -7 in ns["q9"].choices
    # r81 (report r81/12): q9's choices were text ("-7") beside the other number questions: numbers now, like q7, q8;
    # a typed number still matches a choice shown as text
    assert "not one of the choices" not in ns["q9"].choose(13) and ns["q9"].choices == [3, -7, 13, -10]
    from hearts_teach.present.widgets import Quiz

    assert "not one of the choices" not in Quiz("Q", ["3", "-7"], "-7").choose(-7)
    assert "the match goes on" in ns["q10"].choices and Card("8S") in ns["q3"].choices and Card("TH").pretty == "10♥"
    assert "not one of the choices" not in ns["q10"].choose("the match goes on")
    assert "not one of the choices" not in ns["q3"].choose("8S")
    assert ANSWERS_12["q3"] != Card("8S").pretty and ANSWERS_12["q10"] != "the match goes on"  # "neither is the right answer"
    assert "mixed order" not in intro and "grouped by topic under headings, roughly in lesson order" in intro
    order = ["01", "02", "03", "04", "05", "06", "07", "08", "08a", "08b", "08c", "09", "09a", "09b", "10", "11"]
    # r74c: each prompt starts with its own name and its lesson ("Q10 (lesson 06) …"): the widget shows no variable
    assert all(ns[f"q{n}"].question.startswith(f"Q{n} (lesson ") for n in range(1, 33))
    # r103: "in brackets" could be read as square ones; the prompts use round ones
    assert "Each question starts with its name (Q10 is `q10`) and, in round brackets, the lesson it comes from" in intro
    tags = [order.index(ns[f"q{n}"].question.split("(lesson ", 1)[1].split(")")[0]) for n in range(1, 33)]
    # r75c_12: the skills questions ran 08a, 08c, 08b, 08: now in lesson order, as the intro says
    # r78: but the last round (q29-q32, the rules' corner cases) mixes lessons, as the intro says too
    assert tags[:28] == sorted(tags[:28]) and tags[28:] != sorted(tags[28:])
    assert "a last round mixes the rules' corner cases" in intro
    # round 28: the reason also says what winning brings (rule 7 of the rules: the winner leads next); round 30:
    # said neutrally (leading can cost), not as a gain
    assert ns["q12"].reason(ANSWERS_12["q12"]).endswith(
        "so winning it costs nothing in this trick; as its winner you lead the next trick, so have a card you are "
        "happy to lead")
    assert "and you lead the next one" not in ns["q12"].reason(ANSWERS_12["q12"])
    # r35_g: the right answer was listed first in 8 of 12 three-choice questions (and was often the longest);
    # now it is not first in most questions, and never first in most of the three-choice ones
    listed = {name: ns[name] for name in ANSWERS_12 if not ns[name].is_cards}  # cards are shown in hand order
    first = [name for name, q in listed.items() if str(q.choices[0]) == ANSWERS_12[name]]
    assert len(listed) == 27 and len(first) * 2 < len(listed), first
    three = {name: q for name, q in listed.items() if len(q.choices) == 3}
    assert len(three) == 14 and sum(name in first for name in three) <= 2, first  # q13 four, q24 added (r74d)
    # r35_g: no three-choice answer is clearly the longest choice
    for name, q in three.items():
        others = [len(str(c)) for c in q.choices if str(c) != ANSWERS_12[name]]
        assert len(ANSWERS_12[name]) <= max(others) + 10, name
    # fresh rater (r32): "lowers your score" is ambiguous in Hearts, where a lower score is good
    assert "no: every trick you win costs you points" in ns["q12"].choices
    assert not any("lowers your score" in str(c) for c in ns["q12"].choices)
    from hearts_teach.course.lessons import position

    last = position({0: "AC", 1: "2C", 2: "3C", 3: "4C"}, plays="2C 3C 4C AC")  # West leads, South plays last
    assert last.tricks[0].winner == 0 and last.turn == 0 and last.trick_number == 2  # South wins, leads trick 2
    # a fresh newcomer rater (round 29): no question asked about the pass itself, a tie at 100, or nil. q2: hand 2
    # passes right, South to East, and South's three come from West (who passes right too); the cards move only
    # when all four have chosen (a hand is not in the play phase until every pass is in)
    from hearts_teach import Hand

    pass2 = Hand.deal(seed=3, hand_number=1)
    assert pass2.pass_direction == "right" and pass2.seat_names[pass2.view(0).pass_to] == "East"
    # r103: "you see West's three before you pick yours" was ruled out by the prompt's wording: the distractor is
    # now wrong by the rule (North passes right, to West)
    assert pass2.seat_names[pass2.view(2).pass_to] == "West"
    assert "they go to East, and three come from North once all have chosen" in ns["q2"].choices
    assert pass2.seat_names[pass2.view(1).pass_to] == "South" and pass2.seat_names[pass2.view(3).pass_to] == "North"
    dealt = [set(pass2.dealt(s)) for s in range(4)]
    for seat in (0, 3, 2):
        pass2.pass_cards(seat, sorted(dealt[seat], key=lambda c: c.index)[:3])
        assert set(pass2.cards(0)) == dealt[0]  # nothing moves before the last pass is chosen
    west_gives = sorted(dealt[1], key=lambda c: c.index)[:3]
    pass2.pass_cards(1, west_gives)
    assert set(west_gives) <= set(pass2.cards(0))
    # q11: a total of exactly 100 ends the match, and a tie for lowest plays another hand
    from hearts_teach.course.lessons import match_verdict

    assert match_verdict((100, 77, 77, 90)) == "West and North tie for lowest with 77: another hand is played"
    assert not _decided([100, 77, 77, 90], Rules().end_score)  # the tie: not decided yet
    assert _decided([100, 77, 80, 90], Rules().end_score)  # without it, exactly 100 would have ended the match
    # r74c: the distractor "the match goes on: nobody is over 100" had the right answer's outcome; it is now a
    # different outcome (a player knocked out), which no Hearts rule has
    ns12 = lesson("12_review")
    assert "South is out; the other three play on" in ns12["q11"].choices
    assert not any("match goes on" in str(c) for c in ns12["q11"].choices)
    # and q12 asks whether (yes/no), not "why is this a good moment" with "it is not" among the answers
    assert ns12["q12"].question.endswith("Is this a good moment to win it with a high card of the suit led?")
    assert all(str(c).startswith(("yes:", "no:")) for c in ns12["q12"].choices)
    assert "`" not in ns12["q6"].reason(Card("2H"))  # a widget shows backticks as they are
    # r74d: the intro's card format works on the questions whose choices are written as text (q20, q26, q28)
    # r111 (report r111/12): the intro says so ("in any question"); q2 counts hands from 1 as q1 does; q10's reason
    # no longer states "100 or more ends the match" without q11's tie; the closing cell names the folder of `dev`
    # r114 (report r114/12): "in any question" read as "any question takes a card": where the choices are cards
    # (q20, q26 and q28's text choices included, checked below)
    # r116 (report r115/12: could q20.choose("QS") work where the code writes "Q♠"?): the three named
    assert "- a card, wherever the choices are cards (Q20, Q26 and Q28 too), as rank and suit letter" in " ".join(
        _md("12_review").split())
    assert "in any question" not in _md("12_review")
    assert ns12["q2"].question.startswith("Q2 (lesson 01) The second hand of a match (hand 2).")
    assert ns12["q10"].reason("the match goes on") == "West's 104 ends the match: no one shares North's lowest total"
    assert match_verdict((98, 104, 61, 73)) == "the match is over: North wins with 61, the lowest total"
    # r112 (report r112/12): "the folder holding `dev`" did not say which folder: the one above notebooks/
    # r114 (report r114/12): a new terminal may open elsewhere: `cd` there
    # r119 (report r118/12): a newcomer could not tell which folder or how to `cd`: lesson 07 says where, linked
    assert ("(or from a terminal with `./dev play`: see its [*Reading the table*](07_play_a_match.ipynb#cell-id=8593eeda))"
            in " ".join(_md("12_review").split()))
    (reading,) = [c for c in json.loads((NB / "07_play_a_match.ipynb").read_text(encoding="utf-8"))["cells"]
                  if c["id"] == "8593eeda"]
    assert "run `./dev play` in a terminal, from the project's top folder (the one holding `dev`)." in " ".join(
        "".join(reading["source"]).split())
    assert (ROOT / "dev").exists() and (ROOT / "notebooks" / "12_review.ipynb").exists()
    assert "folder holding `dev`" not in _md("12_review")
    for name, typed in (("q20", "4S"), ("q26", "JD"), ("q28", "2C")):
        assert "not one of the choices" not in lesson("12_review")[name].choose(typed)
    assert "Every answer, right or wrong, says why; a right answer closes the question." in " ".join(
        _md("12_review").split())
    # r120 (report r120/12): Q3, Q4 and Q31 give no written reasons: the intro says the engine's rule check gives them
    assert "In Q3, Q4 and Q31 the reason is the engine's own rule check." in _md("12_review")
    for name, at in (("q3", "follow"), ("q4", "first"), ("q31", "onlyq")):
        assert all(ns12[name].reason(c) == ns12[at].explain(c, ns12[at].turn).message for c in ns12[name].choices)
    # r75c: the widgets and the q names exist only once the cells have run: the intro says to run them first
    assert ("First run every cell (*Run → Run All Cells*): a question has no buttons, and `q10` is not defined, until "
            "its cell has run.") in " ".join(_md("12_review").split())
    # q24 (r74d: lesson 09a had no question here): a count of 3¾ is bid 3 by the lesson's rule, 4 by the bots'
    from hearts_teach.agents.spades import estimate_tricks, smart_bid
    from hearts_teach.course.spades_lesson import lesson_bid
    from hearts_teach.games.spades import SpadesHand as Deal

    three_quarters = next(cards for seed in range(400) for seat in range(4)
                          if estimate_tricks(cards := Deal.deal(seed=seed).dealt(seat), long_spades=True) == 3.75)
    assert lesson_bid(three_quarters) == 3 and smart_bid(three_quarters) == 4
    # r120 (report r120/12): "drop any fraction" read as a rule for every count (the report: at 3.95, bidding 4 averages more);
    # 09a measured only counts ending in ¾, so the reason says that much (09a prints: bidding down 42, bidding up 31)
    assert ns12["q24"].reason(3).startswith("for a count ending in ¾, lesson 09a's play-outs averaged more bidding down:")
    assert "drop any fraction" not in ns12["q24"].reason(3) and ns12["q24"].is_right(3)
    # r81 (report r81/12): the answer rested on 09a alone; the prompt recalls the scores, so the bid can be reasoned
    assert ("A made contract scores 10 a trick bid and 1 a trick over; a set one, −10 a trick bid."
            in ns12["q24"].question)
    # r103: the scores alone do not settle 3¾: the prompt says the lesson's play-outs compared both roundings
    # r114 (report r114/12): "bidding as it teaches" asked for recall: the prompt asks what the scoring favours, and
    # still says the play-outs compared both roundings
    # r116 (report r115/12): two questions asked, bids the only choices: one question, the play-outs' cue kept
    assert ns12["q24"].question.endswith("What do you bid (lesson 09a's play-outs compared rounding a ¾ up and down)?")
    assert "Which rounding" not in ns12["q24"].question and "bidding as it teaches" not in ns12["q24"].question
    # r117 (report r116/12): "one trick over costs only a bag" read as a loss (the stem says +1): +1 and a bag toward
    # S7's −100; the ¾ given a meaning as a chance, so the bid can be worked out: bid 4 averages 20, bid 3 about 31
    assert "costs only a bag" not in ns12["q24"].reason(3)
    assert "one trick over earns 1 and adds a bag toward the 10-bag −100" in ns12["q24"].reason(3)
    # r119 (report r118/12): the nested bracket was hard to read, and that the three tricks are sure was a guess
    assert "3¾ tricks: three sure tricks and a 3-in-4 chance of a fourth." in ns12["q24"].question
    assert "in 09a's count a card that may not win" not in ns12["q24"].question
    assert 0.75 * 40 - 0.25 * 40 == 20 and round(0.75 * 31 + 0.25 * 30) == 31
    assert "counting your bid alone, ¾ × 40 − ¼ × 40 = 20 on average, against about 31 bidding 3 (¾ × 31 + ¼ × 30)" in ns12["q24"].reason(4)
    assert score_hand([2, 3, 1, 3], [3, 3, 1, 6]).team_points[0] == 31  # bid 3, took 4: 30 and a bag
    assert score_hand([2, 3, 1, 3], [1, 4, 1, 7]).team_points[0] == -30  # bid 3, took 2: set
    # q25: a broken nil is -100, its trick counts toward the partner's 4 (made, one bag); blind nil is ±200
    assert score_hand([0, 3, 4, 3], [1, 4, 4, 4]).team_points[0] == -59
    assert score_hand(["blind nil", 3, 4, 3], [1, 4, 4, 4]).team_points[0] == -159
    from hearts_teach.games.spades.rules import SpadesRules

    assert not SpadesRules().blind_nil and SpadesRules.preset("blind_nil").blind_nil


# 08 --------------------------------------------------------------------------------------------

def test_08_drill_4_extra_points_come_from_tricks_won_with_a_spade():
    """'those two win spade tricks ... that is the difference in the middle column'."""
    from hearts_teach.course.drills import DRILLS
    from hearts_teach.course.later_tricks import later_points

    data = later_points(DRILLS[3].make(), ["3S", "TS"], count=64)
    low, ten = data[Card("3S")], data[Card("TS")]
    assert low["by_suit"][Suit.SPADES] > ten["by_suit"][Suit.SPADES]
    assert {str(c) for c in DRILLS[3].make().cards(0).of_suit(Suit.SPADES)} == {"JS", "TS", "3S"}


def test_08b_r75b_your_turn_answer_every_order_of_leads():
    """r75b (08b): the "your turn" exercise (another order of leads from trick 6) had no answer. Every order South
    can play from trick 6 against the rule bots, tried: the moon comes off exactly when the hearts go high to low
    (A♥, J♥, 7♥, 3♥), the diamonds in any order before or between them."""
    go = lesson("08b_your_own_moon")["go"]
    bots = table_bots("rule")
    ends = []

    def search(h, played):
        if h.is_over:
            ends.append((played, h.moon == 0))
        elif h.turn == 0:
            for card in h.legal_plays(0):
                after = h.copy()
                after.play(card)
                search(after, played + [card])
        else:
            search(bots_play(h.copy(), bots, stop=lambda x: x.turn == 0), played)

    search(go.copy(), [])
    hearts = lambda played: [c.pretty for c in played if c.suit is Suit.HEARTS]  # noqa: E731
    assert any(moon for _, moon in ends) and all(moon == (hearts(p) == ["A♥", "J♥", "7♥", "3♥"]) for p, moon in ends)
    firsts = {p[0] for p, moon in ends if moon}  # any diamond may come first
    assert firsts == {c for c in go.cards(0) if c.suit is Suit.DIAMONDS}
    assert sum(moon for _, moon in ends) == 360  # 24 orders of the diamonds x 15 places for the hearts after two diamonds (hearts broken)
    prose = " ".join(_md("08b_your_own_moon").split())
    # r76c (rater): "the diamonds in any order, before or between them" let a heart come first (hearts are not broken
    # at trick 6) and left out diamonds after the hearts; every order that shoots opens with two diamonds, and a
    # diamond may come after the last heart
    assert all(p[0].suit is Suit.DIAMONDS and p[1].suit is Suit.DIAMONDS for p, moon in ends if moon)
    assert any(p[-1].suit is Suit.DIAMONDS for p, moon in ends if moon)
    assert not go.hearts_broken
    # r77 (08b): the task names one other order to try (the 10♦ first; a reader thought only A♦ then K♦ shoot), and
    # "a low heart led early can be beaten" (never shown in the lesson) is cut
    # r82: "can you still shoot?" answered "yes" on East's choice of lead, which the learner could not see: the task
    # asks who wins the 10♦ and leads next; the answer says why the sure winners come first
    # r84: "Lead the 10♦ first, not the A♦" read as the lesson telling the learner to make the poor play: play it first,
    # then try the 10♦; the 10♦ trick and East's lead back are printed (folded) so a reader without the widget sees them
    # r98: "run it again" read as the whole lesson: the cell
    # r117: how to run it again, said
    assert Card("TD") in firsts and ("Can you? Then rerun it (select it, Shift+Enter), leading the 10♦ first: who "
                                     "wins it, and who leads next?") in prose and "not the A♦" not in prose
    assert text_output(next(c for c in notebook_cells("08b_your_own_moon") if '"TD"' in "".join(c["source"]))) == (
        "The 10♦ led first, trick 6:\n 6. S 10♦   W  2♦   N  7♦   E  Q♦*          East\n"
        "Trick 7 so far: East leads the 3♦\n"  # r116: "you could still shoot" was asserted, not shown: played out
        "The shooter bot from there, tricks 7 to 13:\n 7. E  3♦   S  A♦*  W  6♥   N 10♥     2 pts → South\n"
        " 8. S  A♥*  W  5♥   N  K♥   E  Q♥     4 pts → South\n 9. S  K♦*  W  J♠   N  K♠   E  9♦           South\n"
        "10. S  J♥*  W  A♣   N  9♥   E  8♥     3 pts → South\n11. S  J♦*  W  K♣   N 10♠   E  6♣           South\n"
        "12. S  7♥*  W  8♣   N  2♥   E  4♥     3 pts → South\n13. S  3♥*  W  7♣   N  9♠   E  4♣      1 pt → South\n"
        "points taken: South 26, West 0, North 0, East 0\n"
        "scores: South 0, West 26, North 26, East 26 (South shot the moon!)\n")
    assert "Can you still shoot the moon if you lead the 10♦ first" not in prose and "**The answer: yes**" not in prose
    # r79 (rater: a careful East wins the 10♦ with the Q♦ and never gives the lead back): the answer is these bots'
    # r81: "lead any two diamonds" was not what happens (East wins the 10♦ with its Q♦ and leads the next diamond), and
    # a bare "yes" left the lesson unsaid: the play and the risk, played out here (East's club lead spoils it)
    # r90: every answer hidden one way, under <details>
    # r116: "Can you?" went unanswered: yes, as the moon run (printed above) did; 360 orders shoot (above)
    assert any(moon for _, moon in ends)
    assert ("<details><summary>Answer</summary> **Yes** (the moon run did). The 10♦ hands East the lead (its Q♦ wins, no points). Here "  # r111: words
            "East led back its 3♦ and you could still shoot; a club lead, won by West, would have let North (no clubs: it "
            "threw the Q♠ on trick 5's club) throw its 10♥: no moon. Lead sure winners (A♦, K♦) first: they keep the lead.") in prose  # r94: words
    # r112 (review): the fixer's "the moon run's A♦ K♦ A♥ J♥ J♦ 10♦ 7♥ 3♥ shoots it" was cut: the coach's review grades
    # that line's 10♦ a blunder (it shot the moon on this deal, not on most the coach samples), so it is no model line
    assert "shoots it." not in prose
    assert "before or between them" not in prose and "Lead any two diamonds" not in prose
    # r109: "see its cards in the moon run" sent the reader through eight tricks: trick 5 shows it at once
    fifth = go.tricks[4]
    assert fifth.cards[0].suit == Suit.CLUBS and go.seat_names[fifth.winner] == "South" and "see its cards" not in prose
    assert dict(zip(fifth.seats, fifth.cards, strict=True))[2] == Card("QS") and not [c for c in go.cards(2) if c.suit == Suit.CLUBS]  # North, out of clubs
    ten = go.copy()
    ten.play("TD")
    bots_play(ten, bots, stop=lambda h: h.trick_number == 7 and h.turn == 3)
    assert ten.tricks[5].winner == 3 and ten.tricks[5].card_of(3) == Card("QD") and not ten.tricks[5].points
    back = ten.copy()
    bots_play(back, bots, stop=lambda h: h.turn == 0)
    assert list(back.current_trick.cards) == [Card("3D")]  # the rule bot leads back its 3♦
    assert all(c.rank > Card("3D").rank for c in back.legal_plays(0))  # any diamond of South's wins it
    clubs = [c for c in ten.legal_plays(3) if c.suit is Suit.CLUBS]
    assert clubs and not any(c.suit is Suit.CLUBS for c in go.cards(0))
    for club in clubs:  # a club led instead: whatever South throws, West wins it with North's 10♥
        first = ten.copy()
        first.play(club)
        for south in first.legal_plays(0):
            led = first.copy()
            led.play(south)
            bots_play(led, bots, stop=lambda h: h.trick_number == 8)
            seventh = led.tricks[6]
            assert seventh.winner == 1 and seventh.card_of(2) == Card("TH") and seventh.points
            # r85: North also holds spades: its own trace says why it throws a heart
            assert any(c.suit is Suit.SPADES for c in first.cards(2))
            assert why_played(led, 7, 2).reason.startswith("it has no clubs; it discards a heart")


def test_08b_round_14_the_weak_moon_defence_is_named_and_verdicts_are_folded():
    """Newcomer round 13: deal 683's moon succeeds because North played the K♥ under South's A♥; the
    prose says so, and that keeping it would have beaten South's next lead, the J♥, and broken the
    moon (played out here with North keeping it). The coach's verdicts of mistakes 1-3 are folded
    (``outputs_hidden``) so a reader decides before seeing them, as the prose says."""
    ns = lesson("08b_your_own_moon")
    go = ns["go"]
    prose = " ".join(_md("08b_your_own_moon").split())
    # newcomer rater (issue 27): East's Q♥ went under the A♥ on trick 8 too; both defenders are named
    # r71b: North's K♥ said plainly: kept on trick 7 (its trace: insurance), thrown under the A♥ on trick 8
    # r89 (word cap): one sentence; the careful defence is now said before the question (cell l08b-05)
    # r98: "though North had kept its K♥ on trick 7" made the bot look inconsistent: the trick 8 reasons (printed
    # above: its highest heart under South's A♥) are pointed to instead
    # r99: the trick 7 trace (K♥ kept as insurance) then the K♥ thrown read as a contradiction: named as the waste
    # r119 (report r118/08b: when does a rule bot keep its high heart, when waste it?): as the two traces above say,
    # kept while discarding (trick 7), played under the winner when following hearts (trick 8)
    assert ("On trick 8 North's K♥ and East's Q♥ both went under South's A♥ (their reasons, above): North kept the "
            "K♥ as insurance when discarding (trick 7), not when following hearts.") in prose and "wasted the K♥" not in prose
    assert "though North had kept its K♥ on trick 7" not in prose
    _run = ns["moon_run"]  # the moon run the lesson prints
    assert "keeps its highest heart, K♥, as insurance" in why_played(_run, 7, 2).reason
    assert _run.tricks[7].card_of(2) == Card("KH") and _run.tricks[7].winner == 0
    # r70: "Either one ... would have spoiled the moon" showed only North's K♥: both replays are printed now
    # r71: "North (the 2♥ under the A♥ on trick 8), then East (the 4♥)" was cryptic: said plainly
    assert ("The same moon run twice more. First North plays its 2♥ under the A♥ on trick 8, keeping its K♥ for "
            "South's J♥ on trick 9; then East plays its 4♥, keeping its Q♥: Either heart kept back spoiled the moon, "
            "as the count warned: South scored 19, then 23, instead of 0 (ducking: 15).") in prose  # r73b: a rule for
    # people; r79: the rule itself is taught with the count, before the quiz that needs it (checked elsewhere)
    # r75: deal 683 said both ways; r75b: that is the quiz's answer now (said after it), not repeated here
    # r75 (08b): the "your turn" table gave no feedback: the table says at the end whether you shot the moon
    assert "the table says whether you shot the moon." in prose  # r99: words (r116: "then" cut, words paid)
    assert ns["moon_run"].tricks[8].cards[0] == Card("JH")  # South led the J♥ on trick 9
    # the rule named is North's own decision trace on trick 8, printed in the lesson from the moon run
    moon_run = ns["moon_run"]
    north = why_played(moon_run, 8, 2)
    assert north.card == Card("KH") and north.branch == "duck"
    assert north.reason == "its highest heart that stays under South's A♥"
    shown = next(c for c in notebook_cells("08b_your_own_moon") if "why_played(moon_run, 8, 2)" in "".join(c["source"]))
    assert f"North's K♥ on trick 8, by its rule: {north.reason}" in text_output(shown)
    east = why_played(moon_run, 8, 3)
    assert east.card == Card("QH") and east.branch == "duck" and east.reason == north.reason
    # a fresh rater: lesson 07 says Solid "stops a moon", yet it let this one through. Its alarm was on (South held
    # every point after trick 7, hearts among them), but its defence only takes a trick when it can: nothing beat
    # the A♥, so following suit it ducked as usual (the "duck" branch above)
    # fresh newcomer rater (r32): "following suit it has no rule to keep a high heart back" was hard to parse; the
    # rule bot's discards do keep a high heart back (moon insurance), so the sentence stays about following suit
    # fresh newcomer rater (r37_a): "only by taking a trick" left out the insurance heart, which acted in this deal:
    # North discarded the 10♥ on trick 7 and kept the K♥ (its trace, printed by the lesson), before wasting it on trick 8
    # fresh newcomer rater (r38_c): 'Solid "stops a moon"' read as a broken sentence; the lesson says "rule bot"
    # fresh newcomer rater (r45_a): 08b was dense; the sentence keeps the insurance heart and the slip, in fewer words
    # fresh newcomer rater (r47): Solid is reminded in a few words (lesson 07's ladder: "plays by the book")
    # fresh newcomer rater (r48): Solid is named where "rule bots" is first used (the go-or-duck position)
    # r69: "keeps a top heart" used the lesson's term for North's K♥ while the A♥ was out, and West threw its highest
    # heart on the same trick: the sentence says what the bot keeps (a 10♥ or higher), checked on its rule below
    # r70: "keeps back only a 10♥ or higher" was ambiguous and "its trace" jargon; following suit is said in the
    # habit above (never keeping a high one back), not twice
    # r71: West's 6♥ was listed among "the defenders' errors", but West could keep no heart back: it held two,
    # the 6♥ and 5♥, and South led the A♥ and J♥ on tricks 8 and 9, so West had to follow with both. Checked by
    # trying every card West may play from trick 6 on (the others as in the moon run): the moon comes off each time
    assert "West threw its highest heart" not in prose and "keeps a top heart" not in prose
    assert [t.cards[0] for t in moon_run.tricks[7:9]] == [Card("AH"), Card("JH")]
    lines = [go.copy()]
    while lines:
        h = lines.pop()
        if h.is_over:
            assert h.moon == 0
        elif h.turn == 1:
            for card in h.legal_plays(1):
                after = h.copy()
                after.play(card)
                lines.append(after)
        else:
            lines.append(bots_play(h.copy(), [Shooter()] + table_bots("rule")[1:],
                                   stop=lambda x: x.turn == 1 or x.is_over))
    assert "by-the-book" not in prose and prose.index("(lesson 07's opponent)") < prose.index("North's K♥ and East's Q♥ both went under")
    west7 = why_played(moon_run, 7, 1)
    # r101 (lesson 05's North): the trace says why no heart was kept back: the top one is under the 10♥
    assert west7.card == Card("6H") and west7.reason.endswith(
        "so it discards its highest heart, too low (under 10♥) to keep as insurance")
    assert sorted(c.pretty for c in go.cards(1) if c.suit is Suit.HEARTS) == ["5♥", "6♥"]
    from hearts_teach.agents.hearts.policy import MOON_OPEN, rule_play

    def discard(*hand):  # void in diamonds, moon still open: the heart the rule bot throws on the K♦
        m = sum(Card(c).mask for c in hand)
        return Card.from_index(rule_play(2, m, m, 1, Suit.DIAMONDS.value, Card("KD").index, 0, Card("KD").mask,
                                         Card("KD").mask, MOON_OPEN))
    assert discard("9H", "2H") == Card("9H") and discard("TH", "2H") == Card("2H")
    assert discard("KH", "TH", "2H") == Card("TH")
    from hearts_teach.agents.hearts import ladder_levels

    assert any(name == "rule" and label == "Solid" and what.startswith("plays by the book")
               for name, label, what in ladder_levels())
    insured = why_played(moon_run, 7, 2)
    assert insured.card == Card("TH") and "keeps its highest heart, K♥, as insurance" in insured.reason
    assert f"North's 10♥ on trick 7, by its rule: {insured.reason}" in text_output(shown)
    assert "only by taking a trick" not in prose and "nothing beats the A♥" not in prose
    pointed = [t for t in moon_run.tricks[:7] if t.points]
    assert {t.winner for t in pointed} == {0} and any(c.suit is Suit.HEARTS for t in pointed for c in t.cards)
    assert moon_run.tricks[7].cards[0] == Card("AH") and moon_run.tricks[7].winner == 0
    assert f"East's Q♥ on trick 8, by its rule:  {east.reason}" in text_output(shown)
    ninth = moon_run.tricks[8]
    assert str(ninth.cards[0]) == "JH" and Card("JH").rank < Card("QH").rank < Card("KH").rank  # either beats the J♥
    # the shooter is defined where it is first used (the go-or-duck question), and in prose before it plays
    src = ["".join(c["source"]) for c in pair_cells()]
    first = next(i for i, s in enumerate(src) if "Shooter()" in s)
    assert "# Shooter: a simple moon shooter, it plays its highest legal card every time" in src[first]
    # r108: on deal 683's trick 9 it held the J♥ and J♦ ("highest" did not settle it): the tie order, from its code
    assert "(equal ranks: ♠, then ♥ ♦ ♣)" in src[first] and Suit.SPADES > Suit.HEARTS > Suit.DIAMONDS > Suit.CLUBS
    assert Shooter().choose_play(type("V", (), {"legal": [Card("JD"), Card("JH"), Card("JC")]})()) == Card("JH")
    # newcomer rater (issue 27, round 27): the parenthesis on lesson 05's insurance-heart rule was bot mechanics,
    # not Hearts: cut; the printed traces say why North and East ducked
    assert "insurance-heart rule" not in prose and "ducks as high as it can" not in prose
    assert north.branch == "duck" and north.reason == "its highest heart that stays under South's A♥"
    # newcomer rater (issue 27): the role (shooter) and the bot that plays it, said apart
    # fresh newcomer rater (r47): the comma chain became a bracket
    # r56: the shooter bot was explained three times; here it is "the same simple bot" (cell l08b-06 defines it)
    # r90: one name for the bot (simple bot, going bot, shooter bot...): the shooter bot
    assert ("The rest of the hand, played both ways (going: the **shooter** bot again; the other seats are rule "
            "bots):") in prose and "simple bot" not in prose and "going bot" not in prose
    bots = [Shooter()] + table_bots("rule")[1:]
    played = go.copy()
    bots_play(played, bots)
    eighth, ninth = played.tricks[7], played.tricks[8]
    assert [str(c) for c in eighth.cards[:3]] == ["AH", "5H", "KH"] and eighth.leader == 0
    assert str(ninth.cards[0]) == "JH" and ninth.leader == 0 and played.moon == 0
    kept = go.copy()
    bots_play(kept, bots, stop=lambda h: h.trick_number == 8 and h.turn == 2)
    assert Card("KH") in kept.legal_plays(2) and Card("2H") in kept.legal_plays(2)
    kept.play("2H")
    bots_play(kept, bots, stop=lambda h: h.trick_number == 9 and h.turn == 2)
    assert str(kept.current_trick.cards[0]) == "JH" and Card("KH") in kept.legal_plays(2)
    kept.play("KH")  # North beats the J♥ and takes a heart: no moon, whatever follows
    bots_play(kept, bots)
    assert kept.moon is None and kept.points_taken[2] > 0
    cells = pair_cells()
    verdicts = [c for c in cells if c["cell_type"] == "code" and ".summary()" in "".join(c["source"])]
    verdicts.append(next(c for c in cells if "for choice in choices:" in "".join(c["source"])))  # mistake 4's
    # r38_c: the quick check has its folded verdict too (mistakes 1 to 3, the quick check, and mistake 4's);
    # r51: the quick check's second question (a lead, deal 1012, since r71) has one as well
    # r73b: and its third (the duck, deal 941)
    assert len(verdicts) == 7 and all(c["metadata"]["jupyter"]["outputs_hidden"] for c in verdicts)
    # a fresh rater: question cells fold their code, verdict cells their printout; one instruction for both
    # r55: "verdict" is the coach's grade elsewhere; 08b's folded printouts call themselves the question's figures
    # r57: the figures cell folds its code too
    assert cells[[c.get("id") for c in cells].index("l08b-06b")]["metadata"]["jupyter"] == {
        "outputs_hidden": True, "source_hidden": True}
    # r58: "its code and printout" was untrue of the later figures cells, which fold only their printout
    # r72c: "the figures cell after it" was untrue of deal 1195's count question (its two questions share one)
    # r91: "its code holds the answer" sent non-programmers to f-strings: 08b points to the Answer sections
    # r94: the count quiz's answer sits in the next Answer (under the go-or-duck quiz), not right below it
    # r108: "which folded thing to open and when" took two reads: both named, in the order they come
    # r117: deal 1195's two questions share one figures cell and one Answer: "(or two)"
    assert ("After a question (or two), folded figures (the engine's numbers) and a folded **Answer** follow: open them "
            "once you have decided.") in " ".join(_md("08b_your_own_moon").split())
    assert "Each question's answer is in the next" not in _md("08b_your_own_moon")
    assert "A question cell folds its code" not in _md("08b_your_own_moon")
    assert all(c["metadata"]["jupyter"].get("outputs_hidden") for c in cells
               if "# the question's figures" in "".join(c["source"]) or "# the signs and the figures" in "".join(c["source"]))
    # fresh newcomer rater (r37_a): said once, in the introduction, before the first folded question, not mid-lesson
    flat_cells = [" ".join("".join(c["source"]).split()) for c in cells]
    said = [i for i, s in enumerate(flat_cells) if "A question cell folds its code" in s]
    first_fold = next(i for i, c in enumerate(cells) if "# a question:" in "".join(c["source"]))
    # once in each half of the old lesson (08b, 08c), before its first folded question
    for stem in PAIR_08B:
        own = notebook_cells(stem)
        said = [i for i, c in enumerate(own) if {"08b_your_own_moon": "and a folded **Answer** follow"}.get(
            stem, "A question cell folds its code") in " ".join("".join(c["source"]).split())]  # r91: 08b's own words
        first_fold = next(i for i, c in enumerate(own) if "# a question:" in "".join(c["source"]))
        assert len(said) == 1 and said[0] < first_fold and own[said[0]]["cell_type"] == "markdown"
    questions = [c for c in cells if "# a question:" in "".join(c["source"])]
    assert questions and all(c["metadata"]["jupyter"].get("source_hidden") for c in questions)
    # the reader sees tricks 8 and 9 of the moon run printed, as the engine played them
    # issue 27: the moon run is the one the plans cell just played, not played a second time
    plans = "".join(next(c for c in cells if "moon_run = " in "".join(c["source"]))["source"])
    assert 'moon_run = ends["Go for the moon"]' in plans and "bots_play(" not in plans
    assert ns["moon_run"].moon == 0 and ns["moon_run"].tricks[:5] == go.tricks[:5]
    shown = text_output(next(c for c in cells if "moon_run = " in "".join(c["source"])))
    lines = shown.split("The moon run's tricks 6 to 13:\n")[1].splitlines()
    # fresh newcomer rater (r47): how did the 7♥ and 3♥ get through? The run is printed to trick 13, and the prose
    # says it: after trick 9 the hearts still out were North's 2♥ and East's 4♥, and both fell under the 7♥ on trick 12
    assert lines[6].startswith("12. S  7♥*") and lines[7].startswith("13. S  3♥*") and len(moon_run.tricks) == 13
    played9 = {c for t in moon_run.tricks[:9] for c in t.cards} | {t.card_of(0) for t in moon_run.tricks[9:]}
    after9 = [c for c in DECK if c.suit is Suit.HEARTS and c not in played9]  # hearts still out after trick 9
    assert [c.pretty for c in after9] == ["2♥", "4♥"]
    twelfth = moon_run.tricks[11]
    assert twelfth.card_of(2) == Card("2H") and twelfth.card_of(3) == Card("4H") and twelfth.winner == 0
    assert twelfth.card_of(0) == Card("7H") and not any(c.suit is Suit.HEARTS for c in moon_run.tricks[12].cards[1:])
    # r90 (word cap): shorter, the same facts
    assert ("The last two hearts out, North's 2♥ and East's 4♥, fell under the 7♥ on trick 12.") in prose
    # section 3: East's Q♥, kept on trick 8, would have beaten the J♥ too (played out, like North's K♥ above)
    east_kept = go.copy()
    bots_play(east_kept, bots, stop=lambda h: h.trick_number == 8 and h.turn == 3)
    east_kept.play("4H")
    bots_play(east_kept, bots, stop=lambda h: h.trick_number == 9 and h.turn == 3)
    assert str(east_kept.current_trick.cards[0]) == "JH" and Card("QH") in east_kept.legal_plays(3)
    east_kept.play("QH")
    bots_play(east_kept, bots)
    assert east_kept.moon is None and east_kept.points_taken[3] > 0
    assert lines[2].startswith(" 8. S  A♥") and "N  K♥" in lines[2] and lines[3].startswith(" 9. S  J♥")
    # fresh newcomer rater (r35): hearts were unbroken at trick 6, so the prose says how the A♥ lead became legal
    seven = ns["moon_run"].tricks[6]
    assert lines[1].startswith(" 7. S  K♦") and [c.pretty for c in seven.cards] == ["K♦", "6♥", "10♥", "9♦"]
    assert not any(c.suit.letter == "H" for t in ns["moon_run"].tricks[:6] for c in t.cards)
    # r75 (08b): the order of the heart leads (high first, low last) said where the run shows it
    # r90: "its hearts, high to low" did not fit a list with diamonds in it: the leads as they came
    assert ("Hearts broke on trick 7 (West and North, out of diamonds, threw hearts on the K♦), so South led "
            "the A♥ and J♥, then its last diamonds, then the 7♥ and 3♥.") in prose and "high to low: A♥" not in prose
    # r75 read: the J♦ and 10♦ were led between the J♥ and the 7♥ (tricks 10 and 11): said
    assert [t.cards[0].pretty for t in ns["moon_run"].tricks[5:]] == ["A♦", "K♦", "A♥", "J♥", "J♦", "10♦", "7♥", "3♥"]
    assert [t.cards[0].pretty for t in ns["moon_run"].tricks[5:] if t.cards[0].suit is Suit.HEARTS] == [
        "A♥", "J♥", "7♥", "3♥"] and ns["moon_run"].tricks[7].cards[0] == Card("AH")


def test_08b_says_why_keeping_the_ace_of_spades_is_the_danger():
    """A newcomer asked why throwing hearts on East's trick is not the safe discard in mistake 3: the
    prose says so with the coach's Q♠ figures, read here from the printout (nbval holds it)."""
    import json
    import re
    from pathlib import Path

    cells = json.loads((Path(__file__).resolve().parents[1] / "notebooks" / "08c_beginner_mistakes.ipynb")
                       .read_text(encoding="utf-8"))["cells"]
    i = next(k for k, c in enumerate(cells) if "print(graded_waste.summary())" in "".join(c["source"]))
    # newcomer round 10: the position is shown before the coach's verdicts (now in a cell of its own, with the
    # tricks so far, just before the question)
    out = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                  for c in cells[i - 2:i + 1] for o in c["outputs"])
    # newcomer round 12: the cell naming the mistake comes between the verdicts and these numbers
    assert cells[i + 1]["cell_type"] == "markdown" and "**wasting a discard**" in "".join(cells[i + 1]["source"])
    # r73b: the reasons joined the cell naming the mistake, the A♠ and the K♣ before the hearts
    prose = "".join(cells[i + 1]["source"]).replace("\n", " ")
    assert prose.index("**The A♠**") < prose.index("**The K♣**") < prose.index("**Why not a heart?**")
    share = {card: re.search(rf"^  {card}: .*?in (\d+)% of deals", out, flags=re.M).group(1)
             for card in ("A♠", "J♥", "3♠", "K♣")}
    # r72c: the 3♠ is named as the A♠'s guard (the low spade it plays to one spade lead), not "South's smallest"
    # r90: the set-up says the Q♠ is still out (the answer depends on it), so the answer no longer repeats it
    # r111 (word cap): the guard and the one lead it covers in one sentence, as trap 4 says it
    assert "A♠ 3♠ A♥" in out and "**The A♠**: its only guard, the 3♠, covers one spade lead." in prose
    set_up = " ".join("".join(next(c for c in cells if "".join(c["source"]).startswith("### 3. A discard"))["source"]).split())
    assert "West and North still play to it. The Q♠ is still out." in set_up
    costs_lo = {m.group(1): m.group(2) for m in re.finditer(r"^  (\S*♥\S*): [\d.]+ \(([\d.]+) to", out, flags=re.M)}
    # fresh newcomer rater (r45_a): the graded difference between heart discards comes first, then the dangers
    # fresh newcomer rater (r51): "tends to rate slightly worse" claimed more than the overlapping ranges show; the
    # prose now says the low hearts' average is a little higher and the deals cannot be sure
    # rater r55: the key point (both dangers kept) first, the range details cut to one sentence
    # rater r60: the grades among the heart discards looked like noise, and "a low heart keeps the high ones" had no
    # figure behind it: they cost about the same (overlapping ranges, one queen share); the 5♥/6♥ just crosses 3
    # r72c: "about the same" beside two grades was unexplained: the 5♥/6♥'s low end, printed to two decimals, is back
    # r73b (fewer figures in prose): the hearts' shares and the 5♥/6♥'s low end stay printed
    # r73b_08c: "about the same" beside a mistake and a blunder looked arbitrary again: the overlap and the one range
    # wholly past the blunder line, in words (its 3.12 stays printed)
    # r78 (08c): the quiz feedback grades the 6♥ a blunder and the K♥ a mistake, a difference the prose called noise:
    # said plainly, all heart discards are about equally bad; the grade differs only where the 5♥/6♥'s range lies
    # r92 (word cap, the reader's own suggestion): the ranges clause cut; cell 3's bands and worked example, and the
    # printed ranges, give each grade; the prose no longer calls the grades noise
    # r111 (rater: the comparison was implicit): the small saving in hearts against the queen's 13, in one sentence
    # r116 (rater: "may save a point later" had to be guessed): what a thrown heart saves, said plainly
    # r119 (word cap, paying for r118's items): "cannot reach your tricks later, but" cut; the 3.4/3.8 line shows it
    assert ("**Why not a heart?** A thrown heart keeps both dangers, the A♠ and the "
            "K♣; a spade trick won by the A♠ may hold the queen's 13.") in prose
    assert "A heart discard may save a point later" not in prose
    assert "their ranges overlap" not in prose and "about equally bad" not in prose
    # r100: a low heart graded worse than a high one puzzled the reader again: one line, the costs alike and the one
    # range wholly over the blunder line (printed, checked below)
    # r112 (rater: why a low heart costs more than the K♥/A♥): a low heart kept can duck; the coach's hearts, printed
    assert ("may hold the queen's 13. Each heart costs about 4, the 5♥/6♥ most (wholly over 3: blunder): a low heart "
            "kept can duck, and throwing one, South takes 3.8 hearts, not 3.4.") in prose
    assert "Hearts South takes, on average per hand: J♥ 3.4, K♥/A♥ 3.4, 8♥ 3.4, 5♥/6♥ 3.8" in out
    assert "only the 5♥/6♥'s range lies wholly over 3" not in prose
    assert share["J♥"] == "27" and "27% of deals" not in prose
    assert costs_lo["5♥/6♥"] == "3.12" and "just crosses 3" not in prose
    assert "keeps the high ones" not in prose
    # rater r71: why the A♥ is no danger like the A♠: hearts are a point each, the queen 13 (the rules' scores)
    # r79 (rater): "A heart trick costs a few points" read as if the heart discard itself cost South points
    assert "Taking hearts later costs a few points" not in prose and "A heart trick costs" not in prose  # r111
    assert Card("QS").points == 13 and Card("AH").points == 1
    assert costs_lo["K♥/A♥"] == costs_lo["J♥"]
    # rater r55: "the ace must go on the next" held only if spades come before South can throw the ace (as here)
    assert "the ace must go on the next" not in prose
    # rater r57: "it must win the second" held only if South plays the 3♠ first; it must win one of the two
    # rater r71b: "it" could mean South or the ace: named
    # r72: mistake 2 now says it first (the 17%), so mistake 3 points back to it
    # r72c: said step by step, as in mistake 2: the guard goes to one spade lead, the next forces the ace
    # r102: the clause chain was read three times: short sentences
    # r103: "(if still held)" was read as a riddle: it means unless South discards the A♠ now
    # r104: "unless you throw it now" overstated: South may also throw it on a later lead of a suit it lacks
    # r116 (word cap): "unless thrown" (now or on a later lead, as r104 asked)
    # r117 (r116 reader: "unless thrown" and "queen and all" were reread): plain steps
    assert ("covers one spade lead. A second lead forces the A♠ unless already discarded; it wins, with her if "
            "she is in that trick.") in prose and "(unless South has thrown it), which" not in prose
    assert "unless thrown;" not in prose and "queen and all" not in prose
    assert "(if still held)" not in prose and "unless you throw it now" not in prose
    # final-read rater (r52): the overlapping ranges yet different grades: the low ends, against the blunder line (3)
    assert costs_lo == {"5♥/6♥": "3.12", "J♥": "2.67", "K♥/A♥": "2.67", "8♥": "2.79"}  # r72c: two decimals
    grade = {m.group(1): m.group(2) for m in re.finditer(r"^  (\S*♥\S*): (\w+) —", out, flags=re.M)}
    assert grade == {"5♥/6♥": "blunder", "J♥": "mistake", "K♥/A♥": "mistake", "8♥": "mistake"}
    assert all(float(lo) < 3 for k, lo in costs_lo.items() if k != "5♥/6♥") and float(costs_lo["5♥/6♥"]) > 3
    # fresh newcomer rater (r49): the heart discards' cost ranges overlap, so "tends to rate slightly worse": the low
    # hearts' average cost is above the high ones', though each lies inside the other's range
    costs = {m.group(1): (float(m.group(2)), float(m.group(3)), float(m.group(4)))
             for m in re.finditer(r"^  (\S*♥\S*): ([\d.]+) \(([\d.]+) to ([\d.]+)\)", out, flags=re.M)}
    assert costs["5♥/6♥"][0] > costs["K♥/A♥"][0] == costs["J♥"][0]
    assert all(3.5 < cost < 4.5 for cost, _, _ in costs.values())  # r100: "Each heart costs about 4"
    assert costs["5♥/6♥"][1] < costs["J♥"][0] < costs["5♥/6♥"][0] < costs["J♥"][2]
    # and "Any heart keeps two dangers" read as if hearts were the dangers
    assert "Any heart keeps two dangers" not in prose
    # rater r60: the bridge from "led twice" to the 66%: with the 3♠ gone, the ace is alone and one lead is enough
    assert ("Throw the 3♠ now and one spade lead is enough: she ends up in South's tricks in "
            f"{share['3♠']}% of deals, against {share['A♠']}% with the A♠ thrown.") in prose  # r111 (word cap)
    assert [c for c in out.split("South holds 9 cards:")[1].split("\n")[0].split() if "♠" in c] == ["A♠", "3♠"]
    # newcomer round 9: why a heart (27%) is worse than the K♣ (13%); the twelve clubs are counted in the printed
    # tricks so far (the position's cell)
    assert "K♣" in out.split("South holds 9 cards:")[1].split("\n")[0]
    assert share["K♣"] == "13" and "13% of deals" not in prose  # r73b: printed, not repeated
    # r85: "if South leads it" said "if led" (word cap)
    # r100: "if led" was vague (only South holds clubs): the danger is South having to lead it
    assert "the other twelve clubs are gone: if South must lead it, it wins" in prose and "wins if led" not in prose
    # fresh rater (r36): "then I won't lead it": the K♣ is South's only club, and late in the hand it may be the lead
    held = out.split("South holds 9 cards:")[1].split("\n")[0].split()
    assert [c.rstrip(".") for c in held if "♣" in c] == ["K♣"]
    # rater r60: "so never lead it" was the newcomer's reading: the late lead was back in one short sentence;
    # r72c (word cap, the lesson's point is the A♠'s guard): cut again, the K♣'s figures stay printed
    assert "South may have to lead it late in the hand." not in prose
    tricks = [line for line in out.splitlines() if re.match(r"^ ?\d+\. ", line)]
    assert len(tricks) == 4 and sum(line.count("♣") for line in tricks) == 12
    # newcomer rater (issue 27, round 27): the 95 % intervals, the later-points table and why a low heart is a
    # blunder and a high one a mistake were about the coach, not Hearts: cut; one line keeps the Hearts point,
    # that every heart discard gives the queen the same share (the coach's own lines)
    hearts = {m.group(1): m.group(2) for m in re.finditer(r"^  (\S*♥\S*): \w+ — .*?in (\d+)% of deals", out, flags=re.M)}
    assert len(hearts) == 4 and set(hearts.values()) == {share["J♥"]}
    # a fresh newcomer rater (round 28): why a low heart is a blunder and a high one a mistake, in Hearts words;
    # fresh newcomer rater (r43_c): the reason first, and "win" (read as good) said as taking points
    # fresh newcomer rater (r45_a): that reason now opens the cell (asserted above)
    assert "though every heart discard gets the same" not in prose
    assert "Mistake or blunder" not in prose
    verdicts = {m.group(1): m.group(2) for m in re.finditer(r"^  (\S*♥\S*): (\w+) — ", out, flags=re.M)}
    assert verdicts["5♥/6♥"] == "blunder" and verdicts["K♥/A♥"] == "mistake"
    assert "95 % interval" not in prose and "2048" not in out and "later_points_table" not in "".join(
        "".join(c["source"]) for c in cells)


def test_08b_round_10_decide_first_and_mistake_4_in_words():
    """Newcomer round 10: positions come before the coach's verdicts, mistake 2 asks the learner's
    lead first (the coach's best or too-close leads are right, its reasons the feedback); mistake 4 has
    a heading and its reason is the coach's; the heart discards' intervals are no longer printed (round 27)."""
    ns = lesson("08c_beginner_mistakes")
    cells = notebook_cells("08c_beginner_mistakes")
    src = ["".join(c["source"]) for c in cells]
    prose = " ".join(s for s, c in zip(src, cells, strict=True) if c["cell_type"] == "markdown").replace("\n", " ")
    graded = ns["graded_lead"]
    right = sorted(c.label for c in graded if c.verdict in ("best", "fine"))
    assert right == ["3♠", "J♠"] and graded.best.label == "J♠"
    closes_on(ns["lead_quiz"], "J♠")
    shown = [i for i, s in enumerate(src) if s.startswith("high_lead = ") or "grab = bots_play(" in s or "waste = bots_play(" in s]
    assert len(shown) == 3
    for i in shown:  # the position alone (or in its question), its verdicts in a later cell
        assert ".summary()" not in src[i] and ("print(situation(" in src[i] or "Quiz.pick_card(situation(" in src[i])
    assert src.index(next(s for s in src if "lead_quiz = Quiz.pick_card(" in s)) < next(i for i, s in enumerate(src) if s.startswith("print(graded_lead.summary())"))
    out = text_output(next(c for c in cells if "for choice in choices:" in "".join(c["source"])))
    assert "keeps the Q♠ with no lower spades" in out
    # newcomer round 11: "no lower spade" said which spades South holds and why they matter
    passing, lowest = ns["passing"], ns["lowest"]
    assert [c.pretty for c in passing.cards(0) if c.suit is Suit.SPADES] == ["Q♠", "A♠"]
    assert not any(c.suit is Suit.SPADES for c in lowest) and "2♦ 2♥ 3♥: blunder" in out
    assert ns["pass_quiz"].question.startswith("South holds ♠ A Q  ♥")  # the hand, in the question
    # fresh newcomer rater (r32): the answer depends on the direction, so the question says it
    assert ns["pass_quiz"].question.endswith(". Passing left, which three cards would you pass?")
    assert passing.pass_direction == "left"
    # fresh newcomer rater (r45_a): 08b was dense; the spades are in the question's hand, so not repeated here
    # fresh newcomer rater (r48): "ends in South's tricks unless..." read as certain; the coach's share says how
    # dangerous (82% with the three lowest cards passed, printed above)
    share_low = re.search(r"^2♦ 2♥ 3♥: blunder — .*?in (\d+%) of deals", out, flags=re.M).group(1)
    assert share_low == "82%" and ns["graded"].of(lowest).stats["p_take_qs"] > 0.8
    # r54 (word cap): said shorter; the K♠ is the one spade that beats her (South holds the A♠)
    assert ("The three lowest cards "
            "(2♦ 2♥ 3♥) keep both: unless South receives a spade, a spade lead forces one "
            f"of them: she ends up in South's tricks in {share_low} of deals.") in prose  # r112 (word cap)  # r72c, r102 (word cap): shorter
    # r102: why 2♦ 2♥ 3♥ costs far more than J♦ K♦ J♥ though the queen returns as often (82%, 81%): the printed hearts
    hearts = [f"{ns['graded'].of(c).stats['exp_hearts']:.1f}" for c in (lowest, "JH KD JD")]
    assert hearts == ["6.0", "1.9"] and {Card("2H"), Card("3H")} <= set(ns["graded"].of(lowest).cards)
    assert ("They pass low hearts: South takes 6.0 hearts a hand, against 1.9 after J♦ K♦ J♥.") in prose  # r121 (words)
    assert "the Q♠ with no lower spade to play under a spade lead" not in prose
    # round 20: the high pass that keeps her is a blunder as well (the coach's verdict, printed above)
    assert "J♦ K♦ J♥: blunder — J♦ K♦ J♥ keeps the Q♠ with no lower spades" in out
    # r85: cut (word cap); the printed costs show the high pass far cheaper than the lowest, which "no cure" blurred
    assert "High cards are no cure" not in prose
    # the heart discards' intervals (coach mechanics) are no longer printed or explained (round 27)
    assert not any("heart discards: Δ vs best" in "".join(c["source"]) for c in cells)
    assert "the deals cannot rank the hearts apart" not in prose
    # r73b_08c: "cost about the same" beside a mistake and a blunder read as arbitrary grades: the prose says the
    # ranges overlap and only the 5♥/6♥'s lies wholly over 3 points (the printed ranges)
    assert "All heart discards are about equally bad" not in prose  # r92: cut (see above)
    assert "which East's trick takes away" not in prose
    # r84b: the quick check prints its ranges too: mistake 3's own printout
    printed_all = "".join(text_output(c) for c in cells if "".join(c["source"]).startswith("print(graded_waste.summary())"))
    lows = {m.group(1): float(m.group(2)) for m in re.finditer(r"  ([0-9JQKA♥/]+♥): [0-9.]+ \(([0-9.]+) to ", printed_all)}
    assert lows and all((low > 3) == (card == "5♥/6♥") for card, low in lows.items()), lows


def test_08b_round_9_premises_and_questions_are_true():
    """Newcomer round 9: the give-up question supposed South could take every point still out, which
    the printed position forbids (West's 9♠ wins North's A♥); it is now arithmetic, said so. "Built by
    hand" was false for mistakes 1-3 (seeded deals played by rule bots); "every trick you win only adds"
    forgot tricks without points; the moon quiz's answer sat in the Markdown right under it; the duck
    quiz had three right cards and asked for "the card"."""
    import re

    from hearts_teach.course.lessons import situation

    ns = {**lesson("08b_your_own_moon"), **lesson("08c_beginner_mistakes")}
    cells = pair_cells()
    src = ["".join(c["source"]) for c in cells]
    prose = " ".join(s for s, c in zip(src, cells, strict=True) if c["cell_type"] == "markdown").replace("\n", " ")
    stuck = ns["stuck"]
    trick = stuck.current_trick
    nine = trick.cards[0]
    assert (trick.seats[0], str(nine)) == (1, "9S") and "AH" in [str(c) for c in trick.cards]
    assert all(c.rank < nine.rank for c in stuck.cards(0) if c.suit == nine.suit)  # South cannot win it
    assert "West 9♠, North A♥" in situation(stuck)
    assert ns["give_up"] == 24 and "could not even get close" not in prose  # r64: the A♥ in this trick is West's
    # newcomer round 11: the sentence is true to the printed 23; West's 4♥ and the A♥ leave South 24 at most
    # fresh newcomer rater (r51): "the question's 25" tied the deal to an arithmetic quiz; the claim stands alone
    # fresh newcomer rater (r52): "cannot even take the 25 points West left" was muddled; the trick is West's anyway
    # r54: "anyway" read vaguely: "whatever it plays"
    # r60: why North threw the A♥ on a spade lead, from its own reason
    # r84 (words): the same reason, shorter
    # r89 (word cap): said as the question's reasons say it
    assert ("West's 9♠ wins this trick whatever South plays, and North's A♥ (no spades) with it.") in prose
    thrown = why_played(bots_play(stuck.copy(), table_bots("rule")), 5, 2)
    assert thrown.card == Card("AH") and thrown.reason.startswith("it has no spades") and "the question's 25" not in prose and "25 points West left" not in prose
    assert "North's A♥ (no spades) with it." in prose  # r45_a: shorter; West's one heart so far is the 4♥ (below)
    assert [c for c in stuck.taken(1) if c.points] == [Card("4H")]
    plans = text_output(next(c for c in cells if "play_out(stuck, player)" in "".join(c["source"])))
    # fresh newcomer rater (r40_b): the points taken read as plain text, like the scores line, not a Python dict
    assert "Keep shooting:\npoints taken: South 23, West 3," in plans and "Give up and duck:\npoints taken: South 13," in plans
    assert "{'South'" not in plans
    # r75b (fewer figures): the 23 and 13 are printed just above (the plans' scores), not repeated in prose
    # r89 (word cap): "whatever South plays" says it (South's spades are all lower: checked above)
    assert "West's 9♠ wins this trick whatever South plays" in prose  # r84: said shorter
    quiz = src.index(next(s for s in src if "give_up_quiz = Quiz(" in s))
    assert "For the rest of the hand, keep shooting or give up?" in src[quiz] and "every point still out" not in "".join(src)
    assert "built by hand" not in prose and "only adds to your score" not in prose
    seeds = [int(m) for m in re.findall(r"Hand\.deal\(seed=(\d+)", "".join(src[src.index(next(
        s for s in src if "grab = bots_play(" in s)):]))]
    assert seeds[:4] == [321, 322, 303, 743] and "(321, 322 and 303)" not in prose and "Deal 743: South passes" in prose
    go = src.index(next(s for s in src if "go_quiz = Quiz(" in s))
    # right under the question: its figures, folded (newcomer rater, issue 27), then the prose, which does
    # not give the answer away either
    assert cells[go + 1]["metadata"]["jupyter"]["outputs_hidden"] and "moon['score']" in src[go + 1]
    assert cells[go + 2]["cell_type"] == "markdown" and "13 into 0" not in src[go + 2]
    # r85: "turned 13 into 0" beside the 15 had the reader check twice: the result says what going scored
    # r94 (words): the sentence repeated the printout just above it (South 0, shot the moon; ducking 15): cut
    assert "13 into 0" not in src[src.index(next(s for s in src if "play_out(go, player)" in s)) + 1]
    assert "duck_quiz" not in ns  # r37_a: the quick check is a discard (one right card), tested with the moon stories


def test_08b_round_11_mistake_2_asks_before_it_tells_and_shows_north_club_void():
    """Newcomer round 11: mistake 2's heading named the answer to its question; it is neutral now, and the
    mistake is named after the coach's verdicts. The tricks so far are printed, and the explanation uses
    what they show: North's club void (trick 1), which makes a club lead no escape."""
    ns = lesson("08c_beginner_mistakes")
    cells = notebook_cells("08c_beginner_mistakes")
    src = ["".join(c["source"]) for c in cells]
    flat = [" ".join(s.split()) for s in src]
    asked = next(i for i, s in enumerate(src) if "lead_quiz = Quiz.pick_card(" in s)
    verdicts = next(i for i, s in enumerate(src) if s.startswith("print(graded_lead.summary())"))
    # fresh newcomer rater (r41_e): "a high spade" read as the J♠, the coach's best lead: "a spade above the queen"
    told = [i for i, s in enumerate(flat) if "leading a spade above the queen while she is still out" in s.lower()
            and i != asked]  # the question's feedback names it (after a right answer), never its question
    assert "leading a spade above the queen while she is still out" in ns["lead_quiz"].explanation
    assert "above the queen" not in ns["lead_quiz"].question and "high spade" not in ns["lead_quiz"].question
    assert not any("high spade" in s for s, c in zip(flat, cells, strict=True) if c["cell_type"] == "markdown")
    # r89: the void lesson (the K♣ and 8♣, the second-biggest costs here) joins the summary
    # r119 (newcomer r118 item 3.5): "win into an opponent's void" was jargon: said in plain words
    assert ("don't lead a spade above the queen (A♠, K♠) while she is out, nor a card that may win a trick a player "
            "out of its suit can drop her on (K♣, 8♣).") in flat[-1] and "win into" not in flat[-1]
    assert all(ns["graded_lead"].of(c).verdict == "blunder" for c in ("KC", "8C"))
    assert ns["graded_lead"].of("3C").verdict == "inaccuracy"  # a club that cannot win: no blunder
    last = len(cells) - 1  # the summary of what was learned may say it again
    assert told and min(told) > verdicts > asked and cells[min(told)]["cell_type"] == "markdown"
    assert set(told) <= {min(told), last}
    # fresh newcomer rater (r47): hearts are offered as leads, so the prose says they are not broken
    # r84b (word cap): only legal leads are offered now, and the situation line printed above the question says it
    assert flat[asked - 2].startswith("### 2. Choosing a lead South leads trick 4.")
    assert "hearts are not broken." in text_output(cells[asked - 1])
    assert not ns["high_lead"].hearts_broken and not ns["high_lead"].explain("2H").legal
    h = ns["high_lead"]
    shown = text_output(cells[asked - 1])
    assert "trick_table(high_lead)" in src[asked - 1] and " 1. W  2♣   N  A♦   E  5♣   S  A♣*" in shown
    assert "South holds 10 cards: A♠ J♠ 3♠" in shown
    first = h.tricks[0]
    assert first.led_suit is Suit.CLUBS and first.card_of(2) == Card("AD")  # "the A♦ on trick 1's club lead"
    assert first.card_of(0) == Card("AC") and first.winner == 0  # "you won trick 1 with the A♣"
    view = h.view(0)
    assert Suit.CLUBS in view.voids(2) and Suit.SPADES not in view.voids(2)  # North may hold her
    assert Card("QS") in view.still_out()[Suit.SPADES]  # not played, not South's
    clubs_out = view.still_out()[Suit.CLUBS]
    assert clubs_out and all(c.rank < Card("KC").rank for c in clubs_out)  # "your K♣ would win that trick"
    assert any(c.rank < Card("8C").rank for c in clubs_out)  # "even the 8♣ may" (win the trick)
    assert [c.pretty for c in h.cards(0) if c.suit is Suit.SPADES] == ["3♠", "J♠", "A♠"]
    why = flat[min(told)]
    # fresh newcomer rater (r48): "Clubs are no escape" then "the 3♣ cannot win" read as a contradiction: high clubs
    # rater r71: "which your K♣ would win, and even the 8♣ may" was cramped: said in full, with the 8♣'s condition
    # r72: the club point is its own block, like the ones in the next cell
    # r72b: the 8♣ is no high club, and it wins if West and East both play lower clubs (they may hold higher ones)
    # r81: "void" and "drop her on" had no gloss: both link the glossary, and each says what it means here
    assert ("**Why not the K♣ or the 8♣?** North has shown a [void](glossary.ipynb#cell-id=term-void) in clubs "
            "(the A♦ on trick 1's club lead), so may "
            "throw the queen on a club lead. Your K♣ would win it; the 8♣, though low, would if West and East play "
            "lower; the 3♣ cannot: West and East hold all 7 clubs still out, each higher.") in why
    # r119 (newcomer r118 item 3.4): "West or East must follow" left the club count to the reader: said
    assert "West or East must follow" not in why
    assert sorted(c.rank for s in (1, 3) for c in ns["high_lead"].cards(s) if c.suit is Suit.CLUBS)[0] > Card("3C").rank
    assert sum(c.suit is Suit.CLUBS for s in (1, 3) for c in ns["high_lead"].cards(s)) == 7
    assert not [c for c in ns["high_lead"].cards(2) if c.suit is Suit.CLUBS]
    # r114 (rater: the coach calls the 8♣ "a low club", yet it is a blunder): low, but it can still win
    assert "8♣ leads a low club" in str(ns["graded_lead"].of("8C"))
    assert "the 8♣ would if West" not in why
    # r111 (rater: why the 3♣ is safe and the 8♣ not): the 2♣ is gone (led to trick 1), so the 3♣ is the lowest
    # club left, and with North void West and East hold every club still out, so one of them must follow higher
    assert Card("2C") in h.tricks[0].cards and all(c.rank > Card("3C").rank for c in clubs_out)
    assert "Your K♣ would surely win it, and" not in why
    assert "whoever holds her can [drop](glossary.ipynb#cell-id=term-drop) her on your A♠." in why
    assert any(c.rank > Card("8C").rank for c in clubs_out) and "high club?" not in why
    assert why.index("never wins a trick she is in") < why.index("Why not the K♣ or the 8♣?")  # the spade point comes first
    # fresh newcomer rater (r44_a): the 3♣ cannot win trick 4 (North is void; West and East hold every club still out,
    # all higher); the coach's printed verdict on it is an inaccuracy, 0.5 more hearts
    # r54: said once, where the 3♣'s cost is explained (the next cell); its grade is cell 3's worked example
    # r72c (word cap): that paragraph is cut; the 3♣'s quiz feedback gives its verdict (below)
    assert "The 3♣ cannot win trick 4" not in flat[min(told) + 1]
    assert all(c.rank > Card("3C").rank for c in clubs_out) and Suit.CLUBS in view.voids(2)
    graded_3c = ns["graded_lead"].of("3C")
    assert graded_3c.verdict == "inaccuracy" and "you take about 0.5 more hearts than with J♠" in str(graded_3c)
    # r116 (rater: "never" beside the printed 17% read as a contradiction): the 17% is from later tricks
    assert "A spade below the queen, the J♠ or the 3♠, never wins a trick she is in; the J♠'s 17% comes from later tricks." in why


def test_08b_round_12_mistakes_1_and_3_ask_before_they_tell():
    """Newcomer round 12: like mistake 2, mistakes 1 and 3 had headings that named the answer before
    "decide before you read on". The headings are neutral now, the position and its verdicts follow,
    and each mistake is named only after its verdicts cell, in words the printout holds."""
    ns = lesson("08c_beginner_mistakes")
    cells = notebook_cells("08c_beginner_mistakes")
    src = ["".join(c["source"]) for c in cells]
    flat = [" ".join(s.split()) for s in src]
    last = len(cells) - 1  # the summary of what was learned may say it again
    # mistake 1's question shows its position; mistake 3's position (with the tricks so far) has a cell of its own,
    # then its question (newcomer rater: the coach's reasoning counts the clubs already played)
    for heading, shown, quiz, verdicts, name in (
            ("### 1. A club trick", "grab = bots_play(", "grab_quiz = Quiz.pick_card(",
             "print(graded_grab.summary())", "taking a trick full of points when a lower card would duck"),
            ("### 3. A discard", "waste = bots_play(", "waste_quiz = Quiz.pick_card(", "print(graded_waste.summary())",
             "wasting a discard")):
        head = next(i for i, s in enumerate(flat) if heading in s)
        position = next(i for i, s in enumerate(src) if shown in s)  # the position (in the question for mistake 1)
        asking = next(i for i, s in enumerate(src) if quiz in s)
        verdict = next(i for i, s in enumerate(src) if s.startswith(verdicts))
        assert head + 1 == position and asking in (position, position + 1) and asking + 1 == verdict, heading
        asked = flat[head][flat[head].index(heading):]
        # r84b (word cap): said once, for mistake 1; the opening says a question's answer is in its folded code
        # r119 (word cap): cut for mistake 1 too; the opening says a question's answer is in its folded code
        assert "coach's verdicts" not in asked, heading
        # newcomer rater (issue 27): "Following to a trick with points on it" named mistake 1 before its question
        for giveaway in ("duck", "lower card", "wasting", "dangerous", "smallest", "the ace", "points on it"):
            assert giveaway not in asked.lower(), (heading, giveaway)
        # the name comes in the question's feedback (after a right answer; its code is folded), never in the question
        shown_quiz = ns[quiz.split(" = ")[0]]
        assert name in shown_quiz.explanation.lower() and name not in shown_quiz.question.lower(), heading
        told = [i for i, s in enumerate(flat) if name in s.lower() and i != asking]
        assert told and min(told) == verdict + 1 and cells[verdict + 1]["cell_type"] == "markdown", heading
        assert set(told) <= {min(told), last}, heading
        assert f"**{name}**" in flat[verdict + 1]
    prose = {k: flat[next(i for i, s in enumerate(flat) if h in s)] for k, h in (
        (1, "### 1. A club trick"), (3, "### 3. A discard"), ("1 named", "**taking a trick full"),
        ("3 named", "**wasting a discard**"))}
    # a fresh rater: following is forced here (the mistake is not ducking), so the heading no longer says "Following suit"
    assert not any("1. Following suit" in f for f in flat)
    # mistake 1: West led the 9♣, North's J♥ and East's Q♠ are on it; South must follow in clubs
    grab = ns["grab"]
    trick = grab.current_trick
    assert [(grab.seat_names[s], c.pretty) for s, c in zip(trick.seats, trick.cards, strict=True)] == [
        ("West", "9♣"), ("North", "J♥"), ("East", "Q♠")]
    assert "West led the 9♣, and North's J♥ and East's Q♠ are already in this trick." in prose[1]
    clubs = [c.pretty for c in grab.cards(0) if c.suit is Suit.CLUBS]
    assert clubs and set(clubs) == {c.pretty for c in grab.legal_plays(0)}  # "must follow with one of them"
    from hearts_teach.agents.coach import assess_play

    graded = assess_play(grab.view(0))
    assert graded.best.label == "6♣" and Card("6C").rank < Card("9C").rank < Card("QC").rank
    assert {c.label for c in graded if "wins the trick" in str(c)} == {"A♣", "Q♣"}
    assert sum(c.points for c in trick.cards) == 14
    # r117 (word cap): "the trick and" and two "the" cut
    assert ("the 6♣ [ducks](glossary.ipynb#cell-id=term-duck) under West's 9♣, while the A♣ or the Q♣ wins the "
            "14 points in it "
            "(Q♠ and J♥).") in prose["1 named"]
    # fresh newcomer rater (r47): mistake 1 looked trivial; the prose says why the A♣ tempts (South holds it, the
    # highest club), and why not here (the trick holds 14 points, above)
    # r73b: "shedding" reads as discarding; here South follows suit
    # r120 (word cap): the temptation sentence cut; the answer names the trap and the 14 points
    assert "Getting rid of the A♣ may tempt you" not in prose["1 named"]
    assert Card("AC") in grab.cards(0) and graded.of("AC").verdict == "blunder"
    # r72b: why the Q♣ costs more than the A♣ on the same 14-point trick: it keeps the A♣, the highest club, and the
    # coach's figures (printed) give South more hearts a hand after it
    # r73b: said against the A♣ (the 6♣ keeps the A♣ too, and is best)
    # r81 (word cap, beside the A♣'s cost): the same reason, shorter
    # r84: said in the Q♣'s sum (14 and 8.5 later hearts), with the same reason
    # r89: the reason the 6♣ takes more hearts later was said for the Q♣ only: said first, for both cards that keep
    # the A♣ (the coach's figures: each takes over 3 more hearts later than the A♣ does)
    # r89 review: "the 6♣ and the Q♣ ... far fewer than 14" read as if the Q♣ avoided the 14 too: it wins now
    # r90: why ducking takes more hearts later was only hinted at: the kept A♣, the top club, wins any club trick it
    # is played to (every club still out is lower, asserted below), and the Q♣ keeps it too
    # r100: "(the Q♣ keeps it too)" could not be parsed: both cards that keep the A♣ named first
    assert ("A cost counts the whole hand. After the 6♣ or the Q♣, South keeps the A♣, the top club, which wins any "
            "club trick it is played to, hearts and all.") in prose["1 named"] and "(the Q♣ keeps it too)" not in prose["1 named"]
    assert "The 6♣ ducks and keeps the A♣, the top club: more hearts later" not in prose["1 named"]
    qc, ac = graded.of("QC"), graded.of("AC")
    # r111 (rater: why the Q♣ costs more than 14): the heading asks it; the kept A♣ (next sentence) and the table answer
    assert "**Why does the A♣ cost about 10, the Q♣ over 14?**" in prose["1 named"] and qc.delta_ci95[0] > 14 > ac.delta_ci95[1]
    assert qc.delta_vs_best > ac.delta_vs_best and qc.stats["exp_hearts"] > ac.stats["exp_hearts"] + 3
    assert all(c.rank < Card("AC").rank for c in grab.view(0).still_out()[Suit.CLUBS])
    figures = text_output(next(c for c in cells if "".join(c["source"]).startswith("print(graded_grab.summary())")))
    # r78: the line named only two of three cards: it says which
    # r81: that label read garbled: every card's hearts, the 6♣'s too (the A♣'s cost below needs it)
    c6 = graded.of("6C")
    # r112 (rater: the best card taking the most hearts read as a contradiction): the line says the Q♠ is not counted
    assert (f"Hearts South takes (the Q♠ not counted), on average per hand: 6♣ {c6.stats['exp_hearts']:.1f}, A♣ {ac.stats['exp_hearts']:.1f}, "
            f"Q♣ {qc.stats['exp_hearts']:.1f}") in figures and "winning with the A♣ or the Q♣" not in figures
    # r81: the A♣ took a 14-point trick yet cost 10.09, unexplained: the 6♣ takes about 4 more hearts later (all its
    # hearts are later; the A♣'s include this trick's J♥), so 14 less about 4
    later = c6.stats["exp_hearts"] - (ac.stats["exp_hearts"] - 1)
    assert round(later) == 4 and abs((14 - later) - ac.delta_vs_best) < 0.05 and round(ac.delta_vs_best) == 10
    assert c6.stats["p_take_qs"] == 0 and ac.stats["p_take_qs"] == 1 and f"{ac.stats['exp_hearts']:.1f}" == "4.8"
    # r84: "about 4 more hearts" read as a slip beside the printed 7.8, and the Q♣'s 14.70 was never worked out:
    # each card's sum written out from the printed hearts (all later after the 6♣; the J♥ is in the A♣'s and Q♣'s)
    assert qc.stats["p_take_qs"] == 1 and [f"{x:.1f}" for x in (c6.stats["exp_hearts"], ac.stats["exp_hearts"] - 1,
                                                                 qc.stats["exp_hearts"] - 1)] == ["7.8", "3.8", "8.5"]
    assert f"{14 + ac.stats['exp_hearts'] - 1:.1f}" == "17.8" and abs(ac.delta_vs_best - 10) < 0.15
    assert f"{14 + qc.stats['exp_hearts'] - 1 - c6.stats['exp_hearts']:.1f}" == "14.7" and f"{qc.delta_vs_best:.1f}" == "14.7"
    # r90: the sums were read three times over: a table, each card's points this trick, hearts later and total
    assert f"{14 + qc.stats['exp_hearts'] - 1:.1f}" == "22.5" and f"{qc.stats['exp_hearts']:.1f}" == "9.5"
    assert sum(c.points for c in trick.cards) == 14
    # r94: why the duck still leaves 7.8 hearts was unsaid: South's other cards win hearts too (all the A♣'s later 3.8)
    assert ("Card | This trick | Hearts later | Total ---|---|---|--- 6♣ | 0 | 7.8 | 7.8 A♣ | 14 | 3.8 | 17.8: 10 more "
            "Q♣ | 14 | 8.5 | 22.5: 14.7 more (The printed 4.8 and 9.5 "
            "include this trick's J♥.)") in prose["1 named"]
    # r100: "Other cards win hearts too" read as a leftover fragment: cut (the kept A♣ says why the duck takes more)
    assert "Other cards win hearts too" not in prose["1 named"]
    # r92: "include this J♥" was read as if the 6♣'s 7.8 should too: this trick's J♥ (the 6♣ ducks it)
    assert "(its 4.8 counts this J♥)" not in prose["1 named"]
    assert min(c6.stats["exp_hearts"], qc.stats["exp_hearts"] - 1) > ac.stats["exp_hearts"] - 1 + 3
    assert Card("AC") in grab.cards(0) and {Card("6C"), Card("QC")} <= set(grab.cards(0))
    assert "about 4 more hearts later" not in prose["1 named"]
    # mistake 3: East led the 6♦, West and North still to play; South has no diamonds
    waste = ns["waste"]
    trick = waste.current_trick
    assert [(waste.seat_names[s], c.pretty) for s, c in zip(trick.seats, trick.cards, strict=True)] == [("East", "6♦")]
    assert not any(c.suit is Suit.DIAMONDS for c in waste.cards(0))
    # r117 (word cap): "and is winning so far" cut: the printed verdicts say "the trick East is winning so far"
    assert "East led the 6♦; West and North still play to it." in prose[3]
    assert "The Q♠ is still out." in prose[3] and Card("QS") in waste.view(0).still_out()[Suit.SPADES]  # r90
    # r120 (newcomer: may a heart be thrown before hearts are broken?): "even a heart" (docs/rules.md H8 limits leads only)
    assert "South has no diamonds, so any card, even a heart, is a discard and cannot win." in prose[3]
    at = next(i for i, s in enumerate(src) if "waste = bots_play(" in s)
    table = text_output(cells[at])
    assert "print(trick_table(waste))" in src[at] and table.startswith(trick_table(waste))
    assert sum(c.suit is Suit.CLUBS for t in waste.tricks for c in t.cards) == 12  # "the other twelve clubs"
    # r84b: said once, for mistake 1 (word cap)
    assert "cannot win." in prose[3] and "The coach's verdicts follow the question." not in prose[3]
    graded = ns["graded_waste"]
    smallest = min(waste.cards(0), key=lambda c: c.rank)
    worst = max(graded, key=lambda c: c.delta_vs_best)
    assert smallest == Card("3S") and worst.label == "3♠" and graded.best.label == "A♠"
    assert worst.verdict == "blunder"
    # r72c: "not your smallest" taught "never throw low cards": the 3♠ is bad as the A♠'s guard
    # r73b: "guards" is linked to the glossary at its first use, as "duck" is
    # r102: which was *the* trap (the 3♠ or the hearts) was unclear: the dangerous card, then two plain don'ts
    # r103: the bold name was vague; the rule (throw the dangerous high card) comes right after it, the two don'ts kept
    # r111 (word cap): "(the coach's best)" cut; the printed verdict says it
    assert ("**wasting a discard**: throw the dangerous high card, here the A♠, not the 3♠ that "
            "[guards](glossary.ipynb#cell-id=term-guard) it, nor a heart." in prose["3 named"]) and "smallest" not in prose["3 named"]
    assert "a discard is your chance" not in prose["3 named"]


def test_08b_mistake_4_asks_for_a_pass_before_the_coach_tells():
    """Issue 27: like mistakes 1-3, mistake 4 asks first: a neutral heading, a question on South's
    pass whose right answers are the coach's best or too-close passes and whose reasons are the
    coach's own, then the verdicts (folded), and only then the mistake named."""
    ns = lesson("08c_beginner_mistakes")
    cells = notebook_cells("08c_beginner_mistakes")
    src = ["".join(c["source"]) for c in cells]
    flat = [" ".join(s.split()) for s in src]
    head = next(i for i, s in enumerate(flat) if "### 4. A pass" in s)
    asked, verdicts, named = head + 1, head + 2, head + 3
    assert "pass_quiz = Quiz(" in src[asked] and src[verdicts].startswith("for choice in choices:")
    assert "Decide each answer before you read on" in flat[1] and cells[named]["cell_type"] == "markdown"  # r73b
    for giveaway in ("lowest", "low card", "spade", "queen", "Q♠", "duck"):
        assert giveaway not in flat[head], giveaway
    # newcomer rater (issue 27): the mistake is named after what both blunders share (the Q♠ and A♠ kept with no
    # low spade), not "passing your lowest cards": the high pass J♦ K♦ J♥ that keeps them is a blunder too
    # r84: the name said "without a low spade", yet its rule passes her with one (the table's A♠ Q♠ 8♠) and two were
    # never covered: named by the count its rule uses (fewer than three, lesson 04's guarded group)
    told = [i for i, s in enumerate(flat) if "keeping the q♠ and the a♠ with fewer than three low spades" in s.lower()
            and i != asked]  # the question's feedback names it after a right answer; its code is folded
    assert not any("lowest cards**" in s or "keep your low cards" in s for s in flat)
    # a fresh rater (final round): "no low spade" read as "one low spade makes keeping her fine", against lesson
    # 08's drill 1 (♠ A Q 4, pass left), where the coach passes the queen and the ace: both lessons say so now
    # fresh newcomer rater (r34): the rule and its parenthesis pulled against each other; the summary now says it as
    # lessons 01 and 04 do (few low spades: pass her; plenty: you can keep her), with lesson 08's two drills
    # fresh newcomer rater (r35): "at most one ... three or more" left two low spades without a rule, and drill 2's
    # "keep her" came from a pass to the right; no lesson measures two, so the rule is a trend with its two cases
    # fresh newcomer rater (r37_a): the spade rule is its own bullet, not the tail of a run-on one
    # fresh newcomer rater (r40_b): "two" had no advice and "the A♠ too when passing left" no reason; one plain rule a
    # count, the ace's reason taken from lesson 08 (West, who gets her, may play her under the ace)
    # fresh newcomer rater (r45_a): the spade-count rule is not taught in 08b; the summary points to where it is
    # fresh newcomer rater (r51): one short bullet per mistake
    # rater r55: the bullet says what to do instead (lesson 08a: passing left, the ace goes with her)
    # rater r71: the last sentence was a fragment
    # r72: the count is said here, from lesson 08's drill 2 (three lower spades: the coach keeps her)
    # r72c: "three lower spades" left one, two and the other directions open: one rule a count, from the lessons
    # that show it (none: 08a; one, passing left: lesson 08's drill 1; several kept as her guard: lesson 04)
    # r84: named by the count (fewer than three), the same count as the body's; "several" was vague
    # r90: the credit differed from the body's ("lesson 08" there), and passing right or across was left open: the
    # direction rule is lesson 08a's in both places (its coach's table: left or across, the ace goes; right, kept)
    assert ("- **Trap 4:** don't keep the Q♠ and the A♠ with fewer than three low spades: pass her, and the A♠ "
            "too when passing left or across (lesson 08a; her alone can do worse than both kept: Your turn); with three or "
            "more, you may keep her (lesson 04).") in flat[-1]
    # r120 (newcomer: "pass her" read as if the queen alone were a safe half-fix): Your turn's contrast, held below
    # to the coach's figures (queen alone 63% and a blunder, both kept 54% and a mistake)
    assert "lessons 08a and 08" not in flat[-1]
    assert "without a low spade" not in " ".join(flat) and "several low spades" not in flat[-1]
    # r116: lesson 04 now says it with drill 2's pass: keep her, pass an A♠ or K♠, keep the low spades as her guard
    # r119 (newcomer r118/04): the pointer four lessons ahead cut from lesson 04; the rule agrees with drill 2's
    assert "So if *you* keep her with three or more low spades, pass an A♠ or K♠ too, and keep the low ones as her guard" in " ".join(" ".join(
        "".join(c["source"]) for c in json.loads((ROOT / "notebooks" / "04_queen_of_spades.ipynb").read_text(
            encoding="utf-8"))["cells"]).split())
    # r72b: lesson 08's take-away lists drill 2's rule; r72c: as a general rule (the rater: not a copied heading)
    assert "- With three lower spades to duck with, keep the queen; pass the higher spade (drill 2's K♠)." in " ".join(" ".join(
        "".join(c["source"]) for c in json.loads((ROOT / "notebooks" / "08_practice_decisions.ipynb").read_text(
            encoding="utf-8"))["cells"]).split())
    # rater r52: the rule names the Q♠ herself, the quick check's answer
    # r111 (word cap): "herself" cut; the rule still names the Q♠
    # r112 (rater: trap 3 graded every heart a mistake or blunder, yet the summary never said so)
    # r114 (rater: the list left out the K♣, which trap 3 calls a danger and the coach grades far above any heart;
    # "while one remains" read as "while a heart remains"): the sure winner named, and "before hearts" for the order
    assert ("- **Trap 3:** discard dangerous cards (the Q♠, a spade above her while she is out, a sure winner like "
            "the K♣) before hearts, not the low spade that guards your A♠ or Q♠.") in flat[-1]  # r72c
    assert "while one remains" not in flat[-1]
    assert "the safer she is kept" not in flat[-1] and "three: you may keep her" not in flat[-1]
    lesson_08 = (ROOT / "notebooks" / "08_practice_decisions.ipynb").read_text(encoding="utf-8")
    # lesson 08's sentence, reworded for its r52 rater (one idea a sentence); r84: drill 1 now walks the two spade
    # tricks that force the kept ace, and the sentence ends on that trick
    # r87: "usually plays right after you" cast doubt on the seat order: West, holding her, drops her on the ace
    # r91: drill 1 walks the two spade tricks as numbered steps
    assert "2. The next spade lead forces your ace. 3. West, holding her, can drop her on it." in " ".join(" ".join(
        "".join(c["source"]) for c in json.loads(lesson_08)["cells"]).split())
    assert "no low spade beside it" not in flat[-1]
    # r73b: the summary's "none or one" had no case in the body: one low spade is said there, from lesson 08's drill 1
    # r81: the rule was stated loosely ("With none, ...", and "several" left two open): a count first
    # (three or more: lesson 04's group that "usually found a way out", and lesson 08's drill 2, asserted above)
    # r120 (newcomer r120/04): "small ones" was wrong for groups that count A♠ and K♠: follow spade leads without her
    assert "With three or more other spades the holder can follow several spade leads without her" in " ".join(
        " ".join("".join(c["source"]) for c in json.loads((ROOT / "notebooks" / "04_queen_of_spades.ipynb").read_text(
            encoding="utf-8"))["cells"]).split())
    # r84: two low spades had no rule: lesson 08 tries two too (its take-away: one or two, pass both)
    # r90: passing right or across had no rule: lesson 08a's (its coach: across too, the ace goes; right, its deal
    # keeps the ace, as East plays before South)
    # r91: "its deal" could not be parsed and why East's order mattered was not said: in plain words
    # r92: three directions, two counts and three lessons in four sentences, and "lesson 08a keeps it" was cryptic:
    # a small table, then why the count and the direction matter
    # r92 review: "keep the A♠" passing right overstated lesson 08a, which calls it a small edge on its one deal
    # r93: across was grouped with left but never explained: the table names each receiver's seat, and one line
    # says when each plays after South (clockwise S, W, N, E; lesson 08a's "left for 3 of the 4 leaders, across for 2")
    # r116 (rater): the 38%/43% is one deal of 08a's, said so; "keep her" for 3 or more names the Q♠; the
    # sentence on the receivers split, its low-spade clause a sentence of its own; the table's heading cut (word cap)
    assert ("Low spades | Passing left (West) or across (North) | Passing "
            "right (East) ---|---|--- 0, 1 or 2 | pass the Q♠ and any higher spade | pass the Q♠; the A♠ may stay "
            "3 or more "  # r119 (newcomer r118 item 3.2): 08a's 38%/43% packed in a table cell could not be checked
            "| you may keep the Q♠; pass the A♠ | same "
            "Play goes S→W→N→E: passed left, West plays after you "
            "unless West leads, "
            "so can drop her on your A♠. Across, North can when you or East lead; right, East only when you "
            "lead. Each low spade kept covers one spade lead; the next forces your A♠, whoever holds her. "
            # r119 (newcomer r118 items 3.1, 3.3): why three, and why pass the A♠ with three: lesson 04's table
            # r120 (newcomer: "more often with the A♠ or K♠ too" had no subject, and why pass the A♠ when keeping her?)
            "Why three, and why pass the A♠ when keeping her? In lesson 04's table, her holder took her far less often with three "
            "or four lower spades than with one or two, and more often when also holding the A♠ or K♠.") in flat[named]
    assert "more often with the A♠ or K♠ too." not in flat[named]
    assert "38%" not in flat[named] and "(lesson 04) |" not in flat[named]
    assert "while you keep a low spade: each covers one lead" not in flat[named]
    # r116 (rater: South's count was first said in the last answer): said beside the trap's name
    # r117 (r116 reader: does the J♠ count as low?): defined where the rule is stated; the 38%/43% names the A♠
    # (r117 extra: "kept what?"); the 3-or-more row says what becomes of the A♠ (lesson 04: "pass an A♠ or K♠ too")
    assert "fewer than three low spades** (below the Q♠; South has none)." in src[named]
    assert "kept, she ended in your tricks in 38% of deals; passed, 43%" not in flat[named]
    assert not [c for c in ns["passing"].cards(0) if c.suit is Suit.SPADES and c.rank < Card("QS").rank]
    # r114 (rater: "with none" and "she was yours" could not be parsed; an earlier reader: "East only when you
    # lead" holds only while South keeps a low spade): both said in plain words
    assert "she was yours" not in flat[named] and "East only when you lead. But" not in flat[named]
    # r112 (rater: "East only when you lead" held only while a low spade is left to duck with; the Q♠ without the
    # A♠ had no rule; "a small edge" had no figure): the forced ace from any seat; "any higher spade" (08a: "send
    # your high spades with her"); 08a's deal with no low spade (Q♠ A♠), passing right: 38% kept against 43% passed
    assert "(08a: keeping it had a small edge)" not in flat[named] and "pass the Q♠ and the A♠ |" not in flat[named]
    rates = " ".join(_md("08a_keeping_track").split())
    assert "send your high spades with her" in rates and "Here keep the A♠ and pass the Q♦: 38% against 43%;" in rates
    # r103 review: "North does when you or East lead" did not say North holds her only when passed across
    assert "North does when you" not in flat[named]
    # r103: the seat list never said why the left and right columns differ: said by the receiver (checked below)
    assert "Only a player after you sees your A♠" not in flat[named]
    # r102: "To wait for your ace ... West usually, North sometimes" read as a riddle: who can drop her, seat by seat
    assert "West usually, North sometimes" not in flat[named]
    # r94: "a small edge" did not say what had it (08a: keeping the A♠, 38% against 43%); the seat order, one clause
    # a seat, had to be written out: cut to its key idea (West for 3 of the 4 leaders, North 2, East 1: below)
    assert "(08a: a small edge)" not in flat[named] and "West does unless West leads" not in flat[named]
    assert "Passing right, East plays before you unless you lead" not in flat[named]
    after = {"left": [], "across": [], "right": []}
    for leader in range(4):  # the seats that play after South (seat 0) when `leader` leads, clockwise S W N E
        order = [(leader + k) % 4 for k in range(4)]
        later = order[order.index(0) + 1:]
        for name, seat in (("left", 1), ("across", 2), ("right", 3)):
            if seat in later:
                after[name].append(leader)
    assert after == {"left": [0, 2, 3], "across": [0, 3], "right": [0]}
    assert [Hand.deal(seed=1, pass_direction=d).pass_target(0) for d in ("left", "across", "right")] == [1, 2, 3]
    assert "lesson 08a keeps it" not in flat[named]
    assert "its deal keeps the A♠" not in flat[named]
    right_pass = Hand.deal(seed=1, pass_direction="right")
    assert right_pass.seat_names[right_pass.pass_target(0)] == "East"
    for leader in (1, 2, 3):  # East plays before South on every trick South does not lead (clockwise: S W N E)
        order = [(leader + k) % 4 for k in range(4)]
        assert order.index(3) < order.index(0)
    lesson_08a = " ".join(" ".join("".join(c["source"]) for c in notebook_cells("08a_keeping_track")).split())
    # r103: the advice now says the edge passing right is small, as the advice cell does
    assert "What to do here: passing left or across, send the ace with her; passing right, keep it." in lesson_08a
    assert "**Passing across: in between.** North plays after you for 2 of the 4 leaders. Here too, pass the A♠" in lesson_08a
    assert "Here keep the A♠ and pass the Q♦" in lesson_08a and "East plays before you on every trick you do not lead" in lesson_08a
    assert "one more forces the queen" not in flat[named]  # r89: "one more what?": the next spade lead
    # r98: lesson 08's rule no longer says "Passing left" (its top choice passes both whichever way)
    assert ("- With the Q♠, the A♠ and one or two low spades, pass both" in " ".join(" ".join(
        "".join(c["source"]) for c in json.loads((ROOT / "notebooks" / "08_practice_decisions.ipynb").read_text(
            encoding="utf-8"))["cells"]).split()))
    # r102: the short holder got no advice; the bullet says pass her (lesson 01), as the table's 57 % backs
    assert "With only one or two other spades the holder took her in most hands: if that is you, pass her when you can (lesson 01)." in " ".join(" ".join(
        "".join(c["source"]) for c in json.loads((ROOT / "notebooks" / "04_queen_of_spades.ipynb").read_text(
            encoding="utf-8"))["cells"]).split())
    from hearts_teach.course.drills import DRILLS, grade

    assert DRILLS[1].make().pass_direction == "right" and ns["passing"].pass_direction == "left"
    assert [c.pretty for c in ns["passing"].cards(0) if c.suit is Suit.SPADES] == ["Q♠", "A♠"]  # mistake 4: none

    drill1 = grade(DRILLS[0], "KD QS AS")
    assert [c.pretty for c in DRILLS[0].make().cards(0) if c.suit is Suit.SPADES] == ["4♠", "Q♠", "A♠"]
    assert DRILLS[0].make().pass_direction == "left" and {"Q♠", "A♠"} <= set(drill1.best.split())
    assert all(ns["graded"].of(p).verdict == "blunder" and "keeps the Q♠ with no lower spades" in str(ns["graded"].of(p))
               for p in ("JH KD JD", ns["lowest"]))
    assert told and min(told) == named and set(told) <= {named, len(cells) - 1}
    quiz, graded = ns["pass_quiz"], ns["graded"]
    # r72b: graded as every question is (cell 3's table: best or too close to call is right, an inaccuracy is not)
    # r72c: the quiz tests the mistake it names: the one pass that sends the Q♠ and the A♠ is the coach's best, the
    # only right one; two passes keep both spades, one sends the queen and keeps the ace (a mistake). The 7♣ pass
    # (both spades, an inaccuracy for its club) is not offered, so fixing the mistake is never marked wrong
    right = [c for c in quiz.choices if quiz.is_right(c)]
    assert right == [graded.best.label] == ["J♣ Q♠ A♠"]
    assert all(graded.of(c).verdict not in ("best", "fine") for c in quiz.choices if c not in right)
    sends_both = [c for c in quiz.choices if set(graded.of(c).cards) >= {Card("QS"), Card("AS")}]
    assert sends_both == right
    assert [c for c in quiz.choices if Card("QS") in graded.of(c).cards and Card("AS") not in graded.of(c).cards] == [
        "7♣ J♣ Q♠"]
    assert all(quiz.reason(c) == str(graded.of(c)) for c in quiz.choices)
    seven = graded.of(ns["with_seven"])
    assert seven.label == "7♣ Q♠ A♠" and seven.label not in quiz.choices and seven.verdict == "inaccuracy"
    assert "unlike J♣ Q♠ A♠ it keeps the J♣: the Q♠ can still be dropped on a trick you win" in str(seven)
    share = [f"{graded.of(p).stats['p_take_qs']:.0%}" for p in ("JC QS AS", "7C QS AS")]
    assert share == ["29%", "32%"] and f"Both spades with the 7♣ (not offered): {seven}" in text_output(cells[verdicts])
    # rater r55: mistake 4 prints each pass's cost and range (as mistakes 2 and 3 do), so the 7♣ pass's grade can be
    # read off; says what to do instead, and why a passed queen still ends up in South's tricks (the coach's reason)
    from hearts_teach.agents.coach_stats import verdict_of

    shown = text_output(cells[verdicts])
    assert "Each pass's cost, in points per hand more than the best (its likely range):" in shown
    for c in (graded.of(p) for p in ("JH KD JD", ns["lowest"], "7C JC QS", "7C QS AS")):
        lo, hi = c.delta_ci95
        assert f"  {c.label}: {c.delta_vs_best:.2f} ({lo:.2f} to {hi:.2f})\n" in shown and verdict_of(lo, hi) == c.verdict
    lo, hi = seven.delta_ci95
    assert (f"{lo:.2f}", f"{hi:.2f}") == ("0.38", "0.96") and 0.25 < lo and hi < 1  # r72c: two decimals
    # r72c (word cap): its grade is said, its range printed
    assert "The 7♣ pass's range" not in flat[named]
    # r72c: "(29% of deals)" read as West's drop alone: she ends up in South's tricks in 29%, always by West's drop
    # (South has no spade after the pass, so a trick South wins holds her only if West, who holds her, plays her)
    # r73b (fewer figures in prose): the 29% stays printed; why the direction matters has its own block (below)
    # r78: after the several-low-spades case (lesson 04), "Instead" read oddly: the rule's case, none
    assert "**Why the ace too?**" in flat[named] and "29%" not in flat[named]  # r81
    assert "With none, pass the Q♠ and the A♠ together." not in flat[named]  # r81: the count says it
    assert "the Q♠ can still be dropped on a trick you win" in str(graded.best) and share[0] == "29%"
    assert cells[verdicts]["metadata"]["jupyter"] == {"outputs_hidden": True, "source_hidden": True}
    # the 4-point gap between the two passes that keep the queen (+11.16 against +7.20) was unexplained: it is
    # hearts, from the coach's own figures (the folded cell prints them; the Q♠ shares differ by 2 points in 100)
    hearts = {graded.of(p).label: graded.of(p).stats["exp_hearts"] for p in ("JH KD JD", ns["lowest"])}
    high_h, low_h = hearts["J♦ K♦ J♥"], hearts["2♦ 2♥ 3♥"]
    assert f"Hearts South takes, a hand on average: J♦ K♦ J♥ {high_h:.1f}, 2♦ 2♥ 3♥ {low_h:.1f}" in shown
    low, high = graded.of(ns["lowest"]), graded.of("JH KD JD")
    gap = low.delta_vs_best - high.delta_vs_best
    assert gap > 3 and abs((hearts["2♦ 2♥ 3♥"] - hearts["J♦ K♦ J♥"]) - gap) < 0.5  # hearts: about the whole gap
    assert abs(low.stats["p_take_qs"] - high.stats["p_take_qs"]) < 0.05
    assert {"2H", "3H"} <= {str(c) for c in low.cards}
    # rater r62: "Passing the 2♥ 3♥" credited the hearts to two cards, when the figures are the whole passes'
    assert "Passing the 2♥ 3♥ costs" not in flat[named]
    # rater r71: compared with the best pass (its hearts printed too), and why: the 2♥ and 3♥ gone, of South's
    # hearts (J♥ 4♥ 3♥ 2♥) only the 4♥ is left below the J♥
    best_h = graded.best.stats["exp_hearts"]
    assert f"J♣ Q♠ A♠ {best_h:.1f}" in shown and f"{best_h:.1f}" == "1.4" and low_h > high_h > best_h
    assert sorted(c.pretty for c in ns["passing"].cards(0) if c.suit is Suit.HEARTS and c not in low.cards) == ["4♥", "J♥"]
    # rater r71b: that reason was unsupported (the pass also keeps the K♦ and the J♦): the figures show the
    # difference, not its cause: the figures only; and the three colons split
    assert {"KD", "JD"} <= {str(c) for c in ns["passing"].cards(0)} - {str(c) for c in low.cards}
    # r72 (word cap; the rater: prose re-quoted too many figures): the hearts stay in the folded printout
    assert "That pass costs hearts too" not in flat[named]
    assert "South has only the 4♥ to play under heart leads" not in flat[named]
    # rater r60: the hedged reason ("probably because a kept J♣ may win a club trick") had nothing shown behind it
    # rater r61: the coach's reason, from its verdict on the 7♣ pass: it keeps the J♣, a trick she can be dropped on
    # r72: "a kept J♣" took a moment to read as passing the 7♣: each pass said with what it keeps
    # r72c: a bonus note on the pass not offered
    # r73b: the club aside is cut (fewer asides); the printed verdict on the 7♣ pass says it keeps the J♣
    assert "**A club point.**" not in flat[named] and "keeps the J♣" in str(seven)
    # r73b: why the low-card pass costs most: it keeps the high cards the other pass sends (the hearts, printed)
    # r78 (word cap; the rater asked for fewer asides): cut, the hearts stay printed in the folded verdicts
    assert "That pass also costs the most hearts" not in flat[named]
    assert set(graded.of("JH KD JD").cards).isdisjoint(graded.of(ns["lowest"]).cards)
    assert max(graded.of(p).delta_vs_best for p in passes_shown(ns)) == graded.of(ns["lowest"]).delta_vs_best
    # r73b: why "passing left": West plays after South unless West leads (clockwise S, W, N, E); East, passed to on
    # the right, plays before South unless South leads (lesson 08a, whose deal keeps the ace passing right)
    # r78 (word cap): the passing-right case is lesson 08a's (the summary points there)
    # r81: "Why passing left?" read oddly and left out that West holds the queen South passed
    # r93 (word cap): when West plays after South is said once, in the seat line above the question of the ace
    # r112: the forced lone ace is said in the seat line just above, for every seat
    assert "**Why the ace too?** Passing 7♣ J♣ Q♠ keeps the A♠" in flat[named] and "A lone A♠" not in flat[named]
    assert "**Why passing left?**" not in flat[named]
    assert "passing right, keep it" in " ".join(_md("08a_keeping_track").split())
    assert sorted(c.pretty for c in ns["passing"].cards(0) if c.suit is Suit.CLUBS) == ["7♣", "J♣"]
    assert "probably" not in flat[named]
    # rater r60: why the A♠ goes with her: a lone A♠ must be played to a spade lead and wins it (the top spade), and
    # West holds the queen; the coach's figure for passing her without the ace (7♣ J♣ Q♠), printed after the question
    keep_ace = graded.of(ns["keep_ace"])
    assert keep_ace.label == "7♣ J♣ Q♠" and keep_ace.label in quiz.choices and keep_ace.verdict == "mistake"  # r72c
    assert "unlike J♣ Q♠ A♠ it keeps the A♠: the Q♠ can still be dropped on a trick you win" in str(keep_ace)
    ace_share = f"{keep_ace.stats['p_take_qs']:.0%}"
    assert ace_share == "52%" and keep_ace.stats["p_take_qs"] > graded.best.stats["p_take_qs"]
    assert f"{keep_ace}\n" in shown
    # rater r61: its cost and range print like the others', and the range gives its grade (a mistake)
    lo, hi = keep_ace.delta_ci95
    assert f"  7♣ J♣ Q♠: {keep_ace.delta_vs_best:.2f} ({lo:.2f} to {hi:.2f})\n" in shown and verdict_of(lo, hi) == "mistake"
    assert max(c.rank for c in DECK if c.suit is Suit.SPADES) == Card("AS").rank
    # rater r71: "West ... can drop her on it" held only when West plays after South: said for any order (the queen
    # is in the ace's trick if West plays her to it); "printed above" pointed into a folded printout
    # r81: joined to why passing left matters (West, who holds her, plays after South): one block
    assert ("Passing 7♣ J♣ Q♠ keeps "
            f"the A♠: she ends up in South's tricks in {ace_share} of deals.") in flat[named]
    # r78: passing her read as making South safe: both passed cut that share (29% against 52%, printed; "29%" stays
    # out of the prose), yet she can still be dropped on a trick South wins; and why the J♣ goes rather than the 7♣
    # (the coach's verdict on 7♣ Q♠ A♠: it keeps the J♣, a trick she can be dropped on)
    # r81 (word cap): the 7♣ Q♠ A♠ aside is cut; its printed verdict says it keeps the J♣
    # r102: "can still be dropped" did not show how (29% with both passed): a player out of the suit led
    assert "Passing both cuts that, but a player out of the suit led can drop her on a trick South wins." in flat[named]
    assert "its kept J♣ can win such a trick" not in flat[named]
    # r111 (rater: how to choose the third card): it matters less than the two spades, in the coach's grades (its
    # trace gives no rule beyond its contrast, so none is written): the other third card is only an inaccuracy,
    # costing less than any pass that keeps a spade
    # r116 (rater: why the J♣ rather than the 7♣): the coach's verdict names the kept J♣ ("it keeps the J♣: the
    # Q♠ can still be dropped on a trick you win", checked below); the J♣ outranks the 7♣
    assert ("The third card matters less (7♣ Q♠ A♠ keeps the J♣, likelier to win a trick: an inaccuracy)."
            in flat[named]) and Card("JC").rank > Card("7C").rank
    seven = ns["graded"].of(ns["with_seven"])
    assert seven.verdict == "inaccuracy" and all(
        seven.delta_vs_best < c.delta_vs_best for c in ns["choices"] if c.label != ns["graded"].best.label)
    # r111 (rater: the order was never said): the seats in play order, as the trick tables print them
    assert "Play goes S→W→N→E: passed left" in flat[named] and tuple(ns["passing"].seat_names) == (
        "South", "West", "North", "East")
    # r89: the lesson's best pass was never fully explained: why the J♣ goes rather than the 7♣, in the coach's
    # terms (its verdict on 7♣ Q♠ A♠ keeps the J♣, and she ends up in South's tricks more often, 32% against 29%)
    # r91: read as a result with no reason, and the coach's trace gives none beyond that contrast: cut (its verdict
    # on 7♣ Q♠ A♠ prints after the question)
    assert "The J♣ goes, not the 7♣" not in flat[named] and "a kept J♣ gives South the queen" not in flat[named]
    assert graded.of("7C QS AS").stats["p_take_qs"] > graded.best.stats["p_take_qs"]
    assert "it keeps the J♣" in str(graded.of("7C QS AS")) and "more often than with J♣ Q♠ A♠" in str(graded.of("7C QS AS"))
    assert graded.best.stats["p_take_qs"] < keep_ace.stats["p_take_qs"] and graded.best.stats["p_take_qs"] > 0.2
    # r78: the summary's "several low spades" case is said in the body too
    assert "3 or more | you may keep the Q♠; pass the A♠ | same" in flat[named]  # r81, r92, r116, r117; r119: why below
    assert cells[verdicts]["metadata"]["jupyter"]["outputs_hidden"]
    # fresh newcomer rater (r49): the nested quote of the coach's reason confused; said plainly, naming who gets her
    assert ns["passing"].pass_target(0) == 1 and ns["passing"].seat_names[1] == "West"
    assert graded.of(ns["lowest"]).label == "2♦ 2♥ 3♥" and "2♦ 2♥ 3♥" in quiz.choices
    closes_on(quiz, "J♣ Q♠ A♠")
    assert quiz.last_message.endswith("The trap this position tests: keeping the Q♠ and the A♠ with fewer than "
                                      "three low spades.")  # r84: the name by its count
    # newcomer rating (issue 27): deal 287 was lesson 01's, its best pass printed there and in 08a; deal
    # 743 is shown in no other lesson, and the pass the best is compared with is printed (r72c: after the question;
    # the club note says why it is an inaccuracy)
    import re

    for other in NB.glob("*.ipynb"):
        if other.stem != "08c_beginner_mistakes":
            assert not re.search(r"seed=743\b", other.read_text(encoding="utf-8")), other.name
    assert "Deal 743: South passes three cards left, to West." in flat[head]  # r116 (word cap)
    best = graded.of(graded.best.label)
    compared = str(best).split("less often than with ")[1].rstrip(".")
    assert compared == "7♣ Q♠ A♠" and f"(not offered): {graded.of(compared)}" in shown
    assert all(quiz.reason(c).count("keeps the Q♠") <= 1 for c in quiz.choices)
    # mistakes 1 and 3 ask with a question too: the coach's best card is right, its reasons the feedback
    for name, graded_name, right in (("grab_quiz", "graded_grab", "6♣"), ("waste_quiz", "graded_waste", "A♠")):
        asked, coach = ns[name], ns[graded_name]
        assert [c.pretty for c in asked.choices if asked.is_right(c)] == [coach.best.label] == [right]
        closes_on(asked, right)
        assert "The trap this position tests: " in asked.last_message  # its name, in the feedback


def test_08c_r51_a_whole_lesson_with_reasons_and_two_checks():
    """Fresh newcomer rater r51: 08c, split out of 08b, needed an opening that says what the learner will do, why the
    J♠ beats the 3♠ and why the 3♣ costs anything, the hearts-only reasons told apart from the whole cost, a second
    check question on another mistake (a lead since r71, deal 1012, graded by the coach) and a summary bullet per mistake."""
    ns = lesson("08c_beginner_mistakes")
    cells = notebook_cells("08c_beginner_mistakes")
    src = ["".join(c["source"]) for c in cells]
    flat = [" ".join(s.split()) for s in src]
    prose = " ".join(_md("08c_beginner_mistakes").split())
    # the opening: "cost beginners the most points" was never shown; what the learner will be able to do is said
    assert "the most points" not in prose
    # r93: the four traps are never called "Mistake 1…4" (a grade's name)
    assert not re.search(r"[Mm]istakes? (?:[1-4]|to [1-4])", " ".join(src)) and "Four beginner traps" in prose
    assert flat[1].startswith("Four common, costly traps, each on a fixed deal, graded by lesson 08's coach. "
                              "Then three quick checks")  # r100 (word cap); r119 (word cap): the promise cut
    assert "when a lower card can [duck](glossary.ipynb#cell-id=term-duck) a trick" in flat[-1]  # r71b; r72b: summary
    # r72b: the opening names the situations, not the mistakes (they were the questions' answers)
    # r84b (word cap): the situations are named once, by the four headings; the opening still names no mistake
    assert "Each starts as a question" not in flat[1] and "duck" not in flat[1] and "discard" not in flat[1]
    assert all(h in " ".join(flat) for h in ("### 1. A club trick", "### 2. Choosing a lead", "### 3. A discard",
                                             "### 4. A pass"))
    # r111 (word cap): said shorter, the count kept
    assert "Then three quick checks and a hand of your own." in flat[1] and "A♠" not in flat[1]
    assert "A quick check gives" not in flat[1]
    assert "ducked" not in flat[1] and "wasted" not in flat[1] and "hands you the queen" not in flat[1]
    # mistake 1 prints the tricks so far in its question's output, as mistakes 2 and 3 do in theirs
    asked = next(i for i, s in enumerate(src) if "grab_quiz = Quiz.pick_card(" in s)
    assert "print(trick_table(grab))" in src[asked] and text_output(cells[asked]).startswith(trick_table(ns["grab"]))
    assert "Decide each answer before you read on or unfold either." in flat[1]  # r73b: said once
    # r100: only the table's cell said a saved copy shows no buttons: said once, at the start
    # r120 (newcomer: the verdicts a reader sees are in the next cell's folded output): said so
    assert "A question cell folds its code (run it for buttons); the coach's verdicts follow, folded." in flat[1]
    assert "which holds the answer" not in flat[1]
    assert "Decide before you read on" not in prose and "The coach's verdicts follow the question." not in prose  # r119
    # mistake 2 asks first, like the others
    assert "The Q♠ is still out. Which card would you lead?" in prose
    # mistake 2's reasons: the J♠ keeps a lower spade (the coach's own words); the 3♣'s cost is hearts, not the queen
    graded = ns["graded_lead"]
    js, s3, c3 = graded.of("JS"), graded.of("3S"), graded.of("3C")
    assert "keeping a lower one" in str(js) and Card("3S") in ns["high_lead"].cards(0)
    queen = {c.label: f"{c.stats['p_take_qs']:.0%}" for c in (js, s3, c3)}
    assert queen == {"J♠": "17%", "3♠": "16%", "3♣": "17%"}
    shown = text_output(next(c for c in cells if "".join(c["source"]).startswith("print(graded_lead.summary())")))
    assert "How often the Q♠ ends up in your tricks: J♠ 17%, 3♠ 16%, 3♣ 17%" in shown
    # rater r60: split in two, the 3♠'s 0.3 more hearts against its +0.21 reconciled (it gives the queen less often),
    # and the unsupported "probably where its extra hearts come from" cut
    # rater r71: the 0.3-hearts-less-the-queen arithmetic was unstated: cut; the range gives the grade
    # r93: the kept J♠ was a point about a 0.21 difference, and the A♠ (the bigger danger, trap 3) went unsaid
    # r94: the paragraph never said why the J♠ beats the 3♠: the coach's reason ("keeping a lower one", 0.3 fewer
    # hearts), said plainly; the range's "goes past" is the grade list's "spanning"
    assert ("**Why the J♠?** It keeps the 3♠ to duck a later spade lead. The 3♠ costs a little more (0.15 to 0.27), but spans 0.25: "
            "too close to call, right too.") in prose  # r116 (word cap)
    assert "trap 3 shows a chance to throw it" not in prose and "spanning 0.25: *too close to call*" in prose
    assert "you take about 0.3 fewer hearts than with 3♠" in str(js)
    assert any(c.rank > Card("3S").rank for c in ns["high_lead"].view(0).still_out()[Suit.SPADES])  # one to duck under
    assert "the kept J♠ may win a later spade trick" not in prose
    assert Card("AS") in ns["high_lead"].cards(0) and ns["graded_waste"].best.label == "A♠"
    assert "16% against 17%" not in prose
    # rater r61: why the J♠ goes first: the J♠ kept (after a 3♠ lead) beats every spade still out below the queen, so
    # it can win a later spade trick; the coach's figures: more hearts after the 3♠ (0.3), its reason for the J♠
    spades_out = ns["high_lead"].view(0).still_out()[Suit.SPADES]
    assert all(c.rank < Card("JS").rank for c in spades_out if c not in (Card("QS"), Card("KS")))
    assert s3.stats["exp_hearts"] > js.stats["exp_hearts"] and "it costs less" not in prose
    assert "**Why does the 3♣ cost anything?**" not in prose  # r72c (word cap): its feedback and range say it
    assert "probably where its extra hearts" not in prose
    # rater r52: "flush her out" is in the coach's verdicts before cell 12 defines it: the question links the glossary
    asked_at = next(i for i, s in enumerate(src) if "lead_quiz = Quiz.pick_card(" in s)
    # r54: defined there, as lesson 04 does (spades below her, led until she must be played)
    # rater r55: above the question it handed over the answer (lead a spade below her); it follows the verdicts now
    assert "flush" not in flat[asked_at - 2] and "spades below her" not in flat[asked_at - 2]
    # rater r57: "can never take her" read as "South never takes her" (she does, 17%, later): exact now
    assert ("A spade below the queen, the J♠ or the 3♠, never wins a trick she is in; the J♠'s 17% comes from later "
            "tricks. Leading them until her holder must play "
            "her [*flushes her out*](glossary.ipynb#cell-id=term-flush).") in flat[asked_at + 2]  # r116
    assert f"{js.stats['p_take_qs']:.0%}" == "17%"  # r116: the figure the prose names  # r84: linked (word cap)
    # rater r71b: why the J♠ lead still gives South the queen (17%); r72: said from South's hand (the A♠ kept, and
    # the 3♠: two spade leads make the ace win one); a trace of the coach's play-outs found this in 4 deals of 5
    # r72c: that sentence was dense: step by step (the A♠ and the 3♠ kept; the second spade lead forces the ace)
    # r73b (one figure per position in prose, an aside): cut; the J♠'s 17% stays printed
    assert "The J♠ lead still gives South the queen" not in flat[asked_at + 2]
    assert [c.pretty for c in ns["high_lead"].cards(0) if c.suit is Suit.SPADES and c != Card("JS")] == ["3♠", "A♠"]
    assert "flush her out" in text_output(cells[asked_at + 1])
    assert "To **[flush](glossary.ipynb#cell-id=term-flush)** the queen is to lead spades below her" in (
        ROOT / "notebooks" / "04_queen_of_spades.ipynb").read_text(encoding="utf-8")
    assert [c.pretty for c in ns["high_lead"].cards(0) if c.suit is Suit.CLUBS] == ["3♣", "8♣", "K♣"]
    out = ns["high_lead"].view(0).still_out()[Suit.CLUBS]
    assert all(c.rank < Card("KC").rank for c in out) and any(c.rank < Card("8C").rank for c in out)
    for c in (s3, c3):  # hearts, plus 13 for each queen: the cost, to within the deals' noise
        hearts = c.stats["exp_hearts"] - js.stats["exp_hearts"]
        points = c.exp_points - js.exp_points
        assert abs(points - (hearts + 13 * (c.stats["p_take_qs"] - js.stats["p_take_qs"]))) < 0.02
        assert abs(c.delta_vs_best - points) < 0.1  # the printed cost (paired, on half the deals) agrees
    hearts_3s = s3.stats["exp_hearts"] - js.stats["exp_hearts"]
    assert f"{hearts_3s:.1f}" == "0.3" and f"{s3.delta_vs_best:.2f}" == "0.21"
    assert s3.stats["p_take_qs"] < js.stats["p_take_qs"]
    lo, hi = s3.delta_ci95
    assert (f"{lo:.2f}", f"{hi:.2f}") == ("0.15", "0.27") and lo <= 0.25 < hi and s3.verdict == "fine"
    # rater r52: "these three reasons" named (six were printed): the J♠'s, the 3♠'s and the 3♣'s speak of hearts
    assert all("hearts than with" in str(c) for c in (js, s3, c3))
    # rater r55: "costs only 0.21, because ... (16% against 17%)": the printed figures give about 0.17 (0.3 hearts less
    # 13 × 1%); the digression is gone, the grades follow from the printed ranges
    assert "costs only 0.21" not in prose and "count hearts only" not in prose
    # r119 (newcomer r118 item 2): the coach's "cannot tell it apart" read as "equal": the range above 0 said
    assert ("The 3♠ costs a little more (0.15 to 0.27), but spans 0.25: too close to call, right too.") in prose  # r111, r116 (word cap)
    # r92: the 3♣ (an inaccuracy) was never explained: as safe from the queen, more hearts (the coach's own words),
    # and its range against the bands
    from hearts_teach.agents.coach_stats import verdict_of

    c3_range = f"{c3.delta_ci95[0]:.2f} to {c3.delta_ci95[1]:.2f}"
    assert c3.verdict == "inaccuracy" and verdict_of(*c3.delta_ci95) == "inaccuracy" and c3_range == "0.34 to 0.83"
    assert "you take about 0.5 more hearts than with J♠" in str(c3)
    # r116 (word cap): the 17% is said once, in the spade sentence
    # r120 (newcomer: the bracket read as a range of hearts): labelled as the cost's range
    assert (f"The 3♣ gives her as rarely as the J♠ but about 0.5 more hearts (cost {c3_range}): an "
            "inaccuracy.") in prose  # r100 (word cap)
    assert f"{c3.stats['p_take_qs']:.0%}" == f"{js.stats['p_take_qs']:.0%}"  # as rarely as the J♠
    assert f"  3♣: {c3.delta_vs_best:.2f} ({c3_range})\n" in text_output(cells[asked_at + 1])
    # r92: "flush" and "guard" first meet a live reader in the quiz feedback (the coach's reasons): said there too
    assert ns["lead_quiz"].explanation.endswith(
        "To flush her out is to lead spades below her until her holder must play her")
    assert ns["waste_quiz"].explanation.endswith(
        "the low spade that guards your A♠: you can play it under a spade lead and keep the ace)")
    assert f"  3♠: {s3.delta_vs_best:.2f} ({lo:.2f} to {hi:.2f})\n" in text_output(cells[asked_at + 1])  # r72c
    assert ns["lead_quiz"].is_right("3♠") and ns["lead_quiz"].is_right("J♠")
    # the mistake-2 answer and the mistake-3 set-up are cells of their own (r78: the answer is one folded cell)
    head3 = next(i for i, s in enumerate(src) if s.startswith("### 3. A discard"))
    assert "Why the J♠" in flat[head3 - 1] and "**Why not the K♣ or the 8♣?**" in flat[head3 - 1]
    # the slash: one group of cards that do the same job (the coach's docstring: any card of the group does the same)
    assert [c.pretty for c in ns["graded_waste"].of("KH").cards] == ["K♥", "A♥"]
    # r72: said in general (5♥/6♥ and 8♥/9♥ print later): the coach's equivalence classes, one suit, every card
    # between them in the hand or out of play; r72b: "nothing between them but", so the cards between are not joined
    # r81: K♥/A♥ has nothing between them at all, so it did not show the rule: said as "no card still out between",
    # with the J♥ that stands apart (the Q♥ is still out); r84b: that half-answered the question: it moved to the answer
    # r100 (word cap): "the coach grades them together" said as "one grade"
    assert ("A slash (K♥/A♥) joins cards of one suit with no card still out between them, so either plays the same: "
            "one grade.") in prose
    head3 = next(i for i, c in enumerate(flat) if c.startswith("### 3. A discard"))
    # r85: "stands apart" right after "about equally bad" read as costing differently: they only print apart
    assert "J♥" not in flat[head3] and "The J♥ stands apart" not in flat[head3 + 4]
    # r89 (word cap; the reader: a side point that cost time): cut; the printed lines still show them apart
    assert "print apart only because" not in flat[head3 + 4]
    assert Card("QH") in ns["waste"].view(0).still_out()[Suit.HEARTS] and ns["graded_waste"].of("JH").label == "J♥"
    assert "nothing between them but cards in your hand" not in prose
    # r81: "mistake" is a grade and the name of the four habits: said shorter, still before mistake 1
    # r85: cut (word cap), as the reader suggested: the grade table and the four headings say it
    assert "Mistakes 1 to 4 name habits, not grades." not in prose
    # mistake 4 offers four fixed passes, and says so
    assert len(ns["pass_quiz"].choices) == 4  # r84b: the quiz shows its four passes; the sentence cut (word cap)
    # the second check: rater r71 found the duck (deal 941) repeated mistake 1 and asked for a lead or a pass: deal
    # 1012, trick 5, South leads with the K♠ J♠ 7♠ while the Q♠ and the A♠ are out (hearts not broken)
    lead, quiz, coach = ns["spade_lead"], ns["spade_lead_quiz"], ns["graded_spade_lead"]
    view = lead.view(0)
    assert lead.trick_number == 5 and lead.turn == 0 and not lead.current_trick.cards and not lead.hearts_broken
    assert {c.pretty for c in lead.cards(0) if c.suit is Suit.SPADES} == {"K♠", "J♠", "7♠"}
    assert {Card("QS"), Card("AS")} <= set(view.still_out()[Suit.SPADES])
    assert {c.pretty for c in lead.legal_plays(0)} == {"K♠", "J♠", "7♠", "4♣"}
    assert "Second (deal 1012): South leads trick 5; the Q♠ is still out." in prose
    assert sorted(c.label for c in coach if c.verdict in ("best", "fine")) == ["7♠", "J♠"]
    assert coach.of("KS").verdict == "blunder" and coach.of("4C").verdict == "inaccuracy"
    assert not quiz.is_right("K♠") and not quiz.is_right("4♣") and quiz.is_right("7♠")
    closes_on(quiz, "J♠")
    assert quiz.last_message.endswith("As in trap 2, a spade below the queen never wins a trick she is in; the "
                                      "K♠ can.")
    at = next(i for i, s in enumerate(src) if "spade_lead_quiz = Quiz.pick_card(" in s)
    assert cells[at]["metadata"]["jupyter"]["source_hidden"] and src[at + 1].startswith(
        "print(graded_spade_lead.summary())")
    shares = ", ".join(f"{c.label} {c.stats['p_take_qs']:.0%}" for c in coach)
    # r72c: two cards "best" was a form cell 3's table lacked: the costs print as in the other verdict cells
    costs = "".join(f"  {c.label}: {c.delta_vs_best:.2f} ({c.delta_ci95[0]:.2f} to {c.delta_ci95[1]:.2f})\n"
                    for c in coach.candidates[1:])
    assert text_output(cells[at + 1]) == (coach.summary() + "\nEach card's cost, in points per hand more than the best "
                                          f"(its likely range):\n{costs}How often the Q♠ ends up in your tricks: {shares}\n")
    seven = coach.of("7S")
    assert seven.verdict == "best" and (f"{seven.delta_ci95[0]:.2f}", f"{seven.delta_ci95[1]:.2f}") == ("0.11", "0.20")
    assert "The 7♠'s range" not in flat[at + 2]  # r78 (fewer numbers in prose): its grade is its quiz feedback
    assert shares == "J♠ 2%, 7♠ 3%, 4♣ 3%, K♠ 86%"
    assert not re.search(r"seed=1012\b", "".join(o.read_text(encoding="utf-8") for o in NB.glob("*.ipynb")
                                                 if o.stem != "08c_beginner_mistakes"))
    # the summary: a bullet per mistake, the moon exception (lesson 08b), and the bridge to Spades (bids of 0 to 13)
    last = flat[-1]
    assert sum(f"- **Trap {n}:**" in last for n in range(1, 5)) == 4
    assert ("- **Trap 1:** when a lower card can [duck](glossary.ipynb#cell-id=term-duck) a trick full "
            "of points, duck it; a try for the "
            "moon (lesson 08b) is one time not to.") in last
    # rater r52: mistake 2's club point; r72c (word cap): the summary keeps the four mistakes only
    assert ("- **Trap 2:** don't lead a spade above the queen (A♠, K♠) while she is out, nor a card that may "
            "win a trick a player out of its suit can drop her on (K♣, 8♣).") in last  # r89: the void lesson; r119
    # r72c: the opening's promise (spot each one in your own games): a hand of your own at the table, whose review
    # marks each costly decision; the learner names the mistake. A fresh seed, after the quick check, before the summary
    turn = next(i for i, s in enumerate(flat) if s.startswith("## Your turn"))
    # r78: the table's first pass is a graded question first (mistake 4 checked like the others), then the table
    # r81: a saved copy stored no verdict for that pass: a folded printout follows the question, then the table
    assert src[turn + 3].count("TableWidget(seed=8, opponents=\"rule\")") == 1 and turn + 4 == len(cells) - 1
    assert "my_pass_quiz = Quiz(" in src[turn + 1] and src[turn + 2].startswith("for c in offered:")
    assert cells[turn + 2]["metadata"]["jupyter"] == {"outputs_hidden": True, "source_hidden": True}
    mine = ns["graded_mine"]
    # r84: the best's verdict compared it with A♣ Q♠ A♠, never shown: printed as not offered, as mistake 4 does
    compared = str(mine.best).split("less often than with ")[1].rstrip(".")
    assert compared == mine.of(ns["with_ace"]).label == "A♣ Q♠ A♠" and compared not in ns["my_pass_quiz"].choices
    assert text_output(cells[turn + 2]).startswith("".join(f"{mine.of(p)}\n" for p in ns["spade_passes"])
                                                   + f"Both spades with the A♣ (not offered): {mine.of(compared)}\n"
                                                   + "coach's best: Q♦ Q♠ A♠\n")
    assert turn > next(i for i, s in enumerate(src) if s.startswith("print(graded_spade_lead.summary())"))
    assert ("the table's review marks your costly decisions (?! inaccuracy, ? mistake, ?? blunder) with the coach's "
            "choice.") in flat[turn]
    # r92: the lesson still ended on a question a saved copy cannot answer: cut (word cap)
    assert "Which of the four mistakes was each" not in flat[turn]
    # r91: the question could not be answered from a saved copy, which shows the table at its pass only (below)
    from hearts_teach.agents.review import MARKS

    assert (MARKS["inaccuracy"], MARKS["mistake"], MARKS["blunder"]) == ("?!", "?", "??")
    assert not re.search(r"TableWidget\(seed=8\b", "".join(o.read_text(encoding="utf-8") for o in NB.glob("*.ipynb")
                                                          if o.stem != "08c_beginner_mistakes"))
    shown_table = "".join("".join(o.get("data", {}).get("text/plain", "")) for o in cells[turn + 3]["outputs"])
    assert shown_table.startswith("Hand 1 of a match to 100 · pass left · you are South")  # a widget: its text
    assert "Next: Spades (lesson 09)" not in last  # r102 (word cap): the links below name lesson 09



def test_08c_r52_legal_choices_folded_figures_and_the_checks_wrapped_up():
    """Fresh newcomer rater r52: the card questions offered illegal cards (hearts not broken, a club to follow): they
    offer only the legal ones; the figures cells' code is folded with their printout; each quick-check question gets a
    line on its answer, from the coach's printed figures."""
    ns = lesson("08c_beginner_mistakes")
    cells = notebook_cells("08c_beginner_mistakes")
    src = ["".join(c["source"]) for c in cells]
    flat = [" ".join(s.split()) for s in src]
    for quiz, hand in (("grab_quiz", "grab"), ("lead_quiz", "high_lead"), ("spade_lead_quiz", "spade_lead"),
                       ("follow_quiz", "follow")):
        legal = set(ns[hand].legal_plays(0))
        assert set(ns[quiz].choices) == legal and len(legal) < len(ns[hand].cards(0)), quiz
        assert f"{quiz} = Quiz.pick_card(" in "".join(src) and "legal_only=True" in next(s for s in src if f"{quiz} = " in s)
    assert [c.pretty for c in ns["grab_quiz"].choices] == ["A♣", "Q♣", "6♣"]
    assert not any(c.suit is Suit.HEARTS for c in ns["lead_quiz"].choices) and not ns["high_lead"].hearts_broken
    for name in ("graded_lead", "graded_waste"):  # the figures: code and printout both folded
        at = next(i for i, s in enumerate(src) if s.startswith(f"print({name}.summary())"))
        assert "delta_ci95" in src[at] and cells[at]["metadata"]["jupyter"] == {"outputs_hidden": True,
                                                                                "source_hidden": True}
    # rater r55: the position cells of mistakes 2 and 3 fold their code like the other cells
    for name in ("high_lead", "waste"):
        at = next(i for i, s in enumerate(src) if s.startswith(f"{name} = bots_play("))
        assert cells[at]["metadata"]["jupyter"] == {"source_hidden": True} and cells[at]["outputs"]
    # check 1: the 2♠ is the costliest throw (87%), and it leaves the Q♠ as South's only spade
    check, coach = ns["check"], ns["graded_check"]
    worst = max(coach, key=lambda c: c.delta_vs_best)
    assert worst.label == "2♠" and f"{worst.stats['p_take_qs']:.0%}" == "87%"
    assert sorted(c.pretty for c in check.cards(0) if c.suit is Suit.SPADES) == ["2♠", "Q♠"]
    at = next(i for i, s in enumerate(src) if s.startswith("print(graded_check.summary())"))
    # rater r55: the 2♠ is also South's smallest card, mistake 3 itself: both mistakes named
    assert min(check.cards(0), key=lambda c: c.rank) == Card("2S")
    # rater r71: "as in mistake 4" was loose (mistake 4 keeps the A♠ too): said plainly
    # r72: "leaves the Q♠ no lower spade to play" read as if the queen played cards
    # r72c: "South's smallest card" taught "never throw low cards": the 2♠ is the queen's guard, as the 3♠ the ace's
    # r78: the answer under a folded verdict is folded too (scrolling showed it)
    # r81: the answers named only the worst card: the right one first (here the queen herself, a new idea)
    assert flat[at + 1].startswith("<details><summary>Answer</summary> "
                                   "Throw the Q♠, on a trick South cannot win. The worst, the 2♠ (87%), is "
                                   "her guard, as the 3♠ was the A♠'s in trap 3.")
    assert [c.label for c in coach if c.verdict in ("best", "fine")] == ["Q♠"] and "you never take the Q♠" in str(coach.of("QS"))
    # check 2 (rater r71: a lead now, deal 1012): the K♠ gives South the queen in 86% of deals, the J♠ in 2%
    coach = ns["graded_spade_lead"]
    assert (f"{coach.of('KS').stats['p_take_qs']:.0%}", f"{coach.of('JS').stats['p_take_qs']:.0%}") == ("86%", "2%")
    at = next(i for i, s in enumerate(src) if s.startswith("print(graded_spade_lead.summary())"))
    assert cells[at + 1]["cell_type"] == "markdown"
    # r73b: one figure in prose (the J♠'s 2% stays printed); the third check's set-up follows
    assert flat[at + 1].startswith("<details><summary>Answer</summary> Lead the J♠ or the 7♠. "
                                   "The K♠ gives South the queen in 86% of deals: "
                                   "trap 2 again. </details>")  # r78: folded; the 7♠'s range cut; r81: right card first
    assert sorted(c.label for c in coach if c.verdict in ("best", "fine")) == ["7♠", "J♠"]
    asked = next(i for i, s in enumerate(src) if "spade_lead_quiz = Quiz.pick_card(" in s)
    table = trick_table(ns["spade_lead"])
    assert "print(trick_table(spade_lead))" in src[asked] and text_output(cells[asked]).startswith(table)
    assert all(cells[i]["metadata"]["jupyter"] == {"outputs_hidden": True, "source_hidden": True}
               for i, s in enumerate(src) if s.startswith("print(graded_grab.summary())")
               or s.startswith("print(graded_check.summary())")
               or s.startswith("print(graded_spade_lead.summary())"))

def test_08c_r73b_a_duck_check_the_pass_at_your_table_and_plain_words():
    """Rater r73: the quick check re-tested mistakes 3 and 2 only: a third position, a duck (deal 941), re-tests
    mistake 1; the table's first decision (deal 8) is a pass with the A♠, the Q♠ and one low spade, mistake 4's
    case; "shedding" read as discarding; the verdict 'fine' is the table's "too close to call"."""
    ns = lesson("08c_beginner_mistakes")
    cells = notebook_cells("08c_beginner_mistakes")
    src = ["".join(c["source"]) for c in cells]
    flat = [" ".join(s.split()) for s in src]
    follow, quiz, coach = ns["follow"], ns["follow_quiz"], ns["graded_follow"]
    trick = follow.current_trick
    assert follow.trick_number == 3 and follow.turn == 0
    assert [(follow.seat_names[s], c.pretty) for s, c in zip(trick.seats, trick.cards, strict=True)] == [
        ("North", "8♣"), ("East", "Q♠")]
    assert {c.pretty for c in follow.legal_plays(0)} == {"Q♣", "7♣", "6♣"}  # "South must follow with a club"
    assert set(quiz.choices) == set(follow.legal_plays(0))
    assert sorted(c.label for c in coach if c.verdict in ("best", "fine")) == ["6♣/7♣"]
    assert coach.of("QC").verdict == "blunder" and not quiz.is_right("Q♣") and quiz.is_right("6♣") and quiz.is_right("7♣")
    closes_on(quiz, "6♣")
    assert quiz.last_message.endswith("As in trap 1, a lower club ducks under the 8♣ and leaves the queen's trick "
                                      "to someone else.")
    asked = next(i for i, s in enumerate(src) if "follow_quiz = Quiz.pick_card(" in s)
    assert cells[asked]["metadata"]["jupyter"] == {"source_hidden": True}
    assert text_output(cells[asked]).startswith(trick_table(follow))
    assert src[asked + 1].startswith("print(graded_follow.summary())\n")  # r84b: and the cost ranges
    assert cells[asked + 1]["metadata"]["jupyter"] == {"outputs_hidden": True, "source_hidden": True}
    assert text_output(cells[asked + 1]).startswith(coach.summary() + "\n")
    lo, hi = coach.of("QC").delta_ci95
    assert f"  Q♣: {coach.of('QC').delta_vs_best:.2f} ({lo:.2f} to {hi:.2f})\n" in text_output(cells[asked + 1])
    share = f"{coach.of('QC').stats['p_take_qs']:.0%}"
    # r81: the right cards first
    assert share == "91%" and flat[asked + 2] == ("<details><summary>Answer</summary> "
                                           "The 6♣ or the 7♣ ducks. "
                                           f"The Q♣ gives South the queen in {share} of deals: trap 1 again. </details>")
    assert ("Third (deal 941): North led the 8♣ to trick 3 and East threw the Q♠ on it; West plays last. South must "
            "follow with a club.") in flat[asked - 1]
    assert not re.search(r"seed=941\b", "".join(o.read_text(encoding="utf-8") for o in NB.glob("*.ipynb")
                                                if o.stem != "08c_beginner_mistakes"))
    # the table: the first hand of a match, a pass left with ♠ A Q 8; the coach passes the Q♠ and the A♠ together
    from hearts_teach.agents.coach import assess_pass
    from hearts_teach.present.widgets import TableWidget

    turn = next(i for i, s in enumerate(flat) if s.startswith("## Your turn"))
    assert ("Play the first hand of a match. Your first decision is a pass left with A♠ Q♠ "
            "8♠: which of trap 4's rules applies?") in flat[turn]
    hand = TableWidget(seed=8, opponents="rule").hand
    assert hand.pass_direction == "left"
    assert [c.pretty for c in hand.cards(0) if c.suit is Suit.SPADES] == ["8♠", "Q♠", "A♠"]
    assert {Card("QS"), Card("AS")} <= set(assess_pass(hand.view(0)).best.cards)
    # r78: mistake 4 checked like the others: the table's first pass is asked first; the coach's best is the one
    # right choice, each offered pass carries the coach's verdict, and the feedback states mistake 4's rule
    quiz, mine = ns["my_pass_quiz"], ns["graded_mine"]
    assert ns["mine"].cards(0).pretty == hand.cards(0).pretty
    right = [c for c in quiz.choices if quiz.is_right(c)]
    assert right == [mine.best.label] == ["Q♦ Q♠ A♠"] and assess_pass(hand.view(0)).best.label == "Q♦ Q♠ A♠"
    assert all(mine.of(c).verdict in ("inaccuracy", "mistake", "blunder") for c in quiz.choices if c not in right)
    assert all(quiz.reason(c) == str(mine.of(c)) for c in quiz.choices)
    assert "keeps the Q♠ with one lower spade" in quiz.reason("A♣ Q♦ A♥") and "it keeps the A♠" in quiz.reason("A♣ Q♦ Q♠")
    assert [c.pretty for c in hand.cards(0) if c.suit is Suit.SPADES and c.rank < Card("QS").rank] == ["8♠"]
    closes_on(quiz, "Q♦ Q♠ A♠")
    # r84: the rule by the count the name uses (one low spade is fewer than three)
    assert quiz.last_message.endswith("Trap 4's rule: with fewer than three low spades (here one, the 8♠), pass the "
                                      "Q♠, and the A♠ with her when passing left; with three or more to duck with, you "
                                      "may keep her (lesson 04).")
    assert "8♠" not in quiz.question and "low spade" not in quiz.question
    shown = "".join("".join(o.get("data", {}).get("text/plain", "")) for o in cells[turn + 3]["outputs"])  # r81
    assert "South (you): ♠ A Q 8 " in shown
    # plain words: following suit is not "shedding"; the Q♣'s cost said against the A♣
    assert "Shedding" not in " ".join(flat)  # r119; r120: the temptation sentence cut (word cap)
    # r89: the reason comes first now, for the 6♣ and the Q♣ alike
    assert "After the 6♣ or the Q♣, South keeps the A♣, the top club" in " ".join(flat)  # r100: both that keep it
    # every question's check says what 'fine' is
    checks = [s for s in src if "= assess_play(" in s and 'verdict in ("best", "fine")' in s]
    # r94: "'best' and 'fine'" named a grade no printed verdict uses: the printed name first, the code's after
    assert len(checks) == 6 and all("best and too close to call (the code's 'fine') are right" in s for s in checks)
    assert not any("'best' and 'fine'" in s for s in src)


GLOSSARY_LINK = re.compile(r"\[([^\]]+)\]\(glossary\.ipynb#cell-id=term-[a-z0-9-]+\)")


def passes_shown(ns: dict) -> list:
    """Lesson 08c's mistake 4: the four passes its question offers and the one printed after it."""
    return ns["passes"] + [ns["with_seven"]]


def _md(stem: str) -> str:
    """A lesson's Markdown as the reader reads it: a link into a glossary entry shows as its words
    (tests/test_lesson_links.py checks each such link opens an entry that names the word)."""
    md = " ".join(" ".join("".join(c["source"]) for c in notebook_cells(stem) if c["cell_type"] == "markdown").split())
    return GLOSSARY_LINK.sub(r"\1", md)


def test_round_13_absolute_sentences_made_exact():
    """Newcomer round 13 found sentences true only most of the time: every hand passes (a hold hand
    does not), a heart may never be discarded on the first trick (unless the hand holds nothing else),
    the coach "does not guess", the bots "defend" a moon they let through, the void "pays off" (never
    measured alone), and one deal read as a verdict on the nil plans."""
    rules = Rules()
    directions = [rules.pass_direction(n) for n in range(4)]
    assert directions.count("hold") == 1  # three hands out of four pass
    # r32 rater: "to a neighbour" was false for the across pass (to the seat opposite)
    assert "each player usually passes three cards to another player (lesson 01)" in _md("00_welcome")
    assert "neighbour" not in _md("00_welcome") and rules.pass_direction(2) == "across"
    assert Hand.deal(seed=1, pass_direction="across").pass_target(0) == 2  # South to North: not beside South
    # r120 (newcomer r120/00: how many cards and tricks was never said): thirteen each, thirteen tricks (docs/rules.md H1)
    assert "the cards are dealt, thirteen each, usually passed, and played in thirteen tricks" in " ".join(_md("00_welcome").split())
    one = _md("01_deal_and_pass")
    # r114: "may improve" read as if passing were optional (docs/rules.md: everyone chooses three cards to give away)
    assert "Then, in three hands out of four, before play, each player must give three cards away." in one
    assert "each player may improve" not in one
    assert "Every hand starts the same way" not in one
    assert rules.no_points_on_first_trick
    # r90: the r89 reader asked for rule 5's "Two catches" to be cut to pay for words: lesson 01 no longer says the
    # first-trick rule (so says nothing absolute about it); lesson 02 names the exception (test_02_void_prose_...)
    assert "first trick a discard may not be" not in one and "a player with no cards of the suit led may discard." in one
    seven = _md("07_play_a_match")
    # r85: lesson 07 introduces the coach in one clause ("the program behind *Hint*")
    # r90: the cell cut to two sentences (the deals in a clause)
    assert "The coach, the program behind *Hint*, cannot see the other hands: it deals them many times" in seven and "does not guess" not in seven
    eight_b = _md("08b_your_own_moon") + " " + _md("08c_beginner_mistakes")
    # newcomer rater (issue 27, round 27): the rule bots' moon detector, spelled out in a parenthesis, was bot
    # mechanics: cut; the prose names the other seats only ("the other seats are rule bots")
    assert "they try, by simple rules, to take a trick with points from that player" not in eight_b
    assert "at least 8, some of them hearts" not in eight_b
    assert "the **shooter** bot again; the other seats are rule bots):" in " ".join(eight_b.split())  # r90
    from hearts_teach.games.hearts.view import shooting
    from hearts_teach.kernel.cards import CardList

    assert not shooting(CardList("QS").mask) and not shooting(CardList("2H 3H 4H 5H 6H 7H 8H").mask)
    assert shooting(CardList("2H 3H 4H 5H 6H 7H 8H 9H").mask) and shooting(CardList("QS 2H").mask)
    # a fresh rater: "your cards can win the tricks that are left" overstated a moon that came off in 35%;
    # the summary gives the signs the lesson lists (the highest heart out, sure winners) and calls it a gamble
    assert "can win the tricks that are left" not in eight_b
    # fresh newcomer rater (r51): the one long bullet became four (the signs, the order, giving up, people)
    # r58: "many points" was only the queen on deal 683; the count is the fourth sign
    # r65: the count's scale is measured against the bots (test_08b_r65_the_count_has_a_scale_against_the_bots)
    # r66: "go only when ... the count is low" contradicted deal 683's go at a count of six: a warning sign,
    # weighed against the break-even (deal 683: 35% of re-deals against its 26%, both printed in cell 7)
    assert ("**The signs:** the queen or many hearts taken and nobody else with a point, a top heart, and a way to "
            "win the lead back.") in " ".join(eight_b.split())  # r112: words
    # r94: "a count of 0" was a sign here only (cell 4 lists three); the count's rule is "At the table", just above
    assert "a count of 0 (deal 408)" not in eight_b
    assert "you hold the top heart" not in eight_b  # r91: "the top heart" read as one card, "a top heart" as defined
    # r84: "any higher is a warning" beside "a higher count can pay" (deal 683) left count 6 unplaced: one rule, in
    # "At the table" (careful people: 0; these bots: higher can pay with sure winners)
    assert "any higher is a warning" not in eight_b
    # r77 (08b): "a low count" in the summary's signs blurred the rule "go only at count 0" (careful people)
    tried1195 = lesson("08b_your_own_moon")["tried"]  # r64: deal 1195's answer said plainly, with its printed averages
    assert (f"{tried1195['go for the moon']['score']:.1f}", f"{tried1195['duck from now on']['score']:.1f}") == ("16.0", "14.7")
    # r97: "Give up at once" read stronger than deal 683's 14.2 against 14.3: once the moon is gone, most early
    assert ("**Give up once the moon is gone:** the first point anyone else takes ends it: duck from then "
            "on.") in " ".join(eight_b.split()) and "Give up at once" not in eight_b
    # a fresh rater (final round): the summary keeps cell 6's caveat, the odds come from rule bots' defence
    # fresh newcomer rater (r51): "good defenders should stop it more often" was unsupported; a rule of thumb instead
    # r54: a verdict on deal 683 against people, with a count: the hearts still out over South's second-highest
    # heart (the J♥: the K♥ and Q♥, in defenders' hands; either kept back broke the moon, the round-14 test)
    # r55: the second-highest heart understated it: a kept 9♥ or 8♥ beats the 7♥ led later. South leads every
    # heart it holds, so the count is the hearts out over its lowest; 0 means no heart beats any of South's leads
    # r58: no usable rule was left for a table of people; a rule of thumb, labelled as one (the bots' figures cannot
    # test it): go at a count of 0 (no heart still out beats any of South's), each heart in it one more way to lose
    # r60: that rule of thumb contradicted the quiz's "go" and nothing here could test it: cut. The bullet says the
    # lesson cannot measure the odds against people, and what a careful defender can do (played out below)
    # r65: "may keep back any heart in the count" overstated it: only by playing a lower heart instead
    # r68 (word cap): the 2♥/9♥ example is said once, in the risk (cell l08b-05, pinned above; played out below)
    # r70: the bullet says how to adjust against people (pinned with the count's scale)
    assert "a defender who keeps back one heart can spoil your moon" not in " ".join(eight_b.split())
    # r69: the 2♥/9♥ example named North's hidden hearts before the question: cut; a kept-back heart is played out
    # instead on the real deal (North's K♥ kept for the J♥, cell l08b-09a, checked elsewhere: South 19, not 0)
    assert "North could have played the 2♥" not in " ".join(eight_b.split())
    # r75: a rule for people is back, stated as an assumption ("assume a defender keeps a high heart back"), with its
    # cost on deal 683 played out right above it (19 and 23 against ducking's 15: pinned with that sentence)
    assert "Rule of thumb" not in eight_b
    # r94: the two rules as a list in the count's cell ("Against careful people, assume a high heart is kept back")
    assert "assume a high heart is kept back: go only when your count is 0" in " ".join(eight_b.split())
    # r56: "that count is low" had no threshold; the rule bots' figures cannot set one, so the lesson says so
    assert "that count is low" not in eight_b
    assert "second-highest" not in eight_b
    go683 = lesson("08b_your_own_moon")["go"]
    own = sorted((c for c in go683.cards(0) if c.suit is Suit.HEARTS), key=lambda c: -c.rank)
    out = go683.view(0).still_out()[Suit.HEARTS]
    over_lowest = [c for c in out if c.rank > own[-1].rank]
    assert own[-1] == Card("3H") and len(over_lowest) == 8
    assert [c.pretty for c in out if c not in over_lowest] == ["2♥"]
    assert all(any(c.rank > mine.rank for c in out) for mine in own[1:])  # each lead after the A♥ can be beaten
    assert not any(c.rank > own[0].rank for c in out)  # only the top one cannot
    bots = [Shooter()] + table_bots("rule")[1:]
    kept = go683.copy()  # North plays the 2♥ under the J♥ on trick 9 and keeps the 9♥
    bots_play(kept, bots, stop=lambda h: h.trick_number == 9 and h.turn == 2)
    assert str(kept.current_trick.cards[0]) == "JH" and {str(c) for c in kept.legal_plays(2)} == {"2H", "9H"}
    kept.play("2H")
    bots_play(kept, bots)
    twelfth = kept.tricks[11]
    assert twelfth.card_of(0) == Card("7H") and twelfth.card_of(2) == Card("9H") and twelfth.winner == 2
    assert kept.moon is None and kept.points_taken[2] > 0
    assert "should stop it more often" not in eight_b
    # fresh newcomer rater (r48): the break-even in the summary too (lesson 08b's printed 26%, about 1 in 4)
    # a fresh rater: a card "still out" is not in your hand (glossary): the highest heart not yet played
    # r82: "highest heart not yet played" and "top heart" were two names for one idea: "top heart" throughout
    assert "- you hold a top heart;" in eight_b  # r98: "and more hearts" (more than whom?) cut
    assert "a top heart" in eight_b and "a **top heart** when no heart still out beats it" in eight_b  # r91
    assert "highest heart not yet played" not in eight_b
    assert "highest heart still out" not in eight_b and "you can win the lead back, with more top hearts or with sure winners in other suits" in " ".join(eight_b.split())
    assert "defend against a moon" not in eight_b
    go = next("".join(c["source"]) for c in notebook_cells("08b_your_own_moon") if "go_quiz = Quiz(" in "".join(c["source"]))
    assert "plan_outcomes(go, moon_plans)" in go and " can win " not in go
    ten = _md("10_write_a_bot")
    # round 28: the void pass is not said to be what dumping needs (it measured slightly worse alone); its use is
    # said as a hope, and measured again with step 3's discards (lesson 10's test checks the figures)
    assert "This is what the void from step 1 was for" not in ten
    # r40_d: the rest of the sentence repeated step 1's "you may discard when it is led"; cut for words
    # r65: trimmed for words
    # r69: "should help here" was never shown (the void pass stays unclear): asked as a question the line answers
    # r72c: the question became the pass's trial, run after step 3 (the same bot with first_pass, 40 and 200 deals)
    # r94 (r93, r94): the void pass is step 3 now, measured last against the dumping bot (first_pass) in its own cell
    # r119 (words, for the r118 newcomer's additions): "It suits step 2's dumping." cut
    assert "the void pass's trial" not in ten and ("It suits step 2's dumping."  # r116: words
                                                   ) not in " ".join(ten.split())
    assert "pays off" not in ten
    # r76 (words): the caveat said in three words, where the comparison is read
    assert "Here, break-nil first kept East's nil but set South–North." in _md("09b_nil_and_blind_nil")  # r108: words
    # fresh newcomer rater (r35): East has shown a spade void, so only the other of West and North may throw her
    assert "(the queen too, if one of them holds her)" not in _md("08a_keeping_track")
    # fresh newcomer rater (r44_a): the one club still out leaves that other player none: "must" discard
    # rater r54: "the other of West and North" was awkward: named by the card it lacks
    # r56 rater: reread twice; short sentences now: the 8♣ holder wins, the other two must discard
    # r71b rater: "onto that trick, not yours" was the same trick: she goes to the 8♣'s holder, not to you
    # r73: the sentence now opens the 5♣ bullet, so "Whoever" is capitalised
    # r81: "the last club out" cut for words: the sentence above the bullets says the 8♣ is the one club still out
    assert ("Whoever holds the 8♣ must play it and wins. The other two have no clubs and must "
            "discard: if one throws the queen, she goes to the 8♣'s holder, not to you.") in " ".join(_md("08a_keeping_track").split())
    assert "and so is the one club still out, the 8♣." in " ".join(_md("08a_keeping_track").split())


def test_later_tricks_refuse_a_pass_hand_with_a_project_error():
    """A pass hand cannot be dealt back as it was held: a named ArgumentError, nothing else."""
    from hearts_teach import Hand
    from hearts_teach.agents.hearts import RuleBot
    from hearts_teach.course.later_tricks import later_points, plan_outcomes
    from hearts_teach.kernel.errors import ArgumentError

    hand = Hand.deal(seed=4, hand_number=0)  # hand 0 passes left
    assert hand.pass_direction == "left"
    while hand.to_pass:
        RuleBot().act(hand)
    for call in (lambda: later_points(hand, ["2C"], 8), lambda: plan_outcomes(hand, {"rule": RuleBot()}, 8)):
        try:
            call()
        except ArgumentError as e:
            assert "hold hands only" in str(e) and "passes left" in str(e)
        else:
            raise AssertionError("a pass hand was accepted")


def test_00_first_three_tricks_are_short_steps():
    """Newcomer rater (issue 27): the cell before the first three tricks was one dense paragraph. It is
    now the arranged deal in two sentences, the rules as bullets and the way to play as numbered steps."""
    cells = notebook_cells("00_welcome")
    ids = [c.get("id") for c in cells]
    cell = cells[ids.index("l00-25a")]
    lines = "".join(cell["source"]).splitlines()
    bullets = [line for line in lines if line.startswith("- ")]
    # rater r74: the steps are their own cell, directly above the table they explain
    to_play = cells[ids.index("l00-25s")]
    assert ids.index("l00-25s") == ids.index("l00-25a") + 1 == ids.index("l00-25b") - 1
    # r81: the three numbered steps mixed the clicker's and the reader's ways; they are two labelled bullets
    paths = [line for line in "".join(to_play["source"]).splitlines() if line.startswith("- **")]
    # a later rater: the first-trick rule is a clause, not a bullet; a fresh rater (round 28): the heart rules are
    # said where they come up (trick 3's prompt and the first heart's feedback), so two bullets remain;
    # rater r35: the outputs also use "the winner leads next" (trick 2's prompt), never said before: a third bullet
    # r112: a newcomer first met the lead rule as "Your K♥ broke hearts" in a folded answer: a fourth bullet (H8)
    assert len(bullets) == 4 and [p.split(":**")[0] for p in paths] == ["- **With buttons", "- **Reading only"]
    # rater r36_b: the two rules the outputs bring in are named (still not bullets); r38_a: in a line of their own
    # after the bullets, not a parenthesis before them
    assert "Four rules to start:" in lines and "Three rules to start:" not in lines  # r112
    # r111: the pointer line after the bullets states the first-trick limit (docs/rules.md H6) instead of pointing
    # r117 (r116 read: "Four rules" then a fifth): the limit is said as one limit, not a rule
    after = lines.index("And one limit, on discards: on the first trick, no heart or Q♠ unless you hold nothing else "
                        "(lesson 03).")
    assert after > max(lines.index(b) for b in bullets)
    assert "Lesson 03 adds two limits on penalty cards; the play below points them out." not in lines
    assert "- Whoever holds the 2♣ leads it to the first trick." in lines  # docs/rules.md H4
    # rater r76: the rules are named where they are first said (following suit here, broken hearts below)
    # r103: trick 3's quiz wanted the discard's use before anything taught it; the rule's line says it
    # r104: "a dangerous high card" did not say the danger; the line names it (a later trick full of points)
    assert ("- Play a card of the suit led if you have one (*following suit*); if not, play any card (a *discard*, "
            "which cannot win: a chance to shed a high card that could later win a trick full of points).") in lines  # H5
    assert "- The winner of a trick leads the next." in lines  # docs/rules.md H7
    # newcomer rater: step 3 points to the printed trick-3 position, then to the folded walk
    # a fresh rater: a newcomer just told to avoid tricks wonders why North leads K♦, then K♣; tricks 1 and 2 (the
    # ones printed before South's choice) are North's and hold no point, and step 3 says so
    # round 28: the next cell's output is shown (its code folded), so the reader chooses before reading it
    # round 29: the next cell plays trick 3 only, on the position cell's copy (nothing printed twice)
    # r32 rater: the cell before it shows South's cards (a line of text when stored), not a table
    # rater r74: the throw is a question now, and the cell that plays the answer is folded under it
    # rater r77: the print and the question after it are the reader's path (a clicker skips them)
    # r81: each path says where it ends (a clicker skips the reader's print and question)
    flat = " ".join("".join(to_play["source"]).split())
    # r100: how a greyed card says why (its tooltip: HandWidget disables it, the reason in the tooltip); the reading
    # path's step moved below the buttons (l00-25r), so a clicker is not handed tricks 1 and 2 before playing them
    assert ("- **With buttons:** click a card (hover over a greyed one to see why not), or type `first.play(\"…\")` "
            "with a card between the quotes. Your feedback names each trick's taker and trick 3's best throw, answering the two questions below; skip to "  # r120
            "*The three tricks in short*.") in flat
    # r117 (r116 read: a clicker, told to skip the print, never saw "the questions under the print"): the bullet says
    # what the feedback gives (describe_trick names each taker; _throw_feedback the better throw)
    assert "the questions under the print" not in flat
    # r116 (r115 read: "skip to" seemed to skip the two trick-3 questions): the widget's trick-3 feedback already
    # says who takes the trick and which throw was best (checked below), so the bullet says it answers them
    assert "then skip to" not in flat
    # r111: a clicker could not tell the widget's feedback stood in for the skipped folded answer; it says so
    assert "After trick 3's feedback, skip to" not in flat
    # r102: a reader could not tell a clicker gets trick 3's why (the widget's feedback), or whether a reader acts on
    # the buttons; the bullets say both
    assert "- **Reading only:** skip the buttons below." in flat and "see below your cards" not in flat
    assert "3. Only reading?" not in flat
    from hearts_teach.course.first_hand import FirstHand
    fed = FirstHand()
    fed.play("2C"), fed.play("5D")
    said = fed.play("2H")
    assert "→ North takes it" in said and "The K♥ was the better throw" in said
    walk = FirstHand()
    walk.play("2C"), walk.play("5D")
    assert [(t.winner, t.points) for t in walk.hand.tricks] == [(2, 0), (2, 0)] and walk.hand.seat_names[2] == "North"
    items = re.split(r"\n\n|\n(?=- |\d\. )", "".join(cell["source"]))  # paragraphs, bullets and steps
    # r112: eight items, the fourth bullet (the lead rule) added
    assert len(items) == 8 and all(len(item.split()) <= 40 for item in items)  # r38_a: the two rules' own line
    # rater r74: who plays the other seats is said before the tricks
    assert "The other three seats play pre-written cards, the same whatever you play" in " ".join("".join(cell["source"]).split())


def test_01_why_the_coach_passes_the_three_clubs_on_deal_5():
    """Newcomer rater r35: the deal-5 demonstration follows three rules of thumb (an ace passed, two suits
    emptied), yet the coach calls it a blunder, and "Why the clubs?" never said what goes wrong. Played out by
    rule bots on 1,000 of the coach's deals for each pass: under the demonstration pass the queen ends in South's
    tricks on 590; South's kept A♣ Q♣ 10♣ win her trick on 156 of them (none once the coach passes them), and
    the Q♠ herself wins it on 254 (South was dealt no Q♠: she arrived in the pass). The lesson says it in one
    clause; the play-outs stay here, as its evidence."""
    from hearts_teach.course.later_tricks import pass_queen_cards

    dealt = Hand.deal(seed=5)
    assert Card("QS") not in dealt.cards(0)  # so a Q♠ South wins with came in the pass
    back = pass_queen_cards(dealt, ["AD 10H 8S", "10C QC AC"])
    shown, coach = back["AD 10H 8S"], back["10C QC AC"]
    clubs = sum(shown["won_with"][c] for c in ("A♣", "Q♣", "10♣"))
    assert (shown["queen"], clubs, shown["won_with"]["Q♠"]) == (590, 156, 254)
    assert coach["queen"] == 327 and not any(coach["won_with"][c] for c in ("A♣", "Q♣", "10♣"))
    assert clubs > shown["queen"] - coach["queen"] - clubs  # the kept clubs: most of the gap between the passes
    flat = " ".join(_md("01_deal_and_pass").split())
    # r42_a: the demonstration is cut to one sentence; the clause stays in it
    # r84b: the clause is now the reason rule 3's count outranks rule 5 (r100: not rule 4; the clubs the short-suit pass keeps)
    assert ("keeps A♣ Q♣ 10♣, with two low clubs (8♣ 4♣). They can win club tricks someone "
            "throws the queen on") in flat  # r117: "that" cut for words
    assert "590" not in flat and "156" not in flat and "254" not in flat


def test_01_why_the_coach_passes_the_jack_of_clubs():
    """Newcomer rater (issue 27): lessons 01, 07 and 08 said the coach prefers passing a club without a
    reason. On deal 287 the engine shows one: played out on 1,000 of the coach's deals, South's kept J♣
    wins the trick the Q♠ is in far more often than the coach's kept A♦ (which has three lower diamonds
    beside it), and South's one lower club, the 5♣, mostly goes on the first trick.

    Newcomer rater r33: the paragraph and its folded play-outs (187, 652, 108 and a gap that "need not add
    up") were the hardest part of lesson 1 and leaned on discards and following suit, taught in lesson 02.
    The lesson says it in one sentence; the play-outs stay here, as its evidence."""
    from hearts_teach.course.later_tricks import pass_queen_cards

    ns = lesson("01_deal_and_pass")
    dealt = Hand.deal(seed=287).cards(0)
    assert [c for c in dealt if c.suit == Suit.CLUBS and c.rank < Card("JC").rank] == [Card("5C")]
    assert {Card("QD"), Card("8D"), Card("5D")} <= set(dealt) and Card("AD") in dealt
    assert ns["graded"].best.label == "J♣ Q♠ A♠" and ns["graded"].of("QS AS AD").call == "too close to call"
    back = pass_queen_cards(Hand.deal(seed=287), ["AD QS AS", "JC QS AS"])
    jack, ace = back["AD QS AS"], back["JC QS AS"]
    won_j, first_5, won_a = jack["won_with"]["J♣"], jack["first"]["5♣"], ace["won_with"]["A♦"]
    assert (won_j, first_5, won_a) == (187, 652, 9)
    assert sum(jack["first"].values()) == sum(ace["first"].values()) == 1000
    assert jack["won_with"]["J♣"] > 10 * ace["won_with"]["A♦"] and 2 * first_5 > 1000
    # r65 rater: "why doesn't South drop the J♣ on trick 1?": it could, but the rule bot playing South mostly plays
    # the 5♣ there (652 of 1,000 play-outs with the J♣ kept)
    # r66 rater: no output showed it (the lesson keeps no play-outs, r33): the sentence is dropped
    assert "mostly plays the 5♣" not in " ".join(_md("01_deal_and_pass").split())
    # r65 rater: why a passed queen still reaches South on over half the deals: the card that wins her trick is
    # often one South received (South passes both its spades, so a spade it wins with came back), most often the K♠
    kept = {c.pretty for c in Hand.deal(seed=287).cards(0)}
    for outcome in (jack, back["JC QS AS"]):
        received = sum(n for card, n in outcome["won_with"].items() if card not in kept)
        assert 2 * received > outcome["queen"] == sum(outcome["won_with"].values())
        assert outcome["won_with"].most_common(1)[0][0] == "K♠" and "K♠" not in kept
    # r66 rater: no output showed it (the coach's imagined deals, not the real one): the lesson says only that an ace
    # or king (printed: the high cards East passes back) can win her trick
    assert "most often the K♠" not in " ".join(_md("01_deal_and_pass").split())
    # r73pre rater: that was a guess too: cut; the lesson traces its own hand instead (test_lessons_00_05)
    assert "an ace or king can win the trick she falls on." not in " ".join(_md("01_deal_and_pass").split())
    prose = _md("01_deal_and_pass")
    flat = " ".join(prose.split())
    # "once the 5♣ is played, a kept J♣ stands alone in clubs and can win a later club trick that someone throws
    # the queen on": the kept J♣ wins the queen's trick on 187 of 1,000 play-outs
    # r38_h: the jack looked harmless; say it is a doubleton (J♣ 5♣), so once the 5♣ is played it stands alone
    # r75pre rater: "South's only clubs are J♣ 5♣" beside a replay where South plays a received A♣: the clubs
    # after the exchange, and the heading says it is one deal
    # r81: South now passes the J♣ itself (the count's pass, the coach's top), so the kept-J♣ replay is gone; these
    # play-outs stay as the evidence for the top pass
    assert "**How a kept J♣ can catch the queen" not in flat and "the J♣ stood alone" not in flat
    assert "More often than not, the card that wins her trick" not in flat  # r82: nothing shown behind it: cut
    assert won_j > 0 and len([c for c in dealt if c.suit == Suit.CLUBS]) == 2
    cells = notebook_cells("01_deal_and_pass")
    ids = [c.get("id") for c in cells]
    assert "l01-18b" not in ids and "pass_queen_cards" not in "".join("".join(c["source"]) for c in cells)
    for gone in ("187", "652", "108", "need not add up", "Yet the gap between the two passes"):
        assert gone not in flat, gone
    # a later rater: a folded "more detail" block gave a second set of queen counts (629/559, rule-bot
    # play-outs) beside the coach's table (619/562) for the same question; it is gone, the table's stay
    best, ours = ns["graded"].best, ns["graded"].of("QS AS AD")
    assert round(1000 * ours.stats["p_take_qs"]) - round(1000 * best.stats["p_take_qs"]) == 57  # the coach's own
    # (r121: deal 5's *Why* is folded in a <details> of its own, with the coach's figures: the cut block is named)
    assert "More detail" not in prose and "629" not in prose and "559" not in prose
    # a fresh rater (round 28): cell 10 told the J♣-against-A♦ story early; it is told once, after the coach's table
    assert Card("2C") not in dealt  # South follows the 2♣ lead, unless the pass brings it
    # a later rater: cell 10's reason for passing the A♦ was about any diamond trick; round 28: cell 10 gives the
    # rules of thumb only (a high card, one of the safer)
    assert "(below)" not in flat and f"{won_a} deals" not in flat
    assert "it wins any diamond trick" not in prose
    # r111: "You pass without seeing what you will receive" cut for words; the exchange cell still says it
    assert "the card most likely to win" not in prose and "That is passing unseen:" in prose  # r112: defined in a clause
    assert "then South keeps no spades, unless East" in prose and not [c for c in ns["hand"].cards(0) if c.suit == Suit.SPADES]
    # a later rater: "aces especially", yet the coach keeps the A♦ (three lower diamonds beside it) and passes the
    # J♣ (one lower club): the rules of thumb say a high card with low cards of its suit beside it is safer
    # r84: the rules of thumb are numbered, most important first; this is rule 3
    assert ("3. **A high card with several low cards of its suit beside it** is safer than one standing alone: "
            "when that suit is led, you can play a low one instead.") in prose
    assert Card("AD") not in set(ns["graded"].best.cards) and Card("JC") in set(ns["graded"].best.cards)
    # ... and the picker's other seats are rule bots, while the walk-through passes their three highest cards
    from hearts_teach.agents.hearts.simple import RuleBot
    from hearts_teach.course.lessons import table_bots
    assert all(isinstance(bot, RuleBot) for bot in table_bots("rule"))
    # round 29: no brackets inside brackets
    # r54 rater (wordy): said in shorter sentences
    assert ("The other seats pass like the rule bots of lesson 00 (they favour passing high cards, risky high spades and short "
            "suits), and you see the three cards you receive, with a "
            "comment on your pass. The walk-through below has them pass their three highest, so its "
            "cards may differ.") in flat  # r103: shorter, words for the rule 4 tie-break and the trick-1 limits


def test_08b_the_moon_odds_are_printed_after_the_question_with_a_caveat():
    """Newcomer rater (issue 27): the moon question's figures were only in its click feedback. A folded
    cell after the question prints them from the engine, with the caveat that the 400 deals are played
    out by rule bots, whose moon defence is weaker than a strong player's."""
    import inspect

    from hearts_teach.course.later_tricks import plan_outcomes

    assert inspect.signature(plan_outcomes).parameters["count"].default == 400
    ns = lesson("08b_your_own_moon")
    moon, duck = ns["sampled"]["go for the moon"], ns["sampled"]["duck from now on"]
    assert (f"{moon['score']:.1f}", f"{duck['score']:.1f}", f"{moon['moon']:.0%}") == ("14.3", "16.3", "35%")
    cells = notebook_cells("08b_your_own_moon")
    ids = [c.get("id") for c in cells]
    assert ids.index("l08b-06b") == ids.index("l08b-06") + 1  # after the question, never before it
    folded = cells[ids.index("l08b-06b")]
    assert folded["metadata"]["jupyter"]["outputs_hidden"]
    shown = text_output(folded)
    # r54: "deals of the cards South cannot see" read awkwardly
    # r58: "400 random guesses at where the unseen cards lie": said once, as re-deals, in the question's reasons
    # r61: what the re-deals keep and deal again, said once, first in the figures (engine-checked in the moon test)
    assert "keeps South's cards and the five tricks played" in shown
    assert "Both plans played out from trick 6 on each:" in shown
    # r90: the quiz asks about careful people only; the rule bots' re-deal figures in its reasons say whose they are
    # r93: the quiz asks about the bots now: both reasons give the re-deals' figures
    assert all("a failed moon averaged 21.9" in ns["go_quiz"].reason(c) and "ducking 16.3" in ns["go_quiz"].reason(c)
               for c in ns["go_quiz"].choices)
    assert not any("guesses" in "".join(c["source"]) for c in cells)
    assert f"go for the moon:  {moon['score']:.1f} points a hand on average; the moon came off in {moon['moon']:.1%}" in shown
    assert f"duck from now on: {duck['score']:.1f} points a hand on average" in shown
    # newcomer rater: the break-even share. Going averages (1 - p) × a failed moon's score, since a moon scores 0
    # for South (26 for each opponent, docs/rules.md H11); it beats ducking when p > 1 - duck / failed moon
    from hearts_teach.course.lessons import score_piles

    assert tuple(score_piles(["QS " + " ".join(f"{r}H" for r in "23456789TJQKA"), "", "", ""], Rules())) == (0, 26, 26, 26)
    assert abs(moon["score"] - (1 - moon["moon"]) * moon["no_moon"]) < 1e-9
    break_even = 1 - duck["score"] / moon["no_moon"]
    assert f"{moon['no_moon']:.1f}" == "21.9" and f"{break_even:.0%}" == "26%" and break_even < moon["moon"]
    # fresh newcomer rater (r41_e): the break-even line was dense; it says the share first, then why
    assert f"{1 - break_even:.0%}" == "74%"
    # fresh newcomer rater (r43_c): still hard to parse; two plain lines, go and duck, from the engine's figures
    assert f"{1 - moon['moon']:.0%}" == "65%" and f"{(1 - moon['moon']) * moon['no_moon']:.1f}" == "14.3"
    # the share printed to one decimal, so the printed product checks by hand (0.65 × 21.9 would be 14.2)
    assert f"{1 - moon['moon']:.1%}" == "65.2%" and f"{0.652 * 21.9:.1f}" == "14.3"
    # r72c (statistics for the level): the sums cut to one rule, worked once
    # r73b: the rule counts South's own score only (a moon also gives each opponent 26)
    # r75b: the break-even is background; the rule to use at the table is the count (summary's first bullet)
    # r90: the break-even was worked three times (here, the answer, the summary): once now, in the answer (l08b-07)
    assert "Background, the break-even" not in shown and "26%" not in shown
    assert "65.2% failed" not in shown and f"{(21.9 - 16.3) / 21.9:.0%}" == "26%"
    assert "a fraction p" not in shown
    # fresh newcomer rater (r48): the break-even was said twice; once now, and a failed moon's 21.9 is an average
    assert "p is above" not in shown
    assert "(a failed moon averaged 21.9)" in shown and "a failed moon scored" not in shown
    assert all("a failed moon averaged 21.9" in ns["go_quiz"].reason(c) for c in ns["go_quiz"].choices)
    # and the caveat's slips are on the real deal, not among the 400 sampled ones
    # fresh newcomer rater (r45_a): the answer rests on these bots' defence; said once in the answer, short here
    # r55: "slips" was never defined, and "trick 8 ..., below" pointed ahead to a table not yet shown
    assert ("These figures rest on the rule bots' defence (on the real deal, played out below, North and East waste "
            "their K♥ and Q♥ under South's A♥).") in shown and "slips" not in shown
    # a fresh rater: the break-even counts South's score alone; in a match the opponents' 26 each counts too
    # fresh newcomer rater (r32): "a bit more" undersold 26 to each opponent
    # fresh newcomer rater (r49): nothing computes the match value, so "probably"
    # r57: "probably worth more" was never shown: the figures now say only what they leave out
    # r60: the others' points a hand, from the same figures (no moon: the 26 points South did not take)
    others_go = moon["moon"] * 78 + (1 - moon["moon"]) * (26 - moon["no_moon"])
    assert (f"{others_go:.1f}", f"{26 - duck['score']:.1f}") == ("29.8", "9.7")
    # r65: "29.8 between them" was hard to compare with South's own score: a hand each
    assert (f"{others_go / 3:.1f}", f"{(26 - duck['score']) / 3:.1f}") == ("9.9", "3.2")
    assert (moon["score"] - others_go / 3) - (duck["score"] - (26 - duck["score"]) / 3) < moon["score"] - duck["score"]
    # r72: the other three's averages were a tangent in a wall of figures: cut
    assert "The other three scored" not in shown
    assert "worth more" not in shown
    # fresh newcomer rater (r47): no stronger defence is tested, so it is said as an expectation
    # fresh newcomer rater (r51): the expectation was unsupported; the caveat now says only what the lesson shows:
    # either slip, kept for the J♥, would have broken the real deal's moon (played out in the round-14 test)
    assert ("They say nothing of defenders who keep a high heart back: on the real deal, either of those hearts kept "
            "for South's J♥ would have spoiled the moon (below).") in shown
    assert "should come off less often" not in shown
    assert "the moon comes off less often" not in shown
    # fresh newcomer rater (r47): the break-even step in plain arithmetic, from the engine's figures
    assert (f"{duck['score']:.1f}", f"{duck['score'] / moon['no_moon']:.0%}") == ("16.3", "74%")
    assert "So going wins if" not in shown  # r72c; r65: the 1 − p algebra cut; 1 − 16.3 ÷ 21.9 ≈ 26% (the share 74%, above)
    assert not any("moon['score']" in "".join(c["source"]) for c in cells[:ids.index("l08b-06")])
    # newcomer rater (issue 27): the opponents' 26 was only in this folded cell; the position's cell printed it
    # r90: the position's cell is for working out the count: the moon's scores are the recap's (cell l08b-00, its
    # figures checked in the r51 test), not printed again
    position = cells[ids.index("l08b-04")]
    assert not position["metadata"].get("jupyter") and ids.index("l08b-04") < ids.index("l08b-06")
    assert "if South ends up with all 26 points" not in text_output(position) and "moon_scores" not in ns
    # fresh newcomer rater (r45_a): 08b was dense; the pointer to the odds went, the odds stay in the folded figures
    assert "played out from trick 6" in text_output(cells[ids.index("l08b-06b")])


def test_08b_r51_recap_lead_order_give_up_tricks_new_deal_and_summary():
    """Fresh newcomer rater r51 and round 52: a recap of the moon rule at the top; the order you lead hearts in; the
    give-up line of deal 65 card by card; a question applying the signs to a new deal (1195), graded from the
    engine's played-out plans; a rule of thumb for people; a summary of four short bullets; the setup folded."""
    from hearts_teach.course.lessons import score_piles, situation

    ns = lesson("08b_your_own_moon")
    cells = notebook_cells("08b_your_own_moon")
    ids = [c.get("id") for c in cells]
    prose = " ".join(_md("08b_your_own_moon").split())
    # the recap agrees with the engine's moon scoring (rule 11)
    assert ("**Recap (lesson 05):** take all 13 hearts and the Q♠ (all 26 points) and you shoot the moon: you score 0 and "
            "every other player 26.") in prose
    assert tuple(score_piles(["QS " + " ".join(f"{r}H" for r in "23456789TJQKA"), "", "", ""], Rules())) == (0, 26, 26, 26)
    assert sum(c.points for c in DECK) == 26
    # the setup cell is folded; its first line says so
    setup = cells[ids.index("l08b-02")]
    assert setup["metadata"]["jupyter"] == {"source_hidden": True} and not setup["outputs"]
    assert "".join(setup["source"]).startswith("# setup: the lesson's helpers (code folded, it prints nothing)")
    assert "The setup cell below is folded too" not in prose  # r99: cut for density (its first line says so)
    # the order: in the moon run, the A♥ and J♥ were led before the 7♥ and 3♥, and each lead of a heart found a
    # heart from every player who still held one (they must follow suit)
    moon_run = ns["moon_run"]
    # r54: the order in a plainer sentence, after the diamonds
    # r71b: cut for words (the count's step 1 says why high hearts draw out the others); the summary keeps the order
    # r89: "high hearts first and your low ones last" read as a strict order (the moon run led diamonds between them)
    # r90: the summary's "order" bullet restated the hearts-broken rule; it keeps the technique taught (keep the lead)
    assert "then lead your hearts high to low." not in prose and "your low ones last" not in prose
    led = [t.cards[0].pretty for t in moon_run.tricks if t.leader == 0 and t.cards[0].suit is Suit.HEARTS]
    assert led == ["A♥", "J♥", "7♥", "3♥"]
    # deal 65's give-up line, card by card: South wins trick 7 only, with no points on it
    ends = ns["ends"]
    ducked = ends["Give up and duck"]
    shown = text_output(cells[ids.index("l08b-12")])
    # r77 (08b): the play-outs come before the give-up answer: folded, like the other figures
    # r93: its Python was in view for a card learner: folded, code and printout, like the other figures cells
    assert cells[ids.index("l08b-12")]["metadata"]["jupyter"] == {"outputs_hidden": True, "source_hidden": True}
    assert "".join(cells[ids.index("l08b-12")]["source"]).startswith(
        "# the give-up question's play-outs, from the engine (folded: open them once you have answered)\n")
    assert "Giving up, tricks 5 to 13:\n" + "\n".join(trick_table(ducked).splitlines()[4:13]) in shown
    # r56: the keep-shooting line's tricks too, so the learner sees how shooting on cost 10
    kept = ends["Keep shooting"]
    assert "Keep shooting, tricks 5 to 13:\n" + "\n".join(trick_table(kept).splitlines()[4:13]) in shown
    assert kept.scores[0] == 23
    # r56: the points taken so far in plain words, not Python's dict output
    for at, name in (("l08b-04", "go"), ("l08b-10", "stuck"), ("l08b-15", "check")):
        hand = ns[name]
        plain = ", ".join(f"{seat} {points}" for seat, points in zip(hand.seat_names, hand.points_taken, strict=True))
        assert f"points taken so far: {plain}\n" in text_output(cells[ids.index(at)]) and "{'" not in text_output(
            cells[ids.index(at)])
    won = [t.number for t in ducked.tricks[4:] if t.winner == 0]
    assert won == [7] and not ducked.tricks[6].points and ducked.scores[0] == 13
    assert "Giving up, South led its 4♠ and threw the K♥ on a diamond trick North won." in prose  # r60, r71b: cut (r114: "low")
    # the new deal: the position, the signs South lacks, and the answer from the played-out plans
    check = ns["check"]
    assert check.points_taken == (13, 0, 0, 0) and check.tricks[3].winner == 0 and check.tricks[3].number == 4
    assert check.tricks[3].card_of(0) == Card("KS") and Card("QS") in check.tricks[3].cards
    assert "Deal 1195, the same four rule bots. On trick 4 South won the queen with the K♠, and nobody else has a " \
        "point." in prose
    assert "You are South and you lead; hearts are not broken." in situation(check)
    hearts = [c for c in check.cards(0) if c.suit is Suit.HEARTS]
    assert len(hearts) == 5 and "South holds five hearts" in ns["check_quiz"].question
    assert [c.pretty for c in ns["over"]] == ["A♥", "K♥"] and ns["top"] == Card("QH") and ns["winners"] == []
    out = check.view(0).still_out()
    assert all(any(o.rank > c.rank for o in out[c.suit]) for c in check.cards(0))  # no sure winner
    tried = ns["tried"]
    assert tried["go for the moon"]["moon"] == 0 and tried["duck from now on"]["score"] < tried["go for the moon"]["score"]
    assert (f"{tried['go for the moon']['score']:.1f}", f"{tried['duck from now on']['score']:.1f}") == ("16.0", "14.7")
    quiz = ns["check_quiz"]
    # r73b: "two signs" while the answer below lists three (no top heart, no sure winner, a count of five)
    # r95: the r93 pass cut "a low count" from the signs, so two signs are missing, and the count is said apart
    assert all("two signs are missing: the A♥ and K♥ still out beat South's best heart, the Q♥, and South has no sure "
               "winners to win the lead back; and the count, 5, is not low" in quiz.reason(c) for c in quiz.choices)
    assert not any("three signs" in quiz.reason(c) for c in quiz.choices)
    signs = "".join(cells[ids.index("l08b-t3")]["source"]).split("Signs that a moon is worth trying:")[1].split("**The rule at a real table:**")[0]
    assert signs.count("\n- ") == 3 and "count" not in signs  # the three signs; the count is not one of them
    closes_on(quiz, "duck from now on")
    q_cell, v_cell = cells[ids.index("l08b-16")], cells[ids.index("l08b-17")]
    assert q_cell["metadata"]["jupyter"]["source_hidden"] and v_cell["metadata"]["jupyter"]["outputs_hidden"]
    assert ids.index("l08b-15") < ids.index("l08b-16") < ids.index("l08b-17") < ids.index("l08b-23")
    verdict = text_output(v_cell)
    assert "Hearts still out that beat South's Q♥: A♥ K♥\nSouth's sure winners: none\n" in verdict
    assert "go for the moon:  16.0 points a hand on average; the moon came off in 0.0%" in verdict
    # the ending: four short bullets, a rule of thumb for people, the play app
    end = "".join(cells[ids.index("l08b-23")]["source"])
    bullets = [line for line in end.splitlines() if line.startswith("- ")]
    from hearts_teach.course.later_tricks import sure_winners as _sure

    ten_first = ns["ten"].current_trick  # the 10♦ led first: East won it and chose the next lead
    assert len(bullets) == 5 and [b.split(":**")[0] for b in bullets] == [  # r65: the count's scale
        "- **At the table", "- **The signs", "- **A low count", "- **Keep the lead", "- **Give up once the moon is gone"]
    # r90: the break-even is worked once (deal 683's answer), and "the order" gave way to keeping the lead (cell l08b-09d)
    assert ("- **Keep the lead:** cash sure winners (deal 683: A♦, K♦) before your hearts; leading the 10♦ "
            "lets a defender choose the next lead.")  # r116: words (paid for the answers added) in " ".join(end.split())
    assert sorted(c.pretty for c in _sure(ns["go"])) == ["A♦", "K♦"] and ten_first.leader == 3
    assert "cannot say whether six is low" not in prose and "Deal 1195 lacked the top heart and sure winners: duck" not in prose
    # r68: quiz 2 had no answer in prose (quizzes 1 and 3 do): a bold answer after its figures, with the count
    from hearts_teach.course.later_tricks import _holds_top_heart, moon_count

    # r72: the count has its own question now (its reasons name the five hearts): the answer points to it
    # the answer two cells under its question (one folded cell between) is folded under "Answer" itself
    # r94: the count quiz had no Answer (the lesson promises one): its answer opens this one, the go-or-duck after
    assert ("<details><summary>Answer</summary> **Count: 5.** No top heart (the A♥ and K♥ beat the Q♥), so nothing is "
            "crossed off; the A♥ K♥ 10♥ 7♥ 6♥ beat your 5♥. **Duck from now on:** no sure winner either. Going averaged "
            "16.0, ducking 14.7; no moon came off. </details>") in prose
    from hearts_teach.course.later_tricks import count_hearts as count1195

    assert count1195(check)[0] == [] and len(count1195(check)[1]) == 5  # the engine's count: nothing crossed off
    assert ids.index("l08b-17") + 1 == ids.index("l08b-17a") and cells[ids.index("l08b-17a")]["cell_type"] == "markdown"
    low1195 = min((c for c in check.cards(0) if c.suit is Suit.HEARTS), key=lambda c: c.rank)
    assert not _holds_top_heart(check) and moon_count(check) == 5 and low1195 == Card("5H")
    above5 = sorted((c for c in out[Suit.HEARTS] if c.rank > low1195.rank), key=lambda c: -c.rank)
    assert " ".join(c.pretty for c in above5) == "A♥ K♥ 10♥ 7♥ 6♥"
    # r70: the practice asked only go or duck, the count first met in its answer: the learner works it out first,
    # and the folded figures print it from the engine (no top heart, so nothing is drawn out)
    from hearts_teach.course.later_tricks import count_hearts

    assert count_hearts(check) == ([], sorted(above5, key=lambda c: c.rank))
    assert ("First work out South's count, then check South's hand against the signs:") in prose  # r99: words
    assert ("South's count: no top heart, so nothing is drawn out; still out and above the 5♥: A♥ K♥ 10♥ 7♥ 6♥ (5)\n"
            in text_output(cells[ids.index("l08b-17")]))
    assert ids.index("l08b-14") < ids.index("l08b-16") < ids.index("l08b-17")  # asked before the quiz and its figures
    assert "Try it in the [play app](play.ipynb)" in end



def test_08b_r65_the_count_has_a_scale_against_the_bots():
    """Raters r65 (four in a row): "the count has no scale: the learner cannot use it". Against the course's rule
    bots the engine measures one: deals 0 to 2,999, stopped where South first leads with the queen taken, a heart in
    hand and no point for anyone else; the count there, then the shooter bot goes for the moon. Recomputed here."""
    from hearts_teach.course.later_tricks import (
        COUNT_BANDS,
        _holds_top_heart,
        count_scale,
        moon_count,
        sure_winners,
    )

    ns = lesson("08b_your_own_moon")
    cells = notebook_cells("08b_your_own_moon")
    ids = [c.get("id") for c in cells]
    go = ns["go"]
    assert moon_count(go) == 6  # the count the position cell prints, by the helper the scale uses
    # r68: "a second top heart would draw three more": deal 18 at the start, South's A♥ K♥ 3♥ draw the six lowest
    two = Hand.deal(seed=18, pass_direction="hold")
    out18 = sorted(two.view(0).still_out()[Suit.HEARTS], key=lambda c: c.rank)
    assert sorted(c.pretty for c in two.cards(0) if c.suit is Suit.HEARTS) == ["3♥", "A♥", "K♥"]
    assert all(c.rank < Card("KH").rank for c in out18) and len(out18) == 10
    assert moon_count(two) == sum(c.rank > Card("3H").rank for c in out18[6:]) == 4
    # deal 683 is one of the 3,000: the stop lands on its lesson position (trick 6), and its moon came off
    at = bots_play(Hand.deal(seed=683, pass_direction="hold"), table_bots("rule"),
                   stop=lambda h: h.turn == 0 and not h.current_trick.cards and Card("QS") in h.taken(0))
    assert at.snapshot() == go.snapshot() and not any(at.points_taken[1:])
    assert play_out_moon(go) == 0
    scale = count_scale()
    assert scale == ns["scale"] and [r["band"] for r in scale] == list(COUNT_BANDS)
    rows = {r["band"]: r for r in scale}
    assert sum(r["hands"] for r in scale) == 427 and sum(r["moons"] for r in scale) == 32
    assert all(r["moons"] == r["top_moons"] for r in scale)  # every moon had a top heart: "all of them"
    top = [(r["top_moons"], r["top_hands"]) for r in scale]
    assert top[0] == (11, 16) and (top[1][0] + top[2][0], top[1][1] + top[2][1]) == (15, 53)
    assert top[3] == (6, 41) and top[4][0] == 0 and rows[(7, 13)]["moons"] == 0
    shown = text_output(cells[ids.index("l08b-19")])
    # r68: the finding said outright: no moon without a top heart (427 - 123 = 304 hands)
    # r89: the cell was a wall of statistics: the count table, and the hands with no top heart (no moon) after it
    assert shown.startswith("427 such hands. The 123 with a top heart in South's hand:\ncount        hands  moon came off\n")
    # r90 read: "came off in 0." read as garbled: "in 0 of them"
    assert shown.endswith("The other 304, with no top heart: the moon came off in 0 of them.\n")
    assert sum(r["hands"] - r["top_hands"] for r in scale) == 304 and sum(r["top_hands"] for r in scale) == 123
    # r72c: the three-way table with stacked headers was too much: the top-heart hands only, two columns
    assert "Deal 683" not in shown  # r89: trimmed
    # r93: "a higher count can pay with sure winners" rested on deal 683 alone: counts 1 to 6 split by two or more
    # sure winners, one line (7 of 18 came off, 39%, above deal 683's 26% break-even; with fewer 14 of 76, 18%, below)
    mid = [r for r in scale if 1 <= r["band"][0] and r["band"][1] <= 6]
    sure_split = (sum(r["sure_moons"] for r in mid), sum(r["sure_hands"] for r in mid))
    fewer_split = (sum(r["top_moons"] - r["sure_moons"] for r in mid), sum(r["top_hands"] - r["sure_hands"] for r in mid))
    assert sure_split == (7, 18) and fewer_split == (14, 76) and 14 / 76 < 0.26 < 7 / 18
    assert ("Counts 1 to 6 with two or more sure winners: 7 of 18 came off (39%); with fewer: 14 of 76 (18%).\n"
            "Those 18, played both ways: going averaged 12.5 a hand, ducking 16.9; a failed moon cost 3.9 more than "
            "ducking, on average.\nGoing saved 4.4 a hand") in shown and "(95%): -0.8 to 9.6.\nThe other 304" in shown
    # r114: the reader asked what to do in the play app at such a count: those 18 hands played both ways (ducking: a
    # rule bot in South's seat); going scored less on average, its failures costing little more than ducking
    both = [sum(r[key] for r in mid) for key in ("sure_go", "sure_duck", "sure_fail_cost")]
    assert both == [225, 304, 43] and both[0] < both[1]
    # r114: the saving's paired 95% interval, from the summed squares: it reaches below 0 (the summary's "too few
    # hands to be sure") and is printed under the table
    n, sq = sure_split[1], sum(r["sure_gain_sq"] for r in mid)
    gain = (both[1] - both[0]) / n
    half = 1.96 * ((sq / n - gain ** 2) * n / (n - 1) / n) ** 0.5
    assert f"{gain:.1f}" == "4.4" and gain - half < 0 < gain
    assert f"Going saved {gain:.1f} a hand, give or take {half:.1f} (95%): {gain - half:.1f} to {gain + half:.1f}." in shown
    for label, r in zip(("0", "1 or 2", "3 or 4", "5 or 6", "7 or more"), scale, strict=True):
        line = next(x for x in shown.splitlines() if x.startswith(label + " "))
        assert line.split() == [*label.split(), str(r["top_hands"]), str(r["top_moons"]),
                                f"({r['top_moons'] / r['top_hands']:.0%})"]
    assert cells[ids.index("l08b-19")]["metadata"]["jupyter"] == {"source_hidden": True}
    assert "scale = count_scale()" in "".join(cells[ids.index("l08b-19")]["source"])  # deals 0 to 2,999 (defaults)
    prose = " ".join(_md("08b_your_own_moon").split())
    # r107: which hands were counted took three reads: a short list (the deals, where each stopped, then)
    # r111 (word cap): "Measured against these bots:" cut; the list's "four rule bots" says it
    assert "Measured against these bots" not in prose
    assert ("## How low is a low count? - **deals:** 0 to 2,999, no pass, four rule bots; - **each stopped:** the "
            "first time South leads holding a heart, with the queen taken by South and no point for anyone else; "
            "- **then:** the shooter bot goes for the moon:") in prose  # r71: the old wording was hard to parse
    # r68: "people defend better" was unmeasured (cut); deal 683's 35% (re-deals of one hand) and its row (real
    # deals, each played once) measure different things: said so, not "did better than its row"
    # r69 (every reader's ask): a rule of thumb, framed as a rough guide against these bots, read off the printed
    # top-heart column against deal 683's break-even (26%, about 1 in 4), and reconciled with deal 683 itself
    # r70 (top ask, declined before): the guide said duck at 5 or more, yet deal 683 (count 6) went. What set it
    # apart: two sure winners outside hearts (the A♦ K♦), which held the lead until West and North broke hearts on
    # trick 7. The scale is now split by that sign (a last column), and the guide reads it off: 5 of the 13 top-heart
    # hands at 5 or 6 with two sure winners came off (38%, above the 26% break-even), 1 of the other 28 (4%)
    # r71: the break-even needs a simulation, so the guide fixes one bar (deal 683's, about 1 in 4) and points to the
    # rows as its evidence; "a close call (25%, 30%)" from 20 and 33 hands could not tell: said so, and why (one or
    # two moons more or fewer cross the bar, checked below); "deal 683 among them" is now printed from the engine
    # r71b (top ask): a three-line rule (go / duck / too few hands to tell), each count from the table's columns
    # r72: one deal's break-even read as a rule (deal 1195's is 8%); "(0 of 13)" was only the top-heart hands at 7
    # or more (0 of 196 in all); and the counts 1 to 4 are undecided because 25% and 30% sit right at the 26% bar
    # r72c: the three-line guide became one rule (the break-even, as the figures cells work it) and the table's ends
    # r73b: the rule counts your own score only; the table answered in words ("how low is a low count?")
    # r90: the break-even is worked once, in deal 683's answer (pinned in the moon-stories test)
    assert "**Background, the break-even:**" not in prose and "A rough guide" not in prose
    # r75 (08b): "too near deal 683's 26%" set one hand's break-even against other hands' rates, and "5 or more,
    # rarely" sat beside deal 683 (count 6, go): the higher counts are said together, and deal 683 explained
    # r75b (fewer figures): deal 683's exception is the quiz's answer now (go against these bots only)
    # r90: "3 or 4" (30%) above "1 or 2" (25%) read as odd: the rows are small samples (the r71 checks above)
    # r93: "a count of 0 still failed 5 times in 16" went unexplained: each failure began with a trick South lost in
    # another suit (checked in test_08b_r93_count_0_failures_began_with_a_lost_trick_in_another_suit)
    # r97: "every higher count" beside 39% read as a contradiction: the table's rows, each whole (words paid)
    # r98: "(each of the 5 failures began with a trick lost in another suit)" was printed nowhere: cut (the fact is
    # still checked in test_08b_r93_...)
    assert ("**A low count:** against these bots, with a top heart, count 0 came off 11 times in 16, every higher row "
            "under a third; with no top heart, never (0 of 304).") in prose  # r84: words (r114: "less than ... of the time")
    assert "each of the 5 failures" not in prose
    assert all(r["top_moons"] * 3 < r["top_hands"] for r in scale[1:]) and "too near deal 683" not in prose
    assert (rows[(7, 13)]["hands"], rows[(7, 13)]["moons"]) == (196, 0)  # two moons fewer at 5 of 13: below
    own1195 = ns["tried"]
    assert f"{1 - own1195['duck from now on']['score'] / own1195['go for the moon']['no_moon']:.0%}" == "8%"
    assert "(0 of 13)" not in prose and "the bar is deal 683's break-even" not in prose
    assert top[4] == (0, 13) and (1 + 2) / 28 < 0.26 and (0 + 2) / 13 < 0.26
    assert "close call" not in prose and "deal 683 among them" not in prose
    five6 = rows[(5, 6)]
    assert (five6["sure_hands"], five6["sure_moons"], f"{five6['sure_moons'] / five6['sure_hands']:.0%}") == (13, 5, "38%")
    assert (five6["top_hands"] - five6["sure_hands"], five6["top_moons"] - five6["sure_moons"]) == (28, 1)
    assert five6["sure_moons"] / five6["sure_hands"] > 0.26 > five6["top_moons"] / five6["top_hands"]
    assert sorted(c.pretty for c in sure_winners(go)) == ["A♦", "K♦"] and _holds_top_heart(go)
    assert all(not any(c.suit is Suit.DIAMONDS for c in go.cards(s) if c not in ns["moon_run"].tricks[5].cards)
               for s in (1, 2)) and [c.suit for c in ns["moon_run"].tricks[6].cards[1:3]] == [Suit.HEARTS] * 2
    assert rows[(7, 13)]["sure_moons"] == 0 and "A row averages many hands" not in prose
    # r70: "At a table of people": how to adjust (a lower count), and why the count is still worth learning
    # r71: "ask for a lower count" was not measured: said so plainly
    # r71b: "expect fewer moons than the rows show" was not measured: cut; the replays of deal 683 back the rest
    # r73b: "not measured" left no rule to use against people: assume a high heart is kept back
    # r75b: the rule to use at the table leads the summary (the break-even needs figures nobody has mid-hand)
    # r81: "go only when your count is 0", then "try it in the play app" (rule bots, against which deal 683 went at
    # count 6) left the reader unsure which rule to use: split, people and these bots; the app's default opponents
    # r114: "too few hands for a rule" left the reader with no rule for the play app: those 18 hands played both
    # ways (checked above): going saved 4.4 a hand, but its 95% interval reaches below 0, so no rule; "a top heart"
    # said, as the table counts only such hands
    assert ("**At the table:** against careful people (assume a high heart is kept back), go only when your count is 0; "
            "otherwise duck. Against these rule bots (the play app's default), which waste high hearts, go at count 0; "
            "counts 1 to 6 with a top heart and two or more sure winners: worth a try (going saved 4.4 a hand, on too few "
            "hands to be sure).") in prose  # r116: the reader had no action for the play app: worth a try (4.4 saved)
    assert "winners: going saved 4.4 a hand" not in prose
    assert "too few hands for a rule" not in prose
    # r112: the reader asked for a verdict; 7 of 18 (95% interval about 20% to 61%) straddles deal 683's 26%: no
    # rule, said plainly instead of "too few hands to be sure"
    assert "(too few hands to be sure)" not in prose
    # r111: the reader could not tell which rule to use in the play app: count 0 there too (11 of 16 came off, above
    # the break-even's bound of 12 / 25, pinned in the risk cell); counts 1 to 6 stay a figure, not a rule (r108)
    assert rows[(0, 0)]["top_moons"] / rows[(0, 0)]["top_hands"] > 12 / 25
    # r109: deal 683's 26% is one hand's break-even, not a general one: the comparison is cut
    assert "above deal 683's 26% break-even" not in prose
    # r108: the figure gave no decision for the play app: set against the break-even (39% above deal 683's 26%, pinned
    # above); my review: "go there too" was a rule from 18 hands whose interval straddles 26%, so the sample's size is said
    assert "go there too" not in prose
    # r107: "can pay" rested on no printed average (the table prints how often the moon came off): the count said
    assert "can pay" not in prose  # r98: cut for density: the table prints the 39% and 18%
    # r99 review (rater r99: "can pay" read as more than the table shows): the sample's size said again
    # (my review of the r93 pass: 7 of 18 against 14 of 76 is a small sample, and the sentence says so) and "expect fewer moons" not in prose
    assert f"{ns['sampled']['go for the moon']['moon']:.0%}" == "35%" and "shoot when a hand shows the signs" not in prose
    from inspect import signature

    from hearts_teach.present.widgets import PlayApp

    assert signature(PlayApp).parameters["opponents"].default == "rule"  # "by default, against these rule bots"
    assert "Try it in the [play app](play.ipynb)." in prose  # r111: the app's default said in the rule itself
    assert "ask for a lower count" not in prose
    # r75 (08b): "its row, with two or more sure winners" was hard to parse: said in full
    # r84: the 38% sat at the end of a long line and seemed to contradict the row's 15%: the row first, then the 38%
    shown683 = ("Deal 683 (count 6, sure winners A♦ K♦) sits in the row for 5 or 6 (15%).\nBut of the hands at count 5 "
                "or 6 that also had two or more sure winners, 5 of 13 came off (38%); deal 683's did (above).\n")
    # r89: cell l08b-19 trimmed to the count table: deal 683's row and the sure-winner split (r70, r84) are no longer
    # printed; the summary's "a higher count can pay when you also hold sure winners" rests on deal 683's re-deals
    assert shown683 not in shown and ns["moon_run"].moon == 0 and moon_count(go) == 6
    s683 = ns["sampled"]
    even = 1 - s683["duck from now on"]["score"] / s683["go for the moon"]["no_moon"]  # deal 683's break-even
    share = {r["band"]: r["top_moons"] / r["top_hands"] for r in scale}
    assert f"{even:.0%}" == "26%" and [f"{share[b]:.0%}" for b in COUNT_BANDS] == ["69%", "25%", "30%", "15%", "0%"]
    assert share[(0, 0)] > even and share[(5, 6)] < even and share[(7, 13)] < even  # go; duck; duck
    assert min(share[(1, 2)], share[(3, 4)]) < even < max(share[(1, 2)], share[(3, 4)])  # a close call either side
    assert abs(share[(1, 2)] - even) < 0.05 and abs(share[(3, 4)] - even) < 0.05
    # "cannot tell": one or two moons more or fewer put each of these rows on the other side of the bar
    assert (5 + 1) / 20 > even > 5 / 20 and 10 / 33 > even > (10 - 2) / 33 and 5 / 13 > even > (5 - 2) / 13
    # and the rows the guide reads off stay on their side with two moons more or fewer
    assert (11 - 2) / 16 > even and (6 + 2) / 41 < even and (0 + 2) / 13 < even
    assert s683["go for the moon"]["moon"] > even > share[(5, 6)]  # its own re-deals beat its row and its break-even
    # r69: the count assumes careful defenders (low hearts); the table's bots play high: said in one sentence
    # r72: the careful defenders against these bots is said once, with the bots' habit (cell l08b-05)
    assert ("**then:** the shooter bot goes for the moon:") in prose  # r107: a list item now
    assert ("Against people the count still names the hearts a "
            "careful defender could keep back") not in prose  # r71b: its colon led into the bots' table
    assert "People defend better" not in prose and "did better than its row" not in prose
    assert moon_count(go) == 6 and f"{rows[(5, 6)]['top_moons'] / rows[(5, 6)]['top_hands']:.0%}" == "15%"
    # r67: the dip's samples are the printed "South also held a top heart" column (r70: the sure-winner column is
    # its own, and the guide credits sure winners from it, not from deal 683's 35%)
    assert top[1] == (5, 20) and top[2] == (10, 33) and f"{5 / 20:.0%}" == "25%" and f"{10 / 33:.0%}" == "30%"
    assert "with sure winners) did better" not in prose
    assert f"{ns['sampled']['go for the moon']['moon']:.0%}" == "35%"
    assert ids.index("l08b-17") < ids.index("l08b-17a") < ids.index("l08b-19") < ids.index("l08b-23")
    # r84: deal 1195's answer and the scale's heading share one cell (l08b-18 merged into l08b-17a, for the cell limit)
    # the order bullet links cell l08b-13b's "last trick or two" to leading low hearts last and to the count
    # r67: the 188 of 261 shows when moons were spoiled, not by what, so it no longer explains the count
    # r71b: it sat under the order bullet, which no test of order backs; it belongs to giving up (cell l08b-13b)
    # r72: the deal 683 half muddied "give up at once": the bullet keeps the takeaway (printed in cell l08b-13b)
    # r75b: "give up at once" beside "gained next to nothing" read as mixed: when giving up matters, said plainly
    # r89: "give up at once" against 14.2 v 14.3 is said as one comparison in cell l08b-13; the summary keeps the gain
    # r97: softened to what is printed (deal 65 saved 10; deal 683's re-deals 14.2 against 14.3)
    assert ("**Give up once the moon is gone:** the first point anyone else takes ends it: duck from then on. "
            "It matters most when that happens early (deal 65: 10 points).") in prose and "that is why the count looks" not in prose
    # r72b: the bullet left out the lesson's own deal 683 result (cell l08b-13b prints 14.2 and 14.3 and the 188 of 261)
    # r73b: fewer figures in prose: the 14.2 and 14.3 stay in the printout (checked above)
    # r89: the 14.2 and 14.3 are back in prose, in the one comparison of cell l08b-13 (pinned in the r55 test)
    # r90: "(14.2 against 14.3)" were unlabelled averages over all re-deals: the printout below says them
    # r91: the answer cited deal 683's spoiled moons before the printout below showed them: it points to it
    # r93: the printout below went back to deal 683 without a heading: the sentence names both deals, early and late
    # r97: the finding was buried in a printout: its figures in the answer, the printout just below
    # r98: cut for density: the printout just below gives the 14.2, the 14.3 and the 188 of 261 (checked above)
    # r120 (report r120/08b: "it" had no clear referent): "giving up"
    assert ("Spoiled early, it saved 10. Deal 683's moons mostly failed late, where giving up hardly helped "  # r114: words
            "(below). </details>") in prose and "14.2 a hand against 14.3" not in prose
    assert "How much giving up saves" not in prose and "deal 683's re-deals late (below)" not in prose
    assert "as most of deal 683's failed moons were" not in prose
    assert f"{ns['quits']['score']:.1f}" == "14.2" and f"{ns['sampled']['go for the moon']['score']:.1f}" == "14.3"
    assert ns["broke"][12] + ns["broke"][13] > ns["failed"] / 2  # most failed moons: spoiled on the last trick or two
    assert "when the shooter has only its lowest cards left" not in prose
    assert ns["broke"][12] + ns["broke"][13] == 188
    # r65: "go rests on a bot quirk": deal 683 replayed with North keeping its K♥ back (the 2♥ under the A♥)
    kept = ns["kept"]
    assert kept.tricks[7].card_of(2) == Card("2H") and Card("KH") in go.cards(2) and Card("2H") in go.cards(2)
    assert kept.tricks[8].winner == 2 and kept.tricks[8].card_of(2) == Card("KH") and kept.moon is None
    assert kept.scores[0] == 19 and ns["play_out"](go, table_bots("rule")[0]).scores[0] == 15
    shown = text_output(cells[ids.index("l08b-09a")])
    assert cells[ids.index("l08b-09a")]["metadata"]["jupyter"] == {"source_hidden": True}  # r71: the loop was noise
    assert "points taken: South 19, West 0, North 7, East 0\nscores: South 19, West 0, North 7, East 0\n" in shown
    assert "North keeps its high heart:\n 8. S  A♥*  W  5♥   N  2♥   E  Q♥     4 pts → South\n" in shown
    # r70: East's Q♥ kept back too (the 4♥ under the A♥): it wins the J♥'s trick, and the moon is spoiled
    east = ns["kept_back"]["East"]
    assert east.tricks[7].card_of(3) == Card("4H") and Card("QH") in go.cards(3) and Card("4H") in go.cards(3)
    assert east.tricks[8].cards[0] == Card("JH") and east.tricks[8].winner == 3 and east.moon is None
    assert east.tricks[8].card_of(3) == Card("QH") and east.scores[0] == 23
    assert ("East keeps its high heart:\n 8. S  A♥*  W  5♥   N  K♥   E  4♥     4 pts → South\n"
            " 9. S  J♥   W  J♠   N  9♥   E  Q♥*    3 pts → East\n") in shown
    # r84b: "North 7" with only tricks 8 and 9 shown (3 points): tricks 8 to 13 are printed, and the totals are said to
    # be the whole hand's, with the points before trick 8
    # r116: "the whole hand (before trick 8: ...)" read as the result: two labelled lines
    assert "13. N  9♥*  E  3♦   S  3♥   W  7♣     2 pts → North\npoints before trick 8: South 15, West 0, " \
        "North 0, East 0\nafter the whole hand:\npoints taken: South 19" in shown and "the whole hand (" not in shown and "points taken: South 23, West 0, North 0, East 3\n" in shown


def play_out_moon(go: Hand) -> int | None:
    """Deal 683's position played out by the shooter bot (South) and rule bots: who shot the moon."""
    return bots_play(go.copy(), [Shooter()] + table_bots("rule")[1:]).moon


def test_08b_r55_giving_up_late_saves_little_the_real_1195_and_the_give_up_answer():
    """Fresh newcomer rater r55: why giving up saved about 0.1 a hand on deal 683's guesses but 10 on deal 65; how
    deal 1195 played out; the give-up question's answer printed (folded) after it, never before."""
    ns = lesson("08b_your_own_moon")
    cells = notebook_cells("08b_your_own_moon")
    ids = [c.get("id") for c in cells]
    prose = " ".join(_md("08b_your_own_moon").split())
    # giving up: the per-hand saving, and when South first saw another player's point (the GiveUp bot's record)
    moon, quits, seen = ns["sampled"]["go for the moon"], ns["quits"], ns["seen"]
    assert f"{moon['score'] - quits['score']:.1f}" == "0.1" and quits["moon"] == moon["moon"]
    failed = round(400 * (1 - quits["moon"]))
    assert (failed, len(seen)) == (261, 179) and {t for t, _ in seen} == {10, 13}
    assert f"{sum(p for _, p in seen) / len(seen):.1f}" == "20.2" and min(p for _, p in seen) >= 17
    figures = text_output(cells[ids.index("l08b-13b")])
    assert ids.index("l08b-13") + 1 == ids.index("l08b-13b")  # r60: right after deal 65's give-up prose
    # r56: on trick 13 South has one card and cannot duck: the 179 counted those too. Now by cards left
    late = [p for t, p in seen if t < 13]
    assert len(late) == 73 and {t for t, _ in seen if t < 13} == {10} and f"{sum(late) / len(late):.1f}" == "18.0"
    assert all(13 - t + 1 == 4 for t, _ in seen if t < 13)  # trick 10: four cards left
    # r57: "four" was typed; the cards left are now counted from the GiveUp bot's record and printed
    assert Counter(14 - t for t, _ in seen) == {4: 73, 1: 106} and failed - len(seen) == 82
    # r58: the count by cards left was hard to parse: the moon broke on trick 12 (first seen on trick 13, one card
    # left) in 106, on trick 13 (never seen) in 82: 188 of 261 on the last trick or two
    assert 106 + 82 == 188 and ns["broke"] == {9: 73, 12: 106, 13: 82}
    # r70: "188 of 261" said what the 261 are
    assert ("Deal 683's moon failed on 261 of the 400 re-deals, 188 of them spoiled on trick 12 or 13, with at most "
            "one trick left") in figures and "in time to duck" not in figures and "trick 10 or 13" not in figures
    # "too late to duck": spoiled on trick 12, South sees it with one card left; on trick 13, never (checked above)
    assert ns["broke"][12] + ns["broke"][13] == 188
    assert f"{quits['score']:.1f}" == "14.2" and f"{moon['score']:.1f}" == "14.3"  # the 0.1 is per hand
    stuck, ends = ns["stuck"], ns["ends"]
    assert stuck.tricks[3].number == 4 and stuck.tricks[3].winner == 1 and len(stuck.tricks) == 4
    assert ends["Keep shooting"].scores[0] - ends["Give up and duck"].scores[0] == 10
    # r60: "(the question's figures)" did not say which question: the figures are printed right after this prose;
    # the good ducking play on deal 65 is pointed out (the low 4♠ led on trick 8, the K♥ thrown on trick 9)
    # r89: "What giving up saved on deal 65, spoiled early, and ..." was hard to parse and 14.2 v 14.3 read as "giving
    # up hardly matters": one plain comparison, early against late, the figures the printout below gives
    assert ("(no spades) with it. Giving up, South led its 4♠ and "
            "threw the K♥ on a diamond trick North won. Spoiled early, it saved 10.") in prose and "What giving up saved" not in prose  # r91: no figure cited before it prints  # r84b: "Give up at once" read as argued against by 14.2 v 14.3  # r82: the lead-in named deal 683 only; the printout starts with deal 65 and "question's figures" not in prose  # r72: the 10 is printed
    gave = ends["Give up and duck"]
    assert gave.tricks[7].card_of(0) == Card("4S") and gave.tricks[7].cards[0] == Card("4S")
    assert gave.tricks[8].cards[0].suit is Suit.DIAMONDS and gave.tricks[8].card_of(0) == Card("KH")
    assert gave.tricks[8].winner == 2
    # deal 1195, played out: the go line lost its first lead, the 10♣, with two hearts on it
    real = ns["real"]
    fifth = real["go for the moon"].tricks[4]
    assert fifth.card_of(0) == Card("TC") and fifth.winner == 1 and [c.pretty for c in fifth.cards if c.points] == ["7♥", "10♥"]
    assert not ns["check"].view(0).broken and Card("TC") == max(
        (c for c in ns["check"].cards(0) if c.suit is not Suit.HEARTS), key=lambda c: c.rank)
    verdict = text_output(cells[ids.index("l08b-17")])
    # r58: the 0% partly reflects the bot (its highest card, the 10♣, is sure to lose): said in a clause
    # r61: "(the 0% measures this simple bot's play)" left open whether the hand or the bot failed; the lesson says
    # only what was measured: the shooter bot played South, and no stronger shooter was tried
    assert ("The real deal, going: hearts were not broken, so the shooter bot led its highest legal card, the 10♣; "
            "West won it, and North and East threw hearts on it:\n"
            " 5. S 10♣   W  J♣*  N  7♥   E 10♥     2 pts → West\n") in verdict
    assert "On the real deal South scored" not in verdict  # r73b (fewer figures): the averages decide, not one deal
    # r60: the 8% read as going being cheap there: the 0% is printed beside it
    # r65: the 16.0 is a failed moon's average only because no moon came off: said so
    go_1195 = ns["tried"]["go for the moon"]
    assert go_1195["no_moon"] == go_1195["score"] and go_1195["moon"] == 0
    # r90: the break-even is worked once (deal 683); here the averages and the 0% decide
    assert "By the same rule" not in verdict and "no stronger shooter" not in verdict and "measures this simple bot" not in verdict
    assert isinstance(ns["moon_plans"]["go for the moon"], Shooter) and ns["tried"]["go for the moon"]["moon"] == 0
    # the give-up question's answer: a folded printout right after the question
    at = ids.index("l08b-11")
    answer = cells[at + 1]
    assert answer["id"] == "l08b-11b" and answer["metadata"]["jupyter"]["outputs_hidden"]
    assert text_output(answer) == ("South may play 4♠ 6♠ 7♠ 8♠; with each, the trick goes to West, North's A♥ with it.\n"
                                   "If South took every point but West's 4♥ and A♥, the engine scores it: South 24, West 2 "
                                   "(no moon).\n")
    assert not any("25" in text_output(c) for c in cells[:at + 1] if c["cell_type"] == "code" and c is not cells[ids.index("l08b-06b")])

def test_pass_queen_cards_refuses_a_hand_past_its_pass_with_a_project_error():
    from hearts_teach import Hand
    from hearts_teach.agents.hearts import RuleBot
    from hearts_teach.course.later_tricks import pass_queen_cards
    from hearts_teach.kernel.errors import WrongPhaseError

    hand = Hand.deal(seed=4, hand_number=0)
    while hand.to_pass:
        RuleBot().act(hand)
    try:
        pass_queen_cards(hand, ["2C 3C 4C"], count=4)
    except WrongPhaseError as e:
        assert "before seat 0 has passed" in str(e) and e.seat == 0
    else:
        raise AssertionError("a hand past its pass was accepted")


def test_08a_r56_nits_summary_seats_and_folded_picker():
    """Rater r56 (lesson 08a): the summary counts the suit you plan to lead (the 5♣ lead rested on the 8♣ being the
    last club out), the trick table's seat letters are named, the 5♣ bullet in short sentences, the across bullet names
    the A♠, and the picker's code is folded like the other helper cells."""
    ns = lesson("08a_keeping_track")
    prose = " ".join(_md("08a_keeping_track").split())
    # r75 (words cut for the cap): the spades above her are part of where she can be
    assert ("note the voids, where the Q♠ can be, and how many cards are still out in hearts and in the suit you "
            "lead.") in prose
    assert [c.pretty for c in ns["view"].still_out()[Suit.CLUBS]] == ["8♣"]
    # r71b fresh read: the order is the order of play, not always E, S, W, N (trick 2 starts with N)
    assert "trick as seat letters and cards in order of play, leader first (trick 1: E, S, W, N)" in prose
    # r100: the right-hand column ("North", "1 pt → West") was left to guess
    # r102: the nested parentheses got in the way of how to read the table: its own sentence
    assert ("The table shows each trick as seat letters and cards in order of play, leader first (trick 1: E, S, W, N), "
            "the winner marked `*`, then who took it and any points.") in prose and "(The engine shows" not in prose
    assert trick_table_output().splitlines()[0].rstrip().endswith("North")
    assert trick_table_output().splitlines()[2].rstrip().endswith("1 pt → West")
    assert " 2. N  7♣   E  Q♣   S  J♣   W  K♣*" in trick_table_output()
    # and the summary keeps the counting: what is still out, and who can hold the Q♠; the left advice hedged
    assert ("Count what is still out in hearts and in the suit you lead, and narrow down who can hold the Q♠.") in prose
    # r73b rater: the summary names across too, and the first section's lesson; fewer numbers (the figures are above)
    assert ("Your pass's receiver plays after you: left for 3 of the 4 leaders, across for 2, right only when you lead."
            in prose)
    # r102: "a high spade kept is less exposed" read as a rule; the body calls it a small edge on one deal
    assert ("Passing the Q♠ left, sending your high spades with her tends to lower the risk, not remove it; passing "
            "right, keeping the A♠ did better here.") in prose
    assert ns['back']['left'][ns['BOTH']] < ns['back']['left'][ns['KEEP']]
    assert "- Lead a suit on which her holder can shed her on someone else's trick, not on yours." in prose
    assert " 1. E  2♣   S  4♣   W  3♣   N  A♣*" in trick_table_output()
    # r73 rater: the leads sorted into groups; r73b rater: the 5♣ only lets her holder shed her (it sends nothing)
    # r81: "May shed the queen" read as South shedding her: her holder does; "the last club out" was said just above
    # r112: the heading read as a danger under "Safest from the queen": it names the 5♣ as the safe lead
    assert ("- **Safest: 5♣.** Whoever holds the 8♣ must play it "
            "and wins. The other two have no clubs and must discard: if one throws the queen, she goes to the 8♣'s "
            "holder, not to you.") in prose and "Sends the queen elsewhere" not in prose
    assert "May shed the queen" not in prose
    # r72: the across bullet states the rule with its figures ("Here too, pass the A♠"), the coach's best passes it
    assert "Here too, pass the A♠:" in prose and "A♠" in ns["best"]["across"].label
    picker = next(c for c in notebook_cells("08a_keeping_track") if "right = PassPicker(" in "".join(c["source"]))
    assert picker["metadata"]["jupyter"] == {"outputs_hidden": False, "source_hidden": True}
    assert "".join(picker["source"]).split("\n", 1)[0].endswith("(code folded, output shown)")


def test_08a_r72b_a_second_position_to_keep_track_of():
    """r72b rater: keeping track was practised on deal 199's trick 7 only; a fresh deal (540) at trick 9 asks who holds
    the Q♠ (two players have shown a spade void), with the record and each lead's trick in a folded cell after it."""
    ns = lesson("08a_keeping_track")
    second = ns["second"]
    assert second.trick_number == 9 and second.turn == 0 and not second.current_trick.cards
    assert second.pass_direction == "hold" and second.seat_names[0] == "South"
    assert Card("QS") not in second.cards(0) and all(Card("QS") not in t.cards for t in second.tricks)
    view = second.view(0)
    assert [second.seat_names[s] for s in (1, 2, 3) if Suit.SPADES not in view.voids(s)] == ["North"]
    assert Card("QS") in second.cards(2)  # the engine agrees: North holds her
    assert ns["shown"] == {1: 8, 2: None, 3: 7}  # the tricks in which West and East discarded on a spade lead
    for s, n in ((1, 8), (3, 7)):
        t = second.tricks[n - 1]
        assert t.led_suit is Suit.SPADES and t.card_of(s).suit is not Suit.SPADES
    closes_on(ns["holder_quiz"], "North")
    every = notebook_cells("08a_keeping_track")
    ids = [c.get("id") for c in every]
    # r73 rater: the learner counts the spades (2 still out) before the who-question, then leads on a widget, then
    # reads the answer and a debrief
    assert ids.index("l08a-leads") < ids.index("l08a-second-intro") < ids.index("l08a-second") \
        < ids.index("l08a-second-count") < ids.index("l08a-second-quiz") < ids.index("l08a-second-lead") \
        < ids.index("l08a-second-answer") < ids.index("l08a-second-debrief") < ids.index("l08a-pass-intro")
    out_now = view.still_out()[Suit.SPADES]
    assert [c.pretty for c in out_now] == ["2♠", "Q♠"] and ns["spades_out"] == 2
    closes_on(ns["spades_quiz"], "2")
    lead9 = ns["lead9"]
    assert every[ids.index("l08a-second-lead")]["metadata"]["jupyter"] == {"outputs_hidden": False, "source_hidden": True}
    assert lead9.hand.trick_number == 9 and not lead9.hand.current_trick.cards, "the lead arrived played"
    assert lead9.hand is not second  # it plays on a copy: the answer cell's position is untouched
    lead9.buttons["KS"].click()
    assert "South takes it (15 points)" in lead9.last_message and second.trick_number == 9
    # the debrief: North holds both spades still out; the K♠ is the top spade left (West's A♠ went in trick 6), so it
    # wins; a heart lead: North follows with a heart, and East's A♥ takes each one
    debrief = " ".join("".join(every[ids.index("l08a-second-debrief")]["source"]).split())
    # r73b rater: the position stopped after one trick: the plan for the rest (duck with a heart, then discard the K♠
    # on a club or diamond lead), played out by rule bots in the answer cell
    # r75 rater: the K♠ wins on a spade lead only (North's 2♠ led, it wins without her): "if you lead it"; the plan
    # covers a heart lead (follow) and North's 2♠ (the K♠ must win it, and North, who led the 2♠, keeps her)
    # r81: the debrief was unfolded under the folded answer, so scrolling showed the answer: it is folded too
    # r100: after the K♠ wins North's 2♠, was North still holding her a danger? "leaving you no spade"
    # r102 review: "(here East's A♥ wins it); the Q♥ might win" read as if East's A♥ might lose: the Q♥ named as the
    # card not to lead
    # r116 (rater: West's A♠ in trick 6 was read as a spade void): the tricks that show the spade voids, and what
    # the A♠ on a club lead shows
    # r120 (report r120/08a, misleading: "on North's 2♠, your K♠ wins" left out North leading the queen itself into the
    # bare K♠): why the K♠ goes on the first club or diamond lead, said (H5: South must follow with its only spade)
    assert debrief == ("<details><summary>The answer</summary> North holds both spades still out, the 2♠ and the Q♠: West and East have shown spade voids (tricks 8 and 7). "
                       "West's A♠ on trick 6's club lead showed only a club void. Your "
                       "K♠ is the top spade left: if you lead it, it wins, and North can play "
                       "the queen on it. The plan: give up the lead with a low heart, not the Q♥, "
                       "which might win hearts (here East's A♥ wins). Then "
                       "throw the K♠ on the first club or diamond lead (you have none), before North can lead the queen, which "
                       "your lone K♠ would win. On a heart lead, follow with a heart; on North's 2♠, your K♠ wins a trick without her, leaving you no spade. The answer's last lines show it: East "
                       "leads the 7♦, your K♠ goes, North drops her on West's K♦. </details>")
    assert [c for c in second.cards(0) if c.suit is Suit.SPADES] == [Card("KS")]  # a 2♠ lead: the K♠ must follow
    voids = {second.seat_names[s]: next(t.number for t in second.tricks if t.led_suit is Suit.SPADES
                                        and t.card_of(s).suit is not Suit.SPADES) for s in (1, 3)}
    assert voids == {"West": 8, "East": 7}  # r116
    six = second.tricks[5]
    assert six.number == 6 and six.led_suit is Suit.CLUBS and six.card_of(1) == Card("AS")  # r116: on a club lead
    # r102: why a low heart and not the Q♥ (every heart lead brings the same trick here): only the A♥ and the K♥ still
    # out beat the Q♥, so it may win if both are held back; the low hearts have more hearts above them to lose to
    above = [c.pretty for c in second.view(0).still_out()[Suit.HEARTS] if c.rank > Card("QH").rank]
    assert sorted(above) == ["A♥", "K♥"] and Card("QH") in second.cards(0)
    assert {Suit.CLUBS, Suit.DIAMONDS}.isdisjoint({c.suit for c in second.cards(0)})
    plan = second.copy()
    plan.play(Card("3H"))
    bots_play(plan, table_bots("rule"))
    ten = plan.tricks[9]
    assert plan.tricks[8].winner == 3 and plan.tricks[8].card_of(3) == Card("AH")
    assert ten.seats[0] == 3 and ten.cards[0] == Card("7D") and ten.card_of(0) == Card("KS")
    assert ten.card_of(2) == Card("QS") and ten.winner == 1 and ten.card_of(1) == Card("KD")
    assert Card("QS") not in plan.taken(0)
    assert set(out_now) <= set(second.cards(2)) and {Suit.SPADES} <= set(view.voids(1)) & set(view.voids(3))
    six = second.tricks[5]
    assert Card("AS") in six.cards and all(c.rank < Card("KS").rank for c in out_now)
    assert any(c.suit is Suit.HEARTS for c in second.cards(2))
    for card in second.legal_plays(0):
        if card.suit is Suit.HEARTS:
            h = second.copy()
            h.play(card)
            bots_play(h, table_bots("rule"), stop=lambda x: len(x.tricks) == 9)
            assert h.last_trick.winner == 3 and h.last_trick.card_of(3) == Card("AH")
            assert h.last_trick.card_of(2).suit is Suit.HEARTS
    answer = every[ids.index("l08a-second-answer")]
    assert answer["metadata"]["jupyter"] == {"outputs_hidden": True, "source_hidden": True}
    assert "".join(answer["source"]).split("\n", 1)[0].endswith("(code and output folded)")
    out = text_output(answer)
    assert out.startswith(" West: void in spades (discarded on the spade lead of trick 8)\nNorth: followed every spade "
                          "lead\n East: void in spades (discarded on the spade lead of trick 7)\nso the Q♠ is with North\n")
    assert "\nlead K♠: 9. S  K♠*  W  9♥   N  Q♠   E  A♥    15 pts → South\n" in out
    assert out.count("→ East\n") == 5  # the four heart leads: East's A♥ takes them; and trick 9 of the plan
    # r111: the plan's line said nothing of who played South's later cards: it says rule bots did
    assert "\nlead 3♥; rule bots play the rest, South's cards too:\n" in out and "10. E  7♦   S  K♠   W  K♦*  N  Q♠" in out
    assert "North" not in text_output(every[ids.index("l08a-second")]).split("Your cards")[1]
    prose = " ".join("".join(every[ids.index("l08a-second-intro")]["source"]).split())
    # r73 rater: "Find her before you lead" had no lead to make; now there is one
    assert prose == ("One more position, on a fresh deal (540: the same four bots, no pass). You are South, about to "
                     "lead trick 9, and the Q♠ has not been played. Count the spades, find her, then lead, before opening the "
                     "answer.")  # r103: shorter, to fit the word cap; r120: again
    assert [i for i, c in enumerate(every) if "seed=540" in "".join(c["source"])] == [ids.index("l08a-second")]


def picker_at(every: list[dict]) -> int:
    return next(i for i, c in enumerate(every) if "right = PassPicker(" in "".join(c["source"]))


def trick_table_output() -> str:
    return "".join(text_output(c) for c in notebook_cells("08a_keeping_track") if "trick_table(track)" in "".join(c["source"]))


def test_08b_r72_the_learner_works_out_deal_1195s_count_first():
    """Round 72: "First work out South's count" on deal 1195 gave nowhere to answer. A question now asks it (2, 5 or 8:
    the hearts over South's best heart, the count, every heart still out), after the position and before the
    go-or-duck question; each reason says what the choice counted."""
    from hearts_teach.course.later_tricks import count_hearts

    ns = lesson("08b_your_own_moon")
    cells = notebook_cells("08b_your_own_moon")
    ids = [c.get("id") for c in cells]
    at = ids.index("l08b-15a")
    assert ids.index("l08b-14") < ids.index("l08b-15") < at < ids.index("l08b-16")
    assert cells[at]["metadata"]["jupyter"] == {"source_hidden": True}
    check, quiz = ns["check"], ns["count_quiz"]
    drawn, count = count_hearts(check)
    assert drawn == [] and " ".join(c.pretty for c in sorted(count, key=lambda c: -c.rank)) == "A♥ K♥ 10♥ 7♥ 6♥"
    out = sorted(check.view(0).still_out()[Suit.HEARTS], key=lambda c: c.rank)
    assert quiz.choices == [2, 5, 8] and len(count) == 5 and len(out) == 8
    assert quiz.question == "Deal 1195: what is South's count (the two steps above)?"
    assert quiz.reason(2) == ("the A♥ K♥ beat your best heart, the Q♥; but you lead your lowest, the 5♥, last, and "
                              "more beat that")
    assert quiz.reason(8) == ("that is every heart still out; the 4♥ 3♥ 2♥ are below your lowest heart, the 5♥, and "
                              "beat none of yours")
    assert quiz.reason(5) == ("right: no top heart (the A♥ K♥ beat your Q♥), so step 1 draws nothing out; the "
                              "A♥ K♥ 10♥ 7♥ 6♥ beat your lowest, the 5♥")
    closes_on(quiz, "5")
    # nothing before it prints the count: the position prints the hearts still out, not which of them count
    assert "count" not in text_output(cells[ids.index("l08b-15")])


def test_08c_r84b_the_pass_at_your_table_explained():
    """r84b: the table's pass question graded the queen alone a blunder and keeping both spades a mistake, the other
    way round from deal 743, with no word: a folded answer after the question says why, from the printed figures."""
    import numpy as np

    from hearts_teach.agents.coach import assess_pass

    ns = lesson("08c_beginner_mistakes")
    cells = notebook_cells("08c_beginner_mistakes")
    flat = [" ".join("".join(c["source"]).split()) for c in cells]
    mine, graded = ns["graded_mine"], ns["graded"]
    both, alone = mine.of("AC QD AH"), mine.of("AC QD QS")
    assert (both.verdict, alone.verdict) == ("mistake", "blunder")
    shares = [re.search(r"in (\d+%) of deals", str(c)).group(1) for c in (both, graded.of(ns["lowest"]), alone)]
    assert shares == ["54%", "82%", "63%"]
    # r85: the answer names the right pass first, and says why the overlapping ranges still grade differently
    assert mine.best.label == "Q♦ Q♠ A♠" and ns["mine"].pass_direction == "left"
    lows = (f"{both.delta_ci95[0]:.2f}", f"{alone.delta_ci95[0]:.2f}")
    assert lows == ("2.71", "3.11") and 1 < both.delta_ci95[0] <= 3 < alone.delta_ci95[0]
    # r91: "no safer" undersold it (63% against 54%), and why it flips from deal 743 (52% against 82%) was unclear:
    # said plainly, with what the 8♠ changes (checked below: swapped out, keeping both is a blunder again); the
    # Q♦-not-A♣ claim is cut (the coach's trace gives no reason beyond its contrast, printed after the question)
    # r92: "only the low ends part the grades" told the reader the split was near chance, and no reason could be
    # reused: the coach's own (the queen alone "keeps the A♠", where she can be dropped; keeping both "keeps the Q♠
    # with one lower spade", the 8♠, checked below), tied to mistake 4's rule
    # r93: the reversal from deal 743 read as a contradiction: the three figures side by side, then why a lone kept
    # A♠ is worse than A♠ Q♠ 8♠ (the queen kept cannot be in the trick South's own A♠ wins: one card a seat a trick)
    fold = ("<details><summary>Answer (your pass)</summary> Pass Q♦ Q♠ A♠, the coach's best: with one low spade "
            "(the 8♠), both spades go left (trap 4's rule). How often she ends up in South's "
            "tricks: both passed 33%, "
            "both kept 54%, queen alone passed 63%. Passing her alone was the blunder: West can drop her on your kept A♠. "
            "Keep both and nobody can drop her on your A♠, but the 8♠ covers only one spade lead. In deal 743, with none, "  # r119
            "keeping both was worst (81–82%). </details>")  # r112 (word cap); r117: two passes kept both (81%, 82%)
    assert f"{mine.best.stats['p_take_qs']:.0%}" == "33%" and "in 33% of deals" in str(mine.best)
    # r94: "Kept, she can never fall on your A♠" beside 54% read as if keeping both were safe: the 8♠ covers only one
    assert "can never fall on your A♠" not in flat[-1]
    # r103: the bold trap name (keeping both) read as if passing the queen alone were enough: her alone was the blunder
    assert alone.verdict == "blunder" and both.verdict == "mistake"
    # r120: the summary's "Your turn: her alone did worse than keeping both" holds on both of the coach's figures
    assert alone.stats["p_take_qs"] > both.stats["p_take_qs"] and alone.delta_vs_best > both.delta_vs_best
    # r121 (newcomer r121/08c: read as a general rule, while deal 743 printed the opposite): "can", with its deal
    assert "her alone can do worse than both kept: Your turn" in flat[-1]
    assert "her alone did worse than keeping both" not in flat[-1]
    assert [c.pretty for c in ns["mine"].cards(0) if c.suit is Suit.SPADES and c.rank < Card("QS").rank] == ["8♠"]
    assert "graded worse here (63% against 54% keeping both)" not in flat[-1]
    shown_743 = ns["choices"] + [graded.of(ns["with_seven"])]  # deal 743's passes, as printed
    assert max(shown_743, key=lambda c: c.stats["p_take_qs"]).label == graded.of(ns["lowest"]).label
    assert "Their ranges overlap" not in flat[-1] and "either side of 3" not in flat[-1]
    assert "the Q♠ can still be dropped on a trick you win" in str(alone)
    assert "no safer" not in flat[-1] and "The Q♦ goes, not the A♣" not in flat[-1]
    assert f"{graded.of(ns['keep_ace']).stats['p_take_qs']:.0%}" == "52%"  # deal 743's queen alone
    assert [c.pretty for c in ns["passing"].cards(0) if c.suit is Suit.SPADES] == ["Q♠", "A♠"]  # no low spade
    # r90: "mistake" beside "blunder" and "cannot tell which is worse" read as if the queen alone were better: it is
    # no safer (63% against keeping both's 54%), and only the low ends against 3 part the grades
    assert alone.stats["p_take_qs"] > both.stats["p_take_qs"] and alone.delta_vs_best > both.delta_vs_best
    # r89: why the Q♦ goes rather than the A♣, in the coach's terms (its verdict on A♣ Q♠ A♠: it keeps the Q♦, and
    # she ends up in South's tricks more often, 35% against 33%)
    with_ace = mine.of("AC QS AS")
    assert "it keeps the Q♦" in str(with_ace) and "more often than with Q♦ Q♠ A♠" in str(with_ace)
    assert with_ace.stats["p_take_qs"] > mine.best.stats["p_take_qs"]
    # r111 (rater: the third card): the other third card, graded, as in trap 4 (trap 4's rule; checked in the fold)
    assert with_ace.verdict == "inaccuracy" and with_ace.delta_vs_best < min(both.delta_vs_best, alone.delta_vs_best)
    asked = next(i for i, c in enumerate(cells) if "my_pass_quiz = Quiz(" in "".join(c["source"]))
    assert flat[-1].startswith(fold + " ## What you learned") and len(cells) - 1 > asked + 1
    assert "it keeps the A♠" in str(alone) and "keeps the Q♠ with one lower spade" in str(both)
    # their ranges overlap (printed), and on the same deals the paired difference is not shown to be above 0
    assert alone.delta_ci95[0] < both.delta_ci95[1] and both.delta_ci95[0] < alone.delta_ci95[1]
    ev = mine.evidence
    masks = [CardList.from_mask(m).mask for m in ev.candidates]
    a, b = (ev.points(masks.index(CardList(p).mask)).astype(float) for p in ("AC QD QS", "AC QD AH"))
    n = min(len(a), len(b))
    d = a[:n] - b[:n]
    assert abs(d.mean()) < 1.96 * d.std(ddof=1) / np.sqrt(n)
    # the 8♠: swap it for West's 5♦ and keeping both gives South the queen far more often, a blunder as in deal 743
    hand = ns["mine"]
    hands = [list(hand.cards(s)) for s in range(4)]
    hands[0] = [Card("5D") if c == Card("8S") else c for c in hands[0]]
    hands[1] = [Card("8S") if c == Card("5D") else c for c in hands[1]]
    no_eight = Hand(hands, "left", hand.rules, 0, None)
    kept = assess_pass(no_eight.view(0), include=["AC QD AH"]).of("AC QD AH")
    assert kept.verdict == "blunder" and kept.stats["p_take_qs"] > 0.8 > both.stats["p_take_qs"]


def test_08b_r93_count_0_failures_began_with_a_lost_trick_in_another_suit():
    """r93 read: a count of 0 failed 5 times in 16 against the bots, unexplained. In each of the 5, South (the shooter
    bot) lost a trick in which it played a card outside hearts, at or before the first trick another player took
    points: the count covers hearts only."""
    # r98: the lesson's sentence (cell l08b-23) was printed nowhere and is cut; the fact stays checked here
    from hearts_teach.course.later_tricks import _QUEEN, _holds_top_heart, moon_count

    def ready(h: Hand) -> bool:
        trick = h.current_trick
        return (h.turn == 0 and trick is not None and not trick.cards and _QUEEN in h.taken(0)
                and not any(h.points_taken[1:]))

    zero, failed = 0, []
    for number in range(3000):  # as count_scale
        h = bots_play(Hand.deal(seed=number, pass_direction="hold"), table_bots("rule"), stop=ready)
        if h.is_over or moon_count(h) != 0 or not _holds_top_heart(h):
            continue
        zero += 1
        start = len(h.tricks)
        run = bots_play(h, [Shooter()] + table_bots("rule")[1:])
        if run.moon == 0:
            continue
        first = next(i for i, t in enumerate(run.tricks) if t.winner != 0 and t.points)
        assert first >= start and any(t.winner != 0 and t.card_of(0).suit is not Suit.HEARTS
                                      for t in run.tricks[start:first + 1]), number
        failed.append(number)
    assert (zero, len(failed)) == (16, 5)
