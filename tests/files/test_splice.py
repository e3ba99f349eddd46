"""files/splice.py: a value replaced where it stands, a key or an item added in the smallest YAML that says it,
and every other byte of the file as it was, whatever style the file is written in: flow or block collections,
plain or quoted scalars, comments everywhere, keys in any order, Windows line ends. Hypothesis writes the
templates (two hundred styles, derandomized: the same on every run)."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import PnpError
from generator.files import splice
from generator.files.yamlparse import loads

LENGTH = st.builds(lambda n, u: f"{n}{u}", st.integers(0, 90), st.sampled_from(["mm", "px", "%", "in", "pt"]))
QUOTE = st.sampled_from(["", "'", '"'])
COMMENT = st.sampled_from(["", "   # a comment", "  # box: [1mm, 2mm] # not a value"])
OTHER = st.sampled_from([("type", "text"), ("text", '"{title}: a, b"'), ("fill", "'#2f6b3b'"),
                         ("size", "12pt"), ("when", '"{footer}"'), ("font", "serif")])


def _q(quote: str, value: str) -> str:
    return f"{quote}{value}{quote}"


@st.composite
def templates(draw):
    """(YAML text of a template with one region holding a box, the region's index, the box's items, the line
    ending): the region written flow or block, its box flow (on one line or several) or block, each item plain
    or quoted, other keys before and after it, comments on any line."""
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    items = draw(st.lists(LENGTH, min_size=4, max_size=4))
    quotes = draw(st.lists(QUOTE, min_size=4, max_size=4))
    before = draw(st.lists(OTHER, max_size=3, unique_by=lambda kv: kv[0]))
    after = [kv for kv in draw(st.lists(OTHER, max_size=3, unique_by=lambda kv: kv[0])) if kv not in before]
    after = [kv for kv in after if kv[0] not in {k for k, _ in before}]
    region_style = draw(st.sampled_from(["flow", "block"]))
    box_style = draw(st.sampled_from(["flow", "flow-lines", "block"] if region_style == "block" else
                                     ["flow", "flow-lines"]))
    others = draw(st.integers(0, 2))            # regions before this one
    c = [draw(COMMENT) for _ in range(8)]
    written = [_q(q, v) for q, v in zip(quotes, items)]
    lines = ["# a template" + c[0], "size: poker" + c[1], "regions:" + c[2]]
    for n in range(others):
        lines.append(f"  - {{id: other{n}, type: rect, box: [1mm, 2mm, 3mm, 4mm]}}" + c[3])
    if box_style == "flow":
        box = "[" + ", ".join(written) + "]"
    elif box_style == "flow-lines":
        box = "[" + written[0] + "," + c[4] + nl + "      " + ", ".join(written[1:]) + "]"
    else:
        box = None
    if region_style == "flow":
        keys = [f"{k}: {v}" for k, v in before] + [f"box: {box}"] + [f"{k}: {v}" for k, v in after]
        if draw(st.booleans()):         # its closing brace on a line of its own, after a comment
            lines.append("  - {id: r, " + ", ".join(keys) + c[6] + nl + "    }" + c[5])
        else:
            lines.append("  - {id: r, " + ", ".join(keys) + "}" + c[5])
    else:
        lines.append("  - id: r" + c[5])
        lines += [f"    {k}: {v}" + c[6] for k, v in before]
        if box is not None:
            lines.append(f"    box: {box}" + c[7])
        else:
            lines.append("    box:" + c[7])
            lines += [f"      - {w}" + c[6] for w in written]
        lines += [f"    {k}: {v}" + c[6] for k, v in after]
    lines.append(draw(st.sampled_from(["", "# the end", "  # a comment under the regions"])))
    return nl.join(lines) + nl, others, items


def _outside_same(old: str, new: str, spans) -> None:
    """Every byte of `old` outside `spans` is in `new`, in order, unchanged."""
    at_old = at_new = 0
    for (start, end, _), replacement in spans:
        assert new[at_new:at_new + start - at_old] == old[at_old:start]
        at_new += start - at_old + len(replacement)
        at_old = end
    assert new[at_new:] == old[at_old:]


@settings(max_examples=150, derandomize=True, deadline=None)
@given(templates(), st.lists(st.booleans(), min_size=4, max_size=4), st.data())
def test_replacing_box_items_changes_those_values_and_no_other_byte(doc, which, data):
    text, index, items = doc
    tree = splice.parse(text, "t.yaml")
    region = tree["regions"][index]
    box = region["box"]
    assert list(box) == [int(v) if v.isdigit() else v for v in items] or [str(v) for v in box] == items
    new = [data.draw(LENGTH) if w else None for w in which]
    edits = [(*box.span(i)[:2], splice.quoted(box.span(i)[2], v)) for i, v in enumerate(new) if v is not None]
    after = splice.replaced(text, edits)
    expected = loads(text, "t.yaml")
    expected["regions"][index]["box"][:] = [v if v is not None else old for v, old in zip(new, box)]
    splice.check(after, "t.yaml", expected)
    _outside_same(text, after, [((s, e, None), r) for s, e, r in sorted(edits)])


@settings(max_examples=80, derandomize=True, deadline=None)
@given(templates())
def test_a_key_added_to_a_region_and_a_region_added_to_the_list_parse_as_meant(doc):
    text, index, _ = doc
    tree = splice.parse(text, "t.yaml")
    region = tree["regions"][index]
    added = splice.add_key(text, region, "colour", "ink")
    expected = loads(text, "t.yaml")
    expected["regions"][index]["colour"] = "ink"
    splice.check(added, "t.yaml", expected)
    assert added.startswith(text[:region.span()[0]])        # nothing before the region moved
    grown = splice.add_item(text, tree["regions"], "{id: title, box: [27mm, 6mm, 29.5mm, 9mm]}")
    expected = loads(text, "t.yaml")
    expected["regions"].append({"id": "title", "box": ["27mm", "6mm", "29.5mm", "9mm"]})
    splice.check(grown, "t.yaml", expected)
    nl = splice.newline(text)
    assert all(line.endswith("\r") == (nl == "\r\n") for line in grown.split("\n")[:-1])   # its own line ends


def test_a_flow_list_of_regions_and_an_empty_or_missing_one_take_the_new_region():
    item = "{id: t, box: [1mm, 2mm, 3mm, 4mm]}"
    for text, want in (("regions: [{id: a, type: rect}]  # c\n", "regions: [{id: a, type: rect}, " + item + "]  # c\n"),
                       ("regions: []\n", f"regions: [{item}]\n"),
                       ("regions:   # none yet\nsize: poker\n", f"regions: [{item}]   # none yet\nsize: poker\n")):
        tree = splice.parse(text, "t.yaml")
        got = splice.add_item(text, tree["regions"], item) if tree["regions"] is not None else \
            splice.set_empty(text, tree, "regions", f"[{item}]")
        assert got == want
    assert splice.add_top("extends: card\n# the end", "regions", f"  - {item}\n") == \
        f"extends: card\n# the end\nregions:\n  - {item}\n"


def test_an_edit_that_would_change_another_value_is_refused():
    text = "a: &b [1mm, 2mm]\nc: *b\n"
    tree = splice.parse(text, "t.yaml")
    after = splice.replaced(text, [(*tree["a"].span(0)[:2], "5mm")])
    expected = loads(text, "t.yaml")
    expected["a"][0] = "5mm"
    expected["c"] = ["1mm", "2mm"]
    with pytest.raises(PnpError, match="more than the value meant"):
        splice.check(after, "t.yaml", expected)
    with pytest.raises(PnpError, match="would not parse"):
        splice.check("a: [1mm\n", "t.yaml", {})


def test_quoting_is_kept():
    assert splice.quoted('"', "27mm") == '"27mm"' and splice.quoted("'", "it's") == "'it''s'"
    assert splice.quoted("", "27mm") == "27mm"


def test_a_key_goes_after_the_last_value_not_into_a_comment_before_the_closing_brace():
    text = "regions:\n  - {id: r, box: [1mm, 2mm, 3mm, 4mm]   # a comment\n    }\n"
    tree = splice.parse(text, "t.yaml")
    assert splice.add_key(text, tree["regions"][0], "colour", "ink") == \
        "regions:\n  - {id: r, box: [1mm, 2mm, 3mm, 4mm], colour: ink   # a comment\n    }\n"
    text = "regions: [{id: a},   # first\n  ]\n"
    assert splice.add_item(text, splice.parse(text, "t.yaml")["regions"], "{id: b}") == \
        "regions: [{id: a}, {id: b},   # first\n  ]\n"
