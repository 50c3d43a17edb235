"""Standard output and error that never end a command with a traceback.

Every command writes through ``sys.stdout`` and ``sys.stderr``: ``print``, Rich consoles,
argparse's help, the progress bar. So the rules live in the streams, set once at start-up:

- A character the stream's encoding cannot show (``PYTHONIOENCODING=ascii``, a ``C``
  locale) is folded to ASCII as ``--ascii`` folds it (``Série`` reads ``Serie``), through
  the codec error handler :data:`FOLD`. Messages are folded the same way as they are
  translated, before a table measures them (``±`` becomes ``+/-``, three columns).
- Standard output that cannot be written raises :class:`OutputError` (not an ``OSError``,
  which argparse would swallow and Rich turn into an exit of its own); ``cli.main`` ends the
  command there. After a failure the stream drops what is written to it, so nothing fails
  again at exit. Every byte is written or the failure is seen: Python's own buffered writer
  takes a short write (the reader left mid-way) as the end, and exits 0.
- Standard error that cannot be written is given up quietly: it only carries diagnostics,
  and the exit status still tells how the command ended.
- Standard input that was closed before the program started (``<&-``) reads as empty and is
  no terminal, so a command that needs one says so in its own line (``play``: "needs an
  interactive terminal") where Python would leave ``sys.stdin`` None.
"""

import codecs
import errno
import io
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Final, TextIO

from chinese_ten.engine.errors import OutputClosedError, OutputError
from chinese_ten.lang.folding import ascii_text
from chinese_ten.lang.i18n import _, fold_with

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer

FOLD: Final = "chinese_ten.ascii"
"""The codec error handler that writes an unencodable run of characters in ASCII."""


def _fold(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return ascii_text(error.object[error.start : error.end]), error.end


codecs.register_error(FOLD, _fold)


class _Descriptor(io.RawIOBase):
    """A standard stream's file descriptor, written whole or failed once (see the module).
    The descriptor stays open: the interpreter's own stream owns it. ``failure``: the error
    every write meets (a stream that was closed before the program started)."""

    def __init__(self, fd: int, *, raises: bool, failure: OSError | None = None) -> None:
        super().__init__()
        self._fd = fd
        self._raises = raises
        self._failure = failure
        self._failed = False

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._fd

    def isatty(self) -> bool:
        return os.isatty(self._fd)

    def write(self, data: "ReadableBuffer", /) -> int:
        view = memoryview(data).cast("B")
        if self._failed:
            return len(view)
        done = 0
        try:
            if self._failure is not None:
                raise self._failure
            while done < len(view):
                done += os.write(self._fd, view[done:])
        except OSError as error:
            self._failed = True
            if self._raises:
                raise _output_error(error) from None
        return len(view)


def _output_error(error: OSError) -> OutputError:
    if isinstance(error, BrokenPipeError):
        return OutputClosedError()
    return OutputError(
        _("the output cannot be written ({reason})").format(reason=error.strerror or error)
    )


TERMINAL_SIZE: Final = {"COLUMNS": (20, 1000), "LINES": (5, 1000)}
"""The sizes a command takes from these variables (Rich and Textual read them): at 0 columns
a table prints nothing, and ``rules`` at 999999999 columns would take gigabytes."""


def usable_terminal_size() -> None:
    """Drop ``COLUMNS`` or ``LINES`` below its least usable size, or not a number (the
    terminal's own size, else 80 by 25, is used); cap one above its largest."""
    for name, (least, most) in TERMINAL_SIZE.items():
        value = os.environ.get(name)
        if value is None:
            continue
        if not (value.isascii() and value.isdigit()) or int(value) < least:
            del os.environ[name]
        elif int(value) > most:
            os.environ[name] = str(most)


def guard_standard_streams() -> None:
    """Put the rules above on ``sys.stdout`` and ``sys.stderr``: the process's own streams
    are replaced by checked ones; others (a test's capture) only get the ASCII folding. A
    closed standard input becomes an empty one."""
    sys.stdout = _guarded(sys.stdout, sys.__stdout__, raises=True)
    sys.stderr = _guarded(sys.stderr, sys.__stderr__, raises=False)
    if sys.stdin is None:  # started closed (<&-): its number is held, as for the outputs,
        # so no file opened later takes it and is read as the input
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 (the process's own)
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"  # a StringIO has None
    fold_with(None if codecs.lookup(encoding).name == "utf-8" else _shown_in(encoding))


def _shown_in(encoding: str) -> Callable[[str], str]:
    """``text`` with what ``encoding`` cannot show folded to ASCII."""
    return lambda text: text.encode(encoding, FOLD).decode(encoding)


def _guarded(stream: TextIO | None, original: TextIO | None, *, raises: bool) -> TextIO:
    if stream is None:  # started closed (>&-, 2>&-), where print(file=None) writes to stdout:
        # its number is held, so no file opened later takes it (and our output), and every
        # write fails as on the closed descriptor
        closed = OSError(errno.EBADF, os.strerror(errno.EBADF))
        return _checked(os.open(os.devnull, os.O_WRONLY), raises=raises, failure=closed)
    if stream is not original or not isinstance(stream, io.TextIOWrapper):
        if isinstance(stream, io.TextIOWrapper):  # a test's capture
            stream.reconfigure(errors=FOLD)
        return stream
    stream.flush()
    return _checked(
        stream.fileno(),
        raises=raises,
        encoding=stream.encoding,
        line_buffering=stream.line_buffering,
        write_through=stream.write_through,
    )


def _checked(
    fd: int,
    *,
    raises: bool,
    failure: OSError | None = None,
    encoding: str = "utf-8",
    line_buffering: bool = False,
    write_through: bool = False,
) -> io.TextIOWrapper:
    return io.TextIOWrapper(
        io.BufferedWriter(_Descriptor(fd, raises=raises, failure=failure)),
        encoding=encoding,
        errors=FOLD,
        line_buffering=line_buffering,
        write_through=write_through,
    )
