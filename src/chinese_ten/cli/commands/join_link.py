"""Where ``chinese-ten join`` takes its invite link from, the secret kept off its command line.

A process's command line is readable by every user of the machine (``ps``), so the link's
secret (after ``#``) is read from a prompt that does not echo it, from a file, or from the
environment (readable by its owner only) instead. A link given as an argument still works,
with a warning.
"""

import getpass
import os
import stat
import sys
import warnings
from pathlib import Path

from chinese_ten.lang.i18n import _
from chinese_ten.text.names import unsafe, visible

MOST_FILE_BYTES = 4096
"""The most a link file may hold: a link is at most :data:`~chinese_ten.net.client.MAX_LINK`
characters, and a file larger than this is something else."""


class LinkSourceError(Exception):
    """Why no link could be read, in one line for the person."""


def argument_warning() -> str:
    return _(
        "chinese-ten: warning: a link's secret on the command line can be read by every "
        "user of this machine (ps) and stays in your shell's history; run chinese-ten join "
        "alone and paste the link, or use --link-file FILE"
    )


def link_from_file(path: Path) -> str:
    """The one line of the file at ``path``; :class:`LinkSourceError` for a missing,
    unreadable, non-regular, oversized, binary or many-line file. Never blocks: a named pipe
    is opened without waiting for a writer, then refused."""
    shown = visible(str(path))
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError as error:
        raise _unreadable(shown, error) from None
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise LinkSourceError(
                _("the link file {file} is not a regular file").format(file=shown)
            )
        content = _read_at_most(descriptor, MOST_FILE_BYTES + 1)
    except OSError as error:
        raise _unreadable(shown, error) from None
    finally:
        os.close(descriptor)
    if len(content) > MOST_FILE_BYTES:
        raise LinkSourceError(
            _("the link file {file} is too large to hold a link").format(file=shown)
        )
    try:
        text = content.decode("utf-8-sig")  # a byte-order mark is no part of it
    except UnicodeDecodeError:
        text = "\0"  # refused below, as any binary content
    text = text.strip()
    if any(unsafe(char) for char in text if char not in "\r\n"):
        raise LinkSourceError(_("the link file {file} does not hold text").format(file=shown))
    if not text:
        raise LinkSourceError(_("the link file {file} is empty").format(file=shown))
    if "\n" in text or "\r" in text:
        raise LinkSourceError(
            _("the link file {file} holds more than one line: keep only the link").format(
                file=shown
            )
        )
    return text


def _unreadable(shown: str, error: OSError) -> LinkSourceError:
    return LinkSourceError(
        _("cannot read the link file {file}: {reason}").format(
            file=shown, reason=visible(error.strerror or str(error))
        )
    )


def _read_at_most(descriptor: int, most: int) -> bytes:
    """The file's first ``most`` bytes (all of it when it is shorter)."""
    parts: list[bytes] = []
    left = most
    while left > 0:
        part = os.read(descriptor, left)
        if not part:
            break
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


def link_from_prompt() -> str:
    """The link pasted at a prompt that does not show it; :class:`LinkSourceError` when the
    input cannot be hidden or nothing was pasted. Ctrl+C interrupts (the terminal is restored
    first)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", getpass.GetPassWarning)  # never read it with echo
        try:
            text = getpass.getpass(_("Paste your seat's link (it is not shown): "))
        except getpass.GetPassWarning:
            raise LinkSourceError(
                _("this terminal cannot hide what is typed: use --link-file FILE")
            ) from None
        except EOFError:  # Ctrl+D
            print(file=sys.stderr, flush=True)
            text = ""
        except KeyboardInterrupt:
            print(file=sys.stderr, flush=True)  # off the prompt's line
            raise
    if not text.strip():
        raise LinkSourceError(_("no link was pasted"))
    return text
