"""The proof as Markdown: proof.md and, with --since, changes.md holding only the cards that changed.
Not here: what the documents share (report.py), HTML (report_html.py).
"""
from __future__ import annotations

import difflib

from ..deck.model import Deck
from .report import about, back_label, changed_texts, designer_notes, distinct_texts, faces_line, inferred_facts, parked


def word_diff_md(old: str, new: str) -> str:
    a, b = old.split(" "), new.split(" ")
    out = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(" ".join(a[i1:i2]))
        if op in ("delete", "replace"):
            out.append("[-" + " ".join(a[i1:i2]) + "-]")
        if op in ("insert", "replace"):
            out.append("{+" + " ".join(b[j1:j2]) + "+}")
    return " ".join(out)


def _md_texts(texts) -> list[str]:
    if texts is None:
        return ["  (not laid out: see the errors)"]
    out = []
    for label, t, n in distinct_texts(texts):
        body = t.replace("\n", "\n    ")
        out.append(f"  - `{label}`{f' (×{n})' if n > 1 else ''}: {body}")
    return out or ["  (no text)"]


def _md_card(rec: dict, issues, status: str = "", what=None, texts=None) -> list[str]:
    out = [f"### {status + ': ' if status else ''}{rec['name']}", "",
           f"#{rec['index'] + 1} · {rec['kind']} · part {rec['part']} · copies **{rec['copies']}** · "
           f"template `{rec['template']}` · back {back_label(rec)} · `{rec['source']}`", ""]
    for f in rec.get("_inferred", []):
        out += [f"Inferred{': ' + f['value'] if f['value'] else ''}: {f['note']}", ""]
    if what:
        out += ["What changed: " + "; ".join(what), ""]
        for label, old, new in texts or []:
            out += [f"- {label}: {word_diff_md(old, new)}"]
        out.append("")
    out += ["- front:"] + _md_texts(rec.get("front_text"))
    if rec.get("back") and rec["back"].get("template"):
        out += ["- back:"] + _md_texts(rec.get("back_text"))
    for i in issues:
        out.append(f"- **{i.level}** ({i.check}): {i.line()}")
    return out + [""]


def proof_md(deck: Deck, result) -> str:
    g = deck.game
    c = result.counts()
    out = [f"# Proof: {g.title}", "", f"{len(deck.cards)} cards ({deck.card_count()} with copies); faces: "
           f"{faces_line(result)}; {c['error']} errors, {c['warning']} warnings.",
           "", "## Issues", ""]
    out += [f"- {i.line()}" for i in result.issues] or ["No issues."]
    out += ["", "## For the designer", ""] + [f"- {n}" for n in designer_notes(deck)]
    out += ["", "## Accepted through words.txt", ""]
    out += [f"- **{a['word']}** (printed as {', '.join(a['printed'])}): {'; '.join(a['places'])} (`{a['line']}`)"
            for a in result.accepted] or ["None."]
    if result.icons:
        from .icon_list import markdown  # lazy: +7 ms to import (benchmarks/imports.py)
        out += ["", "## Icons", "", "Pictures the text writes as `:name:` (deck.yaml `icons:`), not spelled:"]
        out += markdown(result.icons)
    if parked(deck):
        out += ["", "## Parked (copies: 0)", "", "Written in the deck, not printed, counted 0:"]
        out += [f"- {p['name']} ({p['kind']}, `{p['where']}`)" for p in parked(deck)]
    out += ["", "## The print leaf and the rule pages", ""]
    out += [f"- {p['label']} (PDF page {p['number']}): {p['file']}" for p in result.pages] or ["None laid out."]
    out += ["", "## Inferred facts", ""]
    out += [f"- **{about(f)}**{': ' + f['value'] if f['value'] else ''}: {f['note']} (`{f['where']}`)"
            for f in inferred_facts(deck)] or ["None."]
    out += ["", "## Corrections", ""]
    out += [f"- {x['about']}: ~~{x['seed']}~~ → {x['printed']} (`{x['where']}`)" for x in result.corrections] \
        or ["None listed."]
    out += ["", f"## Cards in print order ({len(result.records)})", ""]
    for rec in result.records:
        out += _md_card(rec, result.issues_of(rec["id"]))
    return "\n".join(out) + "\n"


def changes_md(deck: Deck, result) -> str:
    s = result.since
    c = s.counts()
    out = [f"# Changes: {deck.game.title}", "", f"Since {s.label}: {c['changed']} changed, {c['added']} added, "
           f"{c['removed']} removed of {len(result.records)} cards.", ""]
    for ch in s.changes:
        if ch.status == "removed":
            out += _md_card(ch.old, [], "removed")
        elif ch.status == "added":
            out += _md_card(ch.new, result.issues_of(ch.id), "added")
        else:
            out += _md_card(ch.new, result.issues_of(ch.id), "changed", ch.what, changed_texts(ch.old, ch.new))
    if not s.changes:
        out.append("No card's text changed.")
    return "\n".join(out) + "\n"
