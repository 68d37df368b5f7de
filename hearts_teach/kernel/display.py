"""Where a game object finds its text and HTML views without importing the layer that draws.

Game objects (a card, a trick, a hand, a match) answer ``str()`` and ``_repr_html_()``, but the
drawing lives in ``hearts_teach.present``, a higher layer. So the presentation modules register
their functions here when they are imported (``hearts_teach/__init__`` imports them), and the
game objects look them up by kind and class.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., str])

_VIEWS: dict[tuple[str, type], Callable[..., str]] = {}


def draws(kind: str, cls: type) -> Callable[[F], F]:
    """Register the decorated function as the ``kind`` view ("text", "html", ...) of ``cls``."""
    def register(fn: F) -> F:
        _VIEWS[(kind, cls)] = fn
        return fn
    return register


def draw(kind: str, obj: Any, *args: Any, **kwargs: Any) -> str:
    """The ``kind`` view of ``obj`` (the most specific class registered wins)."""
    for cls in type(obj).__mro__:
        fn = _VIEWS.get((kind, cls))
        if fn is not None:
            return fn(obj, *args, **kwargs)
    raise LookupError(f"no {kind} view of {type(obj).__name__} is registered "
                      "(import hearts_teach.present to register them)")
