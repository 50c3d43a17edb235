"""``chinese-ten rules``: the rules page rendered as Markdown in the terminal."""

from rich.console import Console
from rich.markdown import Markdown

from chinese_ten.rules_text import rules_markdown


def run_rules() -> int:
    Console().print(Markdown(rules_markdown()))
    return 0
