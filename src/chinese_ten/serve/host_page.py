"""A table's plain page (``/t/<table>/plain``, beside the invite link's terminal): a small
client of the table protocol (docs/protocol.md) in plain JavaScript, so a browser tab joins a
table as ``chinese-ten join`` does. It reads the seat's secret from the address's ``#``
(never sent in a request), draws that seat's view as text (every name and card through
``textContent``, never as HTML) and sends the actions the host lists as legal. Its words come
in the browser's language, as a JSON block the script reads.
"""

import json

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

_SCRIPT = """
(() => {
  const W = JSON.parse(document.getElementById("words").textContent);
  const VERSION = JSON.parse(document.getElementById("version").textContent);
  const $ = (id) => document.getElementById(id);
  const say = (template, values) =>
    template.replace(/\\{(\\w+)\\}/g, (_, key) => String(values[key]));
  const text = (node, value) => { node.textContent = value; };
  const secret = location.hash.slice(1);
  if (!/^[A-Za-z0-9_-]{43}$/.test(secret)) { text($("status"), W.no_secret); return; }
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const table = location.pathname.replace(/\\/plain$/, "");  // this page is /t/TABLE/plain
  const socket = new WebSocket(`${scheme}//${location.host}${table}/ws`);
  let seat = -1, seq = 0, ended = false;
  socket.onopen = () => socket.send(JSON.stringify({kind: "hello", version: VERSION, secret}));
  socket.onclose = () => { if (!ended) text($("status"), W.lost); };
  const send = (message) => socket.send(JSON.stringify(message));
  const row = (id, cards) => text($(id), cards.join(" "));
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.kind === "welcome") { seat = message.seat; return; }
    if (message.kind === "refused") {
      text($("notice"), message.reason);
      if (message.fatal) { ended = true; text($("status"), message.reason); }
      return;
    }
    if (message.kind !== "update") return;
    seq = message.seq;
    const table = message.table, view = message.view;
    const names = table.names;
    const parts = [];
    if (table.stage === "finished") parts.push(W.finished);
    else if (table.stage === "results") parts.push(W.results);
    else if (table.stage === "cut" && table.waiting_for.includes(seat)) parts.push(W.your_cut);
    else if (table.waiting_for.includes(seat)) parts.push(W.your_turn);
    else if (table.waiting_for.length) {
      parts.push(say(W.waiting_for, {name: names[table.waiting_for[0]]}));
    }
    table.present.forEach((here, s) => { if (!here) parts.push(say(W.away, {name: names[s]})); });
    text($("status"), parts.join(" "));
    const seats = $("seats");
    seats.replaceChildren();
    names.forEach((name, s) => {
      const line = document.createElement("li");
      const count = view ? view.hand_counts[s] : 0, pile = view ? view.piles[s].length : 0;
      line.textContent = `${name}: ${say(W.cards, {count, taken: pile})}`;
      if (view && view.to_move === s) line.className = "to-move";
      seats.append(line);
    });
    row("hand", view ? view.hand : []);
    row("table", view ? view.table : []);
    text($("stock"), view ? String(view.stock_count) : "");
    text($("turned"), view && view.flip_card ? view.flip_card : "");
    const moves = $("moves");
    moves.replaceChildren();
    if (view && table.stage === "play") {
      view.legal.forEach((action) => {
        const button = document.createElement("button");
        button.textContent = action;
        button.className = "move";
        button.onclick = () => { moves.replaceChildren(); send({kind: "act", seq, action}); };
        moves.append(button);
      });
    }
    if (table.stage === "cut" && table.waiting_for.includes(seat)) {
      const where = document.createElement("input");
      const guess = 1 + Math.floor(Math.random() * 51);
      Object.assign(where, {type: "number", min: 1, max: 51, value: guess});
      where.className = "cut-at";
      const button = document.createElement("button");
      button.textContent = W.cut;
      button.className = "cut";
      button.onclick = () => {
        const position = Math.min(51, Math.max(1, Math.round(Number(where.value)) || 1));
        moves.replaceChildren();
        send({kind: "cut", seq, position});
      };
      moves.append(where, button);
    }
    if (table.stage === "results" && table.waiting_for.includes(seat)) {
      const button = document.createElement("button");
      button.textContent = W.ready;
      button.className = "ready";
      button.onclick = () => { moves.replaceChildren(); send({kind: "ready", seq}); };
      moves.append(button);
    }
    const log = $("log");
    log.replaceChildren();
    (view ? view.events : []).slice(-12).forEach((e) => {
      const line = document.createElement("li");
      const took = e.captured.length ? ` → ${e.captured.join(" ")}` : "";
      line.textContent = `${names[e.seat]}: ${e.kind} ${e.card || ""}${took}`;
      log.append(line);
    });
  };
})();
"""

_STYLE = """
body { background: #0c181f; color: #eee; font: 16px menlo, "DejaVu Sans Mono", monospace;
       margin: 16px; }
#status { font-weight: bold; min-height: 1.4em; }
#notice { color: #f9a; min-height: 1.4em; }
.to-move { font-weight: bold; }
button { font: inherit; margin: 4px; padding: 8px 12px; }
h2 { font-size: 16px; margin: 12px 0 4px; color: #9cf; }
"""


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
