"""Interactive widgets (ipywidgets 8) for the lessons: hands, the pass, quizzes, replays and
a full table against bots. Each widget has ``.widget`` (the ipywidgets tree), exposes its
buttons for tests, and ``text()`` for a printable, comparable view of the same state."""

from .hand_widget import HandWidget
from .pass_picker import PassPicker
from .play_app import PlayApp
from .quiz import Quiz
from .replay_viewer import ReplayViewer
from .table import TableWidget, TrickView

__all__ = ["HandWidget", "PassPicker", "PlayApp", "Quiz", "ReplayViewer", "TableWidget", "TrickView"]
