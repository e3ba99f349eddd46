// pnp watch: the layout view. Any card at a chosen zoom, every region outlined and labelled (id, type), the trim,
// bleed and safe lines, a millimetre ruler and grid; a region's box as its template writes it, where (file:line),
// what it inherits, its font, size and colour and this card's findings about it; drag to move, handles to resize,
// arrow keys to nudge (0.5 mm, Shift 5 mm), each release written into the template by the watcher (POST
// /layout/box, with the token this page was served with), Ctrl-Z / Ctrl-Shift-Z to undo and redo; the other cards
// of the template ghosted over it; a reference picture laid over it (opacity, offset, difference).
// Plain script, no build step: served by server.py, the watcher's side of it is studio.py.
"use strict";
(() => {
  const TOKEN = (document.querySelector('meta[name="pnp-token"]') || {}).content || "";
  const SVG = "http://www.w3.org/2000/svg";
  const STEP = 0.5, BIG = 5;                  // mm: a drag's and an arrow's step; Shift with an arrow
  const css = `
  #studio { position: fixed; inset: 0; margin: 0; z-index: 4; background: #eceae6; display: flex; flex-direction: column; }
  #studio .bar { background: #fff; border-bottom: 1px solid var(--line); padding: .4rem .8rem; display: flex;
                 flex-wrap: wrap; gap: .35rem .9rem; align-items: center; font-size: .85rem; }
  #studio .bar label { display: inline-flex; gap: .3rem; align-items: center; }
  #studio .bar input[type=number] { width: 4.2rem; }
  #studio .bar select { max-width: 16rem; }
  #studio .bar .group { display: inline-flex; gap: .45rem; align-items: center; padding-left: .6rem;
                        border-left: 1px solid var(--line); }
  #studio .work { flex: 1; display: flex; min-height: 0; }
  #st-stage { flex: 1; overflow: auto; position: relative; }
  #st-stage.dropping { outline: 3px dashed var(--changed); outline-offset: -6px; }
  #st-svg { display: block; margin: 12px; user-select: none; touch-action: none; }
  #st-info { width: 340px; flex: none; overflow: auto; background: #fff; border-left: 1px solid var(--line);
             padding: .6rem .8rem; font-size: .84rem; }
  #st-info h3 { margin: .1rem 0 .3rem; font-size: 1rem; }
  #st-info dl { margin: 0; display: grid; grid-template-columns: auto 1fr; gap: .15rem .6rem; }
  #st-info dt { color: var(--muted); } #st-info dd { margin: 0; overflow-wrap: anywhere; }
  #st-info code { font: 12px ui-monospace, monospace; }
  #st-info .why { color: #6a1b9a; margin: .4rem 0; }
  #st-info ul { margin: .3rem 0; padding-left: 1rem; }
  #st-list { list-style: none; padding: 0 !important; margin-top: .8rem !important; border-top: 1px solid var(--line); }
  #st-list li { padding: .1rem .3rem; cursor: pointer; display: flex; justify-content: space-between; gap: .5rem; }
  #st-list li.sel { background: #dbe8ff; } #st-list li.hid { color: var(--muted); }
  #st-list li span:last-child { color: var(--muted); font-size: .75rem; }
  #st-msg { background: #fff; border-top: 1px solid var(--line); padding: .3rem .8rem; font-size: .85rem; min-height: 1.8rem; }
  #st-msg.bad { color: var(--error); font-weight: 600; }
  #st-svg .region { fill: transparent; stroke: #1f6feb; vector-effect: non-scaling-stroke; stroke-width: 1.2px; cursor: move; }
  #st-svg .region.image { stroke: #2e7d32; } #st-svg .region.shape { stroke: #d9730d; }
  #st-svg .region.fixed { cursor: not-allowed; stroke-dasharray: 2 3; stroke: #8e24aa; }
  #st-svg .region.hidden-here { stroke: #888; stroke-dasharray: 5 4; }
  #st-svg .region.sel { stroke-width: 2.6px; stroke: #d81b60; }
  #st-svg .region.finding { stroke: #b3261e; }
  #st-svg .label { font-family: system-ui, sans-serif; paint-order: stroke; stroke: #fff; fill: #1d1d1f; pointer-events: none; }
  #st-svg .label.hidden-here { fill: #777; }
  #st-svg .handle { fill: #fff; stroke: #d81b60; vector-effect: non-scaling-stroke; stroke-width: 1.5px; }
  #st-svg .trim { fill: none; stroke: #c62828; vector-effect: non-scaling-stroke; stroke-width: 1px; }
  #st-svg .bleed { fill: none; stroke: #c62828; vector-effect: non-scaling-stroke; stroke-width: 1px; stroke-dasharray: 6 4; }
  #st-svg .safe { fill: none; stroke: #1565c0; vector-effect: non-scaling-stroke; stroke-width: 1px; stroke-dasharray: 3 3; }
  #st-svg .grid line { stroke: #000; vector-effect: non-scaling-stroke; stroke-width: .5px; }
  #st-svg .ruler rect { fill: #fff; } #st-svg .ruler line { stroke: #333; vector-effect: non-scaling-stroke; stroke-width: 1px; }
  #st-svg .ruler text { font-family: system-ui, sans-serif; fill: #333; }`;

  let state = null, model = null, cardId = null, side = "front", zoom = 0, selected = null, drag = null;
  let loads = 0, writes = 0, build = -1, nudge = null, busy = false, asking = 0, shownLoad = 0;
  let waiting = false;      // a build told while a write was on its way: shown once its answer is (settled)
  const undo = [], redo = [], dropped = new Map();
  const $ = (id) => document.getElementById(id);
  const h = (tag, attrs = {}, text) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const s = (tag, attrs = {}, text) => {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const mm = (v) => `${+v.toFixed(2)}`;

  const style = document.createElement("style");
  style.textContent = css;
  document.head.append(style);
  const root = h("section", {id: "studio", class: "hidden", "aria-label": "layout view"});
  root.innerHTML = `
    <div class="bar">
      <strong>Layout</strong>
      <select id="st-card" aria-label="card"></select>
      <input id="st-find" placeholder="kind, name or number" size="16" aria-label="find a card">
      <button id="st-prev" title="the card before of this template">◀</button>
      <button id="st-next" title="the next card of this template">▶ same template</button>
      <select id="st-side" aria-label="side"><option value="front">front</option><option value="back">back</option></select>
      <label>zoom <input id="st-zoom" type="range" min="2" max="16" step="0.5"></label>
      <label><input id="st-grid" type="checkbox" checked> grid</label>
      <label><input id="st-ghost" type="checkbox"> ghost the template's other cards</label>
      <span class="group">reference
        <label><input id="st-ref-on" type="checkbox"> show</label>
        <input id="st-ref-file" type="file" accept="image/*" aria-label="a reference picture">
        <label>opacity <input id="st-ref-opacity" type="range" min="0" max="1" step="0.05" value="0.5"></label>
        <label>x <input id="st-ref-x" type="number" step="0.5" value="0"></label>
        <label>y <input id="st-ref-y" type="number" step="0.5" value="0"> mm</label>
        <label><input id="st-ref-diff" type="checkbox"> difference</label>
      </span>
      <button id="st-close" title="back to the cards (Escape)">close</button>
    </div>
    <div class="work"><div id="st-stage"><svg id="st-svg"></svg></div><aside id="st-info"></aside></div>
    <div id="st-msg" role="status"></div>`;
  document.body.append(root);

  function say(text, bad = false) {
    const m = $("st-msg");
    m.textContent = text;
    m.classList.toggle("bad", bad);
  }

  function card() { return state && state.cards.find((c) => c.id === cardId); }
  function templateOf(c) { return side === "back" ? c.back_template : c.template; }

  // ---- opening, choosing a card --------------------------------------------------------------------------------
  function open(id, which) {
    if (!state || !state.cards.length) return;
    const c = state.cards.find((x) => x.id === id) || state.cards[0];
    if (c.id !== cardId || (which || side) !== side) selected = null;
    cardId = c.id;
    side = which === "back" && c.back_template ? "back" : "front";
    const hash = `#layout=${encodeURIComponent(cardId)}${side === "back" ? ":back" : ""}`;
    if (location.hash !== hash) history.replaceState(null, "", hash);
    root.classList.remove("hidden");
    document.body.style.overflow = "hidden";
    fillCards();
    load();
  }

  function close() {
    root.classList.add("hidden");
    document.body.style.overflow = "";
    history.replaceState(null, "", location.pathname);
  }

  function fromHash() {
    const m = /^#layout(?:=([^:]*)(?::(back))?)?$/.exec(location.hash);
    if (!m) return;
    open(m[1] ? decodeURIComponent(m[1]) : cardId, m[2] || "front");
  }

  function fillCards() {
    const sel = $("st-card");
    const want = state.cards.map((c) => `${c.id}\u0000#${c.number} ${c.name} (${c.kind})`).join("\u0001");
    if (sel.dataset.sig !== want) {
      sel.replaceChildren(...state.cards.map((c) => h("option", {value: c.id}, `#${c.number} ${c.name} (${c.kind})`)));
      sel.dataset.sig = want;
    }
    sel.value = cardId;
    $("st-side").value = side;
    const c = card();
    $("st-side").querySelector('[value="back"]').disabled = !(c && c.back_template);
  }

  function find(text) {
    const t = text.trim().toLowerCase().replace(/^#/, "");
    if (!t) return null;
    const cs = state.cards;
    return cs.find((c) => String(c.number) === t) || cs.find((c) => c.name.toLowerCase() === t || c.id === t) ||
      cs.find((c) => c.kind.toLowerCase() === t) || cs.find((c) => c.name.toLowerCase().includes(t)) ||
      cs.find((c) => c.kind.toLowerCase().includes(t));
  }

  function step(by) {
    const c = card();
    if (!c) return;
    const same = state.cards.filter((x) => templateOf(x) === templateOf(c));
    const i = same.findIndex((x) => x.id === c.id);
    open(same[(i + by + same.length) % same.length].id, side);
  }

  // ---- the model of the card, from the watcher ---------------------------------------------------------------
  async function load(message) {
    if (!cardId) return;
    const want = [cardId, side], asked = ++asking;
    const r = await fetch(`/layout.json?card=${encodeURIComponent(want[0])}&side=${want[1]}`, {cache: "no-store"});
    const got = await r.json();
    // another card chosen meanwhile, or a later load answered first: that one shows it
    if (want[0] !== cardId || want[1] !== side || asked < shownLoad) return;
    shownLoad = asked;
    if (!r.ok) { say(got.error || `the layout view could not load (${r.status})`, true); return; }
    model = got;
    build = state.build;
    loads += 1;
    root.dataset.loads = loads;
    root.dataset.card = want[0];
    root.dataset.side = want[1];
    if (!zoom) {
      const stage = $("st-stage").getBoundingClientRect();
      const tall = model.height_mm + 2 * model.bleed_mm + 8;
      zoom = Math.max(2, Math.min(12, Math.floor(2 * (stage.height - 40) / tall) / 2));
      $("st-zoom").value = zoom;
    }
    draw();
    if (message) say(message, message.startsWith("!")); else if (!busy) say(model.error ? `this card does not lay out: ${model.error}` : "");
  }

  function region(id) { return model && model.regions.find((r) => r.id === id); }

  function kindOf(r) {
    return r.type === "text" || r.type === "textbox" ? "text" : r.type === "image" ? "image" : "shape";
  }

  // ---- drawing ------------------------------------------------------------------------------------------------
  function draw() {
    if (!model) return;
    const c = card();
    const W = model.width_mm, H = model.height_mm, b = model.bleed_mm, ruler = 22 / zoom;
    const x0 = -b - ruler, y0 = -b - ruler, w = W + 2 * b + ruler + 1, hh = H + 2 * b + ruler + 1;
    const svg = $("st-svg");
    svg.setAttribute("viewBox", `${x0} ${y0} ${w} ${hh}`);
    svg.setAttribute("width", w * zoom);
    svg.setAttribute("height", hh * zoom);
    svg.replaceChildren();
    const digest = c && (side === "back" ? c.back : c.front);
    // drawn at the size shown: its CSS pixels times the screen's devicePixelRatio, in steps of 50 px (no pixel drawn
    // that the screen cannot show, none missing when zoomed in)
    const px = Math.min(4096, 50 * Math.ceil((W + 2 * b) * zoom * (window.devicePixelRatio || 1) / 50));
    if (digest) svg.append(s("image", {href: `/large/${digest}.png?px=${px}`, x: -b, y: -b, width: W + 2 * b, height: H + 2 * b,
                                       preserveAspectRatio: "none", id: "st-face"}));
    if ($("st-ghost").checked && c) {
      const others = state.cards.filter((x) => x.id !== c.id && templateOf(x) === templateOf(c)).slice(0, 60);
      const g = s("g", {id: "st-ghosts", opacity: Math.min(0.35, 1.2 / Math.max(1, others.length))});
      for (const o of others) {
        const d = side === "back" ? o.back : o.front;
        if (d) g.append(s("image", {href: `/face/${d}.png`, x: -b, y: -b, width: W + 2 * b, height: H + 2 * b,
                                    preserveAspectRatio: "none", "data-card": o.id}));
      }
      svg.append(g);
    }
    const ref = dropped.get(cardId) || (model.reference ? `/reference?card=${encodeURIComponent(cardId)}` : null);
    if ($("st-ref-on").checked && ref) {
      const img = s("image", {href: ref, id: "st-ref", x: +$("st-ref-x").value || 0, y: +$("st-ref-y").value || 0,
                              width: W, height: H, preserveAspectRatio: "none", opacity: $("st-ref-opacity").value});
      if ($("st-ref-diff").checked) img.style.mixBlendMode = "difference";
      svg.append(img);
    }
    if ($("st-grid").checked) svg.append(grid(W, H, b));
    svg.append(s("rect", {class: "bleed", x: -b, y: -b, width: W + 2 * b, height: H + 2 * b}));
    if (model.shape === "circle") svg.append(s("ellipse", {class: "trim", cx: W / 2, cy: H / 2, rx: W / 2, ry: H / 2}));
    svg.append(s("rect", {class: "trim", x: 0, y: 0, width: W, height: H}));
    const k = model.safe_mm;
    if (k > 0 && W > 2 * k && H > 2 * k) svg.append(s("rect", {class: "safe", x: k, y: k, width: W - 2 * k, height: H - 2 * k}));
    svg.append(rulers(W, H, b, ruler));
    const font = 10.5 / zoom;
    for (const r of model.regions) {
      if (!r.box_mm) continue;
      const [x, y, bw, bh] = norm(r.box_mm);
      const cls = ["region", kindOf(r)];
      if (!r.editable) cls.push("fixed");
      if (r.hidden) cls.push("hidden-here");
      if (r.findings.length) cls.push("finding");
      if (r.id === selected) cls.push("sel");
      const rect = s("rect", {class: cls.join(" "), x, y, width: Math.max(bw, 0.3), height: Math.max(bh, 0.3),
                              "data-id": r.id});
      rect.append(s("title", {}, `${r.id} (${r.type})${r.hidden ? ", hidden on this card by when" : ""}`));
      rect.addEventListener("pointerdown", (e) => grab(e, r, "move"));
      rect.addEventListener("pointerenter", () => { if (!drag && !selected) info(r.id); });
      svg.append(rect);
      const label = s("text", {class: "label" + (r.hidden ? " hidden-here" : ""), x: x + 1.2 / zoom, y: y + font,
                               "font-size": font, "stroke-width": 3 / zoom, "data-label": r.id},
                      `${r.id} · ${r.type}${r.hidden ? " (hidden here)" : ""}${r.computed ? " (computed)" : ""}`);
      svg.append(label);
    }
    const sel = region(selected);
    if (sel && sel.editable && sel.box_mm) svg.append(handles(sel));
    info(selected);
    fillCards();
  }

  function norm([x, y, w, h]) {
    return [Math.min(x, x + w), Math.min(y, y + h), Math.abs(w), Math.abs(h)];
  }

  function grid(W, H, b) {
    const g = s("g", {class: "grid"});
    const every = zoom >= 4 ? 1 : 5;
    for (let v = 0; v <= W + b; v += every) {
      g.append(s("line", {x1: v, y1: -b, x2: v, y2: H + b, "stroke-opacity": v % 10 === 0 ? 0.28 : v % 5 === 0 ? 0.16 : 0.07}));
    }
    for (let v = 0; v <= H + b; v += every) {
      g.append(s("line", {x1: -b, y1: v, x2: W + b, y2: v, "stroke-opacity": v % 10 === 0 ? 0.28 : v % 5 === 0 ? 0.16 : 0.07}));
    }
    return g;
  }

  function rulers(W, H, b, size) {
    const g = s("g", {class: "ruler"});
    g.append(s("rect", {x: -b - size, y: -b - size, width: W + 2 * b + size + 1, height: size}));
    g.append(s("rect", {x: -b - size, y: -b - size, width: size, height: H + 2 * b + size + 1}));
    const font = 9 / zoom;
    for (let v = 0; v <= Math.ceil(Math.max(W, H)); v += 1) {
      const long = v % 10 === 0 ? 0.6 : v % 5 === 0 ? 0.4 : 0.22;
      if (v <= W + b) {
        g.append(s("line", {x1: v, x2: v, y1: -b - size * long, y2: -b}));
        if (v % 10 === 0) g.append(s("text", {x: v + 1.5 / zoom, y: -b - size + font, "font-size": font}, `${v}`));
      }
      if (v <= H + b) {
        g.append(s("line", {y1: v, y2: v, x1: -b - size * long, x2: -b}));
        if (v % 10 === 0) g.append(s("text", {y: v + font, x: -b - size + 1.5 / zoom, "font-size": font}, `${v}`));
      }
    }
    g.append(s("text", {x: -b - size + 1.5 / zoom, y: -b - size + font, "font-size": font}, "mm"));
    return g;
  }

  const DIRS = {nw: [1, 1, -1, -1], n: [0, 1, 0, -1], ne: [0, 1, 1, -1], e: [0, 0, 1, 0], se: [0, 0, 1, 1],
                s: [0, 0, 0, 1], sw: [1, 0, -1, 1], w: [1, 0, -1, 0]};

  function handles(r) {
    const g = s("g", {id: "st-handles"});
    const [x, y, w, hh] = r.box_mm;
    const size = 9 / zoom;
    const at = {nw: [x, y], n: [x + w / 2, y], ne: [x + w, y], e: [x + w, y + hh / 2], se: [x + w, y + hh],
                s: [x + w / 2, y + hh], sw: [x, y + hh], w: [x, y + hh / 2]};
    for (const [dir, [cx, cy]] of Object.entries(at)) {
      const hd = s("rect", {class: "handle", x: cx - size / 2, y: cy - size / 2, width: size, height: size,
                            "data-handle": dir, style: `cursor: ${dir}-resize`});
      hd.addEventListener("pointerdown", (e) => grab(e, r, dir));
      g.append(hd);
    }
    return g;
  }

  // ---- what a region is -------------------------------------------------------------------------------------
  function info(id) {
    const box = $("st-info");
    const r = region(id);
    box.replaceChildren();
    if (model) {
      box.append(h("p", {}, `template ${model.template} (${model.file}), ${mm(model.width_mm)} × ${mm(model.height_mm)} mm; ` +
        `safe ${mm(model.safe_mm)} mm; bleed shown ${mm(model.bleed_mm)} mm`));
    }
    if (r) {
      box.append(h("h3", {}, `${r.id} · ${r.type}`));
      const dl = h("dl");
      const row = (k, v) => { dl.append(h("dt", {}, k)); const d = h("dd"); d.append(v); dl.append(d); };
      const written = Array.isArray(r.written) ? `[${r.written.join(", ")}]` : r.written;
      row("box", h("code", {id: "st-written"}, written + (r.box_written ? "" : " (the default: not written)")));
      row("written at", h("code", {id: "st-where"}, `${r.file}:${r.line}`));
      if (r.box_mm) row("on this card", `x ${mm(r.box_mm[0])}, y ${mm(r.box_mm[1])}, w ${mm(r.box_mm[2])}, h ${mm(r.box_mm[3])} mm`);
      if (r.inherited_from) row("inherited", `from template ${r.inherited_from}` +
        (r.overridden_in.length ? `; overridden in ${r.overridden_in.join(", ")}` : ""));
      if (r.font) row("font", r.font);
      if (r.size_pt !== undefined) row("size", `${r.size_pt}pt` + (r.used_size_pt !== undefined ? `, shrunk to ${r.used_size_pt}pt here` : ""));
      for (const k of ["colour", "fill", "stroke", "src"]) if (r[k]) row(k, r[k]);
      if (r.when) row("when", `${r.when}${r.hidden ? ": hidden on this card" : ": drawn on this card"}`);
      box.append(dl);
      if (r.why) box.append(h("p", {class: "why", id: "st-why"}, `Not moved here: ${r.why}.`));
      if (r.findings.length) {
        const ul = h("ul", {id: "st-findings"});
        r.findings.forEach((f) => ul.append(h("li", {}, `${f.check}: ${f.message}`)));
        box.append(h("strong", {}, "This card's findings"), ul);
      }
    } else {
      box.append(h("p", {}, "Click a region to see where it is written; drag it, or its handles, to move and resize it " +
        "(arrows nudge 0.5 mm, Shift 5 mm); Ctrl-Z undoes."));
    }
    const list = h("ul", {id: "st-list"});
    for (const x of model ? model.regions : []) {
      const li = h("li", {class: (x.id === selected ? "sel" : "") + (x.hidden ? " hid" : "")});
      li.append(h("span", {}, x.id), h("span", {}, `${x.type}${x.inherited_from ? " · inherited" : ""}${x.computed ? " · computed" : ""}`));
      li.addEventListener("click", () => select(x.id));
      list.append(li);
    }
    box.append(list);
  }

  function select(id) {
    selected = id;
    draw();
    const r = region(id);
    if (r && !r.editable) say(`${r.id} is not moved here: ${r.why}`);
  }

  // ---- moving and writing -----------------------------------------------------------------------------------
  function grab(e, r, mode) {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    if (selected !== r.id) { selected = r.id; draw(); }
    if (!r.editable || !r.box_mm) { say(`${r.id} is not moved here: ${r.why || "it is not laid out on this card"}`); return; }
    drag = {id: r.id, mode, x: e.clientX, y: e.clientY, from: r.box_mm.slice(), box: r.box_mm.slice()};
    window.addEventListener("pointermove", moving);
    window.addEventListener("pointerup", release, {once: true});
    window.addEventListener("pointercancel", release, {once: true});
  }

  // while a region is dragged, only its outline, label and handles move (the rest is drawn again on release)
  function shift(r) {
    const [x, y, w, hh] = norm(r.box_mm);
    const rect = $("st-svg").querySelector(`rect[data-id="${CSS.escape(r.id)}"]`);
    const label = $("st-svg").querySelector(`text[data-label="${CSS.escape(r.id)}"]`);
    if (rect) for (const [k, v] of Object.entries({x, y, width: Math.max(w, 0.3), height: Math.max(hh, 0.3)})) rect.setAttribute(k, v);
    if (label) { label.setAttribute("x", x + 1.2 / zoom); label.setAttribute("y", y + 10.5 / zoom); }
    const old = $("st-handles");
    if (old) old.replaceWith(handles(r));
  }

  function snapped(v) { return Math.round(v / STEP) * STEP; }

  function moving(e) {
    if (!drag) return;
    const dx = snapped((e.clientX - drag.x) / zoom), dy = snapped((e.clientY - drag.y) / zoom);
    const [x, y, w, hh] = drag.from;
    if (drag.mode === "move") drag.box = [x + dx, y + dy, w, hh];
    else {
      const [mx, my, mw, mh] = DIRS[drag.mode];
      drag.box = [x + mx * dx, y + my * dy, Math.max(STEP, w + mw * dx), Math.max(STEP, hh + mh * dy)];
    }
    const r = region(drag.id);
    r.box_mm = drag.box;
    shift(r);
    say(`${r.id}: x ${mm(drag.box[0])}, y ${mm(drag.box[1])}, w ${mm(drag.box[2])}, h ${mm(drag.box[3])} mm`);
  }

  function release() {
    window.removeEventListener("pointermove", moving);
    window.removeEventListener("pointerup", release);
    window.removeEventListener("pointercancel", release);
    const d = drag;
    drag = null;
    if (!d) return;
    draw();
    if (d.box.every((v, i) => Math.abs(v - d.from[i]) < 1e-9)) return;
    write(d.id, d.box, d.from);
  }

  async function post(path, body) {
    const r = await fetch(path, {method: "POST", headers: {"Content-Type": "application/json", "X-Pnp-Token": TOKEN},
                                 body: JSON.stringify(body), cache: "no-store"});
    let got = {};
    try { got = await r.json(); } catch (err) { got = {error: `the watcher answered ${r.status}`}; }
    return [r.status, got];
  }

  async function write(id, box, from) {
    busy = true;
    say(`writing ${id}…`);
    try {
      const [status, got] = await post("/layout/box", {template: model.template, region: id, box_mm: box,
                                                        files: model.files, game: model.game});
      if (status !== 200) {
        const r = region(id);
        if (r) r.box_mm = from;
        if (status === 409) await load(`! ${got.error}`);
        else { draw(); say(got.error || `refused (${status})`, true); }
        return;
      }
      model.files[got.file] = got.digest;
      undo.push({n: got.undo, id, file: got.file, box: got.box});
      redo.length = 0;
      writes += 1;
      root.dataset.writes = writes;
      say(`wrote ${got.file}:${got.line}: ${id} box [${got.box.join(", ")}]` +
          (got.how === "override" ? " (an override added)" : got.how === "key" ? " (a box added to its override)" : "") +
          "; rebuilding…");
    } finally {
      settled();
    }
  }

  function settled() {
    busy = false;
    if (waiting) {
      waiting = false;
      window.pnpStudio.update(state);
    }
  }

  async function again(isUndo) {
    const from = isUndo ? undo : redo, to = isUndo ? redo : undo;
    const w = from.pop();
    if (!w) { say(isUndo ? "nothing to undo" : "nothing to redo"); return; }
    busy = true;
    try {
      const [status, got] = await post(isUndo ? "/layout/undo" : "/layout/redo", {undo: w.n});
      if (status !== 200) {
        from.length = 0;
        busy = false;
        await load(`! ${got.error || "refused"}`);
        return;
      }
      to.push(w);
      if (model) model.files[got.file] = got.digest;
      writes += 1;
      root.dataset.writes = writes;
      say(`${isUndo ? "undid" : "redid"} the move of ${w.id} in ${got.file}; rebuilding…`);
    } finally {
      settled();
    }
  }

  function nudgeBy(dx, dy) {
    const r = region(selected);
    if (!r || !r.editable || !r.box_mm) return;
    if (!nudge) nudge = {id: r.id, from: r.box_mm.slice(), timer: 0};
    clearTimeout(nudge.timer);
    r.box_mm = [r.box_mm[0] + dx, r.box_mm[1] + dy, r.box_mm[2], r.box_mm[3]];
    shift(r);
    nudge.timer = setTimeout(() => {
      const n = nudge;
      nudge = null;
      const now = region(n.id);
      if (now) write(n.id, now.box_mm, n.from);
    }, 350);
  }

  // ---- the page's events ------------------------------------------------------------------------------------
  document.addEventListener("keydown", (e) => {
    if (root.classList.contains("hidden") || e.target.matches("input, select, textarea")) return;
    const key = e.key.toLowerCase();
    if ((e.ctrlKey || e.metaKey) && (key === "z" || key === "y")) {
      e.preventDefault();
      again(key === "z" && !e.shiftKey);
      return;
    }
    const by = e.shiftKey ? BIG : STEP;
    const arrows = {arrowleft: [-by, 0], arrowright: [by, 0], arrowup: [0, -by], arrowdown: [0, by]};
    if (arrows[key] && selected) { e.preventDefault(); nudgeBy(...arrows[key]); return; }
    if (key === "escape") { if (selected) { selected = null; draw(); } else close(); }
  });
  $("st-close").addEventListener("click", close);
  $("st-card").addEventListener("change", (e) => open(e.target.value, side));
  $("st-side").addEventListener("change", (e) => open(cardId, e.target.value));
  $("st-find").addEventListener("keydown", (e) => {
    if (e.key !== "Enter") return;
    const c = find(e.target.value);
    if (c) open(c.id, side); else say(`no card is '${e.target.value}'`, true);
  });
  $("st-next").addEventListener("click", () => step(1));
  $("st-prev").addEventListener("click", () => step(-1));
  $("st-zoom").addEventListener("input", (e) => { zoom = +e.target.value; draw(); });
  for (const id of ["st-grid", "st-ghost", "st-ref-on", "st-ref-opacity", "st-ref-x", "st-ref-y", "st-ref-diff"]) {
    $(id).addEventListener("input", draw);
  }
  $("st-svg").addEventListener("pointerdown", (e) => { if (e.target.id === "st-svg" || !e.target.dataset.id) { if (!e.target.dataset.handle) { selected = null; draw(); } } });
  function reference(file) {
    if (!file || !file.type.startsWith("image/")) return;
    const old = dropped.get(cardId);
    if (old) URL.revokeObjectURL(old);
    dropped.set(cardId, URL.createObjectURL(file));
    $("st-ref-on").checked = true;
    draw();
    say(`reference: ${file.name}, laid over the trim of this card`);
  }
  $("st-ref-file").addEventListener("change", (e) => reference(e.target.files[0]));
  const stage = $("st-stage");
  stage.addEventListener("dragover", (e) => { e.preventDefault(); stage.classList.add("dropping"); });
  stage.addEventListener("dragleave", () => stage.classList.remove("dropping"));
  stage.addEventListener("drop", (e) => { e.preventDefault(); stage.classList.remove("dropping"); reference(e.dataTransfer.files[0]); });
  window.addEventListener("hashchange", fromHash);

  window.pnpStudio = {
    update(next) {
      const first = state === null;
      state = next;
      if (first) { fromHash(); return; }
      if (root.classList.contains("hidden")) return;
      if (next.failure) {         // a write the deck cannot build (text that no longer fits ...): said here too
        say(`build ${next.failure.number} failed (the card shows build ${next.build}): ${next.failure.lines.join("; ")}` +
            (undo.length ? " (Ctrl-Z undoes the last move)" : ""), true);
        return;
      }
      if (next.build === build) return;
      // a write on its way: its answer first (what was written), then this build. The watcher builds a write at
      // once, so its build may be told before the page has read the write's answer
      if (busy) { waiting = true; return; }
      build = next.build;
      if (!state.cards.some((c) => c.id === cardId)) cardId = state.cards.length ? state.cards[0].id : null;
      load(busy ? undefined : ($("st-msg").textContent.endsWith("rebuilding…") ?
        $("st-msg").textContent.replace(/rebuilding…$/, `rebuilt (build ${next.build})`) : undefined));
    },
    open, close, select,
    get model() { return model; }, get zoom() { return zoom; },
  };
  if (window.pnpState) window.pnpStudio.update(window.pnpState);     // the page rendered before this ran
})();
