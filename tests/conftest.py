"""Shared test set-up: a reproducible Hypothesis profile, a neutral terminal environment,
a marker per folder (layer) and English, unfolded text again after every test."""

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from chinese_ten.lang import i18n

settings.register_profile("ci", derandomize=True, deadline=None, max_examples=60)
settings.register_profile("dev", deadline=None, max_examples=60)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

for variable in (
    "NO_COLOR",
    "TEXTUAL_THEME",
    "FORCE_COLOR",
    "COLUMNS",
    "LINES",
    "CHINESE_TEN_HOME",
):
    os.environ.pop(variable, None)
os.environ["LANGUAGE"] = "en"  # read first: English whatever the machine's locale (see i18n)

TESTS = Path(__file__).parent
LAYERS = ("engine", "players", "store", "game", "net", "cli", "text", "tui", "serve", "browser")
"""The folders of ``tests``: each test is marked with its folder's name (registered in
``pyproject.toml``), so ``pytest -m "not tui and not browser and not slow"`` is the quick
inner loop."""
SLOW = frozenset(
    {
        "cli/test_cli.py::test_a_reader_that_leaves_early_ends_the_command_quietly",
        "cli/test_cli.py::test_a_table_that_cannot_be_is_one_line_and_exit_2",
        "cli/test_cli.py::test_ctrl_c_stops_simulate_with_one_line",
        "cli/test_cli.py::test_term_or_hangup_to_simulate_alone_stops_its_workers_quietly",
        "cli/test_cli.py::test_the_largest_series_is_accepted",
        "cli/test_history_commands.py::test_a_closed_pipe_is_quiet",
        "cli/test_host_pty.py",
        "cli/test_join_pty.py",
        "cli/test_outputs.py::test_a_file_with_room_takes_the_whole_output",
        "cli/test_outputs.py::test_a_full_disk_is_one_line_and_exit_1",
        "cli/test_outputs.py::test_a_reader_that_leaves_mid_output_ends_the_command_quietly_with_1",
        "cli/test_outputs.py::test_a_reader_that_reads_everything_gets_everything",
        "cli/test_outputs.py::test_a_utf8_terminal_gets_every_accent",
        "cli/test_outputs.py::test_an_ascii_terminal_gets_accents_folded_not_a_traceback",
        "cli/test_rules_command.py::test_without_a_pager_program_the_page_is_printed",
        "cli/test_signals.py",
        "cli/test_terminal.py::test_a_command_without_a_terminal_is_refused_in_one_line",
        "cli/test_terminal.py::test_commands_that_read_no_input_run_with_it_closed",
        "cli/test_terminal.py::test_play_draws_in_ascii_when_the_output_cannot_encode_more",
        "cli/test_terminal.py::test_sigterm_saves_and_restores_the_terminal",
        "engine/test_import_hygiene.py::test_hard_player_is_loaded_at_its_first_move_not_at_start",
        "engine/test_import_hygiene.py::test_headless_commands_do_not_import_textual",
        "engine/test_import_hygiene.py::test_start_screen_is_on_the_terminal_before_the_engine_loads",
        "engine/test_import_hygiene.py::test_start_screen_loads_only_what_it_shows",
        "engine/test_invariants.py::test_every_illegal_action_is_rejected_and_changes_nothing",
        "engine/test_statistics.py::test_random_play_dealer_advantage_and_layout_triples",
        "game/test_turn_privacy.py",
        "net/test_door.py::test_a_seat_joins_while_strangers_hold_every_place",
        "net/test_host.py::test_a_seat_the_table_does_not_have_is_refused_and_the_host_stays",
        "net/test_host.py::test_only_the_host_seat_hands_an_absent_seat_over",
        "net/test_host_kill.py",
        "net/test_processes.py",
        "net/test_table_authority.py::test_a_table_taken_up_after_any_crash_is_the_one_every_seat_was_told_of",
        "players/test_exact.py::test_exact_agrees_with_brute_force",
        "players/test_facts_pinned.py::test_the_review_gives_the_same_figures",
        "players/test_hard.py::test_two_seats_choose_as_before_seats_were_counted",
        "players/test_players.py::test_hard_beats_easy_over_a_small_seeded_sample",
        "players/test_players.py::test_later_player_plays_as_the_player_it_stands_for",
        "players/test_players.py::test_players_play_only_legal_actions_reproducibly",
        "players/test_playout.py::test_int_playouts_with_more_seats_score_what_play_through_the_engine_scores",
        "players/test_review.py::test_a_recorded_game_reviewed_end_to_end",
        "players/test_review.py::test_a_review_of_three_repeats_with_two_jobs_and_reads_back",
        "players/test_review.py::test_a_seeded_analysis_repeats_exactly_with_one_or_two_jobs",
        "players/test_review.py::test_a_stored_analysis_that_does_not_fit_its_record_is_done_again",
        "players/test_review.py::test_a_stored_analysis_too_long_or_not_text_is_not_read",
        "players/test_review.py::test_history_ids",
        "players/test_review.py::test_hostile_names_stay_data",
        "players/test_review.py::test_labels_and_summaries_add_up",
        "players/test_review.py::test_random_loses_far_more_than_greedy_and_greedy_more_than_hard",
        "players/test_review.py::test_review_json_never_imports_textual",
        "players/test_review.py::test_review_json_shape",
        "players/test_review.py::test_round_two_stops_once_more_worlds_could_not_change_the_label",
        "players/test_review.py::test_the_cursor_goes_round_the_labelled_decisions",
        "players/test_seat_models.py::test_the_loop_plays_as_the_policy_and_greedy_through_the_engine",
        "players/test_simulate.py::test_greedy_over_random_in_every_seat_agrees_with_the_brief",
        "serve/test_edges.py::test_a_browser_that_goes_silent_is_said_to_be_silent",
        "serve/test_edges.py::test_a_flood_of_keys_is_cut_and_the_game_stays_small",
        "serve/test_edges.py::test_a_game_that_fails_to_start_is_one_line_on_stderr",
        "serve/test_edges.py::test_a_message_of_16_kib_is_taken_and_one_byte_more_is_not",
        "serve/test_edges.py::test_a_websocket_needs_exactly_its_page_s_origin",
        "serve/test_edges.py::test_hostile_headers_are_one_line_each_and_never_the_token",
        "serve/test_edges.py::test_no_response_may_be_framed",
        "serve/test_edges.py::test_what_games_write_never_reaches_the_server_s_output",
        "serve/test_serve.py::test_a_bad_message_ends_only_its_game_in_one_line",
        "serve/test_serve.py::test_a_host_that_is_not_here_is_one_line_and_exit_2",
        "serve/test_serve.py::test_a_huge_resize_is_bounded_and_memory_stays_flat",
        "serve/test_serve.py::test_a_port_in_use_is_one_line_and_exit_1",
        "serve/test_serve.py::test_an_address_in_another_spelling_is_served_as_its_usual_one",
        "serve/test_serve.py::test_localhost_gets_no_warning",
        "serve/test_serve.py::test_messages_are_read_within_bounds",
        "serve/test_serve.py::test_serve_offers_no_more_games_than_save_slots",
        "serve/test_serve.py::test_sizes_and_unknown_messages_are_taken_in_bounds",
        "serve/test_serve.py::test_the_browser_s_language_is_used_unless_lang_was_given",
        "serve/test_serve.py::test_the_page_s_own_websocket_gets_a_game",
        "serve/test_serve.py::test_the_server_itself_does_not_import_textual",
        "store/test_history.py::test_the_flow_stores_a_game_of_three_and_of_four",
        "store/test_history.py::test_two_processes_storing_at_once_keep_every_game",
        "store/test_history_untrusted.py::test_a_history_that_is_a_named_pipe_is_one_line_not_a_hang",
        "store/test_history_untrusted.py::test_a_read_only_folder_can_be_read_and_a_write_is_said_plainly",
        "store/test_history_untrusted.py::test_review_of_an_id_reads_a_read_only_folder_and_keeps_nothing",
        "store/test_hostile_files.py::test_an_open_ended_record_of_1000_deals_is_replayed_and_over",
        "store/test_hostile_files.py::test_an_open_ended_record_of_6000_deals_is_refused",
        "store/test_records.py::test_random_series_of_every_seat_count_round_trip",
        "text/test_catalog_loader.py::test_a_translation_whose_placeholders_differ_is_english_for_that_message",
        "text/test_catalog_loader.py::test_a_translation_with_controls_or_markup_is_english_for_that_message",
        "text/test_catalog_loader.py::test_every_command_survives_a_damaged_catalog",
        "text/test_catalog_loader.py::test_every_command_with_intact_catalogs_says_nothing_on_stderr",
        "text/test_i18n.py::test_help_is_in_the_language",
        "text/test_numerals.py::test_babel_is_imported_only_when_a_number_is_written_in_a_language",
    }
)
"""The tests marked ``slow``, by file (``folder/file.py``: all of it) or by function
(``folder/file.py::test``: all its cases): each takes a second or more of processor time in
one case or all of them together, being a long property test, a whole deal or review played
out, or real processes (a command run as a process, a pseudo-terminal, a server). ``uv run
pytest`` runs them (and CI); ``-m "not slow"`` leaves them out. ``tests/test_markers.py``
checks that each names a test that is there."""


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups (``--dist loadgroup``)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark each test with its folder, and ``slow`` if :data:`SLOW` names it; put all the
    browser tests in one pytest-xdist group (``--dist loadgroup``: one worker, one Chromium at
    a time on a small machine). Every
    other test stands alone (its own folder, app and processes) and goes to whichever worker
    is free, so one long file never keeps the others waiting; a test that shares something
    outside its ``tmp_path`` says so with its own ``xdist_group`` mark."""
    for item in items:
        path = Path(item.path)
        if not path.is_relative_to(TESTS):
            continue  # the doctests of src and README.md
        parts = path.relative_to(TESTS).parts
        layer = parts[0] if len(parts) > 1 and parts[0] in LAYERS else None
        if layer is not None:
            item.add_marker(layer)
        where = path.relative_to(TESTS).as_posix()
        if where in SLOW or f"{where}::{getattr(item, 'originalname', item.name)}" in SLOW:
            item.add_marker("slow")
        if layer == "browser" and item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group("browser"))


@pytest.fixture(autouse=True)
def _own_data_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No test touches the machine's own data folder (its history, saves): each runs with
    ``XDG_DATA_HOME`` in a folder of its own, and so do the processes it starts. A test that
    names ``CHINESE_TEN_HOME`` itself overrides it."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))


@pytest.fixture(autouse=True)
def _english_and_unfolded() -> Iterator[None]:
    """Whatever a test chose (``--lang``, ``--ascii`` or ``ChineseTenApp()`` set them for the
    whole process), the next one starts in English with text drawn as written."""
    yield
    i18n.choose("en")
    i18n.fold_with(None)


@pytest.fixture
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """The language of the test (its ``indirect`` parameter), English again afterwards."""
    chosen = i18n.choose(request.param)
    yield chosen
    i18n.choose("en")
    i18n.fold_with(None)
