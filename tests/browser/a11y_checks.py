"""What tests/browser/test_accessibility.py measures in the page: text contrast against what is
really painted behind it, animations, the size of what can be clicked, and axe-core's verdict.

Each check is a piece of JavaScript run with `page.evaluate` plus a small Python wrapper.
"""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

# --- contrast ---------------------------------------------------------------------------------
#
# For every visible text node (and every ::before/::after with text), the colour of its element
# against the backgrounds painted under it, found with elementsFromPoint at a few points across
# the text (every element made hit-testable for the measurement, so that a badge with
# pointer-events: none is still seen), from the text's own element down to the first opaque
# layer. A gradient counts by its colour stops: each stop is a possible background, and the worst
# of them is the one measured (the felt's lightest green under light text). A card under the text
# counts as its paper (a face) or every colour of its lattice (a back). Opacity of the element and
# its ancestors fades the text and each background layer. A point where something else is painted
# over the text (a card, the panel over the table) is not counted. Text in disabled controls is
# exempt (WCAG 1.4.3: inactive user interface components), and so is text inside SVG (the card
# faces draw their letters from symbols; `card_inks` checks their colours on the paper).

CONTRAST_JS = r"""
() => {
  const style = document.createElement('style');
  style.textContent = '*, *::before, *::after { pointer-events: auto !important; }';
  document.head.append(style);
  const parse = (s) => {
    const m = /rgba?\(([^)]*)\)/.exec(s || '');
    if (!m) return null;
    const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const stops = (img) => (img && img !== 'none')
    ? [...img.matchAll(/rgba?\([^)]*\)/g)].map(m => parse(m[0])) : [];
  const hex = (h) => [1, 3, 5].map(i => parseInt(h.slice(i, i + 2), 16)).concat([1]);
  const over = (top, below) => {  // onto an opaque colour
    const a = top[3];
    return [0, 1, 2].map(i => top[i] * a + below[i] * (1 - a)).concat([1]);
  };
  const overA = (top, below) => {  // both may be translucent
    const a = top[3] + below[3] * (1 - top[3]);
    if (a === 0) return [0, 0, 0, 0];
    return [0, 1, 2].map(i => (top[i] * top[3] + below[i] * below[3] * (1 - top[3])) / a)
      .concat([a]);
  };
  const lum = (c) => {
    const f = (v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => {
    const x = lum(a), y = lum(b);
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  const extremes = (cs) => {  // the darkest and the lightest: the worst cases either way
    let lo = cs[0], hi = cs[0];
    for (const c of cs) { if (lum(c) < lum(lo)) lo = c; if (lum(c) > lum(hi)) hi = c; }
    return lo === hi ? [lo] : [lo, hi];
  };
  const opacityOf = (el) => {
    let o = 1;
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      o *= parseFloat(getComputedStyle(e).opacity);
    }
    return o;
  };
  const describe = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
    [...e.classList].map(c => '.' + c).join('');
  const FACE = [hex('#fffdf7')];
  const BACK = ['#8e1b2a', '#c9515f', '#f1d9a8', '#fbf7ee'].map(hex);
  // what one element paints: [the colours it may show there, opaque?]
  const layer = (el, cs, opacity) => {
    if (el instanceof SVGElement) {
      const card = el.closest('.card');
      if (card) return [card.classList.contains('back') ? BACK : FACE, true];
      return [[], false];
    }
    const o = opacity === undefined ? opacityOf(el) : opacity;
    const fade = (c) => [c[0], c[1], c[2], c[3] * o];
    let bg = parse(cs.backgroundColor);
    bg = bg && bg[3] > 0 ? fade(bg) : null;
    const grad = stops(cs.backgroundImage).map(fade);
    // a transparent stop stays in: somewhere the layer shows what lies below it
    const out = grad.length ? grad.map(c => bg ? overA(c, bg) : c) : (bg ? [bg] : []);
    return [out, out.length > 0 && out.every(c => c[3] >= 0.999)];
  };
  // the colours possible behind a text of `el` at (x, y), or null where it is not seen;
  // `own`: the layer of a pseudo-element, over the element's
  const behind = (el, x, y, own) => {
    // an element shows up once more where its pseudo-element is hit: count it once
    const stack = [...new Set(document.elementsFromPoint(x, y))];
    const at = stack.indexOf(el);
    if (at < 0) return null;
    // covered here by something painted over it (a card, the panel over the table)
    for (const e of stack.slice(0, at)) {
      if (e.contains(el) || el.contains(e)) continue;
      if (e instanceof SVGElement || layer(e, getComputedStyle(e))[0].length) return null;
    }
    const layers = own ? [own] : [];
    const names = [];
    for (const e of stack.slice(at)) {
      const [colours, opaque] = layer(e, getComputedStyle(e));
      if (colours.length) {
        layers.push([colours, opaque]);
        names.push(describe(e));
      }
      if (opaque) break;
    }
    if (!layers.length || !layers[layers.length - 1][1]) {  // the canvas: the body's felt
      const [colours] = layer(document.body, getComputedStyle(document.body));
      layers.push([colours.map(c => [c[0], c[1], c[2], 1]), true]);
    }
    let cands = layers[layers.length - 1][0].map(c => [c[0], c[1], c[2], 1]);
    for (let i = layers.length - 2; i >= 0; i--) {
      const next = [];
      for (const c of layers[i][0]) for (const b of cands) next.push(over(c, b));
      cands = extremes(next);
    }
    return extremes(cands).map(c => Object.assign(c, {names}));
  };
  const exempt = (el) => el.closest(
    ':disabled, [aria-disabled="true"], .sr-only, svg, script, style, template');
  const visible = (el) => el.checkVisibility({opacityProperty: true, visibilityProperty: true});
  const results = [];
  const measure = (el, text, rects, cs, own) => {
    const fg = parse(cs.color);
    if (!fg) return;
    const o = opacityOf(el) * (own ? parseFloat(cs.opacity) : 1);
    const size = parseFloat(cs.fontSize), weight = parseInt(cs.fontWeight, 10);
    const large = size >= 24 || (size >= 18.66 && weight >= 700);
    let worst = null;
    for (const r of rects) {
      if (r.width < 2 || r.height < 2) continue;
      for (const f of [0.15, 0.5, 0.85]) {
        const x = r.left + r.width * f, y = r.top + r.height / 2;
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
        for (const b of behind(el, x, y, own) || []) {
          const c = over([fg[0], fg[1], fg[2], fg[3] * o], b);
          const value = ratio(c, b);
          if (!worst || value < worst.ratio) {
            worst = {ratio: value, fg: c.slice(0, 3).map(Math.round),
                     bg: b.slice(0, 3).map(Math.round), under: b.names.join(' / ')};
          }
        }
      }
    }
    if (!worst) return;
    const path = [];
    for (let e = el; e && e !== document.body && path.length < 4; e = e.parentElement) {
      path.unshift(describe(e));
    }
    results.push({text: text.trim().slice(0, 40), where: path.join(' > '), size, weight, large,
                  need: large ? 3 : 4.5, ...worst, ratio: Math.round(worst.ratio * 100) / 100});
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.data.trim() || !el || exempt(el) || !visible(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    measure(el, n.data, [...range.getClientRects()], getComputedStyle(el), null);
  }
  for (const el of document.body.querySelectorAll('*')) {
    if (exempt(el) || !visible(el)) continue;
    for (const pseudo of ['::before', '::after']) {
      const cs = getComputedStyle(el, pseudo);
      if (cs.display === 'none' || cs.visibility === 'hidden') continue;
      const quoted = /^"(.*)"$/.exec(cs.content), attr = /^attr\(([\w-]+)\)$/.exec(cs.content);
      const text = quoted ? quoted[1] : attr ? el.getAttribute(attr[1]) || '' : '';
      if (!text.trim()) continue;
      const [colours, opaque] = layer(el, cs, opacityOf(el) * parseFloat(cs.opacity));
      measure(el, text + ' (' + pseudo + ')', [el.getBoundingClientRect()], cs,
              colours.length ? [colours, opaque] : null);
    }
  }
  style.remove();
  return results;
}
"""


def contrast(page) -> list[dict]:
    """Every visible text's worst contrast ratio: dicts with text, where, ratio, need, fg, bg."""
    return page.evaluate(CONTRAST_JS)


def contrast_failures(results: list[dict]) -> list[dict]:
    return sorted((r for r in results if r["ratio"] < r["need"]), key=lambda r: r["ratio"])


def describe_contrast(rows: list[dict]) -> str:
    return "\n".join(f'  {r["ratio"]:5.2f} (needs {r["need"]}) {r["text"]!r} at {r["where"]} '
                     f'fg {r["fg"]} on {r["bg"]} ({r["size"]:g}px/{r["weight"]}) '
                     f'over {r["under"]}' for r in rows)


def contrast_scrolled(page, scroll: bool = False) -> list[dict]:
    """`contrast` over the whole page: with `scroll`, window by window down a page that scrolls
    (each text once, at its worst)."""
    if not scroll:
        return contrast(page)
    seen: dict[tuple, dict] = {}
    height = page.evaluate("document.documentElement.scrollHeight")
    step = page.evaluate("innerHeight") * 3 // 4
    for y in range(0, max(1, height), step):
        page.evaluate(f"window.scrollTo(0, {y})")
        for r in contrast(page):
            key = (r["text"], r["where"])
            if key not in seen or r["ratio"] < seen[key]["ratio"]:
                seen[key] = r
    page.evaluate("window.scrollTo(0, 0)")
    return list(seen.values())


def worst(results: list[dict]) -> tuple[float, str]:
    """The lowest ratio relative to what its text needs, and that text."""
    if not results:
        return float("inf"), ""
    r = min(results, key=lambda r: r["ratio"] / r["need"])
    return r["ratio"], f'{r["text"]!r}{" large" if r["large"] else ""} at {r["where"]}'


# --- axe-core ---------------------------------------------------------------------------------

AXE_RUN_JS = """async (tags) => {
  const r = await axe.run(document, {runOnly: {type: 'tag', values: tags},
                                     resultTypes: ['violations']});
  return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({html: n.html, target: n.target.join(' '),
                              summary: n.failureSummary}))}));
}"""


def axe(page) -> list[dict]:
    """axe-core's WCAG 2.0/2.1 A and AA violations on the page as it is now."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(AXE_RUN_JS, WCAG_TAGS)


def describe_axe(violations: list[dict], html_chars: int = 160) -> str:
    lines = []
    for v in violations:
        lines.append(f"  {v['id']} ({v['impact']}): {v['help']} – {len(v['nodes'])} elements")
        for n in v["nodes"][:8]:
            html = " ".join(n["html"].split())
            lines.append(f"    {n['target']}: {html[:html_chars]}"
                         f"{'…' if len(html) > html_chars else ''}")
            why = " ".join((n["summary"] or "").split())
            if why:
                lines.append(f"      {why[:240]}")
        if len(v["nodes"]) > 8:
            lines.append(f"    … and {len(v['nodes']) - 8} more")
    return "\n".join(lines)


# --- motion -----------------------------------------------------------------------------------

ANIMATIONS_JS = r"""() => document.getAnimations().map(a => {
  const t = a.effect.getComputedTiming(), el = a.effect.target;
  const desc = el ? el.tagName.toLowerCase() + [...el.classList].map(c => '.' + c).join('') : '?';
  return {name: a.animationName || a.transitionProperty || a.constructor.name, target: desc,
          iterations: String(t.iterations), endless: t.iterations === Infinity,
          end: t.endTime === Infinity ? 1e9 : t.endTime, state: a.playState};
})"""


def animations(page) -> list[dict]:
    """Every animation and transition the page has now: name, target, end (ms), endless."""
    return page.evaluate(ANIMATIONS_JS)


# --- targets ----------------------------------------------------------------------------------
#
# Everything that can be clicked (buttons, links, labels of the hidden radio inputs, switches,
# anything with data-act or a tab stop; while a dialog is open, only what is in it), and the
# part of it a click really reaches: the box of
# the points where elementFromPoint finds it (a hand card under its right neighbour shows a
# strip). An inline link in running text is exempt (WCAG 2.5.8's inline exception).

TARGETS_JS = r"""([minimum, inWindow]) => {
  const sel = 'button, a[href], input, select, textarea, summary, label, [role="button"], ' +
              '[data-act], [tabindex]:not([tabindex="-1"])';
  const out = [];
  const modal = [...document.querySelectorAll('[aria-modal="true"]')].pop();
  for (const el of document.querySelectorAll(sel)) {
    if (el.matches('.overlay, [data-act="noop"]')) continue;   // "click beside the panel"
    if (modal && !modal.contains(el)) continue;                 // behind an open dialog
    if (el.matches('label') && !el.htmlFor && !el.querySelector('input')) continue;
    if (el.matches('a') && el.closest('p, li')) continue;
    if (el.closest('[inert], [aria-hidden="true"]')) continue;
    if (!el.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
    if (getComputedStyle(el).pointerEvents === 'none') continue;
    if (!inWindow) {  // down a page that scrolls; never sideways (nothing should be off to a side)
      el.scrollIntoView({block: 'center', inline: 'nearest'});
      window.scrollTo(0, window.scrollY);
    }
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    const step = 2;
    const reached = () => [x1 >= x0 ? x1 - x0 + step : 0, y1 >= y0 ? y1 - y0 + step : 0];
    scan: for (let x = r.left + 1; x < r.right; x += step) {
      for (let y = r.top + 1; y < r.bottom; y += step) {
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit && (hit === el || el.contains(hit))) {
          x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
        }
      }
      // a column at a time: once the part shown spans the minimum both ways, the target is big
      // enough, and the rest of it need not be probed
      if (reached().every(d => d >= minimum - 0.5)) break scan;
    }
    const [w, h] = reached();
    if (w < minimum - 0.5 || h < minimum - 0.5) {
      const name = (el.getAttribute('aria-label') || el.textContent || '').trim()
        .replace(/\s+/g, ' ');
      out.push({what: el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
                      [...el.classList].map(c => '.' + c).join(''),
                name: name.slice(0, 40), box: [r.width, r.height].map(Math.round),
                reached: [w, h].map(Math.round)});
    }
  }
  window.scrollTo(0, 0);
  return out;
}"""


def small_targets(page, in_window: bool = False, minimum: int = 24) -> list[dict]:
    """Clickable things a click reaches over less than `minimum` × `minimum` CSS px; with
    `in_window` the window is not scrolled to them first (a table does not scroll)."""
    return page.evaluate(TARGETS_JS, [minimum, in_window])


def describe_targets(rows: list[dict]) -> str:
    return "\n".join(f"  {r['what']} {r['name']!r}: box {r['box'][0]}×{r['box'][1]}, "
                     f"reachable {r['reached'][0]}×{r['reached'][1]}" for r in rows)


# --- the cards' own colours -------------------------------------------------------------------

PAPER = (0xff, 0xfd, 0xf7)                      # where the corner indices stand
PANELS = {"red": (0xfd, 0xe7, 0xe2), "black": (0xe6, 0xeb, 0xf6)}   # a court's letter (large)


def luminance(rgb) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a, b) -> float:
    x, y = sorted((luminance(a), luminance(b)))
    return (y + 0.05) / (x + 0.05)


def card_inks(page) -> list[dict]:
    """Each face-up card's ink (its CSS colour, which the SVG fills with): its ratio on the
    paper (the corner index, needs 4.5) and on its court panel (the court letter, large: 3)."""
    inks = page.eval_on_selector_all(
        ".card.face", "els => els.map(e => [e.dataset.card || '', getComputedStyle(e).color, "
                      "e.classList.contains('red')])")
    out = []
    for code, colour, red in inks:
        rgb = tuple(int(float(v)) for v in colour[colour.index("(") + 1:-1].split(",")[:3])
        out.append({"card": code, "ink": rgb, "paper": round(ratio(rgb, PAPER), 2),
                    "panel": round(ratio(rgb, PANELS["red" if red else "black"]), 2)})
    return out
