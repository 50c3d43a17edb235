"""The history and the statistics at tables of 3 and 4 (schema version 3): a version-2 file
read as it is and migrated, 3-4 seat games stored by the flow and imported, listed in 80
columns in every language, counted by table size with shared places, and hostile rows."""

import json
import re
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from chinese_ten.analysis.history_text import players_text, seat_label
from chinese_ten.analysis.stats import Z_95, player_stats
from chinese_ten.cli.main import main
from chinese_ten.engine.deal import legal_actions
from chinese_ten.game.flow import GameFlow
from chinese_ten.game.options import GameOptions
from chinese_ten.lang.i18n import choose
from chinese_ten.store.history import (
    FILE_NAME,
    MIGRATIONS,
    SCHEMA_VERSION,
    HistoryError,
    open_history,
    read_history,
    record_key,
)
from chinese_ten.store.history_names import history_key
from chinese_ten.store.history_rows import GameRow
from chinese_ten.store.records import load_and_replay, replay, series_score
from chinese_ten.text.wording import signed
from tests.history_helpers import played, played_at

GOLDEN = Path(__file__).parent / "golden"
START_TIME = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
WIDTH = 80


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("COLUMNS", str(WIDTH))
    return tmp_path / "data"


# ---------------------------------------------------------------- a version-2 file


def _version_2_file(folder: Path) -> None:
    """A history as version 2 wrote it (its two migrations, its columns), one game of two
    whose second seat was named "Player 3" (not a default name before version 3)."""
    record = played(2, seed=4, names=("Ana", "Player 3"))
    score = series_score(record, replay(record))
    db = sqlite3.connect(folder / FILE_NAME, isolation_level=None)
    MIGRATIONS[0](db)
    MIGRATIONS[1](db)
    db.execute("PRAGMA user_version = 2")
    db.execute(
        "INSERT INTO games (record_key, record, player0, player1, name_key0, name_key1, "
        "computer0, computer1, started, ended, added, deals_planned, deals_played, total0, "
        "total1, winner, over, results, imported) VALUES (?, ?, 'Ana', 'Player 3', 'ana', "
        "'player 3', NULL, NULL, NULL, NULL, '2026-01-01T00:00:00+00:00', 2, 2, ?, ?, ?, 1, "
        "?, 1)",
        (
            record_key(record),
            record.model_dump_json(),
            score.totals[0],
            score.totals[1],
            score.winner,
            json.dumps([o.results[0] for o in score.outcomes]),
        ),
    )
    db.close()


def test_a_version_2_file_is_read_as_it_is_then_migrated_keeping_its_games(
    tmp_path: Path,
) -> None:
    _version_2_file(tmp_path)
    before = (tmp_path / FILE_NAME).read_bytes()
    with read_history(tmp_path) as history:
        (old,) = history.games()
        assert history.games(player="Ben") == []
        assert [r.id for r in history.games(player="ana")] == [old.id]
    assert (tmp_path / FILE_NAME).read_bytes() == before  # nothing migrated by a reader
    assert old.seats == 2 and old.players == ("Ana", "Player 3")
    assert [sum(deal[s] for deal in old.results) for s in (0, 1)] == list(old.totals)
    record = played(2, seed=4, names=("Ana", "Player 3"))
    with open_history(tmp_path) as history:
        (migrated,) = history.games()
        assert history.import_record(record) == (old.id, False)  # same key: not added again
        assert [r.id for r in history.games(player="Joueur 3")] == [old.id]  # a default now
    assert migrated == old
    db = sqlite3.connect(tmp_path / FILE_NAME)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
    assert db.execute(
        "SELECT seat_count, player2, player3, total2, total3, name_key1 FROM games"
    ).fetchall() == [(2, None, None, None, None, history_key("Player 3"))]
    db.close()


def test_a_failed_migration_leaves_the_version_2_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _version_2_file(tmp_path)

    def broken(db: sqlite3.Connection) -> None:
        third(db)
        raise sqlite3.OperationalError("disk I/O error", sqlite3.SQLITE_IOERR)

    third = MIGRATIONS[2]
    monkeypatch.setattr("chinese_ten.store.history.MIGRATIONS", (*MIGRATIONS[:2], broken))
    with pytest.raises(HistoryError):
        open_history(tmp_path)
    db = sqlite3.connect(tmp_path / FILE_NAME)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 2
    columns = [row[1] for row in db.execute("PRAGMA table_info(games)")]
    assert "seat_count" not in columns and len(db.execute("SELECT * FROM games").fetchall()) == 1
    db.close()


# ---------------------------------------------------------------- storing and importing


def _play_series(flow: GameFlow) -> list[str]:
    """Play the whole series, each person the first legal action; what the flow said."""
    said: list[str] = []
    while not flow.series.is_over:
        said += [notice.text for notice in flow.deal(17)]
        while flow.deal_in_play:
            assert flow.state is not None
            legal = legal_actions(flow.state)
            player = flow.computer_to_move()
            action = legal[0] if player is None else player.choose(flow.view(), legal)
            said += [notice.text for notice in flow.apply(action).notices]
    assert flow.history.wait()
    return said + [notice.text for notice in flow.history_notices()]


@pytest.mark.parametrize(
    ("computer", "names", "listed"),
    [
        (("normal", None, None), ("Ana", "Ben", "Cy"), "Ana (computer, normal) v Ben v Cy"),
        (
            (None, "easy", "easy", "normal"),
            None,
            "You v Computer 2 (easy) v Computer 3 (easy) v Computer (normal)",
        ),
    ],
)
def test_the_flow_stores_a_game_of_three_and_of_four(
    tmp_path: Path, computer: tuple[str | None, ...], names: tuple[str, ...] | None, listed: str
) -> None:
    options = GameOptions(
        computer=computer, players=names, seed=5, save_dir=tmp_path, deals_planned=2
    )
    flow = GameFlow(options)
    flow.hold_fresh_slot()
    flow.start_series()
    assert _play_series(flow) == []  # nothing to tell: stored
    with read_history(tmp_path) as history:
        (row,) = history.games()
        assert history.record(row.id) == flow.record(full=True)
    assert row.seats == len(computer) and row.computers == computer
    assert row.totals == flow.series.totals and row.over and row.deals_played == 2
    assert [sum(deal[s] for deal in row.results) for s in range(row.seats)] == list(row.totals)
    assert row.winners == flow.series.leaders
    assert players_text(row) == listed  # a computer's level said once
    flow.release()


def test_records_of_three_and_four_seats_are_imported_once(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = [str(GOLDEN / "golden-3-seats.json"), str(GOLDEN / "golden-4-seats.json")]
    assert main(["history", "import", *paths]) == 0
    assert capsys.readouterr().out.count("added as game") == 2
    assert main(["history", "import", *paths]) == 0
    assert capsys.readouterr().out.count("already there") == 2
    assert main(["history", "--json"]) == 0
    listed = {len(game["players"]): game for game in json.loads(capsys.readouterr().out)}
    for path in paths:
        record, states = load_and_replay(Path(path))
        score = series_score(record, states)
        game = listed[record.seat_count]
        assert game["players"] == list(record.players)
        assert game["totals"] == list(score.totals)
        assert game["results"] == [list(o.results) for o in score.outcomes]
        assert game["winners"] == list(score.leaders)


def test_a_record_of_five_seats_is_still_refused_in_one_line(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = json.loads((GOLDEN / "golden-4-seats.json").read_text())
    document["players"].append("Eve")
    bad = tmp_path / "five.json"
    bad.write_text(json.dumps(document))
    assert main(["history", "import", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("refused: ") and "Traceback" not in err


# ---------------------------------------------------------------- listing in 80 columns

LONG = ("Alexandrina Ferreira", "Bartholomew Oyelaran", "Computer 3 (hard)", "Maximiliano Ruiz")
"""Long names at a table of four; seat 2 is the computer under its default name."""


def _four_long(folder: Path) -> None:
    with open_history(folder) as history:
        history.import_record(played(1, seed=9))  # a game of two beside it
        game = history.import_record(played_at(LONG, 2, seed=3))[0]
    db = sqlite3.connect(folder / FILE_NAME, isolation_level=None)  # as the flow stores it
    db.execute("UPDATE games SET computer2 = 'hard', computer3 = 'easy' WHERE id = ?", (game,))
    db.close()


@pytest.mark.parametrize("lang", ["en", "fr", "pt"])
def test_a_game_of_four_with_long_names_fits_80_columns(
    home: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    home.mkdir(parents=True)
    _four_long(home)
    try:
        assert main(["--lang", lang, "history"]) == 0
        out = capsys.readouterr().out
    finally:
        choose("en")
    lines = [line.rstrip() for line in out.splitlines()]
    assert max(len(line) for line in lines) <= WIDTH
    for name in (*LONG[:2], "Maximiliano Ruiz ("):
        assert any(name in line for line in lines), name
    said = {"en": "Computer 3 (hard)", "fr": "Ordinateur 3 (difficile)", "pt": "Computador 3"}
    assert any(said[lang] in line for line in lines)
    assert not re.search(r"\(hard\)|\(easy\)", out) or lang == "en"  # levels translated
    assert out.count("3 (") == 1  # the default computer's level said once, not twice


@pytest.mark.parametrize("lang", ["en", "fr", "pt"])
def test_each_total_faces_its_seat(
    home: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    """A seat a line, its total on that line, in every language (French's "contre" after a
    long name once wrapped onto a line of its own and shifted every total below it)."""
    home.mkdir(parents=True)
    names = ("Rui", "Computer (normal)", "Computer 3 (easy)", "Computer 4 (easy)")
    with open_history(home) as history:
        game = history.import_record(played_at(names, 2, seed=3))[0]
    db = sqlite3.connect(home / FILE_NAME, isolation_level=None)  # as the flow stores it
    db.execute(
        "UPDATE games SET computer1 = 'normal', computer2 = 'easy', computer3 = 'easy', "
        "deals_planned = NULL, over = 0, winner = NULL, ended = ? WHERE id = ?",
        (START_TIME.isoformat(), game),  # played here deal after deal: the widest columns
    )
    db.close()
    try:
        assert main(["--lang", lang, "history"]) == 0
        out = capsys.readouterr().out
        choose(lang)
        with read_history(home) as history:
            row = history.games(player=None, limit=1)[0]
        labels = [seat_label(row, seat) for seat in range(4)]  # as the reader's language says
    finally:
        choose("en")
    lines = out.splitlines()
    first = next(k for k, line in enumerate(lines) if "Rui" in line)
    for seat, total in enumerate(row.totals):
        line = lines[first + seat] + " "
        assert labels[seat] in line and f" {signed(total)} " in line, (seat, line)


def test_the_computer_is_named_in_the_language_and_marked_once(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 26: "Vous contre Ordinateur (difficile) (ordinateur (hard))" no more."""
    with open_history(home) as history:
        history.store(
            played(2, seed=2, names=("You", "Computer (hard)")),
            computers=(None, "hard"),
            started=START_TIME,
            ended=START_TIME,
        )
    try:
        assert main(["--lang", "fr", "history"]) == 0
        listed = capsys.readouterr().out
        assert main(["--lang", "fr", "stats"]) == 0
        stats = capsys.readouterr().out
    finally:
        choose("en")
    assert "Vous contre" in listed and "Ordinateur (difficile)" in listed
    assert "ordinateur" not in listed and "hard" not in listed
    assert "ordinateur" in stats and "(difficile)" in stats and "hard" not in stats


# ---------------------------------------------------------------- statistics by table size


def _row(
    game_id: int,
    players: tuple[str, ...],
    deals: tuple[tuple[int, ...], ...],
    *,
    over: bool = True,
    computers: tuple[str | None, ...] | None = None,
) -> GameRow:
    totals = tuple(sum(deal[s] for deal in deals) for s in range(len(players)))
    best = max(totals)
    winner = totals.index(best) if totals.count(best) == 1 and over else None
    return GameRow(
        id=game_id,
        players=players,
        keys=tuple(history_key(p) for p in players),
        computers=computers or (None,) * len(players),
        started=None,
        ended=None,
        deals_planned=len(deals) if over else len(deals) + 1,
        deals_played=len(deals),
        totals=totals,
        winner=winner,
        over=over,
        results=deals,
        imported=False,
    )


TABLES = [
    # totals 10, 10, -20: Ana and Ben share first place, Cy third
    _row(1, ("Ana", "Ben", "Cy"), ((4, 6, -10), (6, 4, -10))),
    # totals -5, 15, -10: Ben first, Ana second, Cy third
    _row(2, ("Ana", "Ben", "Cy"), ((-5, 15, -10),)),
    # totals 5, 5, 5, -15: three share first, Di fourth; Cy is a computer here
    _row(3, ("Di", "Ana", "Cy", "Ben"), ((5, 5, 5, -15),), computers=(None, None, "hard", None)),
    # not over: a game and a deal, no place
    _row(4, ("Ana", "Ben", "Cy", "Di"), ((30, -10, -10, -10),), over=False),
    # a game of two: against an opponent, as before
    _row(5, ("Ana", "Ben"), ((7, -7),)),
]


def test_places_and_the_mean_per_deal_by_table_size() -> None:
    everyone = {s.player: s for s in player_stats(TABLES)}
    ana = everyone["Ana"]
    three, four = ana.tables
    assert (three.seats, three.games, three.places) == (3, 2, [1, 1, 0])
    assert three.figures.results == [4, 6, -5]
    mean = 5 / 3
    variance = ((4 - mean) ** 2 + (6 - mean) ** 2 + (-5 - mean) ** 2) / 2
    assert three.figures.mean == pytest.approx(mean)
    assert three.figures.interval == pytest.approx(Z_95 * (variance / 3) ** 0.5)
    assert (four.seats, four.games, four.places, four.figures.results) == (
        4,
        2,
        [1, 0, 0, 0],
        [5, 30],
    )
    assert [(m.opponent, m.series_won, m.results) for m in ana.opponents] == [("Ben", 1, [7])]
    assert ana.overall.results == [7]  # the games of two only
    assert [t.places for t in everyone["Ben"].tables] == [[2, 0, 0], [0, 0, 0, 1]]
    assert [t.places for t in everyone["Cy"].tables] == [[0, 0, 2], [0, 0, 0, 0]]
    assert everyone["Cy"].tables[1].games == 1  # the game where Cy is the computer: not Cy's
    assert [t.places for t in everyone["Di"].tables] == [[1, 0, 0, 0]]
    assert everyone["Di"].opponents == [] and everyone["Di"].deals == 2


def test_places_agree_with_the_series_standing() -> None:
    """Hand-built rows aside, a real game of four: a person's place is the standing's."""
    record = played_at(("Ana", "Ben", "Cy", "Di"), 3, seed=11)
    score = series_score(record, replay(record))
    rows = [_row(1, record.players, tuple(o.results for o in score.outcomes))]
    places = {record.players[seat]: place for place, seat in score.standing}
    for stats in player_stats(rows):
        (table,) = stats.tables
        assert table.places[places[stats.player] - 1] == 1 and sum(table.places) == 1


def test_stats_json_and_table_carry_the_table_sizes(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_history(home) as history:
        history.import_record(played_at(("Ana", "Ben", "Cy"), 2, seed=3))
        history.import_record(played(1, seed=1, names=("Ben", "Dan")))
    assert main(["stats", "--json"]) == 0
    people = {p["player"]: p for p in json.loads(capsys.readouterr().out)["players"]}
    assert people["Ana"]["tables"][0] | {"mean": 0, "interval95": 0} == {
        "seats": 3,
        "games": 1,
        "places": people["Ana"]["tables"][0]["places"],
        "deals": 2,
        "mean": 0,
        "interval95": 0,
    }
    assert sum(people["Ana"]["tables"][0]["places"]) == 1
    assert "tables" not in people["Dan"]  # a person of games of two: the document as before
    assert main(["stats", "--player", "cy"]) == 0
    out = capsys.readouterr().out
    assert max(len(line.rstrip()) for line in out.splitlines()) <= WIDTH
    (line,) = [line for line in out.splitlines() if "3 players" in line]
    assert re.search(r"\b1\b.*\d-\d-\d.*\b2\b", line)  # games, places, deals
    assert re.search(r"[+-]\d+\.\d ± \d+\.\d", line)


# ---------------------------------------------------------------- hostile rows


@pytest.mark.parametrize(
    ("change", "column"),
    [
        ("seat_count = 5", "seat_count"),
        ("player3 = 'Eve' || char(27) || ']2;x' || char(7)", "player3"),
        ("results = '[[1, 2], [3, 4]]'", "results"),
        ("player3 = 'Eve'", "player3"),
        ("total2 = 'many'", "total2"),
        ("computer1 = 'godlike'", "computer1"),
    ],
)
def test_a_hostile_row_of_three_is_one_line_and_the_rest_listed(
    tmp_path: Path, change: str, column: str
) -> None:
    with open_history(tmp_path) as history:
        good = history.import_record(played_at(("Ana", "Ben", "Cy", "Di"), 1, seed=2))[0]
        bad = history.import_record(played_at(("Ana", "Ben", "Cy"), 2, seed=4))[0]
    db = sqlite3.connect(tmp_path / FILE_NAME, isolation_level=None)
    db.execute(f"UPDATE games SET {change} WHERE id = ?", (bad,))
    db.close()
    with read_history(tmp_path) as history:
        assert [row.id for row in history.games()] == [good]
    (line,) = history.damage
    assert f"game {bad} is damaged ({column}" in line and "\x1b" not in line


def test_a_person_is_found_in_any_seat(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with open_history(home) as history:
        four = history.import_record(played_at(("Ana", "Ben", "Cy", "Di"), 1, seed=2))[0]
        history.import_record(played(1, seed=1, names=("Ana", "Ben")))
        assert [row.id for row in history.games(player="di")] == [four]
        assert history.games(player="Eve") == []
    assert main(["history", "--player", "DI", "--json"]) == 0
    (game,) = json.loads(capsys.readouterr().out)
    assert game["id"] == four and game["players"][3] == "Di"
    assert main(["stats", "--player", "di", "--json"]) == 0
    (di,) = json.loads(capsys.readouterr().out)["players"]
    assert di["opponents"] == [] and [t["seats"] for t in di["tables"]] == [4]


def test_a_game_of_four_exports_as_it_was_imported(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    golden = GOLDEN / "golden-4-seats.json"
    with open_history(home) as history:
        game = history.import_record(load_and_replay(golden)[0])[0]
    out = tmp_path / "out.json"
    assert main(["history", "export", str(game), str(out)]) == 0
    assert load_and_replay(out)[1] == load_and_replay(golden)[1]
    assert load_and_replay(out)[0].players == ("Ana", "Ben", "Cy", "Di")
