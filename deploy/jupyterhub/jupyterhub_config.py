# JupyterHub for a small class on one machine (see README.md beside this file).
#
#   HEARTS_HUB_DIR=/srv/hearts-teach-hub HEARTS_HUB_TEACHER=mrs-lee HEARTS_HUB_STUDENTS=ada,ben,cy \
#       .venv/bin/jupyterhub -f deploy/jupyterhub/jupyterhub_config.py
#
# `python -m hearts_teach hub-demo` (or `./dev hub`) creates three demo students and a teacher
# and starts exactly this configuration on http://127.0.0.1:8000.
#
# Every student and the teacher is a system user; JupyterHub's local process spawner starts each
# one's JupyterLab as that user, so Unix permissions keep their homes (0700) apart. At every login
# the course (lessons and exercises, never the solutions) is merged into ~/hearts-course without
# overwriting the student's work. nbgrader's exchange is shared by the class (course id "hearts").
import sys

from hearts_teach.classroom import hub

c = get_config()  # noqa: F821 - JupyterHub provides it
settings = hub.HubSettings.from_env()
hub.prepare_state(settings)

# --- the hub itself -------------------------------------------------------------------------
c.JupyterHub.bind_url = f"http://{settings.ip}:{settings.port}"
c.JupyterHub.hub_ip = "127.0.0.1"
# the hub's own API and the proxy's, beside the public port (8081 and 8001 for port 8000, as
# JupyterHub's defaults), so two hubs on one machine do not collide
c.JupyterHub.hub_port = settings.port + 81
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{settings.port + 1}"
# the hub's own files in a folder only root reads (the students reach the exchange beside it)
c.JupyterHub.db_url = f"sqlite:///{settings.private / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(settings.private / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(settings.private / "jupyterhub.pid")
c.ConfigurableHTTPProxy.pid_file = str(settings.private / "proxy.pid")
proxy = hub.find_proxy()
if proxy:
    c.ConfigurableHTTPProxy.command = [proxy]
# the home page: "Play Hearts" and "Open the lessons" below "Start my server" (templates/home.html)
c.JupyterHub.template_paths = [str(hub.Path(__file__).resolve().parent / "templates")]
c.JupyterHub.template_vars = {"play_path": hub.PLAY_PATH}

# --- who may log in ---------------------------------------------------------------------------
# Each account signs in with its own system password (PAM; hub-demo sets a random one for each
# demo account). A school signs in its own way instead, e.g. oauthenticator's GoogleOAuthenticator /
# AzureAdOAuthenticator or ldapauthenticator (each login name must be a system account here).
c.JupyterHub.authenticator_class = "pam"
c.Authenticator.allowed_users = set(settings.accounts)
# The teacher manages the class (the admin page; starting and stopping servers) without the power
# to enter a student's server: their drills and progress stay theirs (hub.TEACHER_SCOPES).
c.JupyterHub.load_roles = [{"name": "teacher", "scopes": hub.TEACHER_SCOPES, "users": [settings.teacher]}]

# --- each user's server ------------------------------------------------------------------------
c.JupyterHub.spawner_class = "localprocess"
c.Spawner.cmd = [str(hub.Path(sys.executable).parent / "jupyterhub-singleuser")]
c.Spawner.environment = hub.spawn_environment(settings)
c.Spawner.default_url = f"/lab/tree/{hub.COURSE_FOLDER}/notebooks/00_welcome.ipynb"
c.Spawner.notebook_dir = "~"
c.Spawner.pre_spawn_hook = hub.make_pre_spawn_hook(settings)
c.Spawner.http_timeout = 120  # a first JupyterLab start on a busy 2-core box takes a while
c.Spawner.start_timeout = 120
c.Spawner.args = hub.lab_args(settings)

# --- the Play app -------------------------------------------------------------------------------
# "play-hearts" in the Services menu of every hub page (and a button on the home page): a small service
# that sends each user to the app in their own server (hearts_teach.classroom.hub_play)
# (it only redirects, as the unprivileged account nobody, never as the hub's root)
c.JupyterHub.services = [{"name": "play-hearts", "url": f"http://127.0.0.1:{settings.port + 2}", "display": True,
                          "user": "nobody", "cwd": "/",
                          "command": [sys.executable, "-I", "-m", "hearts_teach.classroom.hub_play"]}]
c.JupyterHub.load_roles += [{"name": "user", "scopes": ["self", "access:services!service=play-hearts"]}]

# --- scripts and tests (off unless HEARTS_HUB_API_TOKEN is set) ---------------------------------
if settings.api_token:
    c.JupyterHub.services += [{"name": "hearts-admin", "api_token": settings.api_token}]
    c.JupyterHub.load_roles += [{
        "name": "hearts-admin",
        "scopes": ["admin:users", "admin:servers", "tokens", "access:servers", "list:users", "read:users"],
        "services": ["hearts-admin"],
    }]
