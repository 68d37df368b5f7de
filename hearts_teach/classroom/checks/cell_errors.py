"""Two errors a learner meets in an exercise notebook, each said in one line.

A slip in the answer cell (``if x = 1:``) is a ``SyntaxError``: the function is then never
defined, and every cell after it (``try_it``, ``check``) fails with a ``NameError``, so the
notebook showed three tracebacks for one typo. In a notebook that has imported the checks,
a syntax error is one line naming the line of the cell, and a name that is not defined is one
line saying to run (or fix) the cell that defines it. The error is still an error: Jupyter
stops a "Run All" there and nbgrader marks the cell failed.
"""

from __future__ import annotations

import sys
from typing import Any

MARK = "_hearts_teach_short_errors"


def _show(shell: Any, etype: type, value: BaseException, line: str) -> list[str]:
    stb = [line]
    shell._showtraceback(etype, value, stb)  # the kernel's error message, with our one line as its traceback
    return stb


def syntax_line(value: SyntaxError) -> str:
    code = (value.text or "").strip()
    where = f" in line {value.lineno} of this cell" if value.lineno else ""
    shown = f" ({code})" if code else ""
    return f"{type(value).__name__}{where}{shown}: {value.msg}"


def name_line(value: NameError, line: int | None = None) -> str:
    where = f" (line {line} of this cell)" if line else ""
    return (f"NameError{where}: {value}: run the cell that defines it first (if that cell showed an "
            "error, fix it and run it again)")


def _cell_line(tb: Any) -> int | None:
    """The line of the cell's own code where the error came from (the frame after IPython's)."""
    cell = getattr(tb, "tb_next", None)
    if cell is not None and cell.tb_frame.f_code.co_name == "<module>":
        return int(cell.tb_lineno)
    return None


def install_short_errors() -> None:
    """In the running IPython kernel, show syntax errors and undefined names in one line."""
    try:
        from IPython import get_ipython
    except ImportError:
        return
    shell = get_ipython()
    if shell is None or getattr(shell, MARK, False) or not hasattr(shell, "_showtraceback"):
        return
    setattr(shell, MARK, True)
    original = shell.showsyntaxerror

    def showsyntaxerror(filename: Any = None, running_compiled_code: bool = False) -> Any:
        etype, value, _ = sys.exc_info()
        if etype is None or not issubclass(etype, SyntaxError) or value is None:
            return original(filename, running_compiled_code=running_compiled_code)
        return _show(shell, etype, value, syntax_line(value))  # type: ignore[arg-type]

    def undefined_name(self: Any, etype: type, value: BaseException, tb: Any, tb_offset: Any = None) -> list[str]:
        return _show(self, etype, value, name_line(value, _cell_line(tb)))  # type: ignore[arg-type]

    shell.showsyntaxerror = showsyntaxerror
    shell.set_custom_exc((NameError,), undefined_name)
