"""Printing without a duplex printer (--duplex fold, --duplex none) and the spacing options
(--gutter touching, --bleed), read back from the PDF."""
from __future__ import annotations

import pytest

from cli import copy_deck, pnp, pnp_in_process
from pdfcheck import MM, fold_line, leaf_text, page_sizes, placements, sheet_text, squash, words_in

LEAF = 2


@pytest.mark.parametrize("game,paper", [("vasa-regalis", "a4"), ("aqua-regia", "letter"), ("a-royal-will", "a4"),
                                        ("christina-regina", "letter")])
def test_gutter_fold_fronts_and_backs_mirror_about_the_fold(built, game, paper):
    """One single-sided page a sheet: fronts on one half, each back where folding brings it behind its front."""
    out = built(game, "--paper", paper, "--duplex", "fold")
    W, H = page_sizes(out)[0]
    pl = placements(out)
    folds = 0
    for page in range(LEAF, len(pl)):
        if not pl[page]:
            continue
        labels = [t for t, _, _ in sheet_text(out, page)]
        if "gutter-fold" not in " ".join(labels):
            assert "fronts only" in " ".join(labels)       # a piece with no back prints alone (Aqua Regia's board)
            continue
        folds += 1
        x1, y1, x2, y2 = fold_line(out, page)
        across = abs(y1 - y2) < 0.01
        front = [p for p in pl[page] if (p.y > H / 2 if across else p.x + p.w < W / 2)]
        back = [p for p in pl[page] if p not in front]
        assert front and len(back) == len(front)
        for p in front:
            want = (p.x, H - p.y - p.h) if across else (W - p.x - p.w, p.y)
            assert [q for q in back if abs(q.x - want[0]) < 0.01 and abs(q.y - want[1]) < 0.01], \
                f"page {page + 1}: no back mirrored about the fold behind {p.x:.1f},{p.y:.1f}"
            # nothing crosses the fold, and each half keeps clear of it
            x0, y0, x1_, y1_ = p.box
            assert (y0 > H / 2 + 2 * MM) if across else (x1_ < W / 2 - 2 * MM)
    assert folds >= 3


def test_gutter_fold_puts_the_round_summary_behind_rule_card_1(built):
    out = built("vasa-regalis", "--duplex", "fold")
    W, H = page_sizes(out)[0]
    pl = placements(out)
    for page in range(LEAF, len(pl)):
        for p in pl[page]:
            if "Rule Card 1" in words_in(out, page, p):
                behind = [q for q in pl[page] if abs(q.x - p.x) < 0.01 and abs(q.y - (H - p.y - p.h)) < 0.01]
                assert "Round Summary" in words_in(out, page, behind[0])
                text = squash(leaf_text(out, (0,)))
                assert squash("Fold each sheet along its dashed line") in text
                return
    raise AssertionError("no Rule Card 1")


def test_duplex_none_refuses_a_deck_whose_backs_carry_text(tmp_path):
    out = tmp_path / "x.pdf"
    proc = pnp_in_process("build", "christina-regina", "--duplex", "none", "-o", out)
    assert proc.returncode == 2 and not out.exists()
    err = proc.stderr.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert "backs carry text" in err and "Rule card 1" in err and "Blue Copper court" in err
    assert "--duplex fold" in err and "--drop-backs" in err


def test_duplex_none_prints_fronts_of_a_deck_whose_backs_are_plain(tmp_path):
    """A deck whose backs all show the same game name loses nothing: fronts only, no option needed."""
    deck = copy_deck("vasa-regalis", tmp_path)
    y = deck / "deck.yaml"
    text = y.read_text()
    start = text.index("    back:\n      template: rule")
    end = text.index("\n  - ", start)
    y.write_text(text[:start] + text[end:])
    out = tmp_path / "fronts.pdf"
    pnp_in_process("build", deck, "--duplex", "none", "-o", out, check=True)
    pl = placements(out)
    sheets = [i for i in range(LEAF, len(pl)) if pl[i]]             # the rule pages follow the sheets
    assert [len(pl[i]) for i in sheets] == [9, 9, 9, 6] and sheets == list(range(LEAF, LEAF + 4))
    assert all("fronts only" in " ".join(t for t, _, _ in sheet_text(out, i)) for i in sheets)


def test_touching_layout_and_bleed_stay_available(tmp_path, built):
    # (the bleed build is test_vasa_regalis.py's, shared)
    touching, bleed = built("vasa-regalis", "--gutter", "touching"), built("vasa-regalis", "--bleed", "3")
    first = placements(touching)[LEAF]
    xs = sorted({round(p.x, 2) for p in first})
    assert abs(xs[1] - xs[0] - 63.5 * MM) < 0.01                     # side by side, one cut between
    assert all(max(p.shown) < 0.01 for p in first)
    first = placements(bleed)[LEAF]
    assert all(abs(p.bleed - 3 * MM) < 0.01 and min(p.shown) >= 3 * MM - 0.01 for p in first)
    xs = sorted({round(p.x, 2) for p in first})
    assert xs[1] - xs[0] - 63.5 * MM >= 6 * MM - 0.01                # the gutter holds both bleeds
    proc = pnp_in_process("build", "vasa-regalis", "--bleed", "1", "--gutter", "touching", "-o", tmp_path / "x.pdf")
    assert proc.returncode == 2 and "--gutter touching" in proc.stderr


def test_same_input_same_bytes_for_every_mode(tmp_path, built):
    """A build (the shared one, made with its test process's cache) and a build in a fresh process without any
    cache: the same bytes, in each mode."""
    from pdfcheck import same_bytes
    for args in (["--duplex", "fold"], ["--paper", "letter", "--duplex", "short"]):
        a, b = built("a-royal-will", *args), tmp_path / "b.pdf"
        pnp("build", "a-royal-will", *args, "-o", b, check=True, env={"PNP_CACHE": "off"})
        same_bytes(a.read_bytes(), b.read_bytes(), " ".join(args))
