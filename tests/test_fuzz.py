"""Property-based tests: broken decks and templates, made by hypothesis from a valid one
(keys missing, values of the wrong type or unit, huge numbers, unicode, deep nesting, damaged YAML
text), always end in clear errors, one line each (exit 2), or a valid PDF (exit 0): never a traceback.
Beyond deck.yaml too: template placeholders, markup and sizes, components.yaml ranges,
rules files in other encodings, and command-line numbers that are not finite or far out of range.

pnp runs in-process through the CLI's own entry (generator.cli.invoke), which is what `pnp` runs;
an unexpected exception there becomes exit 70, which these tests reject.

Budget. In the suite (`make test`, CI) each test runs a fixed number of examples (100, 80, 80 and 30),
derandomized: the same examples on every run and every machine, so a red CI is never luck and a change
that breaks one of them fails every time. A longer hunt for new failures is opt-in:

    PNP_FUZZ_SCALE=20 python -m pytest tests/test_fuzz.py

runs twenty times as many examples, drawn at random (a new set each run); hypothesis prints any failing
example it finds, shrunk, with the `@reproduce_failure` line to replay it.
"""
from __future__ import annotations

import contextlib
import copy
import io
import itertools
import os
import re
import tempfile
from pathlib import Path

import pypdf
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.cli import invoke
from generator.errors import MAX_ERRORS
from generator.files.output import temp_files

BASE_DECK = {
    "game": {"title": "Fuzz", "players": "2-4", "designer": "Someone", "version": "1"},
    "palette": {"sea": "#2b5f8a", "sea-ink": "#ffffff", "sand": "#e0c890", "sand-ink": "#222222"},
    "parts": [{"id": "base", "title": "Base game"}, {"id": "extra", "title": "Extra", "optional": True}],
    "backs": {"plain": {"template": "fz-back"}},
    "defaults": {"back": "plain"},
    "kinds": {
        "card": {
            "title": "Card", "template": "fz-card", "name": "{title} {value}",
            "fields": {"title": {"type": "text", "required": True},
                       "value": {"type": "int", "min": 0, "max": 99},
                       "text": "markup",
                       "colour": {"type": "colour", "required": True}},
        },
    },
    "cards": [
        {"title": "One", "value": 1, "text": "**Bold** and *italic*.", "colour": "sea"},
        {"title": "Two", "value": 2, "text": "- a bullet\n- another", "colour": "sand", "copies": 2,
         "part": "extra", "back": {"template": "fz-back", "fields": {"game": "Other"}}},
    ],
    "rules": {"text": "# Rules\n\nPlay the **cards**.\n\n1. First\n2. Second", "font": "serif", "size": "9pt",
              "columns": 2},
    "inferred": [{"about": "the count", "value": "3", "note": "a guess"}],
    "components": [
        {"name": "Base cards", "where": {"part": "base"}, "count": 1},
        {"name": "Extra cards", "where": {"kind": "card", "part": "extra"}, "count": "1-3",
         "each": {"value": "2"}, "times": 2},
    ],
}
BASE_TEMPLATE = {
    "size": "poker", "safe": "3mm", "radius": "3mm",
    "regions": [
        {"id": "bg", "type": "rect", "box": ["0mm", "0mm", "100%", "100%"], "fill": "{colour}", "bleed": True},
        {"id": "title", "type": "text", "box": ["5mm", "5mm", "53mm", "10mm"], "text": "{title}", "font": "serif",
         "style": "bold", "size": "12pt", "min_size": "6pt", "align": "center", "colour": "{colour}-ink"},
        {"id": "value", "type": "text", "box": ["5mm", "75mm", "12mm", "10mm"], "text": "{value}", "font": "sans",
         "size": "14pt", "align": "left", "valign": "bottom", "rotate": 180, "when": "{value}"},
        {"id": "body", "type": "textbox", "box": ["5mm", "20mm", "53mm", "50mm"], "text": "{text}",
         "font": "condensed", "size": "9pt", "min_size": "6pt", "leading": 1.2, "align": "left", "valign": "top",
         "colour": "#222222"},
        {"id": "rule", "type": "line", "box": ["5mm", "17mm", "53mm", "0mm"], "stroke": "sand",
         "stroke_width": "0.5pt", "dash": ["2pt", "1pt"]},
        {"id": "dot", "type": "ellipse", "box": ["28mm", "72mm", "8mm", "8mm"], "fill": "sea", "stroke": "white"},
    ],
}
BACK_TEMPLATE = {"size": "poker", "regions": [
    {"type": "rect", "box": ["0mm", "0mm", "100%", "100%"], "fill": "#1d2f4f", "bleed": True},
    {"type": "text", "box": ["5mm", "40mm", "53mm", "10mm"], "text": "{game}", "align": "center", "colour": "white"}]}

# Every character UTF-8 encodes: the alphabet of st.text() and of st.characters(codec="utf-8"), the same
# intervals, but given without a codec hypothesis has no need to work them out by encoding and decoding all of
# Unicode (~3 s of CPU in each test process of a fresh clone, where .hypothesis/ holds no table yet)
UTF8 = st.characters(exclude_categories=("Cs",))
ODD_STRINGS = ["10", "10px", "-5mm", "0mm", "1e9mm", "99999999999mm", "10 furlongs", "50%", "250%", "-50%",
               "#zzzzzz", "#fff", "none", "../../etc/passwd", "/etc/passwd", "templates/../x", "{title}",
               "{nope}", "{", "}", "", " ", "poker", "circle", "sea", "serif", "王", "\u202e", "\u200b", "😀",
               "0.0001pt", "5000pt", "yes", "~", "null", "NaN", "-1", "1000000", "base", "extra", "card",
               "fz-card", "fz-back", "**", "*", "# heading", "- ", "&amp;", "<b>", "x" * 300]
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-10**40, max_value=10**40),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(UTF8, max_size=40),
    st.sampled_from(ODD_STRINGS),
    st.lists(st.one_of(st.integers(), st.text(UTF8, max_size=5), st.sampled_from(ODD_STRINGS)), max_size=5),
    st.dictionaries(st.text(UTF8, max_size=6), st.one_of(st.integers(), st.text(UTF8, max_size=6)), max_size=3),
)
YAML_BITS = [":", ": ", "{", "}", "[", "]", "- ", "&a ", "*a", "!!", "!!python/name:os.system ", "|", ">",
             "'", '"', "#", "\t", "\n", "  ", "%YAML 1.1\n", "@", "`", "? ", "<<: ", "---\n", "...\n", "\\", "é", "王",
             "\x00", "\x85", "\ufeff"]

_folders = itertools.count()
_tmp = tempfile.TemporaryDirectory(prefix="pnp-fuzz-")


def _paths(tree, prefix=()):
    """Every (path) to a value inside nested dicts and lists."""
    out = []
    items = tree.items() if isinstance(tree, dict) else enumerate(tree) if isinstance(tree, list) else ()
    for k, v in items:
        out.append(prefix + (k,))
        out.extend(_paths(v, prefix + (k,)))
    return out


def _parent(tree, path):
    for k in path[:-1]:
        tree = tree[k]
    return tree


def _mutate(data, tree):
    """Apply one to three random mutations in place."""
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        paths = _paths(tree)
        if not paths:
            return
        path = data.draw(st.sampled_from(paths), label="path")
        parent, key = _parent(tree, path), path[-1]
        op = data.draw(st.sampled_from(["delete", "replace", "replace", "add", "wrap", "nest", "rename"]),
                       label="op")
        if op == "delete":
            del parent[key]
        elif op == "replace":
            parent[key] = data.draw(JUNK, label="junk")
        elif op == "add":
            target = parent[key] if isinstance(parent[key], (dict, list)) else parent
            if isinstance(target, dict):
                name = data.draw(st.one_of(st.text(UTF8, max_size=8), st.sampled_from(
                    ["colour", "copies", "template", "back", "kind", "part", "type", "x-y", "fields", "when"])),
                    label="new key")
                target[name] = data.draw(JUNK, label="junk")
            else:
                target.append(data.draw(JUNK, label="junk"))
        elif op == "wrap":
            parent[key] = data.draw(st.sampled_from([[parent[key]], {"value": parent[key]},
                                                     {"value": parent[key], "inferred": "why"}]), label="wrap")
        elif op == "nest":
            depth = data.draw(st.integers(1, 60), label="depth")
            value = parent[key]
            for _ in range(depth):
                value = [value]
            parent[key] = value
        elif op == "rename" and isinstance(parent, dict):
            new = data.draw(st.text(UTF8, min_size=1, max_size=8), label="new name")
            parent[new] = parent.pop(key)


def _dump(tree) -> str:
    # libyaml's emitter (what pnp reads with is libyaml too): ~6x PyYAML's pure-Python one, a fifth of this file's
    # time; and faithful where PyYAML's is not (it writes U+0085 bare inside quotes, which reads back as a space)
    return yaml.dump(tree, Dumper=yaml.CSafeDumper, allow_unicode=True, sort_keys=False, width=200)


DECK_YAML, TEMPLATE_YAML, BACK_YAML = _dump(BASE_DECK), _dump(BASE_TEMPLATE), _dump(BACK_TEMPLATE)


def _write(deck: str, card: str, back: str = None, **files) -> Path:
    folder = Path(_tmp.name) / f"deck{next(_folders)}"
    (folder / "templates").mkdir(parents=True)
    (folder / "deck.yaml").write_text(deck, encoding="utf-8", errors="surrogatepass")
    (folder / "templates" / "fz-card.yaml").write_text(card, encoding="utf-8", errors="surrogatepass")
    (folder / "templates" / "fz-back.yaml").write_text(back or BACK_YAML, encoding="utf-8")
    for name, data in files.items():
        (folder / name).write_bytes(data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass"))
    return folder


_NUMBER = re.compile(rb"(?<![A-Za-z])(nan|inf)(?![A-Za-z])", re.I)


def _build_ends_cleanly(folder: Path, *options) -> None:
    out = folder / "out.pdf"
    before = out.read_bytes() if out.exists() else None      # an earlier example's PDF, in a reused folder
    err, std = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(std):
        # --force: a deck the component check finds incomplete is still built (its report is not an error)
        code = invoke(["build", str(folder), "-o", str(out), "--force", *options])
    text = err.getvalue()
    assert "Traceback" not in text, text
    forced = "pnp: building anyway (--force)\n"
    if forced in text:                  # the check's report comes first; what follows is the build's
        text = text.split(forced, 1)[1]
    assert code in (0, 2), f"exit {code}: {text}"
    assert not temp_files(out), "a temporary file was left behind"
    if code == 2:
        lines = text.strip().splitlines()
        assert 1 <= len(lines) <= MAX_ERRORS, text
        for line in lines:               # one line per error, each naming its file (or the option)
            assert line.startswith("pnp: error: "), text
            assert re.search(r"\.(yaml|md|txt)\b|--\w+", line), f"the error names no file: {text}"
        assert (out.read_bytes() if out.exists() else None) == before, "nothing is written"
    else:
        data = out.read_bytes()
        assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
        reader = pypdf.PdfReader(str(out))
        assert len(reader.pages) >= 1
        for page in reader.pages:        # no number that is not one: a corrupt PDF draws nothing
            assert not _NUMBER.search(page.get_contents().get_data()), "a content stream holds nan or inf"


# The suite's fixed, derandomized budget; PNP_FUZZ_SCALE=N (N > 1): N times as many examples, at random
SCALE = max(1.0, float(os.environ.get("PNP_FUZZ_SCALE") or 1))
FUZZ = settings(max_examples=int(100 * SCALE), derandomize=SCALE == 1, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def test_the_unbroken_deck_builds():
    """The base of every mutation is valid: a failure below is the mutation's doing."""
    folder = _write(DECK_YAML, TEMPLATE_YAML)
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        assert invoke(["build", str(folder), "-o", str(folder / "out.pdf")]) == 0, err.getvalue()
    assert err.getvalue() == ""


@FUZZ
@given(st.data())
def test_broken_deck_gives_one_line_error_or_pdf(data):
    deck = copy.deepcopy(BASE_DECK)
    _mutate(data, deck)
    _build_ends_cleanly(_write(_dump(deck), TEMPLATE_YAML))


@settings(FUZZ, max_examples=int(80 * SCALE))
@given(st.data())
def test_broken_template_gives_one_line_error_or_pdf(data):
    tpl = copy.deepcopy(BASE_TEMPLATE)
    _mutate(data, tpl)
    _build_ends_cleanly(_write(DECK_YAML, _dump(tpl)))


@settings(FUZZ, max_examples=int(80 * SCALE))
@given(st.data())
def test_damaged_yaml_text_gives_one_line_error_or_pdf(data):
    which = data.draw(st.sampled_from(["deck", "template"]), label="file")
    text = _dump(BASE_DECK if which == "deck" else BASE_TEMPLATE)
    for _ in range(data.draw(st.integers(1, 4), label="edits")):
        at = data.draw(st.integers(0, len(text)), label="at")
        kind = data.draw(st.sampled_from(["insert", "delete", "duplicate", "truncate"]), label="edit")
        if kind == "insert":
            bit = data.draw(st.one_of(st.sampled_from(YAML_BITS), st.text(UTF8, max_size=4)), label="bit")
            text = text[:at] + bit + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + data.draw(st.integers(1, 20), label="n"):]
        elif kind == "duplicate":
            line_start = text.rfind("\n", 0, at) + 1
            line_end = text.find("\n", at)
            line = text[line_start:line_end if line_end >= 0 else len(text)]
            text = text[:line_start] + line + "\n" + text[line_start:]
        else:
            text = text[:at]
    deck, card = (text, TEMPLATE_YAML) if which == "deck" else (DECK_YAML, text)
    _build_ends_cleanly(_write(deck, card))


@settings(FUZZ, max_examples=int(30 * SCALE))
@given(n=st.integers(1, 400), size=st.sampled_from(["6pt", "9pt", "40pt", "400pt"]),
       text=st.text(UTF8, max_size=60))
def test_long_and_foreign_text_gives_one_line_error_or_pdf(n, size, text):
    """Card text of any length and script, at any size: it fits, or the card is named."""
    deck = copy.deepcopy(BASE_DECK)
    deck["cards"][0]["text"] = (text + " ") * n
    deck["cards"][1]["title"] = text or "x"
    tpl = copy.deepcopy(BASE_TEMPLATE)
    tpl["regions"][3]["size"] = size
    tpl["regions"][3]["min_size"] = "6pt" if size != "400pt" else "300pt"
    _build_ends_cleanly(_write(_dump(deck), _dump(tpl)))


# -- issue 22: beyond deck.yaml ---------------------------------------------------------------------
# Small, derandomized budgets: the same examples every run (PNP_FUZZ_SCALE for a longer hunt).
MORE = settings(max_examples=int(25 * SCALE), deadline=None, database=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
FIELDS = ["title", "value", "text", "colour", "game", "name", "kind", "part", "copies", "designer", "titel",
          "vaule", "colour-ink", "nope", "x", "_", "text2", "title_game", "subtitle", "label"]
MARKUP_BITS = ["**", "*", " ", "word", "\n", "\n\n", "- ", "# ", "* ", "1. ", "***", "2 * 3", "*a*", "**b**"]
SIZES = ["poker", "bridge", "mini", "tarot", "square", "pokr", "63.5mm x 88.9mm", "88.9mm x 63.5mm",
         {"width": "63.5mm", "height": "88.9mm"}, {"width": "1mm", "height": "2000mm"}, "400mm x 400mm",
         {"width": "nanmm", "height": "1mm"}, "0mm x 0mm", 12]


@MORE
@given(st.data())
def test_template_placeholders_markup_and_sizes_end_cleanly(data):
    """Placeholders naming fields or not, markup balanced or not in templates and cards, and front and
    back sizes that agree or not: a PDF, or errors naming the template's or the deck's line."""
    tpl, back, deck = copy.deepcopy(BASE_TEMPLATE), copy.deepcopy(BACK_TEMPLATE), copy.deepcopy(BASE_DECK)
    for _ in range(data.draw(st.integers(1, 4), label="edits")):
        what = data.draw(st.sampled_from(["placeholder", "markup", "card markup", "size", "back size", "when"]),
                         label="what")
        region = data.draw(st.sampled_from(tpl["regions"]), label="region")
        if what == "placeholder":
            key = data.draw(st.sampled_from(["text", "fill", "colour", "stroke", "src"]), label="key")
            region[key] = "{" + data.draw(st.sampled_from(FIELDS), label="field") + "}"
        elif what == "when":
            region["when"] = "{" + data.draw(st.sampled_from(FIELDS), label="field") + "}"
        elif what == "markup":
            tpl["regions"][3]["text"] = "".join(data.draw(st.lists(st.sampled_from(MARKUP_BITS + ["{text}"]),
                                                                   max_size=8), label="bits"))
        elif what == "card markup":
            deck["cards"][data.draw(st.integers(0, 1), label="card")]["text"] = "".join(
                data.draw(st.lists(st.sampled_from(MARKUP_BITS), min_size=1, max_size=8), label="bits"))
        elif what == "size":
            tpl["size"] = data.draw(st.sampled_from(SIZES), label="size")
        else:
            back["size"] = data.draw(st.sampled_from(SIZES), label="size")
    _build_ends_cleanly(_write(_dump(deck), _dump(tpl), _dump(back)))


RANGES = st.one_of(st.integers(-10**12, 10**30), st.sampled_from(
    ["2-6", "0-4", "6-2", "2-600000000", "1-" + "9" * 40, "2 to 4", "2–4", "-3", "nan", "1e9", "3-3", " 4 ", "",
     "1-20001", "9" * 5000]), st.text(UTF8, max_size=10), st.floats(allow_nan=True, allow_infinity=True))


@MORE
@given(st.data())
def test_component_list_ranges_end_cleanly(data):
    """components.yaml with counts, player counts and value ranges of any size: bounded before anything
    is made of them (a player range of 600 million is refused, not expanded)."""
    comps = {"players": data.draw(RANGES, label="players"), "components": [
        {"name": "Base cards", "where": {"part": "base"}, "count": data.draw(RANGES, label="count")},
        {"name": "Extra cards", "where": {"kind": "card", "part": "extra"}, "count": "1-3",
         "each": {"value": data.draw(RANGES, label="each")}, "times": data.draw(RANGES, label="times")},
        {"name": "Per player", "per_player": data.draw(RANGES, label="per player"),
         "per_players": {data.draw(RANGES, label="span"): data.draw(RANGES, label="need")},
         "players": data.draw(RANGES, label="component players")}]}
    deck = copy.deepcopy(BASE_DECK)
    del deck["components"]
    _build_ends_cleanly(_write(_dump(deck), TEMPLATE_YAML, **{"components.yaml": _dump(comps)}))


CODECS = ["utf-8", "utf-8-sig", "latin-1", "cp1252", "utf-16", "utf-32", "shift_jis", "koi8-r"]


@MORE
@given(text=st.text(UTF8, max_size=120), codec=st.sampled_from(CODECS), noise=st.binary(max_size=6),
       at=st.integers(0, 200), words=st.booleans())
def test_rules_and_word_lists_in_any_encoding_end_cleanly(text, codec, noise, at, words):
    """A rules file (or words.txt, read by the proof) in another encoding, with stray bytes: it builds,
    or one line names the file, the line and the byte where it stops being UTF-8."""
    raw = ("# Rules\n\n" + text).encode(codec, "replace")
    raw = raw[:at] + noise + raw[at:]
    deck = copy.deepcopy(BASE_DECK)
    deck["rules"] = {"file": "rules.md"}
    folder = _write(_dump(deck), TEMPLATE_YAML, **{"rules.md": raw, "words.txt": raw if words else b""})
    _build_ends_cleanly(folder)
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            code = invoke(["proof", str(folder), "-o", str(folder / "proof")])
        except SystemExit as exc:               # status 1: the proof found errors in the text
            code = exc.code
    assert code in (0, 1, 2) and "Traceback" not in err.getvalue() and "internal error" not in err.getvalue()
    if code == 2:
        assert all(ln.startswith("pnp: error: ") and re.search(r"(rules\.md|words\.txt):\d+", ln)
                   for ln in err.getvalue().strip().splitlines()), err.getvalue()


NUMBERS = st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-10**400, 10**400),
                    st.sampled_from(["nan", "-nan", "inf", "-inf", "1e999", "-0", "0x10", "1_000", "", " ",
                                     "1,2", "١", "NaN", "Infinity", "5e-324"]))


@MORE
@given(data=st.data())
def test_command_line_numbers_end_cleanly(data):
    """--offset and --bleed of any number, finite or not, huge or tiny: a valid PDF (no nan or inf drawn)
    or one line naming the option."""
    x, y, bleed = (str(data.draw(NUMBERS, label=n)) for n in ("x", "y", "bleed"))
    options = []
    if data.draw(st.booleans(), label="offset"):
        options += ["--offset", f"{x},{y}"]
    if data.draw(st.booleans(), label="bleed"):
        options += ["--bleed", bleed]
    options += ["--duplex", data.draw(st.sampled_from(["long", "short", "none", "LONG", "sideways"]), label="dx")]
    _build_ends_cleanly(_FIXED, *options)


_FIXED = _write(DECK_YAML, TEMPLATE_YAML)


# -- issue 54: no text crashes pnp ------------------------------------------------------------------
# Characters that are no letter: zero-width and joiners, lone and stacked combining marks, a soft hyphen, a
# byte-order mark, bidi marks and overrides, line and paragraph separators, a tab, emoji, private use, spaces
# of every width; beside letters of several scripts and markup's own signs.
UNUSUAL = ["\u200b", "\u200c", "\u200d", "\u2060", "\u0301", "\u0301\u0308\u0323", "\u00ad", "\ufeff", "\u200e",
           "\u200f", "\u202e", "\u202c", "\u2066", "\u2069", "\u2028", "\u2029", "\t", "\U0001F33E", "\u2764\ufe0f",
           "\ue000", "\U000F0001", " ", "\u00a0", "\u202f", "\u3000", "\u05d0\u05d1", "\u0627\u0644", "\u738b",
           "a", "Word", "**", "*", ":card:", ":", "-", "\n", "\n\n", "1", "{{", "\\"]
ANY_TEXT = st.lists(st.one_of(st.sampled_from(UNUSUAL), UTF8),
                    max_size=8).map("".join)


@settings(MORE, max_examples=int(40 * SCALE))
@given(texts=st.fixed_dictionaries({k: ANY_TEXT for k in ("game", "kind", "title", "text", "rules", "back")}))
def test_any_text_in_any_text_field_builds_or_is_refused_in_one_line(texts):
    """Whatever characters a deck's texts hold (the game's title, a kind's, a card's title and text, a back's
    field, the rules), shaping, bidi, hyphenation, wrapping, the glyph check and drawing end in a PDF or in one
    line a mistake (U+200B alone was a TypeError in layout/shaping.py): never an internal error."""
    deck = copy.deepcopy(BASE_DECK)
    deck["game"]["title"] = texts["game"] or "Fuzz"
    deck["kinds"]["card"]["title"] = texts["kind"] or "Card"
    deck["cards"][0]["title"] = texts["title"] or "One"
    deck["cards"][0]["text"] = texts["text"]
    deck["cards"][1]["back"]["fields"]["game"] = texts["back"]
    deck["rules"]["text"] = "# Rules\n\n" + texts["rules"]
    _build_ends_cleanly(_write(_dump(deck), TEMPLATE_YAML))
