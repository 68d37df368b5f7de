"""The widgets' one door to the learner database (``present.learner_db``), best-effort.

The database never costs a game: every call here catches what goes wrong and returns a
short note instead (shown by the caller, or ignored), and works as "nothing stored" when the
database module is not there at all.
"""

from __future__ import annotations

import json
from typing import Any

from hearts_teach.agents.review import COSTLY, Graded, HandReview, position_at
from hearts_teach.games.hearts.hand import Hand

APP_KEY = "play_app/match"  # the match in progress of the Play app


def _db() -> Any:
    from hearts_teach.present.learner_db import shared_db

    return shared_db()


def get_state(key: str) -> Any:
    """The stored JSON value, or None when nothing (or nothing readable) is there."""
    try:
        text = _db().get_state(key)
        return None if text is None else json.loads(text)
    except Exception:  # noqa: BLE001 - a broken database or record reads as empty
        return None


def set_state(key: str, value: Any) -> str:
    """Store ``value`` as JSON (None forgets it); '' when stored, else the database's note."""
    try:
        db = _db()
        ok = db.delete_state(key) if value is None else db.set_state(key, json.dumps(value, sort_keys=True))
        return "" if ok else db.note
    except Exception as e:  # noqa: BLE001 - play goes on without the database
        return f"Not saved ({type(e).__name__}: {e}); play goes on."


def save_mistakes(hand: Hand, review: HandReview, source: str) -> str:
    """Save every decision graded inaccuracy or worse as a drill; '' or a one-line note."""
    costly = [g for g in review.decisions if g.verdict in COSTLY and not g.forced]
    if not costly:
        return ""
    try:
        db = _db()
        saved = [db.add_mistake(**mistake_fields(hand, g, source)) for g in costly]
    except Exception as e:  # noqa: BLE001 - the drills are a bonus, never a reason to stop
        return f"Your mistakes were not saved as drills ({type(e).__name__}: {e})."
    if any(s is None for s in saved):
        return db.note
    return (f"Saved {len(saved)} decision{'s' if len(saved) != 1 else ''} graded inaccuracy or worse as "
            f"drills: they come back in lesson 08's “your drills” when they are due.")


def mistake_fields(hand: Hand, g: Graded, source: str) -> dict[str, Any]:
    """The drill of one graded decision, as ``learner_db.add_mistake`` takes it."""
    return {"kind": g.kind, "seat": g.seat, "position": position_at(hand, g.index).to_json(),
            "chosen": [str(c) for c in g.chosen], "best": [str(c) for c in g.best], "verdict": g.verdict,
            "cost": g.cost, "reason": g.best_reason, "source": source}
