"""The class grader judges answers in several threads (--jobs): they must not leave the
process's stdout pointing at a capture buffer (found by a fake class: with --jobs 2 the summary
and the gradebook line sometimes vanished)."""

from __future__ import annotations

import sys
import threading
import time

from hearts_teach.classroom.checks.framework import call_with_limit


def test_overlapping_calls_from_threads_leave_stdout_alone():
    original = sys.stdout

    def slow(seconds: float):
        return lambda: time.sleep(seconds) or 1

    a = threading.Thread(target=call_with_limit, args=(slow(0.3), (), 2.0))
    b = threading.Thread(target=call_with_limit, args=(slow(0.6), (), 2.0))
    a.start()
    time.sleep(0.1)  # b starts while a holds its buffer, and ends after a has restored
    b.start()
    a.join()
    b.join()
    assert sys.stdout is original


def test_the_main_thread_still_captures_what_a_function_prints():
    out = call_with_limit(lambda: print("hello") or 2, (), 2.0)
    assert out.value == 2 and out.printed == "hello\n"
