"""The pages ``serve`` sends: the game's page (textual-serve's terminal with our font sizing,
focus and touch handling) and the one-message notice pages, in the browser's language."""

import html
import json

from aiohttp import web

from chinese_ten import CHINESE_NAME
from chinese_ten.lang.i18n import N_
from chinese_ten.serve.guard import PRIVATE, words

TITLE = N_("Chinese Ten")

_STYLE = """
@font-face { font-family: "Roboto Mono";
             src: url("/static/fonts/RobotoMono-VariableFont_wght.ttf") format("truetype"); }
body { background: #0c181f; color: rgba(255,255,255,0.95); margin: 0;
       font-family: menlo, "DejaVu Sans Mono", monospace; }
.dialog-container { position: absolute; width: 100vw; height: 100vh; display: flex;
                    align-items: center; justify-content: center; z-index: 10; }
.intro { max-width: 640px; padding: 32px; font-size: 16px; text-align: center;
         background-color: #12232d; z-index: 20; }
body.-first-byte .intro-dialog { display: none; }
body .textual-terminal { opacity: 0; transition: opacity 0.3s ease-out; }
body.-first-byte .textual-terminal { opacity: 1; }
.closed-dialog { display: none; background: #0c181f; }
body.-closed .closed-dialog { display: flex; }
/* A phone zooms into a focused field whose text is under 16 px: the terminal's hidden one.
   A tap never lands on it (touch adjustment would pull a tap near the cursor onto it). */
.xterm .xterm-helper-textarea { font-size: 16px !important; pointer-events: none !important; }
a.button { display: inline-block; margin-top: 24px; padding: 16px 32px; color: white;
           background-color: #5e0ba7; text-decoration: none; }
a.button:hover { background: #ac5af4; }
"""

_SCRIPT = """
(() => {
  // The token has done its work (the cookie holds it): out of the address bar and history.
  const here = new URL(location.href);
  if (here.searchParams.has("token")) {
    here.searchParams.delete("token");
    history.replaceState(null, "", here.pathname + here.search + here.hash);
  }
  const CHINESE_NAME = @CHINESE_NAME@;
  const FAMILY = '"Roboto Mono"', COLUMNS = 80, ROWS = 24, LARGEST = 16, SMALLEST = 12;
  const COMPACT = [44, 22], LEGIBLE = 14;  // the compact board with four players
  const LINE = 1.32;  // Roboto Mono's line height in ems, as xterm.js measures it
  const ruler = document.createElement("canvas").getContext("2d");
  // A phone's window can report more than its screen holds (its layout viewport widens to
  // content wider than the screen, and while it turns round): on a touch screen the window
  // is never counted larger than the screen, in the orientation it is held.
  const room = () => {
    if (!touch) return [innerWidth, innerHeight];
    const small = Math.min(screen.width, screen.height);
    const large = Math.max(screen.width, screen.height);
    const across = matchMedia("(orientation: landscape)").matches;
    const [wide, high] = across ? [large, small] : [small, large];
    return [Math.min(innerWidth, wide), Math.min(innerHeight, high)];
  };
  const fits = (size, columns, rows) => {
    ruler.font = `${size}px ${FAMILY}`;
    const cell = ruler.measureText("M".repeat(columns)).width / columns;
    const [width, height] = room();
    return width / cell >= columns && height / (size * LINE) >= rows;
  };
  const largest = (smallest, columns, rows) => {
    for (let size = LARGEST; size > smallest; size--) if (fits(size, columns, rows)) return size;
    return smallest;
  };
  // A finger on a phone: the full board only where it is legible (14 px), else the font
  // at which the compact board fills the width. A mouse: the largest font (16 px down to 12)
  // at which the board's 80 columns fit the window.
  const touch = matchMedia("(pointer: coarse)").matches || navigator.maxTouchPoints > 0;
  const fontSize = () => {
    if (touch && fits(LEGIBLE, COLUMNS, ROWS)) return largest(LEGIBLE, COLUMNS, ROWS);
    if (touch) return largest(SMALLEST, ...COMPACT);
    return largest(SMALLEST, COLUMNS, ROWS);
  };
  // textual.js keeps its terminal to itself; catch it as its constructor sets `fitAddon`,
  // so that a resize may change the font size, not only the number of columns.
  let session = null;
  Object.defineProperty(Object.prototype, "fitAddon", {
    configurable: true,
    set(value) {
      delete Object.prototype.fitAddon;
      Object.defineProperty(this, "fitAddon", { value, writable: true, configurable: true });
      session = this;
    },
  });
  // The page tells the game it runs on a touch screen (the server checks the parameter), and
  // the game tells the page when a name field has the focus: only then may a tap raise the
  // phone's keyboard (the terminal's hidden field has inputmode "none" otherwise).
  let typing = false;
  const keyboard = () => {
    const input = document.querySelector(".xterm-helper-textarea");
    if (!input) return;
    const mode = typing ? "text" : "none";
    if (input.getAttribute("inputmode") === mode) return;
    input.setAttribute("inputmode", mode);
    if (typing && document.activeElement === input) { input.blur(); input.focus(); }
  };
  // Where no font of this browser has the game's Chinese name, the game is told (cjk=0) and
  // its title shows the pinyin, not blanks: a character no font has is drawn as the shape
  // of a code point that none has (an unassigned one).
  const drawable = text => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 2 * LARGEST;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    context.font = `${LARGEST}px ${FAMILY}, monospace`;
    context.textBaseline = "top";
    const drawn = shown => {
      context.clearRect(0, 0, canvas.width, canvas.height);
      context.fillText(shown, 0, 0);
      return context.getImageData(0, 0, canvas.width, canvas.height).data.join();
    };
    const missing = drawn("\\u0378");
    return [...text].every(shown => drawn(shown) !== missing);
  };
  let cjk = null;
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(url, ...rest) {
      const address = new URL(url, location.href);
      if (touch) address.searchParams.set("touch", "1");
      if (cjk === null) cjk = drawable(CHINESE_NAME);
      if (!cjk) address.searchParams.set("cjk", "0");
      super(address.href, ...rest);
      this.addEventListener("message", event => {
        if (typeof event.data !== "string" || !event.data.startsWith('["typing"')) return;
        const message = JSON.parse(event.data);
        typing = message[1] === true;
        keyboard();
      });
    }
  };
  const fields = new MutationObserver(keyboard);  // the body does not exist yet: the document
  fields.observe(document.documentElement, { childList: true, subtree: true });
  const start = window.onload;
  window.onload = null;
  window.addEventListener("load", async event => {
    // Measure cells in the font they are drawn in: a fallback font's cell height made
    // the first resize count rows too tall for the window.
    await document.fonts.load(`${LARGEST}px ${FAMILY}`).catch(() => {});
    const terminal = document.querySelector(".textual-terminal");
    terminal.dataset.fontSize = fontSize();
    start(event);
    delete Object.prototype.fitAddon;
    if (session) {
      // A phone turned round reports passing sizes (a layout viewport wider than the screen):
      // fit at once, then again once the size has stood still.
      let later = null;
      const refit = () => {
        terminal.dataset.fontSize = session.terminal.options.fontSize = fontSize();
        requestAnimationFrame(() => session.fit());
      };
      const resized = () => {
        refit();
        clearTimeout(later);
        later = setTimeout(refit, 250);
      };
      window.addEventListener("resize", resized);
      window.addEventListener("orientationchange", resized);
      if (window.visualViewport) visualViewport.addEventListener("resize", resized);
    }
    // Keys go to the game as soon as it shows, without a click first.
    const focus = new MutationObserver(() => {
      const input = document.querySelector(".xterm-helper-textarea");
      if (document.body.classList.contains("-first-byte") && input) {
        input.focus();
        focus.disconnect();
      }
    });
    focus.observe(document.body, { attributes: true, attributeFilter: ["class"] });
  });
})();
""".replace("@CHINESE_NAME@", json.dumps(CHINESE_NAME))


def page(
    language: str, body: str, status: int = 200, *, game: bool = False, before: str = ""
) -> web.Response:
    """A page in ``language``; with ``game``, textual.js's terminal, after the script
    ``before`` (code of ours, never text from outside) when one is given."""
    first = f"<script>{before}</script>\n" if before else ""
    scripts = (
        f'{first}<script src="/static/js/textual.js"></script>\n<script>{_SCRIPT}</script>\n'
        if game
        else ""
    )
    text = (
        f'<!DOCTYPE html>\n<html lang="{language}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(words(language).gettext(TITLE))}</title>\n"
        '<link rel="stylesheet" href="/static/css/xterm.css">\n'
        f"{scripts}<style>{_STYLE}</style>\n</head>\n<body>\n{body}\n</body>\n</html>\n"
    )
    return web.Response(text=text, status=status, content_type="text/html", headers=PRIVATE)


def notice_body(language: str, text: str, button: str | None) -> str:
    """One message in a box, with a button back to the game's page (``button`` its words)."""
    link = (
        ""
        if button is None
        else f'<a class="button" href="/">{html.escape(words(language).gettext(button))}</a>'
    )
    return (
        f'<div class="dialog-container"><div class="intro"><p>{html.escape(text)}</p>'
        f"{link}</div></div>"
    )


GAME_ENDED = N_("This game has ended; it is saved. Play again to continue it.")


def game_body(language: str, websocket_url: str, ended_words: str = GAME_ENDED) -> str:
    """The terminal, and the boxes shown while it starts and once it has ended (saying
    ``ended_words``, with a button to start again)."""
    say = words(language).gettext
    starting = say(N_("Chinese Ten is starting…"))
    ended = say(ended_words)
    return (
        '<div class="dialog-container intro-dialog"><div class="intro">'
        f"<p>{html.escape(starting)}</p></div></div>\n"
        '<div class="dialog-container closed-dialog"><div class="intro">'
        f'<p>{html.escape(ended)}</p><a class="button" href="/">'
        f"{html.escape(say(N_('Play again')))}</a></div></div>\n"
        f'<div id="terminal" class="textual-terminal" data-font-size="16" '
        f'data-session-websocket-url="{html.escape(websocket_url)}"></div>'
    )
