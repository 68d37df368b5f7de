"""A still picture of a widget app, sent beside the live widget as its ``text/html``.

Voilà's page shows its spinner until JupyterLab's scripts, the widget manager and the kernel's
connection are all in (2–5 s on a 2-core machine), although the server has the app's first
screen ready when the page is asked for. The Play app's template (``share/voila/templates/hearts``)
writes this picture into the page itself, so the title, the status line and your thirteen cards
are on screen at the first paint; the template's CSS hides it once the live table has drawn
its cards. Where no widget can run (an HTML export of the notebook), it is what the reader sees.

Nothing in it can be clicked, and it does not look as if it could: the cards are text (rank and
suit symbol, as everywhere) drawn like cards you may not play yet, under a line saying that the
table is being made ready.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import Any

SNAPSHOT_CLASS = "ht-snapshot"  # the template's CSS finds the picture by this class
WAITING = "Getting the table ready: your cards become playable in a moment."

_FACE = ("display:inline-flex;flex-direction:column;align-items:flex-start;width:52px;height:72px;"
         "padding:4px 5px;border:1px dashed #555;border-radius:7px;background:#ececec;"
         "font:bold 19px/1.05 sans-serif;box-sizing:border-box")  # the look of a card you cannot play yet


def face_html(face: Mapping[str, Any]) -> str:
    """One card face of a ``CardRow`` (``card_faces.face_state``) as still HTML."""
    return (f"<span class='htc-still' role='listitem' aria-label='{escape(str(face['aria']), quote=True)}' "
            f"style='{_FACE};color:{escape(str(face['color']), quote=True)}'>{escape(str(face['rank']))}"
            f"<span aria-hidden='true' style='font-size:25px;align-self:center;margin-top:2px'>"
            f"{escape(str(face['suit']))}</span></span>")


def snapshot_html(title: str, lines: Iterable[str], faces: Iterable[Mapping[str, Any]], label: str,
                  note: str = WAITING) -> str:
    """The picture: ``title``, its ``lines`` of text, then the ``faces`` in a row named ``label``."""
    text = "".join(f"<div style='margin:2px 0'>{escape(line)}</div>" for line in lines)
    row = "".join(face_html(f) for f in faces)
    cards = (f"<div role='list' aria-label='{escape(label, quote=True)}' "
             f"style='display:flex;flex-wrap:wrap;gap:4px;padding:10px 2px 4px'>{row}</div>") if row else ""
    return (f"<div class='{SNAPSHOT_CLASS}' aria-busy='true' style='font-family:sans-serif;cursor:progress'>"
            f"<h1 style='font-size:1.4em;margin:4px 0'>{escape(title)}</h1>"
            f"<p role='status' style='font-weight:bold;color:#1d4f91;margin:4px 0'>{escape(note)}</p>{text}{cards}</div>")
