"""Interactive widgets (ipywidgets 8) for the lessons: hands, the pass, quizzes, replays and
a full table against bots. Each widget has ``.widget`` (the ipywidgets tree), exposes its
buttons for tests, and ``text()`` for a printable, comparable view of the same state."""

from hearts_teach.present.widgets.hand_widget import HandWidget
from hearts_teach.present.widgets.pass_picker import PassPicker
from hearts_teach.present.widgets.play_app import PlayApp
from hearts_teach.present.widgets.quiz import Quiz, score_report
from hearts_teach.present.widgets.replay_viewer import ReplayViewer
from hearts_teach.present.widgets.table import TableWidget, TrickView

__all__ = ["HandWidget", "PassPicker", "PlayApp", "Quiz", "ReplayViewer", "TableWidget", "TrickView",
           "score_report"]
