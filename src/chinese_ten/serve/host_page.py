"""A table's plain page (``/t/<table>/plain``, beside the invite link's terminal): a small
client of the table protocol (docs/protocol.md) in plain JavaScript, so a browser tab joins a
table as ``chinese-ten join`` does. It reads the seat's secret from the address's ``#``
(never sent in a request), draws that seat's view as text (every name and card through
``textContent``, never as HTML) and sends the actions the host lists as legal. Its words come
in the browser's language, as a JSON block the script reads.
"""

import json
from pathlib import Path

from aiohttp import web

from chinese_ten.lang.i18n import N_
from chinese_ten.net.protocol import VERSION
from chinese_ten.serve.guard import PRIVATE, words

WORDS = {
    "title": N_("Chinese Ten"),
    "connecting": N_("Connecting to the table…"),
    "your_turn": N_("Your turn."),
    "waiting_for": N_("Waiting for {name}."),
    "away": N_("{name} is away."),
    "results": N_("The deal is over."),
    "ready": N_("Ready for the next deal"),
    "your_cut": N_("Your cut: how many cards to lift (1 to 51)?"),
    "cut": N_("Cut the pack"),
    "finished": N_("The series is over."),
    "lost": N_("The connection to the host was lost."),
    "hand": N_("Your hand"),
    "table": N_("Table"),
    "stock": N_("Stock"),
    "turned": N_("Turned over"),
    "cards": N_("{count} in hand, pile {taken}"),
    "log": N_("Log"),
    "moves": N_("Your moves"),
    "no_secret": N_("This link has lost its secret (the part after #): copy all of it."),
}

_STATIC = Path(__file__).parent / "static"
_SCRIPT = (_STATIC / "host.js").read_text(encoding="utf-8")
_STYLE = (_STATIC / "host.css").read_text(encoding="utf-8")
"""The page's script and style, as files beside this module (the same for every table)."""


def page(language: str) -> web.Response:
    """The table's page in ``language``: every word translated, no name in it (the script
    draws them from the socket, as text)."""
    catalog = words(language)
    shown = {key: catalog.gettext(text) for key, text in WORDS.items()}
    data = json.dumps(shown).replace("</", "<\\/")
    body = f"""<!doctype html>
<html lang="{language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{shown["title"]}</title><link rel="stylesheet" href="/t-static/host.css"></head>
<body>
<p id="status">{shown["connecting"]}</p><p id="notice"></p>
<ul id="seats"></ul>
<h2>{shown["table"]}</h2><p id="table"></p>
<h2>{shown["stock"]}</h2><p id="stock"></p>
<h2>{shown["turned"]}</h2><p id="turned"></p>
<h2>{shown["hand"]}</h2><p id="hand"></p>
<h2>{shown["moves"]}</h2><div id="moves"></div>
<h2>{shown["log"]}</h2><ul id="log"></ul>
<script id="words" type="application/json">{data}</script>
<script id="version" type="application/json">{VERSION}</script>
<script src="/t-static/host.js"></script>
</body></html>
"""
    return web.Response(
        text=body,
        content_type="text/html",
        headers={
            **PRIVATE,
            "Content-Security-Policy": (
                "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
                "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
            ),
        },
    )


def script() -> web.Response:
    return web.Response(text=_SCRIPT, content_type="application/javascript", headers=PRIVATE)


def style() -> web.Response:
    return web.Response(text=_STYLE, content_type="text/css", headers=PRIVATE)
