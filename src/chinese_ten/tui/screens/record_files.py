"""The game's records as files: export (the fair record) and, after a failed save, a copy of
the whole game. A file that exists is replaced only after the person says yes; in a browser
tab the record downloads instead (the server's files are not the person's)."""

import io
from collections.abc import Callable
from pathlib import Path

from textual.screen import Screen

from chinese_ten.game.flow import GameFlow
from chinese_ten.lang.i18n import _, ngettext
from chinese_ten.store.files import file_problem, shown, unused_name


def export(screen: Screen[None], flow: GameFlow) -> None:
    """A fair record: the finished deals only while a deal is played, so no hand shows."""
    from chinese_ten.tui.screens.dialogs import ExportScreen

    done = len(flow.finished)
    if flow.deal_in_play and not done:
        screen.notify(
            _(
                "Nothing to export yet: export writes finished deals only, so that no hand "
                "in play can be read, and the first deal is still being played."
            ),
            timeout=8,
        )
        return
    if screen.app.is_web:  # a browser tab (chinese-ten serve): the record downloads
        deliver(screen, flow)
        return
    if flow.deal_in_play:
        note = ngettext(
            "The deal being played is left out (it would show the hands): {count} finished deal.",
            "The deal being played is left out (it would show the hands): {count} finished deals.",
            done,
        )
    else:
        note = ngettext(
            "The whole game: {count} finished deal.",
            "The whole game: {count} finished deals.",
            done,
        )
    default = unused_name(Path.cwd() / "chinese-ten-game.json")
    screen.app.push_screen(
        ExportScreen(default, note.format(count=done)),
        lambda path: write(screen, flow, path, full=False) if path else None,
    )


def deliver(screen: Screen[None], flow: GameFlow, *, full: bool = False) -> None:
    """The record as a download (the fair one, or ``full``: the whole game, hands in play
    too); nothing is written on the server."""
    from chinese_ten.store.records import record_json

    name = "chinese-ten-save.json" if full else "chinese-ten-game.json"
    record = io.StringIO(record_json(flow.record(full=full)))
    screen.app.deliver_text(record, save_filename=name, mime_type="application/json")
    told = (
        _(
            "The whole game is downloading as {name}; it holds the deal in play, both "
            "hands too: keep it to yourself."
        )
        if full
        else _("The game record is downloading as {name}.")
    )
    screen.notify(told.format(name=name), markup=False, timeout=10 if full else 5)


def save_copy(screen: Screen[None], flow: GameFlow, then: Callable[[], None]) -> None:
    """After a failed save: write the whole game elsewhere, then ``then`` (quit) if that
    worked. In a browser tab the copy downloads instead: the server's disk is what failed."""
    from chinese_ten.tui.screens.dialogs import ExportScreen

    if screen.app.is_web:
        deliver(screen, flow, full=True)
        return
    note = _(
        "The copy holds the deal in play, both hands too: keep it to yourself. To continue "
        "it, put it as current.json in a data folder and start chinese-ten play --resume."
    )
    dialog = ExportScreen(
        unused_name(Path.cwd() / "chinese-ten-save.json"), note, _("Save a copy of the game to:")
    )
    screen.app.push_screen(
        dialog, lambda path: write(screen, flow, path, full=True, then=then) if path else None
    )


def write(
    screen: Screen[None],
    flow: GameFlow,
    path: Path,
    *,
    full: bool,
    replace: bool = False,
    then: Callable[[], None] | None = None,
) -> None:
    """Write the record; an existing file is replaced only after the person says yes."""
    from chinese_ten.tui.screens.dialogs import ReplaceScreen

    try:
        flow.write_record(path, full=full, replace=replace)
    except FileExistsError:

        def answered(yes: bool | None) -> None:
            if yes:
                write(screen, flow, path, full=full, replace=True, then=then)
            else:
                screen.notify(
                    _("Nothing written; {path} is unchanged.").format(path=shown(path)),
                    markup=False,
                )

        screen.app.push_screen(ReplaceScreen(path), answered)
        return
    except OSError as error:
        screen.notify(
            file_problem(path, error),
            title=_("Could not write the game record"),
            severity="error",
            markup=False,
            timeout=12,
        )
        return
    screen.notify(_("Game record written to {path}").format(path=shown(path)), markup=False)
    if then is not None:
        then()
