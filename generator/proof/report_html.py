"""The proof as HTML: proof.html (self-contained, thumbnails inline) and, with --since, changes.html holding
only the cards that changed. Not here: what the documents share (report.py), Markdown (report_md.py).
"""
from __future__ import annotations

import base64
import difflib
import html

from ..deck.model import Deck
from .icon_list import css as icon_css
from .icon_list import names_of as icon_names
from .icon_list import shown as shown_icons
from .icon_list import shown_markup
from .icon_list import table as icon_table
from .report import about, back_label, changed_texts, designer_notes, distinct_texts, faces_line, inferred_facts, parked

CSS = """
body{font:15px/1.45 "IBM Plex Sans","DejaVu Sans",system-ui,sans-serif;color:#222;max-width:1100px;margin:24px auto;padding:0 16px}
h1{font-size:26px;margin:0 0 4px} h2{margin-top:32px;border-bottom:2px solid #ccc;padding-bottom:3px}
.meta{color:#555} table{border-collapse:collapse;width:100%;margin:6px 0}
td,th{border:1px solid #ccc;padding:4px 7px;vertical-align:top;text-align:left}
th{background:#f0f0ec} .error{color:#a01818;font-weight:bold} .warning{color:#8a5a00;font-weight:bold}
.card{border:1px solid #bbb;border-radius:6px;padding:10px 14px;margin:14px 0;display:flex;gap:16px;flex-wrap:wrap}
.card.bad{border-color:#c33;background:#fff6f6} .thumbs{flex:none;display:flex;flex-direction:row;gap:8px;align-items:flex-start}
.thumbs img{border:1px solid #999;display:block} .thumbs figure{margin:0} .thumbs figcaption{font-size:11px;color:#666;text-align:center}
.body{flex:1;min-width:300px} .pages{display:flex;flex-wrap:wrap;gap:12px} .pages img{border:1px solid #999;display:block}
.card h3{margin:0 0 4px;font-size:18px} .facts{color:#444;font-size:13px;margin-bottom:6px}
.text{white-space:pre-wrap;font-family:"IBM Plex Serif","DejaVu Serif",Georgia,serif}
.text .mk{white-space:normal;margin:0 0 5px} .text .bullet{padding-left:1.2em;text-indent:-1.2em}
.side{font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:#666;margin:8px 0 2px}
.issues{margin:6px 0 0;padding-left:18px;font-size:13px} code{font-size:12px;color:#555}
ins{background:#d8f5d8;text-decoration:none} del{background:#f8d4d4}
.sum td{border:none;padding:2px 12px 2px 0}
"""


def e(s) -> str:
    return html.escape("" if s is None else str(s))


def data_uri(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def word_diff(old: str, new: str) -> str:
    """HTML of new text with deleted words <del> and inserted words <ins>."""
    a, b = old.split(" "), new.split(" ")
    out = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(e(" ".join(a[i1:i2])))
        if op in ("delete", "replace"):
            out.append(f"<del>{e(' '.join(a[i1:i2]))}</del>")
        if op in ("insert", "replace"):
            out.append(f"<ins>{e(' '.join(b[j1:j2]))}</ins>")
    return " ".join(out)


def _issue_row(i) -> str:
    card = e(i.card) + (" (back)" if i.side == "back" else "") if i.card else ""
    also = f" <i>and {i.also} more</i>" if i.also else ""
    if len(i.cards) > 1:
        card, also = f"<b>{len(i.cards)} cards:</b> " + e(", ".join(i.cards)), ""
    if i.pages:
        also += ("<br>" if card else "") + "<i>" + e("; ".join(i.pages)) + "</i>"
    return (f"<tr><td class='{i.level}'>{i.level}</td><td>{e(i.check)}</td><td>{card}{also}</td>"
            f"<td>{e(i.field)}</td><td>{e(i.message)}</td><td><code>{e(i.where)}</code></td></tr>")


def _issues_table(issues) -> str:
    if not issues:
        return "<p>No issues.</p>"
    rows = "".join(_issue_row(i) for i in issues)
    return ("<table><tr><th>level</th><th>check</th><th>card</th><th>field</th><th>finding</th>"
            f"<th>where</th></tr>{rows}</table>")


def markup_html(raw: str, icons=()) -> str:
    """A markup field as HTML, bold and italic shown as printed (the renderer's own parse), and the `icons`
    it writes (their names) drawn."""
    from ..layout.wrap import parse  # lazy: +83 ms to import (benchmarks/imports.py)
    out = []
    for b in parse(raw):
        t = shown_markup(b.text, icons)
        if b.kind.startswith("heading"):
            out.append(f"<div class='mk'><b>{t}</b></div>")
        elif b.kind == "bullet":
            out.append(f"<div class='mk bullet'>{e(b.bullet)} {t}</div>")
        else:
            out.append(f"<div class='mk'>{t}</div>")
    return "".join(out)


def _texts_html(texts, raw: dict | None = None, icons=()) -> str:
    from ..layout.wrap import plain  # lazy: +83 ms to import (benchmarks/imports.py)
    if texts is None:
        return "<p class='error'>not laid out (see the errors)</p>"
    if not texts:
        return "<p><i>no text</i></p>"
    raw = raw or {}
    rows = []
    for label, t, n in distinct_texts(texts):
        r = raw.get(label)
        shown = markup_html(r, icons) if isinstance(r, str) and r != t and plain(r) == t else \
            shown_icons(e(t), icons)
        rows.append(f"<tr><td><code>{e(label)}</code>{f' <small>×{n}</small>' if n > 1 else ''}</td>"
                    f"<td class='text'>{shown}</td></tr>")
    return f"<table>{''.join(rows)}</table>"


FACE_SHOWN = 0.5          # faces/ files are 200 dpi: shown at 100 dpi, full size on click
MAX_SHOWN = 380           # px: a board is shown narrower, still full size on click


def _face_img(rec: dict, k, thumbs: dict, files: dict, sizes: dict) -> str:
    """One face, front or back: its readable file (shown smaller, full size on click), or the thumbnail."""
    side = k[0]
    if k in files:
        w, h = sizes.get(k, (0, 0))
        scale = min(FACE_SHOWN, MAX_SHOWN / w) if w else FACE_SHOWN
        dims = f" width='{round(w * scale)}' height='{round(h * scale)}'" if w else ""
        return (f"<figure><a href='{e(files[k])}' target='_blank'><img src='{e(files[k])}'{dims} "
                f"alt='{e(rec['name'])} {side}' title='{side}: click for full size'></a>"
                f"<figcaption>{side}</figcaption></figure>")
    if k in thumbs:
        return f"<img src='{data_uri(thumbs[k])}' alt='{e(rec['name'])} {side}' title='{side}'>"
    return ""


def _card_html(rec: dict, thumbs: dict, issues, diff: dict | None = None, status: str = "", files=None,
               sizes=None, icons=()) -> str:
    bad = any(i.level == "error" for i in issues)
    imgs = "".join(_face_img(rec, k, thumbs, files or {}, sizes or {}) for k in rec.get("_thumbs", []))
    facts = (f"#{rec['index'] + 1} · {e(rec['kind'])} · part {e(rec['part'])} · copies <b>{rec['copies']}</b> · "
             f"template <code>{e(rec['template'])}</code> · back {e(back_label(rec))} · "
             f"<code>{e(rec['source'])}</code>")
    body = [f"<h3>{e(status + ': ' if status else '')}{e(rec['name'])}</h3><div class='facts'>{facts}</div>"]
    for f in rec.get("_inferred", []):
        body.append(f"<div class='facts'><b>inferred</b>{': ' + e(f['value']) if f['value'] else ''} — "
                    f"{e(f['note'])}</div>")
    if diff:
        body.append("<div class='side'>what changed</div><ul class='issues'>"
                    + "".join(f"<li>{d}</li>" for d in diff["what"]) + "</ul>")
        for label, old, new in diff["texts"]:
            body.append(f"<div class='side'>{e(label)}, old → new</div><div class='text'>{word_diff(old, new)}</div>")
    front_raw = rec.get("fields", {})
    body.append("<div class='side'>front</div>" + _texts_html(rec.get("front_text"), front_raw, icons))
    if rec.get("back") and rec["back"].get("template"):
        back_raw = {**front_raw, **rec["back"].get("fields", {})}
        body.append("<div class='side'>back</div>" + _texts_html(rec.get("back_text"), back_raw, icons))
    if issues:
        body.append("<ul class='issues'>" + "".join(
            f"<li class='{i.level}'>{e(i.level)}: {e(i.check)}{', field ' + e(i.field) if i.field else ''}"
            f"{' (back)' if i.side == 'back' else ''}: <span style='font-weight:normal;color:#222'>"
            f"{e(i.message)}</span> <code>{e(i.where)}</code></li>" for i in issues) + "</ul>")
    return (f"<div class='card{' bad' if bad else ''}' id='{e(rec['id'])}'><div class='thumbs'>{imgs}</div>"
            f"<div class='body'>{''.join(body)}</div></div>")


def _page(title: str, parts: list[str], css: str = "") -> str:
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{e(title)}</title>"
            f"<style>{CSS}{css}</style></head><body>{''.join(parts)}</body></html>")


def _summary(deck: Deck, result) -> str:
    c = result.counts()
    return (f"<table class='sum'><tr><td>cards</td><td>{len(deck.cards)} ({deck.card_count()} with copies)</td></tr>"
            f"<tr><td>faces</td><td>{e(faces_line(result))}</td></tr>"
            f"<tr><td>errors</td><td class='{'error' if c['error'] else ''}'>{c['error']}</td></tr>"
            f"<tr><td>warnings</td><td class='{'warning' if c['warning'] else ''}'>{c['warning']}</td></tr>"
            f"<tr><td>inferred facts</td><td>{len(inferred_facts(deck))}</td></tr>"
            f"<tr><td>corrections</td><td>{len(result.corrections)}</td></tr></table>")


def _inferred_html(deck: Deck) -> str:
    facts = inferred_facts(deck)
    if not facts:
        return "<p>None.</p>"
    rows = "".join(f"<tr><td>{e(about(f))}</td><td>{e(f['value'])}</td><td>{e(f['note'])}</td>"
                   f"<td><code>{e(f['where'])}</code></td></tr>" for f in facts)
    return f"<table><tr><th>about</th><th>value</th><th>why</th><th>where</th></tr>{rows}</table>"


def _corrections_html(entries) -> str:
    if not entries:
        return "<p>None listed (a deck lists the typos it fixed from the seed under <code>corrections:</code>).</p>"
    rows = "".join(f"<tr><td>{e(c['about'])}</td><td><del>{e(c['seed'])}</del></td><td><ins>{e(c['printed'])}</ins>"
                   f"</td><td>{'yes' if c['found'] else 'not found as written'}</td><td>{e(c['note'])}</td>"
                   f"<td><code>{e(c['where'])}</code></td></tr>" for c in entries)
    return ("<table><tr><th>about</th><th>seed</th><th>printed</th><th>in print</th><th>note</th><th>where</th></tr>"
            f"{rows}</table>")


def _accepted_html(result) -> str:
    if not result.accepted:
        return "<p>None: every word is in the dictionary.</p>"
    rows = "".join(f"<tr><td><b>{e(a['word'])}</b></td><td>{e(', '.join(a['printed']))}</td>"
                   f"<td>{e('; '.join(a['places']))}</td><td><code>{e(a['line'])}</code></td></tr>"
                   for a in result.accepted)
    return f"<table><tr><th>words.txt</th><th>printed as</th><th>on</th><th>where</th></tr>{rows}</table>"


def _pages_html(result) -> str:
    if not result.pages:
        return "<p>None laid out.</p>"
    note = "" if result.complete else ("<p class='warning'>Some cards could not be laid out (see the issues): "
                                       "page numbers here may differ from the build's.</p>")
    imgs = "".join(f"<figure><a href='{e(p['file'])}' target='_blank'><img src='{e(p['file'])}' width='400' "
                   f"alt='{e(p['label'])}'></a><figcaption>{e(p['label'])} (PDF page {p['number']})</figcaption></figure>"
                   for p in result.pages)
    return note + f"<div class='pages thumbs'>{imgs}</div>"


def proof_html(deck: Deck, result) -> str:
    g = deck.game
    sizes = {k: (round(f.width / 72 * 200), round(f.height / 72 * 200)) for k, f in _face_sizes(result).items()}
    parts = [f"<h1>Proof: {e(g.title)}</h1>",
             f"<p class='meta'>{e(g.designer)}{' · ' + e(g.publisher) if g.publisher else ''}"
             f"{' · ' + e(g.version) if g.version else ''} · <code>{e(deck.file)}</code></p>",
             _summary(deck, result), "<p><img src='contact.png' alt='contact sheet' style='max-width:100%'></p>"
             if result.contact_file else "",
             "<h2>Issues</h2>", _issues_table(result.issues),
             "<h2>For the designer</h2><ul>" + "".join(f"<li>{e(n)}</li>" for n in designer_notes(deck)) + "</ul>",
             "<h2>Inferred facts</h2><p>Not stated in the published rules; this edition chose them.</p>",
             _inferred_html(deck),
             "<h2>Corrections</h2><p>Where the printout differs from the seed's words.</p>",
             _corrections_html(result.corrections),
             "<h2>Accepted through words.txt</h2><p>Words the dictionary does not know, printed because the "
             "game's word list accepts them.</p>", _accepted_html(result),
             *(["<h2>Icons</h2><p>Pictures the text writes as <code>:name:</code> (deck.yaml <code>icons:</code>); "
                "they are not spelled.</p>", icon_table(result.icons)] if result.icons else []),
             *(["<h2>Parked (copies: 0)</h2><p>Written in the deck, not printed, counted 0:</p><ul>" +
                "".join(f"<li>{e(p['name'])} ({e(p['kind'])}, <code>{e(p['where'])}</code>)</li>" for p in parked(deck))
                + "</ul>"] if parked(deck) else []),
             "<h2>The print leaf and the rule pages</h2><p>As the build lays them out (A4); their text is checked "
             "like card text. Click a page for full size.</p>", _pages_html(result),
             f"<h2>Cards in print order ({len(result.records)})</h2>"
             "<p>Front beside back; click a face for full size (200 dpi).</p>"]
    names = icon_names(deck)
    for rec in result.records:
        parts.append(_card_html(rec, result.thumbs, result.issues_of(rec["id"]), files=result.face_files,
                                sizes=sizes, icons=names))
    return _page(f"Proof: {g.title}", parts, icon_css(deck) if deck.icons else "")


def _face_sizes(result) -> dict:
    """(side, key) -> the face (trim + bleed size), for the images' shown size."""
    out = {}
    for cp in result.card_proofs:
        for s in cp.sides:
            if s.face is not None:
                out[(s.side, s.key)] = s.face
    return out


def changes_html(deck: Deck, result) -> str:
    s = result.since
    c = s.counts()
    parts = [f"<h1>Changes: {e(deck.game.title)}</h1>",
             f"<p class='meta'>since {e(s.label)}: {c['changed']} changed, {c['added']} added, {c['removed']} removed"
             f" of {len(result.records)} cards. Only these need reading again.</p>"]
    if not s.changes:
        parts.append("<p>No card's text changed.</p>")
    for ch in s.changes:
        if ch.status == "removed":
            parts.append(_card_html(ch.old, {}, [], None, "removed"))
            continue
        diff = None
        if ch.status == "changed":
            diff = {"what": [e(w) for w in ch.what], "texts": changed_texts(ch.old, ch.new)}
        parts.append(_card_html(ch.new, result.thumbs, result.issues_of(ch.id), diff, ch.status,
                                icons=icon_names(deck)))
    return _page(f"Changes: {deck.game.title}", parts, icon_css(deck) if deck.icons else "")
