"""The computer's mark is phrased once (``chinese_ten.text.marks``): the board, the dialogs'
table and the ``history`` command mark a computer seat alike."""

from chinese_ten.game.table import Table
from chinese_ten.lang.i18n import choose
from chinese_ten.text.marks import computer_mark, marked_name
from chinese_ten.tui.seats import computer_mark as board_mark
from chinese_ten.tui.seats import marked


def test_every_place_marks_a_named_computer_alike() -> None:
    assert marked(("Ana", "Ben"), (None, "hard")) == ("Ana", "Ben (computer, hard)")
    assert "Ben" + board_mark("Ben", "hard") == marked_name("Ben", "hard")
    assert board_mark("Ben", "hard", short=True) == computer_mark("hard", short=True)


def test_a_default_name_is_not_marked_twice() -> None:
    assert marked(("You", "Computer (hard)"), (None, "hard")) == ("You", "Computer (hard)")
    assert marked_name("Computer 3 (easy)", "easy") == "Computer 3 (easy)"
    typed = marked_name("Computer (hard)", "hard", says_it=False)  # a name typed: marked
    assert typed == "Computer (hard) (computer, hard)"


def test_the_mark_is_said_in_the_language() -> None:
    choose("fr")
    try:
        assert marked_name("Ben", "hard") == "Ben" + computer_mark("hard")
        assert "ordinateur" in computer_mark("hard")
    finally:
        choose("en")


def test_the_table_of_a_save_marks_a_typed_name_only() -> None:
    assert Table(("Ana", "Ben"), (None, "easy"), 6).opponents() == "Ana v Ben (computer, easy)"
    assert Table(("Ana", None), (None, "easy"), 6).opponents() == "Ana v Computer (easy)"
