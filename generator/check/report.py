"""The check's report as text (for people) or JSON (for tools).

Not here: what the check finds (result.py) or how (engine.py).
"""
from __future__ import annotations

STATUS = {"ok": "ok", "fault": "FAULT", "left out": "left out", "not printed": "not printed"}
WIDTH = 12


def _players(result) -> str:
    if result.players is not None:
        return f"{result.players} players" + (f" (the game: {result.player_range})" if result.player_range else "")
    if result.player_range is None:
        return "players: not given"
    text = f"{result.player_range} players"
    if result.left_out and result.supported != list(result.player_range.numbers()):
        served = _runs(result.supported)
        text += f"; this build serves {served or 'no player count'}"
    return text


def _runs(numbers) -> str:
    runs, start, prev = [], None, None
    for n in numbers:
        if start is None:
            start = prev = n
        elif n == prev + 1:
            prev = n
        else:
            runs.append((start, prev))
            start = prev = n
    if start is not None:
        runs.append((start, prev))
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)


def report_text(result) -> str:
    head = f"{result.game}: component check"
    if result.file:
        head += f" against {result.file}"
    lines = [head]
    where = _players(result)
    if result.left_out:
        where += "; left out: " + ", ".join(result.left_out)
    lines.append(where)
    if result.seed:
        lines.append(f"seed: {result.seed}")
    for w in result.warnings:
        lines.append(f"  {'warning':{WIDTH}}{w}")
    for o in result.components:
        status = STATUS.get(o.status, o.status)
        expected = "; ".join(o.expected)
        if o.status == "ok":
            lines.append(f"  {status:{WIDTH}}{o.name}: {expected}")
        elif o.status in ("left out", "not printed"):
            lines.append(f"  {status:{WIDTH}}{o.name}: {'; '.join(o.expected + o.found)}")
        else:
            lines.append(f"  {status:{WIDTH}}{o.name}" + (f" (line {o.line})" if o.line else ""))
            if expected:
                lines.append(f"  {'':{WIDTH}}  expected: {expected}")
            if o.found:
                lines.append(f"  {'':{WIDTH}}  found:    {'; '.join(o.found)}")
            for p in o.problems:
                lines.append(f"  {'':{WIDTH}}  {p.message}")
        for w in o.warnings:
            lines.append(f"  {'warning':{WIDTH}}{o.name}: {w}")
        if o.note and o.status != "ok":
            lines.append(f"  {'':{WIDTH}}  note: {o.note}")
    checked = sum(1 for o in result.components if o.status in ("ok", "fault"))
    warns = result.warning_count
    tail = f"{checked} checked, {plural(result.faults, 'fault')}, {plural(warns, 'warning')}"
    if result.ok:
        lines.append(f"complete: {tail}")
    else:
        bad = sum(1 for o in result.components if o.problems)
        lines.append(f"INCOMPLETE: {tail} (in {plural(bad, 'component')})")
    return "\n".join(lines)


def plural(n, word) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def report_json(result) -> str:
    import json  # lazy: +1.4 ms to import; only a JSON report needs it, and a build loads none (tests/test_startup.py)
    return json.dumps(result.as_dict(), ensure_ascii=False, indent=2)
