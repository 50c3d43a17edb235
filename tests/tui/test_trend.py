"""The running total's chart: bars from a zero line, gains up, losses down."""

from hypothesis import given
from hypothesis import strategies as st

from chinese_ten.tui.widgets.trend import columns, trend_rows, zero_row


def test_gains_rise_and_losses_hang_from_the_line_through_the_middle() -> None:
    rows = trend_rows([0, 30, -30], 3, 3)
    assert rows == [" █ ", "─▀▄", "  █"]


def test_a_total_that_never_moves_is_the_zero_line_alone() -> None:
    assert trend_rows([0, 0, 0], 3, 2) == ["   ", "───"]
    assert trend_rows([0, 0], 4, 3) == ["    ", "────", "    "]


def test_only_losses_put_the_line_on_top() -> None:
    rows = trend_rows([0, -10, -20, -40], 4, 2)
    assert rows[0].startswith("─") and set(rows[0][1:]) == {"▄"}
    assert rows[1][-1] == "█" and rows[1][1] == " "


def test_ascii() -> None:
    assert trend_rows([0, 30, -30], 3, 3, ascii_only=True) == [" # ", "-'.", "  #"]


def test_nothing_to_draw() -> None:
    assert trend_rows([], 10, 2) == []
    assert trend_rows([1, 2], 0, 2) == []
    assert trend_rows([1, 2], 5, 0) == []


def test_columns_stretch_few_values_and_sample_many_keeping_both_ends() -> None:
    assert columns([1, 2], 4) == [1, 1, 2, 2]
    assert columns(list(range(100)), 5) == [0, 25, 50, 74, 99]
    assert columns([3, 4, 5], 1) == [5]


@given(
    st.lists(st.integers(-10_000, 10_000), min_size=1, max_size=300),
    st.integers(1, 200),
    st.integers(1, 6),
)
def test_any_totals_fill_the_box_and_keep_their_sign(
    values: list[int], width: int, height: int
) -> None:
    rows = trend_rows(values, width, height)
    assert len(rows) == height and all(len(row) == width for row in rows)
    shown = columns(values, width)
    line = height - 1 - zero_row(min(0, *shown), max(0, *shown), height)  # from the top
    for x, value in enumerate(shown):
        column = "".join(row[x] for row in rows)
        if value == 0:
            assert column.strip() == "─"
            continue
        assert "─" not in column and column.strip()  # at least half a cell drawn
        above, below = column[:line].strip(), column[line + 1 :].strip()
        if value > 0:
            assert not below and column[line] == "▀", column  # from the line up
            assert set(above[1:]) <= {"█"} and above[:1] in "▄█", column  # up to its end
        else:
            assert not above and column[line] == "▄", column
            assert set(below[:-1]) <= {"█"} and below[-1:] in "▀█", column
