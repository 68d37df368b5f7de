"""Every fast path through a trick agrees with the checked games, card by card.

The fast paths: the kernel's ``TrickState`` as Hearts' ``PlayState``, the bots' scalar
``rollout``, Spades' ``SpadesState`` and the numpy ``BatchState``. The checked games
(``Hand``, ``SpadesHand``) are played with random legal choices under every preset and
logged card by card (legal set, turn, trick winner, broken flag, points or tricks taken);
each fast path replays the same cards and must produce the same log, the same voids and
the same final scores.

``Hand`` itself steps ``PlayState``, so agreement with it alone could hide a bug both
share: the log of each checked game is first checked against ``Reference``, the rules of
docs/rules.md (a trick, its winner, its points, when a suit breaks) written out plainly here.

The last tests break each fast path on purpose (a mutant of its source: the winner rule,
the breaking rule, the void, the resume of a rollout mid-trick) and show the checks fail.
"""

from __future__ import annotations

import inspect
import textwrap
from dataclasses import dataclass

import numpy as np
import pytest

import hearts_teach.agents.hearts.rollout as rollout_module
from hearts_teach.games.hearts import batch as batch_module
from hearts_teach.games.hearts.batch import BatchState, batch_scores, points_of
from hearts_teach.games.hearts.hand import Hand
from hearts_teach.games.hearts.legality import PlayState
from hearts_teach.games.hearts.rules import Rules
from hearts_teach.games.hearts.scoring import final_scores
from hearts_teach.games.spades.game import SpadesHand
from hearts_teach.games.spades.legality import SpadesState
from hearts_teach.games.spades.rules import SpadesRules
from hearts_teach.games.spades.scoring import score_hand
from hearts_teach.kernel import trick as trick_module
from hearts_teach.kernel.cards import DECK, FULL_DECK
from hearts_teach.kernel.rng import Rng
from hearts_teach.kernel.trick import TrickState

PRESETS = Rules.presets()
GAMES_PER_PRESET = 60
SPADES_GAMES = 120


# the rules written out plainly (slow, obvious; shares nothing with the engine) ----------------
class Reference:
    """Tricks by the rules: 4 seats clockwise, card index = suit * 13 + rank - 2 (suits
    C D H S). ``trump`` is None (Hearts) or 3 (Spades); ``breaks(card)`` says whether
    playing ``card`` breaks the suit that may not be led."""

    def __init__(self, leader: int, trump: int | None, breaks):
        self.leader, self.trump, self.breaks = leader, trump, breaks
        self.trick: list[tuple[int, int]] = []  # (seat, card)
        self.broken = False
        self.void = [set() for _ in range(4)]
        self.winners: list[int] = []

    def play(self, seat: int, card: int) -> int | None:
        assert seat == (self.leader + len(self.trick)) % 4, "out of turn"
        if self.trick and card // 13 != self.trick[0][1] // 13:
            self.void[seat].add(self.trick[0][1] // 13)
        self.trick.append((seat, card))
        if self.breaks(card):
            self.broken = True
        if len(self.trick) < 4:
            return None
        led = self.trick[0][1] // 13
        trumps = [(c % 13, s) for s, c in self.trick if c // 13 == self.trump]
        followers = [(c % 13, s) for s, c in self.trick if c // 13 == led]
        winner = max(trumps)[1] if trumps else max(followers)[1]
        self.trick = []
        self.leader = winner
        self.winners.append(winner)
        return winner

    def void_masks(self) -> list[int]:
        return [sum(1 << s for s in v) for v in self.void]


def reference_points(cards: list[int], omnibus: bool) -> int:
    hearts = sum(1 for c in cards if c // 13 == 2)
    queen = 13 if 3 * 13 + 10 in cards else 0  # Q♠: spades, rank Q (index 10 in 2..A)
    jack = -10 if omnibus and 1 * 13 + 9 in cards else 0  # J♦
    return hearts + queen + jack


# one logged step: what every path must agree on after each card -------------------------------
@dataclass(frozen=True)
class Step:
    turn: int  # the seat that played the card
    legal: int  # its legal set before the card
    card: int
    winner: int  # the trick's winner when the card completed it, else -1
    broken: bool  # after the card
    taken: tuple  # points (Hearts) or tricks (Spades) per seat after the card


@dataclass
class Game:
    hands: list[int]  # as play began (after the pass)
    leader: int
    steps: list[Step]
    void: list[int]  # shown voids at the end, by the reference
    final: tuple  # Hearts: (scores, moon); Spades: the HandScore


def play_out(hand, rng: Rng, ref: Reference, broken, taken, points=None) -> list[Step]:
    """Play ``hand`` (a checked game in its play phase) to the end with random legal cards,
    checking each trick and the broken flag against ``ref``; the log. ``broken(hand)`` and
    ``taken(hand)`` read the game's flag and per-seat totals; ``points(cards)`` (Hearts)
    gives a trick's points by the rules."""
    steps = []
    while not hand.is_over:
        seat, legal = hand.turn, hand.legal_plays().mask
        card = rng.pick_bit(legal)
        trick = hand.play(DECK[card])
        winner = ref.play(seat, card)
        assert (trick.winner if trick is not None else None) == winner  # the checked game against the rules
        if trick is not None and points is not None:
            assert trick.points == points([c.index for c in trick.cards])
        assert broken(hand) == ref.broken
        steps.append(Step(seat, legal, card, -1 if winner is None else winner, broken(hand), taken(hand)))
    return steps


def random_hearts_game(seed: int, preset: str) -> Game:
    rules = Rules.preset(preset)
    rng = Rng(f"conformance/{preset}/{seed}")
    hand = Hand.deal(rng, hand_number=seed % 4, rules=rules)
    for seat in hand.to_pass:
        hand.pass_cards(seat, rng.sample(list(hand.cards(seat)), 3))
    hands = [hand.after_pass(s).mask for s in range(4)]
    leader = hand.turn
    ref = Reference(leader, None, lambda c: c // 13 == 2 or (rules.queen_breaks_hearts and c == 49))
    steps = play_out(hand, rng, ref, lambda h: h.hearts_broken, lambda h: h.points_taken,
                     lambda cards: reference_points(cards, rules.omnibus))
    assert [hand.view(s).void[s] for s in range(4)] == ref.void_masks()
    return Game(hands, leader, steps, ref.void_masks(), (hand.scores, hand.moon))


def random_spades_game(seed: int) -> Game:
    rng = Rng(f"conformance/spades/{seed}")
    hand = SpadesHand.deal(rng, dealer=seed % 4, hand_number=seed % 4)
    while hand.to_bid:
        hand.bid(rng.randint(0, 5))
    hands = [hand.cards(s).mask for s in range(4)]
    leader = hand.turn
    ref = Reference(leader, 3, lambda c: c // 13 == 3)
    steps = play_out(hand, rng, ref, lambda h: h.spades_broken, lambda h: h.tricks_won)
    return Game(hands, leader, steps, ref.void_masks(), (hand.bids, hand.score()))


def hearts_games(preset: str, n: int = GAMES_PER_PRESET) -> list[Game]:
    return [random_hearts_game(seed, preset) for seed in range(n)]


# the fast paths, each replaying a game into a log ------------------------------------------
def check_play_state(game: Game, rules: Rules) -> None:
    st = PlayState(game.hands, game.leader, rules.compiled)
    for k, want in enumerate(game.steps):
        got = Step(st.turn, st.legal(), want.card, st.play(want.card), st.broken,
                   tuple(st.points_taken()))
        assert got == want, (k, got, want)
    assert st.void == game.void
    assert final_scores(st.taken, rules.moon, rules.omnibus) == game.final


def check_rollout(game: Game, rules: Rules, start: int) -> None:
    """The rollout from the position after ``start`` cards, made to play the game's own
    cards: its policy hook is replaced by the script, and every decision it asks for must
    come with the game's turn and legal set."""
    st = PlayState(game.hands, game.leader, rules.compiled)
    for step in game.steps[:start]:
        st.play(step.card)
    asked = []

    def scripted(seat, hand, legal, trick_len, led_suit, win_card, win_seat, trick_mask, played, threat,
                 seats=4):  # rule_play's signature (seats: the table size)
        k = played.bit_count()
        want = game.steps[k]
        assert (seat, legal, trick_len) == (want.turn, want.legal, k % 4), k
        asked.append(k)
        return want.card

    hands, taken = st.hands[:], st.taken[:]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(rollout_module, "rule_play", scripted)
        taken, first_winner = rollout_module.rollout(
            hands, taken, len(st.trick), st.trick_mask, st.turn, st.led_suit, st.win_seat, st.win_card,
            st.broken, st.tricks_done, st.played, rules.compiled, (True,) * 4, -1, FULL_DECK)
    # every step with a choice went through the script, in order
    assert asked == [k for k in range(start, 52) if game.steps[k].legal.bit_count() > 1]
    assert first_winner == next(s.winner for s in game.steps[start:] if s.winner >= 0)
    assert final_scores(taken, rules.moon, rules.omnibus) == game.final


def check_spades_state(game: Game) -> None:
    st = SpadesState(game.hands, game.leader, SpadesRules().compiled)
    for k, want in enumerate(game.steps):
        got = Step(st.turn, st.legal(), want.card, st.play(want.card), st.broken, tuple(st.won))
        assert got == want, (k, got, want)
    assert st.void == game.void
    bids, score = game.final
    assert score_hand(bids, st.won) == score


def check_batch(games: list[Game], rules: Rules) -> None:
    """All the games in one batch, stepped in lockstep with the logs."""
    st = BatchState(np.array([g.hands for g in games], dtype=np.uint64), rules)
    st.start_play()
    assert st.turn.tolist() == [g.leader for g in games]
    for k in range(52):
        want = [g.steps[k] for g in games]
        assert st.turn.tolist() == [w.turn for w in want], k
        assert st.legal(st.mover_hands()).tolist() == [w.legal for w in want], k
        st.play(np.array([w.card for w in want]))
        assert st.broken.tolist() == [w.broken for w in want], k
        assert points_of(st.taken, rules.omnibus).tolist() == [list(w.taken) for w in want], k
        if k % 4 == 3:  # the trick is complete: its winner leads
            assert st.turn.tolist() == [w.winner for w in want], k
    assert st.void.tolist() == [g.void for g in games]
    scores, moon = batch_scores(st.taken, rules)
    for b, g in enumerate(games):
        want_scores, want_moon = g.final
        assert tuple(scores[b].tolist()) == want_scores
        assert int(moon[b]) == (-1 if want_moon is None else want_moon)


# the conformance tests -----------------------------------------------------------------------
@pytest.fixture(scope="module", params=PRESETS)
def preset_games(request):
    return request.param, hearts_games(request.param)


def test_play_state_agrees_with_hand(preset_games):
    preset, games = preset_games
    for g in games:
        check_play_state(g, Rules.preset(preset))


def test_rollout_agrees_with_hand_from_the_start_and_mid_trick(preset_games):
    preset, games = preset_games
    rules = Rules.preset(preset)
    for i, g in enumerate(games):
        check_rollout(g, rules, 0)
        check_rollout(g, rules, 1 + (7 * i) % 50)  # a position inside some trick (or between)


def test_batch_engine_agrees_with_hand(preset_games):
    preset, games = preset_games
    check_batch(games, Rules.preset(preset))


def test_spades_state_agrees_with_spades_hand():
    for seed in range(SPADES_GAMES):
        check_spades_state(random_spades_game(seed))


def test_the_games_exercise_every_branch():
    games = [g for p in ("standard", "queen_breaks") for g in hearts_games(p, 30)]
    steps = [s for g in games for s in g.steps]
    assert any(s.card // 13 == 3 and s.winner >= 0 for s in steps)  # some trick won (smoke)
    assert any(g.void != [0, 0, 0, 0] for g in games)
    assert any(g.final[1] is None for g in games)
    spades = [random_spades_game(seed) for seed in range(30)]
    # a spade won a trick led in another suit (trumping), in some game
    assert any(_trumped(g) for g in spades)


def _trumped(game: Game) -> bool:
    for k in range(3, 52, 4):
        cards = [s.card for s in game.steps[k - 3:k + 1]]
        seats = [s.turn for s in game.steps[k - 3:k + 1]]
        win_card = cards[seats.index(game.steps[k].winner)]
        if win_card // 13 == 3 and cards[0] // 13 != 3:
            return True
    return False


def test_kernel_trick_winner_and_beats_agree_with_the_reference():
    rng = Rng("conformance/tricks")
    for _ in range(2000):
        cards = rng.sample(range(52), 4)
        leader = rng.randint(0, 3)
        for trump in (-1, 3):
            ref = Reference(leader, None if trump < 0 else 3, lambda c: False)
            for i, c in enumerate(cards):
                want = ref.play((leader + i) % 4, c)
            assert trick_module.trick_winner(cards, leader, trump) == want
            # beats: the card beats the best so far exactly when it takes the lead
            best = cards[0]
            for c in cards[1:]:
                ranked = (c // 13 == trump, c // 13 == cards[0] // 13, c % 13)
                held = (best // 13 == trump, best // 13 == cards[0] // 13, best % 13)
                expect = (c // 13 in (trump, cards[0] // 13)) and ranked > held
                assert trick_module.beats(c, best, cards[0] // 13, trump) == expect
                if expect:
                    best = c


# the checks can fail: mutants of each fast path are caught ----------------------------------------
def _mutant(monkeypatch, owner, name: str, module, original: str, changed: str) -> None:
    """Replace ``owner.name`` by its own source with ``original`` changed to ``changed``."""
    func = getattr(owner, name)
    source = textwrap.dedent(inspect.getsource(func))
    assert source.count(original) == 1, f"the mutation site {original!r} moved: update the test"
    made: dict = {}  # the mutant's globals are the module's own, monkeypatches included
    exec(compile(source.replace(original, changed), f"<mutant of {name}>", "exec"), vars(module), made)
    monkeypatch.setattr(owner, name, made[name])


KERNEL_MUTANTS = {
    "follower does not need to beat": ("if card > self.win_card:", "if card >= 0:"),
    "trump never wins": ("if suit == self.trump and card > self.win_card:", "if False:"),
    "only a discard breaks": ("if self.breaks[card]:", "if self.breaks[card] and led >= 0:"),
    "no void shown": ("self.void[seat] |= 1 << led", "pass"),
}


@pytest.mark.parametrize("mutant", KERNEL_MUTANTS)
def test_a_broken_kernel_transition_is_caught(monkeypatch, mutant):
    games = hearts_games("queen_breaks", 20)  # logged before the mutation
    spades = [random_spades_game(seed) for seed in range(20)]
    rules = Rules.preset("queen_breaks")
    _mutant(monkeypatch, TrickState, "play", trick_module, *KERNEL_MUTANTS[mutant])
    caught = set()
    for path, check in (("PlayState", lambda: [check_play_state(g, rules) for g in games]),
                        ("rollout", lambda: [check_rollout(g, rules, 0) for g in games]),
                        ("SpadesState", lambda: [check_spades_state(g) for g in spades]),
                        # the checked games step the kernel too: the reference catches them
                        ("checked games", lambda: (hearts_games("queen_breaks", 20),
                                                   [random_spades_game(seed) for seed in range(20)]))):
        try:
            check()
        except AssertionError:
            caught.add(path)
    # Hearts has no trump, and the rollout keeps no voids (nobody reads them there)
    expected = {"PlayState", "rollout", "SpadesState", "checked games"}
    expected -= {"no void shown": {"rollout"}, "trump never wins": {"PlayState", "rollout"}}.get(mutant, set())
    assert caught == expected


def test_a_rollout_that_resumes_mid_trick_wrongly_is_caught(monkeypatch):
    games = hearts_games("standard", 20)
    rules = Rules.preset("standard")
    _mutant(monkeypatch, rollout_module, "rollout", rollout_module,
            "st.win_seat = win_seat", "st.win_seat = turn")
    with pytest.raises(AssertionError):
        for i, g in enumerate(games):
            check_rollout(g, rules, 1 + (7 * i) % 50)


BATCH_MUTANTS = {
    "follower does not need to beat": ("better = same & (card > self.win_card)", "better = same"),
    "the queen never breaks": ("self.broken |= self.breaks.take(card)",
                               "self.broken |= self.breaks.take(card) & (card != 49)"),
    "no void shown": ("vflat[pos[off]] |=", "vflat[pos[off]] &="),
}


@pytest.mark.parametrize("mutant", BATCH_MUTANTS)
def test_a_broken_batch_transition_is_caught(monkeypatch, mutant):
    games = hearts_games("queen_breaks", 20)
    _mutant(monkeypatch, BatchState, "play", batch_module, *BATCH_MUTANTS[mutant])
    with pytest.raises(AssertionError):
        check_batch(games, Rules.preset("queen_breaks"))


def test_the_kernel_refuses_a_trump_it_cannot_rank_and_a_short_trick():
    from hearts_teach.kernel.errors import ArgumentError

    with pytest.raises(ArgumentError, match="trump: NO_TRUMP .* or SPADES .* got 2"):
        TrickState([0] * 4, 0, 0, 2)
    with pytest.raises(ArgumentError, match="cards: a complete trick at a table of 4 has 4 cards, got 3"):
        trick_module.trick_winner([1, 2, 3], 0)
