"""``chinese-ten review FILE|ID``: a finished game judged decision by decision.

``--json`` prints the analysis for machines and never imports Textual; without it the game
opens in the review screen. An ID is a game in the history database, whose analysis is
stored there, so a game is analysed once at a given budget.
"""

import json
import sys
from pathlib import Path

from rich.console import Console

from chinese_ten.analysis.review import analyse, reviewable
from chinese_ten.analysis.review_stored import store_review, stored_review
from chinese_ten.analysis.review_types import GameReview
from chinese_ten.analysis.review_words import review_json
from chinese_ten.cli.commands.progress import progress_bar
from chinese_ten.engine.errors import ChineseTenError, RecordError
from chinese_ten.game.options import Display, GameOptions
from chinese_ten.lang.i18n import _
from chinese_ten.store.records import GameRecord, load_and_replay
from chinese_ten.text.names import visible

_LARGEST_ID = 2**63 - 1
"""SQLite's largest row number: a larger ID names no game."""


def game_source(target: str) -> tuple[GameRecord, int | None]:
    """The record ``target`` names: a file, else (all digits) a game in the history."""
    path = Path(target)
    if path.exists() or not target.isdigit():
        record, _states = load_and_replay(path)
        return record, None
    game_id = int(target)
    if game_id > _LARGEST_ID:
        raise RecordError(_("there is no game {id} in the history").format(id=game_id))
    from chinese_ten.store.history import read_history

    with read_history() as history:
        return history.record(game_id), game_id


def run_review(
    target: str,
    *,
    as_json: bool,
    samples: int,
    seed: int,
    jobs: int,
    ascii_only: bool = False,
    symbols: bool = True,
    four_color: bool = False,
) -> int:
    record, game_id = game_source(target)
    reviewable(record)  # a table the review cannot judge: one line, before anything opens
    if not as_json:
        options = GameOptions(
            display=Display(ascii=ascii_only, symbols=symbols, four_color=four_color)
        )
        from chinese_ten.cli.commands.play import shown_as_output_allows

        options = shown_as_output_allows(options)
        return _open_screen(record, game_id, options, samples=samples, seed=seed, jobs=jobs)
    review = (
        None
        if game_id is None
        else stored_review(game_id, record, samples=samples, seed=seed, folder=None)
    )
    fresh = review is None
    if review is None:
        review = _analyse_with_bar(record, samples, seed, jobs)
    print(json.dumps(review_json(review), allow_nan=False))
    if fresh and game_id is not None:
        try:
            store_review(game_id, review, None)
        except ChineseTenError as error:
            print(
                _("chinese-ten: the analysis was not stored: {problem}").format(
                    problem=visible(str(error))
                ),
                file=sys.stderr,
            )
            return 1
    return 0


def _analyse_with_bar(record: GameRecord, samples: int, seed: int, jobs: int) -> GameReview:
    console = Console(stderr=True)
    with progress_bar(console) as progress:
        task = progress.add_task(_("Analysing decisions"), total=None)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        return analyse(record, samples=samples, seed=seed, jobs=jobs, progress=advance)


def _open_screen(
    record: GameRecord,
    game_id: int | None,
    options: GameOptions,
    *,
    samples: int,
    seed: int,
    jobs: int,
) -> int:
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print(
            _("chinese-ten: review needs an interactive terminal (or use --json)"),
            file=sys.stderr,
        )
        return 2
    from chinese_ten.tui.app import ChineseTenApp
    from chinese_ten.tui.screens.review import ReviewScreen
    from chinese_ten.tui.signal_exit import SignalExit

    screen = ReviewScreen(record, game_id=game_id, samples=samples, seed=seed, jobs=jobs)
    app = ChineseTenApp(options, review=screen)
    with SignalExit(app.stop_for_signal) as signals:
        app.run()
    return signals.code if signals.code is not None else 0
