"""A region's `when:` (layout/regions/keys.py, Condition) is one brace, a placeholder or an expression: anything else
is an error at its line, not silently true."""
from __future__ import annotations

from smalldeck import TEMPLATE, deck, errors, run


def test_when_that_is_not_one_brace_is_an_error(tmp_path):
    for when in ('"{value} == 0"', '"{value}{footer}"', "always", '"not {footer}"'):
        folder = deck(tmp_path / when.strip('"').replace(" ", "_").replace("{", "").replace("}", ""),
                      front=TEMPLATE.replace('when: "{footer}"', f"when: {when}"))
        lines = errors(run("build", folder, "-o", tmp_path / "out.pdf")[2])
        assert len(lines) == 1, lines
        assert "templates/front.yaml:6:" in lines[0] and "region foot.when" in lines[0], lines
        assert "is not one brace" in lines[0] and "true on every card" in lines[0], lines
    folder = deck(tmp_path / "spaces", front=TEMPLATE.replace('when: "{footer}"', 'when: " {footer} "'))
    assert run("build", folder, "-o", tmp_path / "out.pdf")[0] == 0
