"""check() and try_it() against a learner's function that does I/O it should not: floods stderr,
closes sys.stdout or sys.stderr, asks for input(), reads sys.stdin, writes past the capture
(sys.__stdout__, os.write on fd 1 and 2) or reads fd 0. Each gets a one-line message or is
contained, and check() still reports. Plus the stop of a runaway call never surfaces."""

from __future__ import annotations

import os
import sys
import threading

from hearts_teach.classroom.checks import check, checker, framework, try_it
from hearts_teach.classroom.checks.framework import MAX_PRINTED, call_with_limit

LIMIT = 0.5


def _report(capsys, func) -> tuple[object, str]:
    res = check("trick_winner", func, time_limit=LIMIT)
    return res, capsys.readouterr().out


def test_stderr_is_captured_and_capped(capfd):
    def noisy(trick):
        for _ in range(1000):
            print("e" * 10_000, file=sys.stderr)
        return 0

    out = call_with_limit(noisy, (["2C", "3C", "4C", "5C"],), LIMIT)
    assert out.value == 0
    assert out.printed.startswith("e" * 100)
    kept = out.printed.split("\n… ")[0]
    assert len(kept) <= MAX_PRINTED
    assert out.printed.endswith(f"… {1000 * 10_001 - MAX_PRINTED:,} more characters not shown")
    res = check("trick_winner", noisy, time_limit=LIMIT)
    seen = capfd.readouterr()
    assert seen.err == ""  # nothing reached the notebook's stderr
    assert len(seen.out) < 10_000 and "more characters not shown" in seen.out
    assert res.total == 38


def test_closing_stdout_is_one_line_and_check_still_reports(capsys):
    def closes(trick):
        sys.stdout.close()
        return 1

    res, out = _report(capsys, closes)
    assert not sys.stdout.closed
    assert res.first_failure is not None and res.first_failure.kind == "io"
    assert "your function closed sys.stdout (sys.stdout.close())" in out
    assert out.strip().splitlines()[-1] == "trick_winner: 0 of 38 cases right."


def test_closing_stderr_is_one_line(capsys):
    def closes(trick):
        sys.stderr.close()
        print("after the close", file=sys.stderr)
        return 1

    res, out = _report(capsys, closes)
    assert not sys.stderr.closed
    assert "your function closed sys.stderr (sys.stderr.close())" in out
    assert "your function printed: after the close" in out


def test_input_is_named_not_called_not_implemented(capsys):
    def asks(trick):
        return int(input("which card wins? "))

    res, out = _report(capsys, asks)
    assert not res.not_implemented
    assert ("problem: your function asked for keyboard input with input(); a checked function must take "
            "its values from its arguments") in out
    try_it(asks, ["2C", "3C", "4C", "5C"], time_limit=LIMIT)
    line = capsys.readouterr().out.strip()
    assert line.endswith("your function asked for keyboard input with input(); a checked function must take "
                         "its values from its arguments")
    assert "not implemented" not in line


def test_input_swallowed_by_the_function_is_still_named(capsys):
    def asks(trick):
        try:
            return int(input())
        except Exception:
            return 1

    res, out = _report(capsys, asks)
    assert "asked for keyboard input with input()" in out


def test_reading_stdin_is_one_line(capsys):
    def reads(trick):
        return int(sys.stdin.readline())

    res, out = _report(capsys, reads)
    assert "problem: your function read keyboard input from sys.stdin" in out


def test_writes_past_the_capture_are_contained(capfd):
    def raw(trick):
        print("MARK-dunder", file=sys.__stdout__)
        print("MARK-dunder-err", file=sys.__stderr__)
        os.write(1, b"MARK-fd1\n")
        os.write(2, b"MARK-fd2\n" + b"z" * 100_000)
        return 1

    out = call_with_limit(raw, (["7C", "KC", "2C", "9C"],), LIMIT)
    assert out.value == 1
    for mark in ("MARK-dunder", "MARK-dunder-err", "MARK-fd1", "MARK-fd2"):
        assert mark in out.printed
    assert "more characters not shown" in out.printed
    seen = capfd.readouterr()
    assert "MARK" not in seen.out and "MARK" not in seen.err and "zzz" not in seen.err
    check("trick_winner", raw, time_limit=LIMIT)
    seen = capfd.readouterr()
    assert seen.err == ""
    assert all(line.startswith("  your function printed:") for line in seen.out.splitlines() if "MARK" in line)


def test_reading_fd_0_ends_at_once():
    # a kernel's fd 0 is a pipe nobody writes to (jupyter_client starts kernels so): a read would wait
    # for ever in C, where no stop reaches it
    read_end, write_end = os.pipe()
    saved = os.dup(0)
    os.dup2(read_end, 0)
    try:
        out = call_with_limit(lambda: os.read(0, 10), (), LIMIT)
    finally:
        os.dup2(saved, 0)
        for fd in (saved, read_end, write_end):  # closing the write end ends a read still waiting
            os.close(fd)
    assert out.value == b"" and not out.timed_out


def test_streams_and_input_are_put_back():
    import builtins

    before = (sys.stdout, sys.stderr, sys.stdin, sys.__stdout__, sys.__stderr__, sys.__stdin__, builtins.input)
    fds = [os.fstat(fd).st_ino for fd in (0, 1, 2)]
    call_with_limit(lambda: print("x") or sys.stdout.close(), (), LIMIT)
    call_with_limit(lambda: input(), (), LIMIT)
    after = (sys.stdout, sys.stderr, sys.stdin, sys.__stdout__, sys.__stderr__, sys.__stdin__, builtins.input)
    assert after == before
    assert [os.fstat(fd).st_ino for fd in (0, 1, 2)] == fds


def test_a_stray_stop_never_reaches_the_thread_hook(monkeypatch):
    """A stop that arrives as the worker finishes (the race behind the _Stop traceback in a
    real kernel) is cancelled by the worker or dropped by the hooks; other exceptions still
    reach them."""
    seen: list[type] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: seen.append(args.exc_type))

    def busy(trick):
        while True:
            sorted(range(200_000), reverse=True)  # long C calls: the stop lands late

    for _ in range(8):
        out = call_with_limit(busy, ([],), 0.05)
        assert out.timed_out and not out.unstoppable and out.finished
    # a stop raised straight into a finished worker's bootstrap is dropped too
    t = threading.Thread(target=lambda: (_ for _ in ()).throw(framework._Stop()))
    t.start()
    t.join()
    assert seen == []
    t = threading.Thread(target=lambda: 1 / 0)
    t.start()
    t.join()
    assert seen == [ZeroDivisionError]


def test_kernel_interrupt_is_one_line(capsys):
    """Kernel → Interrupt raises KeyboardInterrupt in the main thread while it waits for the
    function: the check stops the function and says so in one line, no traceback."""
    import signal

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    def slow(trick):
        while True:
            sum(range(1000))

    checker("trick_winner").cases()  # made once per process: the interrupt lands in the function
    old = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, 1.0)
    try:
        res = check("trick_winner", slow, time_limit=30)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    out = capsys.readouterr().out
    assert res.interrupted and res.first_failure.kind == "interrupted"
    assert "you interrupted the check (Kernel → Interrupt)" in out
    assert out.strip().splitlines()[-1] == "trick_winner: 0 of 38 cases right before you interrupted case 1 (check stopped)."
    # the endless loop is stopped, not left running: CPython 3.11.2 reports a thread whose join
    # was interrupted as stopped while it runs on (``threading.enumerate`` still lists it)
    import threading
    import time

    deadline = time.monotonic() + 5
    while any(t.name == "hearts_teach-check" for t in threading.enumerate()) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(t.name == "hearts_teach-check" for t in threading.enumerate())


def test_a_time_limit_that_is_not_a_sane_number_of_seconds_is_one_line(capsys):
    # NaN and 10**400 reached the timer and showed an internal traceback in the notebook
    from hearts_teach.classroom.checks.bot import evaluate_bot

    for bad, shown in ((float("nan"), "nan"), (10**400, "10000000000000000000… (401 characters)"),
                       (float("inf"), "inf"), (0, "0"), (-1, "-1"), ("2", "'2' (a str)"), (True, "True")):
        result = check("trick_winner", lambda t: 0, time_limit=bad)
        assert (result.passed, result.total) == (0, 0)
        try_it(lambda t: 0, ["7C", "KC"], time_limit=bad)
        evaluate_bot(lambda v: list(v.cards)[:3], lambda v: list(v.legal)[0], time_limit=bad)
        line = f"time_limit must be a number of seconds above 0 and at most 600, got {shown}\n"
        assert capsys.readouterr().out == line * 3
    assert check("trick_winner", lambda t: 0, time_limit=600, quiet=True).passed > 0
