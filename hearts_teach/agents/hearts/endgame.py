"""Exact search of the last tricks in one sampled world (the ``expert`` bot's endgame).

In a world where every hand is known, the deciding seat tries every line of its own play to
the end of the hand, while the other seats answer with the rule policy (the same policy, moon
defence included, that the Monte Carlo rollouts give them). The value of a candidate card is
the best payoff the seat can reach after it: its points minus the mean of the others' (a moon
counted fully), lower is better. This is the perfect-information search of PIMC (as GIB did
in bridge): it replaces the rule policy for the seat's *own* later cards, which is where the
plain rollouts are weakest. Opponents stay the rule policy, so their answers are never
clairvoyant. In a known world the search is never worse than the rule policy's line and is
sometimes better (``tests/test_endgame.py``); over 152 late decisions (five cards or fewer) of
``MonteCarloBot(worlds=1024, endgame=5, endgame_worlds=128)`` it changed 13 of the plain
bot's choices. With uniform deals it brought no measurable strength (−0.09 [−0.38, +0.20]
points a hand, paired); with deals that fit the others' plays, together with six swaps instead of
two, ``expert`` gained +0.24 [+0.04, +0.44] a hand over the rule field (the README's ladder), so
``expert`` uses it.

Cost: the search branches only on the deciding seat's cards (at most 5! lines with 5 cards
left, far fewer once suits must be followed), the opponents' cards are one policy call each,
states reached by two orders of play are searched once (memo by played cards, trick and points
taken), and play stops once every point card is taken. Ints only, as in ``rollout``: cards are
played by the kernel's one trick transition (``PlayState.play``) and legality comes from the
engine's one cascade, so the search cannot play an illegal card nor score a trick differently.
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts_teach.agents.hearts.policy import POINTS, rule_play, threat_of
from hearts_teach.games.hearts.legality import PlayState, cascade
from hearts_teach.games.hearts.scoring import final_scores
from hearts_teach.games.hearts.view import View
from hearts_teach.kernel.cards import JD_MASK

SEARCH_CARDS = 5  # search once the deciding seat holds this many cards or fewer


class Endgame:
    """The fixed part of a position (from the deciding seat's ``view``), to solve many worlds."""

    def __init__(self, view: View):
        r = view.rules
        self.me = view.seat
        self.view = view
        self.compiled = r.compiled  # the one rules value every legality path reads
        self.moon, self.omnibus = r.moon, r.omnibus
        self.players = r.players
        self.stop = POINTS | (JD_MASK if self.omnibus else 0)  # once these are taken, scores are final

    def start(self, hands: list[int]) -> PlayState:
        """The position in a world (``hands``: every seat's cards, the seat's own included)."""
        v = self.view
        st = PlayState(hands[:], v.turn, self.compiled)
        st.taken = list(v.taken)
        st.trick = list(v.trick)
        st.trick_mask = v.trick_mask
        st.leader = (v.turn - len(v.trick)) % self.players
        st.led_suit, st.win_seat, st.win_card = v.led_suit, v.win_seat, v.win_card
        st.broken, st.tricks_done, st.played = v.broken, v.tricks_done, v.played
        return st

    def values(self, hands: list[int], candidates: Sequence[int]) -> list[float]:
        """The best payoff after each candidate card in the world ``hands`` (one memo for all)."""
        root = self.start(hands)
        memo: dict[tuple, float] = {}
        out = []
        for card in candidates:
            st = root.copy()
            out.append(self._after(st, card, memo))
        return out

    # search ------------------------------------------------------------------------------
    def _after(self, st: PlayState, card: int, memo: dict) -> float:
        """Play ``card`` for the deciding seat, let the others answer, and search on."""
        st.play(card)
        me, stop = self.me, self.stop
        # (stop at a trick's end once every card that scores is out: the rest changes nothing)
        while st.tricks_done < st.table.hand_size and (st.trick or st.played & stop != stop):
            seat = st.turn
            if seat == me:
                return self._choose(st, memo)
            hand = st.hands[seat]
            legal = cascade(hand, st.led_suit, st.tricks_done == 0, st.broken, self.compiled)[0]
            if legal & (legal - 1):
                c = rule_play(seat, hand, legal, len(st.trick), st.led_suit, st.win_card, st.win_seat,
                              st.trick_mask, st.played, threat_of(st.taken, seat), self.players)
            else:
                c = legal.bit_length() - 1
            st.play(c)
        return self._payoff(st.taken)

    def _choose(self, st: PlayState, memo: dict) -> float:
        key = (st.played, st.trick_mask, st.led_suit, st.win_seat, tuple(t & self.stop for t in st.taken))
        hit = memo.get(key)
        if hit is not None:
            return hit
        legal = cascade(st.hands[self.me], st.led_suit, st.tricks_done == 0, st.broken, self.compiled)[0]
        best = float("inf")
        m = legal
        while m:
            b = m & -m
            m ^= b
            v = self._after(st.copy() if m else st, b.bit_length() - 1, memo)
            if v < best:
                best = v
        memo[key] = best
        return best

    def _payoff(self, taken: list[int]) -> float:
        scores, _ = final_scores(taken, self.moon, self.omnibus)
        me = self.me
        return scores[me] - (sum(scores) - scores[me]) / (len(scores) - 1)


def solve_values(view: View, candidates: Sequence[int], worlds: Sequence[list[int]]) -> list[list[float]]:
    """Per candidate, per world: the best payoff the deciding seat reaches (lower is better)."""
    eg = Endgame(view)
    per_world = [eg.values(w, candidates) for w in worlds]
    return [[row[i] for row in per_world] for i in range(len(candidates))]


__all__ = ["Endgame", "SEARCH_CARDS", "solve_values"]
