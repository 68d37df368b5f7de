"""The widgets' one door to the learner database (``present.learner_db``), best-effort.

The database never costs a game: every call here catches what goes wrong and returns a
short note instead (shown by the caller, or ignored), and works as "nothing stored" when the
database module is not there at all.
"""

from __future__ import annotations

from typing import Any

from hearts_teach.agents.review import COSTLY, Graded, HandReview, position_at
from hearts_teach.games.hearts.hand import Hand

APP_KEY = "play_app/match"  # the match in progress of the Play app


def _db() -> Any:
    from hearts_teach.present import learner_db  # type: ignore[attr-defined]

    return learner_db


def get_state(key: str) -> Any:
    """The stored value, or None when nothing (or no readable database) is there."""
    try:
        return _db().get_state(key)
    except Exception:  # noqa: BLE001 - a missing or broken database reads as empty
        return None


def set_state(key: str, value: Any) -> str:
    """Store ``value``; '' when stored, else a one-line note saying why not."""
    try:
        _db().set_state(key, value)
    except Exception as e:  # noqa: BLE001 - play goes on without the database
        return f"Not saved ({type(e).__name__}: {e}); play goes on."
    return ""


def save_mistakes(hand: Hand, review: HandReview, source: str) -> str:
    """Save every decision graded inaccuracy or worse as a drill; '' or a note."""
    costly = [g for g in review.decisions if g.verdict in COSTLY and not g.forced]
    if not costly:
        return ""
    try:
        db = _db()
        for g in costly:
            db.add_mistake(**mistake_fields(hand, g, source))
    except Exception as e:  # noqa: BLE001 - the drills are a bonus, never a reason to stop
        return f"Your mistakes were not saved as drills ({type(e).__name__}: {e})."
    return ""


def mistake_fields(hand: Hand, g: Graded, source: str) -> dict[str, Any]:
    """The drill of one graded decision, as ``learner_db.add_mistake`` takes it."""
    return {"kind": g.kind, "seat": g.seat, "position": position_at(hand, g.index).to_record(),
            "chosen": [str(c) for c in g.chosen], "best": [str(c) for c in g.best], "verdict": g.verdict,
            "cost": g.cost, "reason": g.best_reason, "source": source}
