// kozyr's one-line embedding: <kozyr-table game="durak" players="3"></kozyr-table>
//
//   <script src="https://example.org/kozyr/embed.js" defer></script>
//   <kozyr-table game="durak" players="3" level="hard" lang="ru"></kozyr-table>
//
// A plain script: it needs no header from kozyr's host. Loaded as a module (type="module")
// from another origin it works too, if kozyr's host sends Access-Control-Allow-Origin.
//
// The element makes an iframe of the kozyr page that sits beside this script, passes its
// attributes as the page's address (every parameter the address takes: game, options, level,
// seed, speed, four, lang, felt, back, compact, and for several people at the device that shows
// the page people="2" names="Ann,Boris"…, guests="1" for guests at their own browsers, ice=
// for the STUN/TURN servers a shared table offers across networks (each person is asked first;
// a relay as turn:USER:CREDENTIAL@HOST:PORT), sound="1" for the table's sounds,
// which a frame otherwise leaves off, daily="today" or daily="2026-12-01" for the game's daily
// deal), fits
// the frame to the page's height (or keeps the aspect ratio set by the attribute
// `ratio="16/10"`), and relays what happens in the game as DOM events on the element, with
// their data in `event.detail`:
//
//   kozyr-ready  {protocol: 1}                      the page is up
//   kozyr-deal   {game, options, level, seed, resumed, people?}   a deal started
//   kozyr-over   {game, options, seed, places, scores, losers, draw, fool?, won, winners?}
//                with several people: won is null, winners the names of those who won
//
// The page's detail is passed on as it is: whatever it adds reaches the host unchanged.
//
// `element.newGame({game: "stump", players: 4})` deals a new game (its options as the
// address names them; omitted ones keep the element's attributes, null drops one).
//
// Messages between the two are objects {kozyr: 1, type, ...}: the page sends to the host's
// origin only (passed as `host=`), and each side ignores messages from any other window or
// origin.

(() => {
"use strict";

// the kozyr page sits beside this script
const SCRIPT = document.currentScript?.src
  || [...document.scripts].map((s) => s.src).find((src) => /\/embed\.js(\?|#|$)/.test(src));
const PAGE = new URL("./", SCRIPT || location.href);
const OWN = new Set(["ratio", "title", "class", "style", "id", "loading"]);
const PROTOCOL = 1;

class KozyrTable extends HTMLElement {
  static get observedAttributes() { return ["ratio"]; }

  connectedCallback() {
    if (this.frame) return;
    this.style.display = this.style.display || "block";
    this.frame = document.createElement("iframe");
    this.frame.title = this.getAttribute("title") || "kozyr card table";
    this.frame.loading = this.getAttribute("loading") || "lazy";
    // scripts and its own storage (same-origin, its own origin: it never reaches the host's);
    // downloads for the statistics export, popups for links the rules page opens
    this.frame.setAttribute("sandbox",
      "allow-scripts allow-same-origin allow-downloads allow-popups allow-forms");
    this.frame.setAttribute("allow", "clipboard-write");
    Object.assign(this.frame.style, {border: "0", width: "100%", display: "block",
                                     height: "640px"});
    this.listener = (event) => this.receive(event);
    window.addEventListener("message", this.listener);
    this.fit();
    this.frame.src = this.address({});
    this.appendChild(this.frame);
  }

  disconnectedCallback() {
    window.removeEventListener("message", this.listener);
    this.frame?.remove();
    this.frame = null;
  }

  attributeChangedCallback() { if (this.frame) this.fit(); }

  /** The page's address: the attributes (then `options`) as its query, in embed mode. */
  address(options) {
    const query = new URLSearchParams();
    for (const {name, value} of this.attributes) {
      if (!OWN.has(name) && !name.startsWith("on") && !name.startsWith("data-")) {
        query.set(name, value);
      }
    }
    for (const [key, value] of Object.entries(options)) {
      if (value === null || value === undefined) query.delete(key);  // back to the default
      else query.set(key, typeof value === "boolean" ? (value ? "1" : "0") : String(value));
    }
    query.set("embed", "1");
    query.set("host", window.location.origin);
    return new URL("?" + query.toString(), PAGE).href;
  }

  /** A ratio set by the host keeps the frame's shape; otherwise the page's height is used. */
  fit() {
    const ratio = this.getAttribute("ratio");
    this.frame.style.aspectRatio = ratio ? ratio.replace(":", "/") : "";
    if (ratio) this.frame.style.height = "auto";
  }

  /** Deal a new game in the frame, with these options (the address's names). */
  newGame(options = {}) {
    this.send({type: "new-game", search: new URL(this.address(options)).search});
  }

  send(message) {
    this.frame?.contentWindow?.postMessage({kozyr: PROTOCOL, ...message}, PAGE.origin);
  }

  receive(event) {
    const data = event.data;
    if (!this.frame || event.source !== this.frame.contentWindow
        || event.origin !== PAGE.origin || !data || data.kozyr !== PROTOCOL) return;
    if (data.type === "size") {
      const height = data.detail?.height;
      if (!this.getAttribute("ratio") && Number.isFinite(height) && height > 0) {
        this.frame.style.height = `${Math.ceil(height)}px`;
      }
      return;
    }
    if (["ready", "deal", "over"].includes(data.type)) {
      this.dispatchEvent(new CustomEvent(`kozyr-${data.type}`,
                                         {detail: data.detail || {}, bubbles: true}));
    }
  }
}

if (!customElements.get("kozyr-table")) customElements.define("kozyr-table", KozyrTable);
})();
