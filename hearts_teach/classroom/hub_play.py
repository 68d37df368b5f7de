"""The hub's ``play`` service: ``/services/play/`` sends whoever opens it to the Play app in their own server.

JupyterHub starts it (``deploy/jupyterhub/jupyterhub_config.py``) and lists it in every hub page's
*Services* menu. It only redirects: the app itself is Voilà in the student's own JupyterLab server,
so each student's game, drills and progress stay in their own home (one Voilà shared by the class
would run every student's game as one account and mix their drills). An anonymous visitor is sent
to the hub's login first by ``user-redirect``, as for any page of a user's server.
"""

from __future__ import annotations

import os
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

from hearts_teach.classroom.hub import PLAY_PATH


def play_url(base_url: str) -> str:
    """Where the service sends everyone: the Play app (Voilà) in the visitor's own server."""
    return f"{base_url.rstrip('/')}/hub/user-redirect/voila/render/{PLAY_PATH}"


class Redirect(BaseHTTPRequestHandler):
    target = "/hub/user-redirect/voila/render/" + PLAY_PATH

    def do_GET(self) -> None:
        self.send_response(302)
        self.send_header("Location", self.target)
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_HEAD = do_GET

    def log_message(self, format: str, *args: object) -> None:  # the hub logs requests already
        pass


def main() -> None:
    # JupyterHub gives a managed service its address and the hub's base URL in the environment
    where = urlsplit(os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:8002"))
    Redirect.target = play_url(os.environ.get("JUPYTERHUB_BASE_URL", "/"))
    with ThreadingHTTPServer((where.hostname or "127.0.0.1", where.port or 8002), Redirect) as server:
        server.serve_forever()


if __name__ == "__main__":
    main()
