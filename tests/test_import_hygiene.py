"""The engine and the headless commands run without Textual (and the engine without Rich)."""

import subprocess
import sys

ENGINE = [
    "chinese_ten.cards",
    "chinese_ten.actions",
    "chinese_ten.deal",
    "chinese_ten.dealing",
    "chinese_ten.view",
    "chinese_ten.series",
    "chinese_ten.records",
    "chinese_ten.simulate",
    "chinese_ten.players",
]


def _loaded_after(code: str) -> set[str]:
    probe = f"import sys\n{code}\nprint(' '.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_engine_imports_neither_textual_nor_rich() -> None:
    loaded = _loaded_after("\n".join(f"import {m}" for m in ENGINE))
    assert not {m for m in loaded if m.split(".")[0] in ("textual", "rich")}


def test_headless_commands_do_not_import_textual() -> None:
    loaded = _loaded_after(
        "from chinese_ten.cli import main\n"
        "import chinese_ten.commands.simulate, chinese_ten.commands.replay\n"
        "import chinese_ten.commands.rules"
    )
    assert "chinese_ten.cli" in loaded
    assert not {m for m in loaded if m.split(".")[0] == "textual"}
