"""Hearts for 3, 4, 5 and 6 players (``Rules(players=N)``, docs/players.md).

The expectations come from docs/players.md written out here (the cards taken out, the pass
cycles, the opening card) and from hands worked out by hand, not from the engine's tables.
The property test checks random legal play against a plain reference of the rules.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_teach import (
    DECK,
    Card,
    Hand,
    IllegalPassError,
    IllegalPlayError,
    InvalidDealError,
    InvalidSeatError,
    Match,
    RecordError,
    Rng,
    Rule,
    Rules,
    RulesError,
    Suit,
    View,
    cards,
    make_bot,
)
from hearts_teach.games.hearts.replay import replay_record

# docs/players.md, written out again: the cards taken out and the pass cycle of each table
REMOVED = {3: {"2D"}, 4: set(), 5: {"2D", "2C"}, 6: {"2D", "3D", "3C", "4C"}}
CYCLES = {3: ["left", "right", "hold"], 4: ["left", "right", "across", "hold"],
          5: ["left", "right", "hold"], 6: ["left", "right", "across", "hold"]}
TABLES = sorted(REMOVED)
QS = Card("QS")


def in_play(n: int) -> list[Card]:
    return [c for c in DECK if str(c) not in REMOVED[n]]


def opening_card(n: int) -> Card:
    return min((c for c in in_play(n) if c.suit is Suit.CLUBS), key=lambda c: c.rank)


# --- the deck, the deal, the rules object -----------------------------------------------------
@pytest.mark.parametrize("n", TABLES)
def test_the_deck_divides_evenly_and_keeps_every_point(n):
    rules = Rules(players=n)
    deck = in_play(n)
    assert len(deck) % n == 0 and rules.hand_size == len(deck) // n
    assert sum(c.points for c in deck) == 26  # no heart and not Q♠ is ever taken out
    hand = Hand.deal(7, rules=rules)
    dealt = [hand.dealt(s) for s in range(n)]
    assert [len(h) for h in dealt] == [len(deck) // n] * n
    assert sorted(c for h in dealt for c in h) == deck, "the cards in play, each once"
    assert hand.seat_names == rules.table.names and len(set(hand.seat_names)) == n


@pytest.mark.parametrize("n", TABLES)
def test_pass_cycle_and_targets(n):
    rules = Rules(players=n)
    cycle = CYCLES[n]
    assert [rules.pass_direction(k) for k in range(2 * len(cycle))] == cycle * 2
    for k, direction in enumerate(cycle):
        hand = Hand.deal(k, hand_number=k, rules=rules)
        assert hand.pass_direction == direction
        for seat in range(n):
            expected = {"left": (seat + 1) % n, "right": (seat - 1) % n, "across": (seat + n // 2) % n,
                        "hold": None}[direction]
            assert hand.pass_target(seat) == expected
    if n % 2:
        with pytest.raises(RulesError, match="no seat across"):
            Hand.deal(0, rules=rules, pass_direction="across")


def test_four_players_is_the_default_and_says_nothing_new():
    assert Rules() == Rules(players=4) and Rules().changes() == {}
    assert "players" not in Hand.deal(0).to_record().get("rules", {})
    assert "Players" not in Rules().describe()
    assert Rules(players=3).changes() == {"players": 3} and repr(Rules(players=3)) == "Rules(players=3)"
    assert Rules.from_dict({"players": 5}) == Rules(players=5)
    assert Rules.preset("omnibus").replace(players=6).players == 6


@pytest.mark.parametrize("bad", [7, 2, 0, -4, "3", 3.0, True, None, [3]])
def test_bad_player_counts_are_refused_by_name(bad):
    with pytest.raises(RulesError) as err:
        Rules(players=bad)
    text = str(err.value)
    assert "'players'" in text and "3 to 6" in text and type(bad).__name__ in text


def test_bad_deals_and_seats_at_other_tables():
    rules = Rules(players=3)
    deck = [str(c) for c in in_play(3)]
    good = [deck[i::3] for i in range(3)]
    Hand(good, "hold", rules)
    with pytest.raises(InvalidDealError, match="3 hands"):
        Hand(good + [[]], "hold", rules)
    with_two_diamonds = [h[:] for h in good]
    with_two_diamonds[0][0] = "2D"
    with pytest.raises(InvalidDealError, match="2♦ is not in the deck: with 3 players 2♦ are taken out"):
        Hand(with_two_diamonds, "hold", rules)
    with pytest.raises(InvalidDealError, match="exactly 17"):
        Hand([good[0][:-1], good[1], good[2] + [good[0][-1]]], "hold", rules)
    hand = Hand(good, "hold", rules)
    with pytest.raises(InvalidSeatError, match=r"0, 1, 2 clockwise \(0 South, 1 West, 2 East\)"):
        hand.cards(3)
    with pytest.raises(ValueError, match="expected 3 seat names"):
        Hand(good, "hold", rules, seat_names=["A", "B", "C", "D"])
    assert Hand(good, "hold", rules, seat_names=["Ann", "Bo", "Cy"]).seat_names == ("Ann", "Bo", "Cy")


# --- golden hands, worked out by hand ---------------------------------------------------------
FIVE = ["3C 4C 5C 6C 7C 8C 9C TC JC QC", "KC AC 3D 4D 5D 6D 7D 8D 9D TD",
        "JD QD KD AD 2S 3S 4S 5S 6S 7S", "8S 9S TS JS QS KS AS 2H 3H 4H",
        "5H 6H 7H 8H 9H TH JH QH KH AH"]
THREE_MOON = ["2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS KS AS AC",
              "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2S 3S 4S 5S 6S",
              "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 7S 8S 9S TS JS"]
SIX = ["2H 3H 4H 5H 6H 7H 8H 9H", "TH JH QH KH AH 2C 5C 6C", "7C 8C 9C TC JC QC KC AC",
       "4D 5D 6D 7D 8D 9D TD JD", "QD KD AD 2S 3S 4S 5S 6S", "7S 8S 9S TS JS QS KS AS"]


def stacked(deal: list[str], n: int, **options) -> Hand:
    return Hand([d.split() for d in deal], "hold", Rules(players=n, passing=False, **options))


def lowest_out(hand: Hand, shooter: int | None = None) -> Hand:
    while not hand.is_over:
        legal = list(hand.legal_plays())
        hand.play(max(legal) if hand.turn == shooter else min(legal))
    return hand


@pytest.mark.parametrize("n", [3, 5, 6])
def test_passing_a_card_taken_out_says_it_is_out_and_changes_nothing(n):
    # a player used to four players tries to pass the 2♦: the reason is the table, not the hand
    from hearts_teach.present.widgets import TableWidget

    hand = Hand.deal(4, rules=Rules(players=n))
    out = Card(sorted(REMOVED[n])[0])
    mine = list(hand.cards(0))[:2]
    before = hand.to_json()
    with pytest.raises(IllegalPassError) as err:
        hand.pass_cards(0, [out, *mine])
    assert err.value.rule is Rule.NOT_IN_HAND and err.value.card == out
    assert f"{out.pretty} is not in play: with {n} players" in str(err.value)
    assert "nobody can pass it; the hand is" in str(err.value) and hand.to_json() == before
    table = TableWidget(seed=4, rules=Rules(players=n), trick_pause=0)
    said = table.pass_picker.toggle(out)
    assert said.startswith(f"Can't choose {out.pretty}: {out.pretty} is not in play: with {n} players")
    assert table.pass_picker.selected == []


def test_five_players_open_with_three_of_clubs():
    hand = stacked(FIVE, 5)
    assert hand.turn == 0 and list(hand.legal_plays()) == [Card("3C")]
    assert "the holder of 3♣, the lowest club in play, opens" in hand.explain("3C").message
    with pytest.raises(IllegalPlayError) as err:
        hand.play("QC")
    assert err.value.rule is Rule.MUST_LEAD_TWO_OF_CLUBS
    assert "opened with 3♣" in str(err.value) and "lead 3♣" in str(err.value)
    assert hand.snapshot() == stacked(FIVE, 5).snapshot(), "a refused play changes nothing"
    with pytest.raises(IllegalPlayError, match="2♣ is not in play: with 5 players 2♣, 2♦ are taken out"):
        hand.play("2C")


def test_five_players_golden_hand():
    # worked by hand, everyone playing the lowest legal card: trick 1 3♣ K♣ J♦ 8♠ 5♥ goes
    # to West (K♣), who then leads A♣ (the lowest index), ... South-East's spades take Q♠.
    hand = lowest_out(stacked(FIVE, 5))
    assert tuple(hand.tricks[0].cards) == cards("3C KC JD 8S 5H") and hand.tricks[0].winner == 1
    assert tuple(hand.tricks[1].cards) == cards("AC QD 2H 6H 4C") and hand.tricks[1].winner == 1
    assert [t.winner for t in hand.tricks] == [1, 1, 2, 2, 3, 3, 3, 3, 3, 3]
    assert hand.scores == (0, 3, 4, 19, 0) and hand.moon is None and sum(hand.scores) == 26


@pytest.mark.parametrize("moon,expected", [("add_to_others", (0, 26, 26)),
                                           ("subtract_from_self", (-26, 0, 0))])
def test_three_player_moon(moon, expected):
    # West leads 2♣ (held), East discards 3♦, South wins with A♣ and then leads A♠ K♠ Q♠
    # and every heart: all 17 tricks
    hand = lowest_out(stacked(THREE_MOON, 3, moon=moon), shooter=0)
    assert tuple(hand.tricks[0].cards) == cards("2C 3D AC")
    assert len(hand.tricks) == 17 and all(t.winner == 0 for t in hand.tricks)
    assert hand.moon == 0 and hand.scores == expected


@pytest.mark.parametrize("moon,expected", [("add_to_others", (26, 26, 0, 26, 26, 26)),
                                           ("subtract_from_self", (0, 0, -26, 0, 0, 0))])
def test_six_player_hand_where_the_clubs_take_everything(moon, expected):
    # 2♣ (South-West) opens; North-West follows with the lowest club and wins; every
    # trick is a club trick that the others, void in clubs, paint: a moon for North-West
    hand = lowest_out(stacked(SIX, 6, moon=moon))
    assert tuple(hand.tricks[0].cards) == cards("2C 7C 4D QD 7S 2H")
    assert hand.tricks[0].winner == 2 and hand.tricks[5].points == 15  # Q♠ and Q♥ in trick 6
    assert [t.winner for t in hand.tricks] == [2] * 8
    assert hand.moon == 2 and hand.scores == expected


# --- property test: random hands at every table -------------------------------------------------
def reference_legal(held: list[Card], trick: list[Card], first: bool, broken: bool, n: int) -> list[Card]:
    """Rules H4, H5, H6 and H8 of docs/rules.md, with the opening card of docs/players.md."""
    if trick:
        follow = [c for c in held if c.suit == trick[0].suit]
        if follow:
            return follow
        if first:
            return [c for c in held if not c.is_penalty] or held
        return held
    if first:
        assert opening_card(n) in held
        return [opening_card(n)]
    if not broken:
        return [c for c in held if c.suit is not Suit.HEARTS] or held
    return held


@settings(max_examples=40, derandomize=True, deadline=None, database=None)
@given(seed=st.integers(min_value=0, max_value=2**63 - 1), n=st.sampled_from(TABLES),
       number=st.integers(min_value=0, max_value=5))
def test_random_hands_at_every_table(seed, n, number):
    rules = Rules(players=n)
    rng = Rng(seed)
    hand = Hand.deal(rng.spawn("deal"), hand_number=number, rules=rules)
    for seat in range(n):
        if hand.to_pass:
            hand.pass_cards(seat, rng.sample(list(hand.cards(seat)), 3))
    size = len(in_play(n)) // n
    leader, broken = hand.turn, False
    assert opening_card(n) in hand.cards(leader)
    taken: list[list[Card]] = [[] for _ in range(n)]
    for number_ in range(size):
        assert hand.turn == leader, "the winner of the last trick leads"
        trick: list[Card] = []
        for i in range(n):
            seat = (leader + i) % n
            assert hand.turn == seat
            ref = reference_legal(list(hand.cards(seat)), trick, number_ == 0, broken, n)
            assert list(hand.legal_plays()) == sorted(ref)
            assert hand.view(seat).legal_mask == hand.legal_plays().mask
            card = rng.choice(list(hand.legal_plays()))
            done = hand.play(card)
            assert (done is not None) == (i == n - 1), "a trick is complete after N cards"
            trick.append(card)
        best = max(c for c in trick if c.suit == trick[0].suit)
        winner = (leader + trick.index(best)) % n
        assert hand.last_trick.winner == winner and len(hand.last_trick.cards) == n
        taken[winner].extend(trick)
        broken = broken or any(c.suit is Suit.HEARTS for c in trick)
        leader = winner
        if number_ == size // 2:
            assert Hand.from_json(hand.to_json()).snapshot() == hand.snapshot()
    assert hand.is_over and len(hand.tricks) == size
    assert sorted(c for t in hand.tricks for c in t.cards) == in_play(n), "each card in play once"
    points = [sum(c.points for c in t) for t in taken]
    shooter = next((s for s in range(n) if points[s] == 26), None)
    assert hand.moon == shooter
    if shooter is None:
        assert list(hand.scores) == points and sum(hand.scores) == 26
    else:
        assert list(hand.scores) == [0 if s == shooter else 26 for s in range(n)]
    again = Hand.from_record(json.loads(hand.to_json()))
    assert again.scores == hand.scores and again.rules.players == n


# --- match, records, the replay command -------------------------------------------------------
@pytest.mark.parametrize("n", [3, 5, 6])
def test_matches_end_and_round_trip(n):
    rules = Rules(players=n, end_score=40)
    m = Match(seed=n, rules=rules)
    bots = [make_bot("rule", seed=s) for s in range(n)]
    while True:
        h = m.hand
        assert h.pass_direction == CYCLES[n][m.hand_number % len(CYCLES[n])]
        for s in h.to_pass:
            h.pass_cards(s, bots[s].choose_pass(h.view(s)))
        while not h.is_over:
            h.play(bots[h.turn].choose_play(h.view(h.turn)))
        totals = [sum(x.scores[s] for x in m.hands) for s in range(n)]
        assert list(m.totals) == totals
        if m.is_over:
            assert max(totals) >= 40 and m.winner == totals.index(min(totals))
            break
        m.next_hand()
    rec = m.to_record()
    assert rec["rules"] == {"end_score": 40, "players": n} and "seat_names" not in rec
    assert all(len(h["deal"]) == n and len(h["passes"]) == n for h in rec["hands"])
    again = Match.from_json(json.dumps(rec))
    assert again.to_record() == rec and again.totals == m.totals and again.seat_names == m.seat_names
    assert len(m.score_table().splitlines()[0].split()) == 2 + n  # hand, pass, one column per seat


def test_a_five_player_match_record_names_what_is_wrong():
    # hands counted from 1 as the views show them, the table's pass cycle, and the real cause
    # of a match record whose rules lost "players"
    m = Match(seed=5, rules=Rules(players=5))
    bots = [make_bot("rule", seed=s) for s in range(5)]
    for _ in range(3):
        h = m.hand
        for s in h.to_pass:
            h.pass_cards(s, bots[s].choose_pass(h.view(s)))
        while not h.is_over:
            h.play(bots[h.turn].choose_play(h.view(h.turn)))
        if not m.is_over:
            m.next_hand()
    rec = m.to_record()
    cases = [
        (dict(rec, rules={}), "hands[0].rules", 'the hand is for 5 players, the match for 4: '
                                                'the match\'s "rules" need "players": 5'),
        (dict(rec, hands=[rec["hands"][0], dict(rec["hands"][1], pass_direction="left")]),
         "hands[1].pass_direction", "hand 2 of the match passes right, not 'left': at 5 players the passes "
                                    "go left, right, hold, then again"),
        (dict(rec, hands=[*rec["hands"][:2], dict(rec["hands"][2], pass_direction="across")]),
         "hands[2].pass_direction", "hand 3 of the match is a hold hand (no pass), not 'across'"),
    ]
    for bad, field, words in cases:
        with pytest.raises(RecordError) as err:
            Match.from_json(json.dumps(bad))
        assert err.value.field == field and words in str(err.value), str(err.value)


def test_old_records_without_players_are_four_player_and_bad_counts_are_named():
    rec = Hand.deal(3).to_record()
    assert "rules" not in rec and Hand.from_record(rec).players == 4
    three = Hand.deal(3, rules=Rules(players=3)).to_record()
    assert three["rules"] == {"players": 3} and len(three["deal"]) == 3
    for bad, words in (("3", "'players'"), (7, "3 to 6")):
        broken = dict(three, rules={"players": bad})
        with pytest.raises(RecordError, match=words):
            Hand.from_record(broken)
    four_hands = dict(three, deal=rec["deal"])
    with pytest.raises(RecordError, match="expected 3 hands, got 4"):
        Hand.from_record(four_hands)


def test_replay_command_takes_the_table_size():
    rules = Rules(players=5, passing=False)
    hand = lowest_out(stacked(FIVE, 5))
    line = {"rules": {"players": 5, "passing": False}, "pass_direction": "hold",
            "deal": [d.split() for d in FIVE], "plays": [str(c) for c in hand.plays]}
    out = replay_record(line)
    assert out["ok"] and out["points"] == [0, 3, 4, 19, 0] and out["moon"] is None
    assert out["legal"][0] == ["3C"] and len(out["legal"]) == 50
    assert rules.players == 5
    bad = replay_record(dict(line, deal=line["deal"][:4]))
    assert not bad["ok"] and bad["field"] == "deal" and "5 lists of 10 cards" in bad["error"]
    across = replay_record(dict(line, rules={"players": 5}, pass_direction="across"))
    assert not across["ok"] and "no seat across" in across["error"]


def test_replay_help_gives_the_format_and_the_table_size(capsys):
    # a player with a five-player record learns the format from --help, not from a source path
    from hearts_teach.__main__ import main as cli_main

    with pytest.raises(SystemExit) as done:
        cli_main(["replay", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert '"rules": {"players": 5}' in out
    assert '"pass_direction"' in out and '"deal"' in out and '"passes"' in out and '"plays"' in out
    assert "across (4 and 6 players)" in out
    for n in (3, 4, 5, 6):  # the deal sizes it quotes are the engine's
        assert f"{n} x {Rules(players=n).hand_size}" in out


# --- views: text, HTML, the view a bot gets ----------------------------------------------------
@pytest.mark.parametrize("n", [3, 5, 6])
def test_views_name_every_seat(n):
    hand = Hand.deal(1, rules=Rules(players=n, passing=False))
    hand.play(hand.legal_plays().forced)
    text, html = hand.text(all_hands=True), hand._repr_html_()
    for name in Rules(players=n).table.names:
        assert name in text and name in html
    assert f"Trick 1 of {len(in_play(n)) // n}" in text
    view = hand.view(hand.turn)
    assert len(view.taken) == len(view.sizes) == len(view.void) == n
    assert view.unseen_mask & Rules(players=n).removed_mask == 0, "a removed card is never unseen"
    sheet = hand.replay_sheet()
    assert sheet.count("\n  ") >= n


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_text_views_line_the_hands_up_under_long_seat_names(n):
    # 'North-West' is longer than 'South': every hand starts in the same column at every table
    hand = Hand.deal(1, rules=Rules(players=n))
    from hearts_teach.present.widgets import TableWidget

    table = TableWidget(seed=1, rules=Rules(players=n), trick_pause=0)
    for text in (hand.text(all_hands=True), table.text()):
        rows = [line for line in text.splitlines() if any(f"{name}:" in line or f"{name} (" in line
                                                          for name in hand.seat_names)]
        assert len(rows) == n
        assert len({row.index(name) + len(name) for row, name in zip(rows, hand.seat_names, strict=True)}) == 1
    for s in range(n):
        hand.pass_cards(s, list(hand.cards(s))[:3])
    rows = [line for line in hand.text(all_hands=True).splitlines() if line[2:].lstrip().split(":")[0]
            in hand.seat_names]
    assert len(rows) == n and len({row.index(":") for row in rows}) == 1


# --- bots and the coach -------------------------------------------------------------------------
@pytest.mark.parametrize("n", [3, 5, 6])
@pytest.mark.parametrize("bot", ["random", "rule", "mc:8"])
def test_bots_play_whole_hands_at_every_table(n, bot):
    hand = Hand.deal(n, hand_number=1, rules=Rules(players=n))
    bots = [make_bot(bot, seed=s) for s in range(n)]
    for s in range(n):
        hand.pass_cards(s, bots[s].choose_pass(hand.view(s)))
    while not hand.is_over:
        hand.play(bots[hand.turn].choose_play(hand.view(hand.turn)))  # play() refuses an illegal card
    assert sum(hand.scores) in (26, 26 * (n - 1))


@pytest.mark.parametrize("n", [3, 5, 6])
def test_the_expert_plays_whole_hands_at_every_table_its_endgame_search_included(n):
    # the expert searches its last five cards exactly (agents.hearts.endgame) at any table size
    hand = Hand.deal(7, hand_number=1, rules=Rules(players=n))
    bots = [make_bot("expert", seed=1)] + [make_bot("rule", seed=s) for s in range(1, n)]
    assert bots[0].endgame == 5
    for s in range(n):
        hand.pass_cards(s, bots[s].choose_pass(hand.view(s)))
    while not hand.is_over:
        hand.play(bots[hand.turn].choose_play(hand.view(hand.turn)))  # play() refuses an illegal card
    assert sum(hand.scores) in (26, 26 * (n - 1))


@pytest.mark.parametrize("n", [3, 5, 6])
def test_sampled_deals_respect_the_table_and_the_removed_cards(n):
    from hearts_teach.agents.hearts.deals import deals

    rules = Rules(players=n)
    hand = Hand.deal(11, rules=rules)
    for s in range(n):
        hand.pass_cards(s, list(hand.cards(s))[:3])
    for _ in range(n + 2):  # into the second trick: some cards out, maybe a void shown
        hand.play(min(hand.legal_plays()))
    view = hand.view(hand.turn)
    pass_view = View.from_hand(Hand.deal(12, rules=rules), 1)
    for deal in deals(view, seed=3, count=16) + deals(pass_view, seed=3, count=4):
        assert len(deal) == n
        union = 0
        for m in deal:
            assert not union & m
            union |= m
        assert not union & rules.removed_mask, "no removed card is ever dealt"
    for deal in deals(view, seed=3, count=16):
        assert deal[view.seat] == view.hand
        assert [m.bit_count() for m in deal] == list(view.sizes)
        assert union_of(deal) | view.played == rules.deck_mask
        for s in range(n):
            for suit in range(4):
                if view.void[s] >> suit & 1:
                    assert not deal[s] & Suit(suit).mask, "a shown void is respected"
        still_out = view.passed & view.unseen_mask  # passed cards not yet played
        assert deal[view.pass_to] & still_out == still_out, "the receiver holds what was passed"


def union_of(masks: list[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def test_the_coach_works_at_a_table_of_three():
    from hearts_teach.agents.coach import assess_play, hint

    hand = stacked(THREE_MOON, 3)
    hand.play("2C")
    view = hand.view(2)
    a = assess_play(view, worlds=32, max_worlds=64)
    assert {str(c.card) for c in a} <= {str(c) for c in hand.legal_plays()}
    assert str(hint(view)).startswith("Play ")


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_the_coach_says_a_card_wins_the_trick_only_when_it_is_the_last_card(n):
    # at six players the fourth card is not the last: two more seats may still go over it
    from hearts_teach.agents.coach import play_does

    said = {}
    for seed in range(40):
        hand = Hand.deal(seed, rules=Rules(players=n, passing=False))
        while not hand.is_over and len(said) < n - 1:
            view = hand.view(hand.turn)
            over = [c for c in hand.legal_plays() if view.trick and c.suit == DECK[view.win_card].suit
                    and c > DECK[view.win_card]]
            if over:
                said.setdefault(len(view.trick), play_does(view, DECK.index(over[0])))
            hand.play(list(hand.legal_plays())[0])
    assert sorted(said) == list(range(1, n))
    for cards_before, words in said.items():
        last = cards_before == n - 1
        assert words.startswith("wins the trick") == last, (cards_before, words)
        # not last: it "goes over" the winner, never "wins" (a later seat may still beat it)
        assert words.startswith("goes over ") == (not last), (cards_before, words)


def test_the_batch_engine_refuses_other_tables_by_name():
    from hearts_teach.games.hearts.batch import check_rules

    with pytest.raises(RulesError, match="seats 4 players only, not 3"):
        check_rules(Rules(players=3))
    check_rules(Rules())
    from hearts_teach.agents.hearts.batch_sample import rollout, sample_worlds

    view = Hand.deal(0, rules=Rules(players=5)).view(0)
    for call in (lambda: sample_worlds(view, 4), lambda: rollout(view, worlds=4)):
        with pytest.raises(RulesError, match="seats 4 players only, not 5"):
            call()


# --- the table widget --------------------------------------------------------------------------
@pytest.mark.parametrize("n", [3, 5, 6])
def test_the_table_widget_seats_n_players_and_plays_by_clicks(n, monkeypatch):
    monkeypatch.setenv("HEARTS_TRICK_PAUSE", "0")
    from hearts_teach.present.widgets import TableWidget

    t = TableWidget(seed=5, opponents="rule", rules=Rules(players=n), hint_fn=lambda v: "a hint")
    names = Rules(players=n).table.names
    assert t.labels == ("you",) + ("rule",) * (n - 1)
    assert t.trick_view.board.names == list(names)
    keys = list(t.pass_picker.buttons)[:3]
    for k in keys:
        t.pass_picker.buttons[k].click()
    t.pass_picker.confirm.click()
    clicks = 0
    while not t.hand.is_over:
        assert t.hand.turn == 0
        legal = [k for k, b in t.hand_widget.buttons.items() if b.active]
        assert {Card(k) for k in legal} == set(t.hand.legal_plays(0))
        t.hand_widget.buttons[legal[0]].click()
        clicks += 1
    assert clicks == len(in_play(n)) // n
    for name in names:
        assert name in t.seats_html.value and name in t.text()
    assert t.seats_html.value.count("<tr") == n + 1  # a header and one row per seat
    t.buttons["next_hand"].click()
    assert t.hand.hand_number == 1 and t.hand.pass_direction == "right"


def test_the_table_widget_checks_seats_and_opponents_against_the_table():
    from hearts_teach.present.widgets import TableWidget

    with pytest.raises(ValueError, match=r"seat must be 0, 1 or 2 \(South, West, East\), got 3"):
        TableWidget(seat=3, rules=Rules(players=3))
    with pytest.raises(ValueError, match="opponents needs 4 difficulty names"):
        TableWidget(opponents=["rule", "rule", "rule"], rules=Rules(players=5))
    # a seat that is not at the table is named, not silently dropped (seat 3 would never play 'hard')
    with pytest.raises(ValueError, match=r"opponents needs a bot for seats \[1, 2\]; seat 3 is not one of them "
                                         r"\(a table of 3: seats 0 South, 1 West, 2 East, you at 0\)"):
        TableWidget(opponents={1: "rule", 2: "easy", 3: "hard"}, rules=Rules(players=3))
    with pytest.raises(ValueError, match=r"missing \[1, 2\]; seat 3 is not one of them"):
        TableWidget(opponents={3: "rule"}, rules=Rules(players=3))
    assert TableWidget(opponents={1: "rule", 2: "easy"}, rules=Rules(players=3), trick_pause=0).difficulty == \
        {1: "rule", 2: "easy"}


def test_a_preset_keeps_its_name_at_any_table():
    omnibus3 = Rules.preset("omnibus").replace(players=3)
    assert omnibus3.name == "omnibus"
    assert str(omnibus3) == "omnibus rules (omnibus=True, players=3)"
    assert Rules(players=5).name == "standard" and str(Rules(players=5)) == "standard rules (players=5)"
    assert Rules(players=6, end_score=50).name == "custom"


def test_a_wide_match_table_scrolls_inside_its_box_not_the_page():
    """Six totals make the score table wider than a phone: its box scrolls, the page does not."""
    from hearts_teach import Match

    html = Match(seed=1, rules=Rules(players=6))._repr_html_()
    assert html.startswith("<div class='ht-match' style='overflow-x:auto'>")


@pytest.mark.parametrize("n", TABLES)
def test_last_to_play_is_true_only_for_the_tricks_last_card_at_every_table(n):
    # a view's last_to_play says "nobody plays after you to this trick"; lesson 10's moon stop and the
    # coach's reasons read it, so it must count the table's seats, not assume four
    hand = Hand.deal(3, rules=Rules(players=n), pass_direction="hold")
    seen = []
    for _ in range(n):
        seat = hand.turn
        view = hand.view(seat)
        seen.append(view.last_to_play)
        hand.play(min(hand.legal_plays(seat), key=lambda c: (c.suit.value, c.rank)))
    assert seen == [False] * (n - 1) + [True]
