/* kozyr's cards in motion. The page redraws #app's markup from its model after every move;
 * this script makes the cards travel between two such pictures (FLIP: note every card's box
 * before the redraw, then animate each card from its old box to its new one). The new markup
 * is in place at once, so input is never delayed: a click during a flight lands on the new
 * picture, and focus is never moved here.
 *
 * What the markup tells this script (py/ui/tables/ puts it there):
 *   data-card="QS"       a face-up card (face-down cards have no identity: they are counted)
 *   data-pile="NAME"     a place cards come from and go to (a hand, the stock, the discard,
 *                        a layout's position…); data-count its size where fewer cards show
 *   data-table="ID"      the table's picture: one deal as one person sees it; a new ID is
 *                        another deal or another person (nothing travels then), and
 *                        data-dealing on it asks for the deal to go out card by card
 * A face-up card that was not on the old picture came out of hiding: it flies from the pile
 * that lost a card and turns over on the way (or turns over where it lies). A face-up card
 * that is gone flies, as a copy, to the pile that gained one. Face-down cards that a pile
 * gained fly from the pile that lost them.
 */
"use strict";
(function () {
  const GHOSTS_ID = "kz-flights";
  // a card back for a deal with no stock on the table: the page's own (#kz-back in its defs)
  const BACK = document.createElement("div");
  BACK.className = "card back";
  BACK.innerHTML = '<svg viewBox="0 0 200 280"><use href="#kz-back" width="200" height="280"/></svg>';
  const EASE = "cubic-bezier(.25, .8, .3, 1)";
  const reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

  function box(el) {
    const r = el.getBoundingClientRect();
    return { x: r.left, y: r.top, w: r.width, h: r.height };
  }

  function pileOf(el) {
    const p = el.parentElement && el.parentElement.closest("[data-pile]");
    return p ? p.getAttribute("data-pile") : "";
  }

  // The picture's cards and piles: face-up cards by code (a second copy of a code, in
  // two-deck games, as "code#2"), each with its box, pile and markup; piles by name, with
  // their size and the box a card arrives at or leaves from (their top card, else the pile).
  function picture(root) {
    const table = root.querySelector("[data-table]");
    const shot = { table: table ? table.getAttribute("data-table") : "",
                   dealing: !!(table && table.hasAttribute("data-dealing")),
                   chain: !!(table && table.hasAttribute("data-chain")),
                   cards: new Map(), piles: new Map() };
    if (!table) return shot;
    const seen = {};
    for (const el of table.querySelectorAll(".card[data-card]")) {
      const code = el.getAttribute("data-card");
      seen[code] = (seen[code] || 0) + 1;
      const key = seen[code] > 1 ? code + "#" + seen[code] : code;
      shot.cards.set(key, { el: el, box: box(el), pile: pileOf(el) });
    }
    for (const el of table.querySelectorAll("[data-pile]")) {
      const cards = el.querySelectorAll(".card");
      const count = el.hasAttribute("data-count") ? Number(el.getAttribute("data-count"))
                                                  : cards.length;
      const top = cards.length ? cards[cards.length - 1] : null;
      const backs = [...cards].filter((c) => c.classList.contains("back"));
      shot.piles.set(el.getAttribute("data-pile"), {
        el: el, count: count, box: box(top || el), backs: backs,
        back: backs.length ? backs[backs.length - 1] : null });
    }
    return shot;
  }

  function ghostLayer() {
    let layer = document.getElementById(GHOSTS_ID);
    if (!layer) {
      layer = document.createElement("div");
      layer.id = GHOSTS_ID;
      layer.setAttribute("aria-hidden", "true");
      layer.inert = true;
      document.body.appendChild(layer);
    }
    return layer;
  }

  // A copy of a card as it was, for its flight out of the picture: no identity left for
  // the page's scripts and tests (data-card, ids, actions), never focusable, never read.
  function ghost(card, at) {
    const el = card.cloneNode(true);  // (a card of the old picture: out of the page now)
    const code = el.getAttribute("data-card");
    for (const a of ["data-card", "id", "data-act", "data-arg", "aria-label", "role",
                     "tabindex", "title", "data-roving"]) el.removeAttribute(a);
    if (code) el.setAttribute("data-flying", code);
    el.classList.add("kz-ghost");
    Object.assign(el.style, { left: at.x + "px", top: at.y + "px", width: at.w + "px",
                              height: at.h + "px" });
    ghostLayer().appendChild(el);
    return el;
  }

  // The card at `to` made to look as at `from`: a move of its centre and a scale (the
  // `translate` and `scale` properties, which leave a card's own `transform`, a fan's tilt or
  // a selected card's lift, as it is).
  function shift(from, to) {
    const sx = to.w ? from.w / to.w : 1, sy = to.h ? from.h / to.h : 1;
    const dx = from.x + from.w / 2 - to.x - to.w / 2, dy = from.y + from.h / 2 - to.y - to.h / 2;
    return { translate: `${dx}px ${dy}px`, scale: `${sx} ${sy}` };
  }
  const HOME = { translate: "0px 0px", scale: "1 1" };

  // Animate a card in the page through `frames` of translate and scale: the translation is
  // added to the card's own (an under card's offset, a hovered card's lift stay theirs).
  function move(el, frames, timing) {
    el.animate(frames.map((f) => ({ translate: f.translate })), { ...timing, composite: "add" });
    el.animate(frames.map((f) => ({ scale: f.scale })), timing);
  }

  const flights = [];  // what the last picture sent flying, for whoever asks (tests)

  function fly(el, from, to, ms, delay) {
    move(el, [shift(from, to), HOME], { duration: ms, delay: delay, easing: EASE,
                                        fill: "backwards" });
    flights.push({ card: el.getAttribute("data-card") || "", from: from, to: to, delay: delay });
  }

  // Halfway from `from` to `to`, edge on: a card turning over shows neither side there (in
  // the frame of the card's box at `to`).
  function midway(from, to) {
    const s = shift(from, to);
    const [dx, dy] = s.translate.split(" ").map(parseFloat);
    const sy = (1 + parseFloat(s.scale.split(" ")[1])) / 2;
    return { translate: `${dx / 2}px ${dy / 2}px`, scale: `0 ${sy}` };
  }

  // A face-down card flies from `from` to halfway and turns edge on; the face (el, in its
  // new place) takes over from there. With from == to the card turns over where it lies.
  function turnOver(el, backCard, from, to, ms, delay) {
    const back = ghost(backCard || BACK, to);
    back.animate([shift(from, to), midway(from, to)],
                 { duration: ms / 2, delay: delay, easing: "ease-in", fill: "both" })
      .finished.then(() => back.remove(), () => back.remove());
    move(el, [midway(from, to), HOME],
         { duration: ms / 2, delay: delay + ms / 2, easing: "ease-out", fill: "backwards" });
    flights.push({ card: el.getAttribute("data-card") || "", from: from, to: to, delay: delay,
                   turn: true });
  }

  function flyAway(card, from, to, ms, delay) {
    const g = ghost(card, from);
    const frames = to
      ? [{ ...HOME, opacity: 1 }, { ...shift(to, from), opacity: 1, offset: 0.85 },
         { ...shift(to, from), opacity: 0 }]
      : [{ opacity: 1 }, { opacity: 0, scale: ".9 .9" }];
    g.animate(frames, { duration: ms, delay: delay, easing: EASE, fill: "both" })
      .finished.then(() => g.remove(), () => g.remove());
    flights.push({ card: g.getAttribute("data-flying") || "", from: from, to: to || from,
                   delay: delay, away: true });
  }

  // Piles give and receive cards one at a time: `counts` of each name; a card takes the
  // first pile that passes one of `tests` (tried in order), else any pile with one left.
  function taker(counts) {
    return function (...tests) {
      for (const test of [...tests, () => true]) {
        for (const [name, n] of counts) {
          if (n > 0 && test(name)) { counts.set(name, n - 1); return name; }
        }
      }
      return "";
    };
  }
  const named = (want) => (name) => name === want;
  const hand = (name) => name.startsWith("hand");

  function between(before, after, ms) {
    const step = Math.min(70, ms / 5);
    let order = 0;
    const delay = () => Math.min(order++ * step, ms * 1.5);
    // the piles' sizes, less the face-up cards seen going from one to another
    const net = new Map();
    const add = (name, n) => { if (name) net.set(name, (net.get(name) || 0) + n); };
    for (const [name, p] of after.piles) add(name, p.count);
    for (const [name, p] of before.piles) add(name, -p.count);
    for (const [key, now] of after.cards) {
      const was = before.cards.get(key);
      if (was && was.pile !== now.pile) { add(now.pile, -1); add(was.pile, 1); }
    }
    const gave = new Map(), got = new Map();
    for (const [name, n] of net) {
      if (n < 0) gave.set(name, -n);
      if (n > 0) got.set(name, n);
    }
    const from = taker(gave), into = taker(got);
    for (const [key, now] of after.cards) {  // cards on both pictures, moved
      const was = before.cards.get(key);
      if (!was) continue;
      const d = Math.abs(was.box.x - now.box.x) + Math.abs(was.box.y - now.box.y);
      if (d > 2) fly(now.el, was.box, now.box, ms, delay());
    }
    for (const [key, now] of after.cards) {  // face-up cards new to the picture
      if (before.cards.has(key)) continue;
      // a card new to a hand was drawn from the stock; one new to the table, played from
      // a hand
      const source = from(hand(now.pile) ? named("stock") : hand);
      if (source) into(named(now.pile));
      const pile = before.piles.get(source || now.pile);
      if (pile && (source || pile.backs.length)) {
        turnOver(now.el, pile.back, source ? pile.box : now.box, now.box, ms, delay());
      } else {
        now.el.animate([{ opacity: 0, scale: ".85 .85" }, { opacity: 1, scale: "1 1" }],
                       { duration: ms * 0.7, delay: delay(), easing: EASE, fill: "backwards" });
      }
    }
    for (const [key, was] of before.cards) {  // face-up cards gone from the picture
      if (after.cards.has(key)) continue;
      const target = into(named("discard"));
      if (target) from(named(was.pile));
      const pile = after.piles.get(target);
      flyAway(was.el, was.box, pile ? pile.box : null, ms, delay());
    }
    for (const [name, n] of got) {  // face-down cards a pile gained from another
      const pile = after.piles.get(name);
      if (!pile || n <= 0) continue;
      const backs = pile.backs.slice(-n);
      for (const el of backs) {
        const source = before.piles.get(from(named("stock")));
        if (!source) break;
        fly(el, source.box, box(el), ms, delay());
      }
    }
  }

  // Garbage's turn is a chain its own stylesheet plays step by step (a layer of a place shows
  // from step --a); here each new layer is told where it comes from, so that it flies there:
  // a card placed, from the hand; the card it uncovers, from its place (turning over); the
  // card drawn, from the stock (or the discard it was taken from).
  function chain(before, after) {
    const table = document.querySelector("[data-table]");
    const step = (el) => getComputedStyle(el).getPropertyValue("--a").trim();
    const inHand = [...table.querySelectorAll(".gholding .g-layer[data-card]")];
    const placed = [...table.querySelectorAll(".gpos .g-layer.g-new[data-card]")];
    // a layer fills its place, and its own animation distorts its box: the place's box
    const spot = (el) => box(el.closest(".gpos, .gholding-cards, .discard-pile") || el);
    const send = (el, from, turn) => {
      const to = spot(el);
      // the stylesheet's transform turns about the card's centre: centre to centre
      el.style.setProperty("--fx", `${from.x + from.w / 2 - to.x - to.w / 2}px`);
      el.style.setProperty("--fy", `${from.y + from.h / 2 - to.y - to.h / 2}px`);
      el.style.setProperty("--fs", String(to.w ? from.w / to.w : 1));
      if (turn) el.style.setProperty("--fr", "80deg");
      el.classList.add("flying");
      flights.push({ card: el.getAttribute("data-card"), from: from, to: to, turn: !!turn });
    };
    for (const el of placed) {
      const code = el.getAttribute("data-card");
      const held = inHand.find((h) => h.getAttribute("data-card") === code);
      if (held) send(el, spot(held), false);
    }
    for (const el of inHand) {
      const place = placed.find((p) => step(p) === step(el) && p !== el);
      const was = before.cards.get(el.getAttribute("data-card"));
      const stock = after.piles.get("stock");
      if (place) send(el, spot(place), true);
      else if (was) send(el, was.box, false);
      else if (stock) send(el, stock.box, true);
    }
    const top = table.querySelector(".gdiscard .g-layer.g-new[data-card]");
    const from = top && inHand.find((h) => h.getAttribute("data-card") === top.getAttribute("data-card"));
    if (from) send(top, spot(from), false);
  }

  // A new deal goes out card by card, round the table, from the stock (or the middle).
  function deal(after, ms) {
    const stock = after.piles.get("stock");
    const felt = document.querySelector("[data-table]");
    const origin = stock ? stock.box : (felt ? centre(box(felt)) : null);
    const back = stock && stock.back;
    if (!origin) return;
    const hands = [...after.piles.entries()].filter(([name]) => name !== "stock")
      .map(([, p]) => [...p.el.querySelectorAll(".card")]);
    const most = Math.max(0, ...hands.map((h) => h.length));
    const step = Math.max(18, Math.min(60, (ms * 3) / Math.max(1, most * hands.length)));
    let order = 0;
    for (let i = 0; i < most; i++) {
      for (const hand of hands) {
        if (i >= hand.length) continue;
        const el = hand[i];  // a card dealt face up turns over as it lands
        if (el.classList.contains("back")) fly(el, origin, box(el), ms, order++ * step);
        else turnOver(el, back, origin, box(el), ms, order++ * step);
      }
    }
  }

  function centre(b) {
    return { x: b.x + b.w / 2 - 30, y: b.y + b.h / 2 - 42, w: 60, h: 84 };
  }

  document.documentElement.classList.add("kz-motion");
  window.kozyrMotion = {
    flights: flights,
    // Before the redraw: the picture as it is.
    before: function (root) {
      try { return picture(root); } catch (e) { return null; }
    },
    // After the redraw: send the cards on their way (ms: how long a flight takes; 0, the
    // page's Reduced motion or the system's reduced motion: none, and nothing in flight).
    after: function (root, before, ms) {
      flights.length = 0;
      const layer = document.getElementById(GHOSTS_ID);
      const still = !ms || ms <= 0 || (reduced && reduced.matches) ||
                    document.documentElement.classList.contains("reduce-motion");
      try {
        const after = still || !before ? null : picture(root);
        if (layer && (!after || before.table !== after.table)) layer.replaceChildren();
        if (!after || !after.table) return;
        if (before.table !== after.table) {
          if (after.dealing) deal(after, ms);
          return;
        }
        if (after.chain) chain(before, after);
        else between(before, after, ms);
      } catch (e) {
        // motion is decoration: a picture it cannot follow simply appears
      }
    },
  };
})();
