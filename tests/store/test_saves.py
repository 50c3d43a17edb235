"""Save slots and their locks, archiving, and the one-line file errors of saves and exports."""

import errno
import os
import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from chinese_ten.engine.chance import random_setup
from chinese_ten.engine.deal import start
from chinese_ten.engine.errors import RecordError, SaveError
from chinese_ten.store.files import file_problem, unused_name, write_new
from chinese_ten.store.records import GameRecord, game_record, load_and_replay
from chinese_ten.store.saves import MAX_SLOTS, SaveSlot, claim_slot


def _record(players: tuple[str, str] = ("Ana", "Ben"), seed: int = 1) -> GameRecord:
    return game_record(players, None, [start(random_setup(random.Random(seed), 0, 20))])


def test_a_held_slot_is_never_written_by_a_second_holder(tmp_path: Path) -> None:
    first, second = SaveSlot(tmp_path), SaveSlot(tmp_path)
    assert first.claim() and first.held
    first.save(_record(("Ana", "Ben")))
    before = first.path.read_bytes()
    assert not second.claim() and not second.held
    with pytest.raises(SaveError, match="another running game holds this save"):
        second.save(_record(("Cy", "Di")))
    assert first.path.read_bytes() == before
    first.release()
    assert second.claim()
    second.release()


def test_a_slot_not_held_is_held_only_for_the_write(tmp_path: Path) -> None:
    SaveSlot(tmp_path).save(_record())
    other = SaveSlot(tmp_path)
    assert other.claim()  # the writer let go
    record, states = load_and_replay(other.path)
    assert record.players == ("Ana", "Ben") and len(states) == 1
    other.release()


def test_a_second_game_gets_its_own_slot_and_is_told_whose_it_passed(tmp_path: Path) -> None:
    first = claim_slot(tmp_path)
    second = claim_slot(tmp_path)
    assert first.slot.path == tmp_path / "current.json" and first.busy == ()
    assert second.slot.path == tmp_path / "current-2.json"
    assert second.busy == (tmp_path / "current.json",)
    first.slot.release()
    third = claim_slot(tmp_path)  # slot 1 is free again: a new game takes the lowest
    assert third.slot.path == tmp_path / "current.json"
    for claim in (second, third):
        claim.slot.release()


def test_resume_takes_the_newest_save_nobody_holds(tmp_path: Path) -> None:
    old, new = SaveSlot(tmp_path, 1), SaveSlot(tmp_path, 3)
    old.save(_record())
    new.save(_record())
    os.utime(old.path, (1_000_000, 1_000_000))
    claim = claim_slot(tmp_path, resume=True)
    assert claim.slot.path == new.path and claim.busy == ()
    other = claim_slot(tmp_path, resume=True)  # the newest is held: the older one
    assert other.slot.path == old.path and other.busy == (new.path,)
    third = claim_slot(tmp_path, resume=True)  # every save held: a fresh slot, and why
    assert not third.slot.exists() and set(third.busy) == {old.path, new.path}
    for c in (claim, other, third):
        c.slot.release()


def test_the_old_single_save_layout_is_resumed(tmp_path: Path) -> None:
    from chinese_ten.store.records import record_json

    (tmp_path / "current.json").write_text(record_json(_record()))
    claim = claim_slot(tmp_path, resume=True)
    assert claim.slot.path == tmp_path / "current.json" and claim.slot.exists()
    claim.slot.release()


def test_every_slot_held_is_one_clear_error(tmp_path: Path) -> None:
    held = [claim_slot(tmp_path).slot for _ in range(MAX_SLOTS)]
    with pytest.raises(SaveError, match=f"all {MAX_SLOTS} saves are held"):
        claim_slot(tmp_path)
    for slot in held:
        slot.release()


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX process and kill -9")
def test_a_lock_held_by_another_process_is_respected_and_dropped_when_it_dies(
    tmp_path: Path,
) -> None:
    holder = textwrap.dedent(
        f"""
        import sys
        from pathlib import Path
        from chinese_ten.store.saves import SaveSlot
        slot = SaveSlot(Path({str(tmp_path)!r}))
        assert slot.claim()
        print("held", flush=True)
        sys.stdin.read()
        """
    )
    process = subprocess.Popen(
        [sys.executable, "-c", holder],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None and process.stdout.readline() == "held\n"
        SaveSlot(tmp_path).save(_record())
    except SaveError as error:
        assert "another running game holds this save" in str(error)
    else:
        raise AssertionError("wrote a save another process holds")
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
    assert not (tmp_path / "current.json").exists()
    claim = claim_slot(tmp_path)
    assert claim.slot.path == tmp_path / "current.json"  # the system dropped the dead lock
    claim.slot.release()


def test_a_data_folder_that_is_a_file_is_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.write_text("not a folder")
    with pytest.raises(SaveError) as caught:
        claim_slot(folder)
    assert str(caught.value) == f"{folder}: " + (
        "it is a file, or inside one, not a folder: choose another folder"
    )
    assert folder.read_text() == "not a folder"


def test_a_data_folder_under_a_file_cannot_be_saved_to(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    slot = SaveSlot(tmp_path / "file" / "data")
    with pytest.raises(SaveError, match="not a folder"):
        slot.save(_record())


def test_a_lock_file_that_is_a_dangling_link_creates_nothing(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    slot.lock_path.symlink_to(tmp_path / "elsewhere")
    with pytest.raises(SaveError):
        slot.claim()
    assert not (tmp_path / "elsewhere").exists()
    assert SaveSlot(tmp_path, 2).claim()  # a plain lock file beside it is taken


def test_archive_and_put_away(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    assert slot.put_away("finished") is None  # the save vanished: nothing to do, no traceback
    with pytest.raises(SaveError, match=r"current\.json: it vanished"):
        slot.archive("finished")
    slot.save(_record())
    before = slot.path.read_bytes()
    kept = slot.put_away("unfinished")
    assert kept is not None and kept.read_bytes() == before and not slot.exists()
    assert kept.parent == tmp_path / "archive" and kept.name.endswith("-unfinished.json")


def test_an_archive_that_cannot_be_made_keeps_the_save(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    slot.save(_record())
    (tmp_path / "archive").write_text("in the way")
    with pytest.raises(SaveError, match=r"archive: it is a file, or inside one"):
        slot.put_away("unfinished")
    assert slot.exists()


def test_a_corrupt_save_is_moved_aside(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    slot.path.write_text('{"format": "chinese-ten", "pla')
    with pytest.raises(RecordError, match="the file was kept as"):
        slot.load()
    assert not slot.exists() and len(list((tmp_path / "archive").iterdir())) == 1


def test_write_new_never_replaces_a_file(tmp_path: Path) -> None:
    target = tmp_path / "mine.json"
    target.write_bytes(b"the user's own file")
    with pytest.raises(FileExistsError):
        write_new(target, "{}")
    assert target.read_bytes() == b"the user's own file"
    with pytest.raises(IsADirectoryError):
        write_new(tmp_path, "{}")
    with pytest.raises(FileNotFoundError):
        write_new(tmp_path / "no-such-folder" / "x.json", "{}")
    fresh = tmp_path / "fresh.json"
    write_new(fresh, "{}\n")
    assert fresh.read_text() == "{}\n"


def test_unused_name_numbers_after_taken_names(tmp_path: Path) -> None:
    base = tmp_path / "game.json"
    assert unused_name(base) == base
    base.write_text("x")
    (tmp_path / "game-2.json").write_text("x")
    assert unused_name(base) == tmp_path / "game-3.json"


@pytest.mark.parametrize(
    ("code", "says"),
    [
        (errno.EEXIST, "already exists: choose another name"),
        (errno.EISDIR, "is a folder: give a file name"),
        (errno.EACCES, "no permission to write there: choose a folder you can write to"),
        (errno.ENOSPC, "the disk is full: free some space"),
        (errno.ENOENT, "it vanished, or its folder does not exist"),
        (errno.EIO, "Input/output error: choose another place"),
    ],
)
def test_file_problems_name_the_path_and_what_to_do(code: int, says: str) -> None:
    path = Path("/some/where/g\x1b[2J.json")
    line = file_problem(path, OSError(code, os.strerror(code)))
    assert line.startswith("/some/where/g\\x1b[2J.json: ") and says in line
    assert "\x1b" not in line and "\n" not in line


def test_a_save_replaced_by_another_game_is_kept_not_written_over(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    assert slot.claim()
    assert slot.save(_record(("Ana", "Ben"))) is None
    other = SaveSlot(tmp_path, 2)
    other.save(_record(("Cy", "Di"), seed=2))
    os.replace(other.path, slot.path)  # another game put in this game's place while it runs
    theirs = slot.path.read_bytes()
    kept = slot.save(_record(("Ana", "Ben"), seed=3))
    assert kept is not None and kept.parent == tmp_path / "archive"
    assert kept.name.endswith("-replaced.json") and kept.read_bytes() == theirs
    assert load_and_replay(slot.path)[0].players == ("Ana", "Ben")
    assert slot.save(_record(("Ana", "Ben"), seed=4)) is None  # its own file again: no news
    slot.release()


def test_a_save_edited_in_place_is_kept(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    assert slot.claim()
    slot.save(_record())
    edited = slot.path.read_text().replace('"Ana"', '"Zed"')
    slot.path.write_text(edited)
    kept = slot.save(_record())
    assert kept is not None and kept.read_text() == edited
    slot.release()


def test_its_own_save_rewritten_unchanged_is_not_news(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    assert slot.claim()
    slot.save(_record())
    text = slot.path.read_bytes()
    slot.path.unlink()
    slot.path.write_bytes(text)  # a new file (another inode), the same content
    assert slot.save(_record()) is None
    assert not (tmp_path / "archive").exists()
    slot.release()


def test_a_save_appearing_after_a_resume_or_a_put_away_is_kept(tmp_path: Path) -> None:
    SaveSlot(tmp_path).save(_record(("Ana", "Ben")))
    resumed = SaveSlot(tmp_path)
    assert resumed.claim()
    resumed.load()
    resumed.path.write_text(SaveSlot(tmp_path, 2).path.name)  # any other content
    assert resumed.save(_record(("Ana", "Ben"))) is not None
    assert resumed.put_away("finished") is not None
    SaveSlot(tmp_path, 3).save(_record(("Cy", "Di")))
    os.replace(tmp_path / "current-3.json", resumed.path)
    kept = resumed.save(_record(("Ana", "Ben")))
    assert kept is not None and load_and_replay(kept)[0].players == ("Cy", "Di")
    resumed.release()


def test_a_save_found_in_an_empty_slot_taken_is_kept(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    assert slot.claim()  # empty when taken
    slot.path.write_text("another program's file")
    kept = slot.save(_record())
    assert kept is not None and kept.read_text() == "another program's file"
    slot.release()


def test_an_archive_that_is_a_link_is_never_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    home = tmp_path / "home"
    home.mkdir()
    (home / "archive").symlink_to(outside)
    slot = SaveSlot(home)
    slot.path.write_text('{"format": "chinese-ten", "pla')
    with pytest.raises(RecordError, match="archive is a symbolic link"):
        slot.load()
    assert slot.exists() and not list(outside.iterdir())  # kept where it was
    with pytest.raises(SaveError, match="symbolic link"):
        slot.put_away("unfinished")
    assert slot.claim()
    slot.path.write_text("another game")
    with pytest.raises(SaveError, match="symbolic link"):
        slot.save(_record())  # the other file cannot be kept: it is not written over
    assert slot.path.read_text() == "another game" and not list(outside.iterdir())
    slot.release()
