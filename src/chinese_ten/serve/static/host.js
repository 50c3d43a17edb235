(() => {
  const W = JSON.parse(document.getElementById("words").textContent);
  const VERSION = JSON.parse(document.getElementById("version").textContent);
  const $ = (id) => document.getElementById(id);
  const say = (template, values) =>
    template.replace(/\{(\w+)\}/g, (_, key) => String(values[key]));
  const text = (node, value) => { node.textContent = value; };
  const secret = location.hash.slice(1);
  if (!/^[A-Za-z0-9_-]{43}$/.test(secret)) { text($("status"), W.no_secret); return; }
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const table = location.pathname.replace(/\/plain$/, "");  // this page is /t/TABLE/plain
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
