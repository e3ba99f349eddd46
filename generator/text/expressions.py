"""Expressions in a template's braces: "{'High' if value > 2 else 'Low'} x{value * 2}", parsed once a text and
evaluated for each card with simpleeval (never eval), narrowed to what a card needs.

A value as written is split into literal text and braces (`Pattern`, kept by its text: `compiled`); a brace is a
plain placeholder (`{title}`: a name, hyphens allowed) or an expression over the card's fields: numbers, 'text',
+ - * / // %, comparisons, and/or/not, `A if C else B`, and FUNCTIONS. `{{` and `}}` are a literal brace.
The functions over the whole deck (DECKWIDE: count, sum, lookup, icons) are evaluated by what a card's values
hold under a name no field can have (CARDS, ICONS: text/deckwide.py's Deckwide), which a brace calling one reads as
it reads a field, so that what is kept of a face is kept under the deck's facts too; the arguments of count() and
sum() are read on every card of the deck, not on the card the brace is evaluated for (Brace.deck_names).
What an expression may not do is refused when it is parsed (at the template's line): attribute access,
subscripts, keyword arguments, `**`, lambdas, assignment, any function not in FUNCTIONS (or given too few or too
many arguments: USAGE). Evaluated, a field whose value looks like a number ("3", "-2.5") is that number; ordering
text against a number, dividing by zero, a text over MAX_TEXT characters or a number past MAX_NUMBER is an
ExpressionError, which the layout names with its template's line, its key and its card.
Not here: which keys take braces and how a result is read as a key's value (layout/regions/percard.py),
where the plain {field} names are checked against the deck (layout/validate.py).
"""
from __future__ import annotations

import ast
import math
import operator
import re
import threading
from functools import lru_cache

from simpleeval import InvalidExpression, SimpleEval

from ..records import Record
from ..errors import PnpError, known_list, suggest

MAX_TEXT = 5000                     # characters an expression may make
MAX_NUMBER = 1e12                   # the largest number (either sign) an expression may make (deck/values.py's)
MAX_EXPRESSION = 1000               # characters inside one brace
NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_\-]*$")          # a plain placeholder: {title}, {value-top}
NUMBER = re.compile(r"^\s*[-+]?(?:\d+(?:\.\d*)?|\.\d+)\s*$")    # a field's text that is read as a number


class ExpressionError(PnpError):
    """A mistake in or while evaluating one brace: what went wrong, and the brace as written ("{value / 0}").
    A PnpError, so one that no caller places is still one line; the layout places it (file, line, key, card)."""

    def __init__(self, message: str, brace: str = "", hint: str | None = None):
        super().__init__(message, hint=hint)
        self.brace = brace


class Brace(Record):
    text: str               # as written, braces and all: "{value * 2}"
    name: str | None        # a plain placeholder's name
    tree: object = None     # an expression's parsed form
    names: tuple = ()       # the fields it reads (CARDS, ICONS: the deck's facts, for a function over the deck)
    results: dict | None = None     # an expression's results by the values of its names (a pure function of them)
    deck_names: tuple = ()  # the fields count() and sum() read on every card of the deck


class Pattern(Record):
    parts: tuple            # str (literal text) and Brace, in order
    names: tuple            # every field any brace reads, in order, once each
    plain: bool             # only literal text and {name} placeholders (what fill did before expressions)

    @property
    def whole(self) -> Brace | None:
        """The one brace that is the whole value ("{14 + value}"), or None."""
        return self.parts[0] if len(self.parts) == 1 and isinstance(self.parts[0], Brace) else None

    @property
    def braces(self) -> bool:
        return any(isinstance(p, Brace) for p in self.parts)


def _number(text: str):
    return int(text) if re.fullmatch(r"\s*[-+]?\d+\s*", text) else float(text)


def as_value(v):
    """A field's value as an expression sees it: a number stays one, text that looks like a number is that
    number, None is empty text, anything else its text."""
    if v is None:
        return ""
    if isinstance(v, (bool, int, float)):
        return v
    v = str(v)
    return _number(v) if NUMBER.match(v) else v


def shown(v) -> str:
    """A result as it is printed: 2.0 as 2, 0.1 + 0.2 as 0.3 (at most 6 decimals), true/false, None empty."""
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        if v.is_integer():
            return str(int(v))
        return f"{v:.6f}".rstrip("0").rstrip(".")
    return str(v)


def said(v) -> str:
    """A value in a message: text quoted, a number as shown."""
    return repr(v) if isinstance(v, str) else shown(v)


def _what(v) -> str:
    return "text" if isinstance(v, str) else "a number"


def checked(v):
    if isinstance(v, str) and len(v) > MAX_TEXT:
        raise ExpressionError(f"it makes a text of {len(v)} characters; the limit is {MAX_TEXT}")
    if isinstance(v, (int, float)) and not isinstance(v, bool) and (
            (isinstance(v, float) and not math.isfinite(v)) or abs(v) > MAX_NUMBER):
        raise ExpressionError(f"it makes a number past {MAX_NUMBER:g}")
    return v


def _arith(sym: str, fn):
    def apply(a, b):
        if sym == "*" and isinstance(a, str) != isinstance(b, str):         # 'x' * 3: repetition, bounded
            text, times = (a, b) if isinstance(a, str) else (b, a)
            if isinstance(times, float) and times.is_integer():
                times = int(times)
            if not isinstance(times, int) or isinstance(times, bool):
                raise ExpressionError(f"text is repeated a whole number of times, not {shown(times)}")
            if len(text) * times > MAX_TEXT:
                raise ExpressionError(f"'{text}' * {times} makes a text of {len(text) * times} characters; the "
                                      f"limit is {MAX_TEXT}")
            return text * max(times, 0)
        if sym == "+" and isinstance(a, str) and isinstance(b, str):
            return checked(a + b)
        if isinstance(a, str) or isinstance(b, str):
            hint = "str(x) makes a number text, to join with +" if sym == "+" else None
            raise ExpressionError(f"{said(a)} {sym} {said(b)}: {_what(a)} and {_what(b)} cannot be "
                                  f"{_VERB[sym]}", hint=hint)
        try:
            return checked(fn(a, b))
        except ZeroDivisionError:
            raise ExpressionError(f"{shown(a)} {sym} {shown(b)}: division by zero") from None
    return apply


_VERB = {"+": "added", "-": "subtracted", "*": "multiplied", "/": "divided", "//": "divided", "%": "divided"}


def _same(a, b):
    """Text that looks like a number is that number when set against a number ('3' == 3)."""
    if isinstance(a, str) and isinstance(b, (int, float)) and NUMBER.match(a):
        a = _number(a)
    elif isinstance(b, str) and isinstance(a, (int, float)) and NUMBER.match(b):
        b = _number(b)
    return a, b


def _compare(sym: str, fn, ordered: bool):
    def apply(a, b):
        a, b = _same(a, b)
        if ordered and isinstance(a, str) != isinstance(b, str):
            raise ExpressionError(f"{said(a)} {sym} {said(b)}: text compared with a number",
                                  hint="a field that is sometimes text and sometimes a number can be tested with "
                                       "== first")
        return fn(a, b)
    return apply


def _contains(a, b):
    if not isinstance(a, str) or not isinstance(b, str):
        raise ExpressionError(f"{said(a)} in {said(b)}: 'in' looks for text in text")
    return a in b


OPERATORS = {
    ast.Add: _arith("+", operator.add), ast.Sub: _arith("-", operator.sub), ast.Mult: _arith("*", operator.mul),
    ast.Div: _arith("/", operator.truediv), ast.FloorDiv: _arith("//", operator.floordiv),
    ast.Mod: _arith("%", operator.mod),
    ast.Eq: _compare("==", operator.eq, False), ast.NotEq: _compare("!=", operator.ne, False),
    ast.Lt: _compare("<", operator.lt, True), ast.LtE: _compare("<=", operator.le, True),
    ast.Gt: _compare(">", operator.gt, True), ast.GtE: _compare(">=", operator.ge, True),
    ast.In: _contains, ast.NotIn: lambda a, b: not _contains(a, b),
    ast.Not: operator.not_, ast.USub: lambda a: -_number_only(a, "-"), ast.UAdd: lambda a: _number_only(a, "+"),
}


def _number_only(v, op: str):
    if isinstance(v, str):
        raise ExpressionError(f"{op}{v!r}: a sign goes before a number, not text")
    return v


def _numeric(name: str, v):
    if isinstance(v, str):
        if NUMBER.match(v):
            return _number(v)
        raise ExpressionError(f"{name}() takes numbers, found {v!r}")
    return v


def _round(x, digits=0):
    x = _numeric("round", x)
    if not isinstance(digits, int) or not 0 <= digits <= 6:
        raise ExpressionError("round(x, digits) rounds to 0 to 6 digits")
    return int(round(x)) if digits == 0 else round(x, digits)


def _extreme(name: str, fn):
    return lambda *xs: fn([_numeric(name, x) for x in xs])      # (at least one: USAGE)


def _plural(n, word, words=None):
    n = _numeric("plural", n)
    return str(word) if n == 1 else (str(words) if words is not None else f"{word}s")


def _join(sep, *items):
    return checked(str(sep).join(shown(i) for i in items if shown(i) != ""))


CARDS, ICONS = "*cards", "*icons"       # a card's values' names for the deck's facts (no field has such a name)
# the functions over the deck: what each reads of it (text/deckwide.py evaluates them)
DECKWIDE = {"count": CARDS, "sum": CARDS, "lookup": CARDS, "icons": ICONS}
OVER_CARDS = ("count", "sum")           # their arguments are read on each card of the deck


def _deckwide(name: str):
    def apply(*_):
        raise ExpressionError(f"{name}() reads the whole deck: it is for a card's template, not here")
    return apply


# the functions an expression may call, each one line in docs/deck-format.md ("Expressions")
FUNCTIONS = {
    "upper": lambda s: shown(s).upper(), "lower": lambda s: shown(s).lower(), "title": lambda s: shown(s).title(),
    "len": lambda s: len(shown(s)), "str": shown, "int": lambda v: int(_numeric("int", v)),
    "num": lambda v: _numeric("num", v), "min": _extreme("min", min), "max": _extreme("max", max),
    "abs": lambda x: abs(_numeric("abs", x)), "round": _round, "plural": _plural, "join": _join,
    **{name: _deckwide(name) for name in DECKWIDE},
}

# each function's fewest and most arguments (None: any number), and how it is written
USAGE = {**{n: (1, 1, f"{n}(x)") for n in ("upper", "lower", "title", "len", "str", "int", "num", "abs", "icons")},
         **{n: (1, None, f"{n}(a, b, ...)") for n in ("min", "max")}, "round": (1, 2, "round(x) or round(x, digits)"),
         "plural": (2, 3, "plural(n, 'coin') or plural(n, 'die', 'dice')"), "join": (1, None, "join(', ', a, b, ...)"),
         "count": (0, 1, "count() or count(condition)"), "sum": (1, 2, "sum(value) or sum(value, condition)"),
         "lookup": (3, 3, "lookup(table, key, field)")}

_ALLOWED = (ast.Expr, ast.Name, ast.Load, ast.Constant, ast.UnaryOp, ast.BinOp, ast.BoolOp, ast.Compare, ast.IfExp,
            ast.Call, ast.And, ast.Or) + tuple(OPERATORS)
_SAID = {ast.Attribute: "attribute access (x.y)", ast.Subscript: "subscripts (x[0])", ast.Pow: "powers (**)",
         ast.Lambda: "lambdas", ast.NamedExpr: "assignment (:=)", ast.JoinedStr: "f-strings",
         ast.List: "lists", ast.Tuple: "tuples", ast.Dict: "mappings", ast.Set: "sets",
         ast.keyword: "keyword arguments", ast.Starred: "* arguments"}


def _parse(source: str, brace: str) -> Brace:
    """One brace's expression, parsed and held to what an expression may hold; the fields it reads."""
    if len(source) > MAX_EXPRESSION:
        raise ExpressionError(f"an expression of {len(source)} characters; the limit is {MAX_EXPRESSION}", brace)
    try:
        body = ast.parse(source.strip()).body
    except SyntaxError as exc:
        raise ExpressionError(f"{brace} is not an expression pnp can read ({exc.msg})", brace,
                              hint="see docs/deck-format.md, Expressions") from None
    if len(body) != 1 or not isinstance(body[0], ast.Expr):
        raise ExpressionError(f"{brace} is not one expression", brace, hint="see docs/deck-format.md, Expressions")
    tree = body[0]
    for node in ast.walk(tree):
        if not isinstance(node, _ALLOWED):
            what = _SAID.get(type(node), type(node).__name__)
            raise ExpressionError(f"{brace}: an expression may not use {what}", brace,
                                  hint="see docs/deck-format.md, Expressions")
        if isinstance(node, ast.Constant) and (isinstance(node.value, (complex, bytes)) or node.value is None
                                               or node.value is Ellipsis):
            raise ExpressionError(f"{brace}: {node.value!r} is not a number or a text", brace)
        if isinstance(node, ast.Call):
            if not isinstance(node.func, ast.Name):
                what = "attribute access (x.y)" if isinstance(node.func, ast.Attribute) else \
                    "a call of anything but a function by its name"
                raise ExpressionError(f"{brace}: an expression may not use {what}", brace,
                                      hint=f"functions: {', '.join(FUNCTIONS)}")
            if node.func.id not in FUNCTIONS:
                raise ExpressionError(f"{brace}: unknown function '{node.func.id}'", brace,
                                      hint=suggest(node.func.id, FUNCTIONS) or known_list(FUNCTIONS))
            (low, high, written), given = USAGE[node.func.id], len(node.args)
            if not low <= given <= (given if high is None else high):      # (Python's TypeError on each card)
                raise ExpressionError(f"{brace}: {node.func.id}() is given {given} argument{'s' if given != 1 else ''}"
                                      f", and is written {written}", brace)
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)]
    callees = {id(n.func) for n in calls}
    over = {id(n) for c in calls if c.func.id in OVER_CARDS for a in c.args for n in ast.walk(a)}
    named = sorted((n for n in ast.walk(tree) if isinstance(n, ast.Name) and id(n) not in callees
                    and n.id not in ("True", "False")), key=lambda n: n.col_offset)
    fields = [n.id for n in named if id(n) not in over]
    fields += [DECKWIDE[c.func.id] for c in calls if c.func.id in DECKWIDE]
    deck_names = tuple(dict.fromkeys(n.id for n in named if id(n) in over))
    return Brace(brace, None, tree, tuple(dict.fromkeys(fields)), {}, deck_names)


def _split(text: str) -> list:
    """Literal text and the braces' inner text: ["x", ("value * 2", "{value * 2}"), ...]."""
    out, lit, i, n = [], [], 0, len(text)
    while i < n:
        c = text[i]
        if c in "{}" and i + 1 < n and text[i + 1] == c:        # {{ and }}: a brace meant literally
            lit.append(c)
            i += 2
            continue
        if c != "{":
            lit.append(c)
            i += 1
            continue
        j, quote = i + 1, None
        while j < n and (quote or text[j] != "}"):
            if quote and text[j] == "\\":
                j += 1
            elif text[j] in "'\"":
                quote = None if quote == text[j] else (quote or text[j])
            j += 1
        if j >= n:
            raise ExpressionError(f"a brace is opened and not closed in {text!r}", text[i:],
                                  hint="write {{ for a brace meant literally")
        if lit:
            out.append("".join(lit))
            lit = []
        out.append((text[i + 1:j], text[i:j + 1]))
        i = j + 1
    if lit:
        out.append("".join(lit))
    return out


@lru_cache(maxsize=4096)        # parsed once a text, whichever deck writes it: a pure function of its text
def compiled(text: str) -> Pattern:
    """A value as written, split and every expression in it parsed (ExpressionError at the first mistake)."""
    parts, names, plain = [], [], True
    for p in _split(text):
        if isinstance(p, str):
            parts.append(p)
            continue
        inner, brace = p
        if NAME.match(inner):
            b = Brace(brace, inner, None, (inner,))
        else:
            b = _parse(inner, brace)
            plain = False
        parts.append(b)
        names.extend(n for n in b.names if n not in names)
    if "{{" in text or "}}" in text:
        plain = False
    return Pattern(tuple(parts), tuple(names), plain)


class _Evaluator(SimpleEval):
    """simpleeval with pnp's operators and functions and none of its own; names are the card's values (set for
    each evaluation: `values`)."""

    def __init__(self):
        super().__init__(operators=OPERATORS, functions=FUNCTIONS, names={})
        self.values: dict = {}
        for node in (ast.Attribute, ast.Subscript, ast.JoinedStr, ast.FormattedValue, ast.Assign, ast.AugAssign,
                     ast.Import, ast.keyword, ast.Slice):
            self.nodes.pop(node, None)

    def _eval(self, node):          # every value is a number, a text or a flag: none to hold back
        try:
            handler = self.nodes[type(node)]
        except KeyError:
            raise ExpressionError(f"{type(node).__name__} is not available in an expression") from None
        return handler(node)

    def _eval_name(self, node):
        if node.id in ("True", "False"):
            return node.id == "True"
        return as_value(self.values.get(node.id))

    def _eval_call(self, node):
        reads = DECKWIDE.get(node.func.id)
        if reads is None:
            return super()._eval_call(node)
        facts = self.values.get(reads)
        if facts is None:           # (values made without the deck: a kind's name pattern)
            return FUNCTIONS[node.func.id]()
        return facts.call(node.func.id, node, self)

    def evaluated_with(self, values: dict, node):
        """`node` evaluated on other values (another card's: count(), sum()), this evaluation's put back after."""
        mine, self.values = self.values, values
        try:
            return self._eval(node)
        finally:
            self.values = mine


# one evaluator a thread, made once: simpleeval's set-up costs more than evaluating a card's expression. It keeps
# nothing between evaluations (its values are set for each) and no deck's state.
_made = threading.local()


def evaluate(brace: Brace, values: dict):
    """One brace's value for a card: a plain placeholder's text, or its expression's result."""
    if brace.name is not None:
        v = values.get(brace.name)
        return "" if v is None else v
    key = tuple((type(v), v) for v in map(values.get, brace.names))       # (1 and True are one key without it)
    found = brace.results.get(key, _NONE)
    if found is not _NONE:
        return found
    result = _evaluated(brace, values)
    if len(brace.results) < MAX_KEPT:
        brace.results[key] = result
    return result


_NONE = object()
MAX_KEPT = 2048                     # results kept for one expression


def _evaluated(brace: Brace, values: dict):
    ev = getattr(_made, "evaluator", None)
    if ev is None:
        ev = _made.evaluator = _Evaluator()
    ev.values, ev.expr = values, brace.text
    try:
        return checked(ev._eval(brace.tree))
    except ExpressionError as exc:
        exc.brace = brace.text          # (its own class kept: deckwide.IconError names the field it read)
        raise
    except InvalidExpression as exc:
        raise ExpressionError(str(exc), brace.text) from None
    except (TypeError, ValueError, OverflowError) as exc:
        raise ExpressionError(f"{brace.text}: {exc}", brace.text) from None
    finally:
        ev.values = {}


def fill(pattern: Pattern, values: dict) -> str:
    """The pattern's text for a card: literal text, and each brace's value as shown()."""
    out = []
    for p in pattern.parts:
        out.append(p if isinstance(p, str) else shown(evaluate(p, values)))
    return checked("".join(out)) if not pattern.plain else "".join(out)


def truthy(v) -> bool:
    """A condition's result: true, a number not 0, a text not empty (spaces aside)."""
    if isinstance(v, str):
        return bool(v.strip())
    return bool(v)
