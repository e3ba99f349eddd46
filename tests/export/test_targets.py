"""Issue 56: a shop is its data file and one entry in a table of export targets (generator/export/targets.py): the
command's choices, help and option checks, the shops' files, the safe zones' names and each target's record come
from it, and every shop's file has the same form."""
from __future__ import annotations

import pytest

from cli import ROOT, pnp_in_process

from generator.export.targets import OPTIONS, TARGETS, takes

COMMON = {"id", "name", "dpi", "bleed", "safe", "safe_zone", "kinds", "prints", "products"}
PRINT_SHOP = {"order", "copies", "cmyk", "ink_limit", "condition", "condition_source"}


def test_the_command_offers_every_target_of_the_table_and_says_what_each_writes():
    out = pnp_in_process("export", "--help", check=True).stdout
    flat = " ".join(out.split())
    for t in TARGETS.values():
        assert f"{t.name}: {' '.join(t.help.split())}" in flat
    assert "|".join(TARGETS) in flat.replace(", ", "|") or all(name in flat for name in TARGETS)


@pytest.mark.parametrize("option", sorted(OPTIONS))
def test_each_option_is_refused_where_the_table_says_it_is_not_taken(option, tmp_path):
    value = {"hand": "1", "dpi": "300", "jobs": "2", "base_url": "https://example.org/x", "order": "paired",
             "bleed": "3", "cmyk": None, "ink_limit": "200", "condition": "swop"}[option]
    wrong = next(name for name in TARGETS if name not in takes(option) and not (name == "pdf" and option in (
        "ink_limit", "condition")))
    args = ["export", "vasa-regalis", "--to", wrong, OPTIONS[option]] + ([value] if value is not None else [])
    proc = pnp_in_process(*args, "-o", tmp_path / "out")
    assert proc.returncode == 2
    assert f"{OPTIONS[option]} is for --to {' or '.join(takes(option))}" in proc.stderr, proc.stderr
    assert not (tmp_path / "out").exists()


def test_every_shop_file_has_one_form_and_its_table_entry():
    from generator.export.shops import FILES, shop
    assert FILES == {t.shop: t.data for t in TARGETS.values() if t.shop}
    for t in TARGETS.values():
        if not t.shop or t.shop == "tts":
            continue
        s = shop(t.shop)
        assert (ROOT / "layouts" / t.data).is_file()
        assert COMMON <= set(s.data), (t.shop, COMMON - set(s.data))
        if t.kind == "pdf":
            assert PRINT_SHOP <= set(s.data), (t.shop, PRINT_SHOP - set(s.data))
        assert s.zone_name.startswith(s.possessive) and "safe" in s.zone_name
    records = [t.record for t in TARGETS.values()]
    assert len(set(records)) == len(records) and all(r.startswith(".") for r in records)


def test_the_command_names_no_shop():
    """The command's code holds no shop's or target's name (its help may): a new shop changes nothing there."""
    import ast
    tree = ast.parse((ROOT / "generator" / "commands" / "export.py").read_text(encoding="utf-8"))
    said = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg in ("help", "default"):
            said |= {id(n) for n in ast.walk(node.value)}
        elif isinstance(node, (ast.FunctionDef, ast.Module)) and ast.get_docstring(node):
            said.add(id(node.body[0].value))
    kinds = {t.kind for t in TARGETS.values()}          # what the command dispatches on (pdf, tts ... are kinds too)
    names = (set(TARGETS) | {t.shop for t in TARGETS.values()} | {"DriveThruCards", "MakePlayingCards",
                                                                     "The Game Crafter"}) - kinds - {""}
    found = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
             and id(n) not in said and n.value in names]
    assert not found, found
