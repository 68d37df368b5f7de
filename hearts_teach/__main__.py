"""Command line: ``python -m hearts_teach COMMAND ...`` (also installed as ``hearts-teach``).

Each subcommand is one ``add_<name>`` function that declares its arguments and one
``cmd_<name>`` function that runs it and returns the exit status. To add a command,
write the pair and list ``add_<name>`` in ``SUBCOMMANDS``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from hearts_teach.kernel.cli import quiet_on_closed_pipe


def cmd_replay(args: argparse.Namespace) -> int:
    from hearts_teach.games.hearts.replay import main_replay

    return main_replay(args.file)


REPLAY_FORMAT = """\
Each input line is one hand, as JSON:
  {"rules": {"players": 5},            optional: options of Rules (players 3..6, preset, ...);
                                       without it, the standard four-player game
   "pass_direction": "left",           left, right, across (4 and 6 players) or hold
   "deal": [[...], ...],               one list per seat, seats 0.. clockwise, before passing
                                       (4 x 13 cards; 3 x 17, 5 x 10, 6 x 8 at other tables)
   "passes": [["QS", "AH", "KD"], ...], three cards per seat; [] on a hold hand
   "plays": ["2C", ...]}               in play order, possibly stopping early
One JSON line is printed per input line: {"ok": true, "legal": [...], "points": [...], "moon": ...}
for a whole hand ("next_player" and "next_legal" for a hand that stops early), or
{"ok": false, ...} naming the first illegal play or pass (play_index, card, rule, error) or the
malformed field. Exit status: 0 all ok, 1 some not, 2 FILE unreadable. The full contract is the
docstring of hearts_teach/games/hearts/replay.py; docs/players.md covers other table sizes."""


def add_replay(sub: argparse._SubParsersAction) -> None:
    from hearts_teach.games.hearts import replay

    p = sub.add_parser("replay", help="check and score hands given as JSON lines",
                       description=(replay.__doc__ or "").split("\n\n")[0],
                       epilog=REPLAY_FORMAT, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", metavar="FILE", help="a file of JSON lines, or - for stdin")
    p.set_defaults(func=cmd_replay)


def cmd_tournament(args: argparse.Namespace) -> int:
    from hearts_teach.agents.tournament import main_tournament

    return main_tournament(args)


def add_tournament(sub: argparse._SubParsersAction) -> None:
    from hearts_teach.agents.tournament import add_arguments

    p = sub.add_parser("tournament", help="play seeded hands between bots and print the results",
                       description="Play seeded hands between 4 bots; print a table or --json.")
    add_arguments(p)
    p.set_defaults(func=cmd_tournament)


def cmd_league(args: argparse.Namespace) -> int:
    from hearts_teach.classroom.league import main_league

    return main_league(args)


def add_league(sub: argparse._SubParsersAction) -> None:
    from hearts_teach.classroom.league import add_arguments

    p = sub.add_parser("league", help="a class league of students' bot files (duplicate deals, Dask)",
                       description="Play students' bot modules against each other on duplicate deals; "
                                   "print a leaderboard, --json or --html. See hearts_teach/classroom/league.py.")
    add_arguments(p)
    p.set_defaults(func=cmd_league)


def cmd_grade(args: argparse.Namespace) -> int:
    from hearts_teach.classroom.exercises import run_grade

    return run_grade(args)


def add_grade(sub: argparse._SubParsersAction) -> None:
    from hearts_teach.classroom.exercises import add_grade_arguments, grader_doc

    p = sub.add_parser("grade", help="grade a class's exercise notebooks: a summary and a CSV gradebook "
                                     "(the same as python -m hearts_teach.classroom.exercises grade)",
                       description=grader_doc(), formatter_class=argparse.RawDescriptionHelpFormatter)
    add_grade_arguments(p)
    p.set_defaults(func=cmd_grade)


def cmd_data(args: argparse.Namespace) -> int:
    from hearts_teach.present.data_command import main_data

    return main_data(args)


def add_data(sub: argparse._SubParsersAction) -> None:
    from hearts_teach.present.data_command import add_arguments

    p = sub.add_parser("data", help="export or delete your saved drills and lesson progress (kept on this machine)",
                       description="Your drills and lesson progress live in one SQLite file on this machine "
                                   "(the folder $HEARTS_TEACH_DATA, else your user data folder); nothing is sent "
                                   "anywhere. Without an option, say where it is and what it holds.")
    add_arguments(p)
    p.set_defaults(func=cmd_data)



def cmd_bench(args: argparse.Namespace) -> int:
    from hearts_teach.tools.bench import run

    return run(args)


def add_bench(sub: argparse._SubParsersAction) -> None:
    from hearts_teach.tools import bench

    p = sub.add_parser("bench", help="measure and print the benchmark figures (engine, batch engine, "
                                     "bots, coach, league)",
                       description=bench.__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    bench.add_arguments(p)
    p.set_defaults(func=cmd_bench)



def cmd_hub_demo(args: argparse.Namespace) -> int:
    from hearts_teach.tools.hub_demo import main_hub_demo

    return main_hub_demo(args)


def add_hub_demo(sub: argparse._SubParsersAction) -> None:
    from hearts_teach.tools import hub_demo

    p = sub.add_parser("hub-demo", help="the course on a JupyterHub on this machine: a teacher and three "
                                        "demo students (Linux, as root)",
                       description=hub_demo.__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    hub_demo.add_arguments(p)
    p.set_defaults(func=cmd_hub_demo)


def cmd_handout(args: argparse.Namespace) -> int:
    from hearts_teach.tools.handout import main_handout

    return main_handout(args)


def add_handout(sub: argparse._SubParsersAction) -> None:
    from hearts_teach.tools import handout

    p = sub.add_parser("handout", help="build the students' copy: lessons and exercises, no solutions, "
                                       "no tests, a fresh git history",
                       description=(handout.__doc__ or "").split("\n\n")[0],
                       epilog=(handout.__doc__ or "").split("\n\n", 1)[-1],
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    handout.add_arguments(p)
    p.set_defaults(func=cmd_handout)


SUBCOMMANDS: list[Callable[[argparse._SubParsersAction], None]] = [
    add_replay, add_tournament, add_league, add_grade, add_data, add_bench, add_hub_demo, add_handout]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m hearts_teach",
                                     description="hearts_teach command line tools")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for add in SUBCOMMANDS:
        add(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; a reader that closes the pipe early (``| head -1``) ends it quietly."""

    def run() -> int:
        args = build_parser().parse_args(argv)  # --help writes to stdout too
        return args.func(args)

    return quiet_on_closed_pipe(run)


if __name__ == "__main__":
    sys.exit(main())
