"""Words inside Bot Factory messages, written in the reader's language.

Choice and event parameters keep plain English ids ("red head", "blue", "assembly", "red+green")
so choice ids, tests and stored logs stay free of any language. :func:`localise` adds the words a
template needs, agreeing in French with the noun they follow:

- a colour parameter (``colour``, ``column``): ``{colour}`` masculine, ``{colour_f}``,
  ``{colour_mp}``, ``{colour_fp}`` (``tête verte``, ``jambes bleues``, ``robots rouges``);
- a part parameter (``part``, ``spare``, ``top``): ``{part}`` bare, ``{the_part}``,
  ``{a_part}`` (``la tête rouge``, ``des jambes universelles``);
- a kind parameter (``kind``, ``a``, ``b``), always a universal part: ``{kind}``, ``{the_kind}``, ``{a_kind}``;
- a board parameter (``board``): ``{board}`` with its article (``le plateau projets``),
  ``{board_name}`` without (``du {board_name}`` needs no article inside);
- a wheel side (``side``: left or right): ``{side}``;
- a price in tokens (``price``): ``{price}``, "free" for 0;
- contract needs (``needs``, colours joined by ``+``): ``{needs}`` as a list of robots;
- an action space (``space`` with the ``space_*`` parameters of
  :meth:`~engine.botfactory.loader.Rules.space_words`): ``{space}`` by what it does, quoted
  ("“pay 1, place up to 3 parts”", « payer 1, poser jusqu’à 3 pièces »): the data's codes (AS3) are
  ids, not words a player was taught;
- a contract (``contract`` with ``needs``): ``{contract}`` by the colours it needs ("red + blue +
  green"), which name each of the 14 tiles once;
- a production tile (``tile`` with its ``tile_effect``): ``{tile}`` by its code and what it does
  ("PT3 (paid bonus)"); a text that says the effect itself passes no ``tile_effect``;
- a solo task tile (``task``, "A" to "D"): ``{task_ask}``, what it asks ("fulfil 3 contracts"), and
  with its count (``n`` of ``need``, ``value`` for task B) ``{progress}``, what it came to ("2 of 3
  contracts fulfilled").

The words live in the catalogue under ``botfactory.word.*``; :data:`WORD_KEYS` lists them all.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.text import Catalog

COLOURS = ("red", "yellow", "blue", "green", "universal")
KINDS = ("head", "torso", "legs")
BOARDS = ("assembly", "parts", "projects", "finance")
FORMS = ("m", "f", "mp", "fp")
ARTICLES = ("bare", "the", "a")
SIDES = ("left", "right")
TASKS = ("A", "B", "C", "D")
TILE_EFFECTS = ("sandra_free", "finance_discount", "paid_benefit", "raise", "overflow", "cheap_universal", "universal")

COLOUR_PARAMS = ("colour", "column")
PART_PARAMS = ("part", "spare", "top")
KIND_PARAMS = ("kind", "a", "b")

WORD_KEYS = frozenset(
    [f"botfactory.word.{c}.{f}" for c in COLOURS for f in FORMS]
    + [f"botfactory.word.{k}.{a}" for k in KINDS for a in ARTICLES]
    + [f"botfactory.word.{b}.{form}" for b in BOARDS for form in ("the", "name")]
    + [f"botfactory.word.robot.{c}" for c in COLOURS[:4]]
    + [f"botfactory.word.side.{side}" for side in SIDES]
    + ["botfactory.word.and", "botfactory.word.price", "botfactory.word.free"]
    + [f"botfactory.word.space_effect.{b}" for b in BOARDS]
    + ["botfactory.word.space", "botfactory.word.space_cost", "botfactory.word.space_gain"]
    + ["botfactory.word.contract", "botfactory.word.plus", "botfactory.word.tile"]
    + [f"botfactory.word.tile_effect.{effect}" for effect in TILE_EFFECTS]
    + [f"botfactory.{kind}.{task}" for kind in ("ask", "reached") for task in TASKS]
)
"""Every word key :func:`localise` reads (the catalogue tests count them as used)."""


def _word(catalog: Catalog, key: str, lang: str, **params: str) -> str:
    return catalog.format(key, params, lang)


def _colour_forms(catalog: Catalog, colour: str, lang: str) -> dict[str, str]:
    return {form: _word(catalog, f"botfactory.word.{colour}.{form}", lang) for form in FORMS}


def _part(catalog: Catalog, colour: str, kind: str, lang: str) -> dict[str, str]:
    forms = _colour_forms(catalog, colour, lang)
    return {a: _word(catalog, f"botfactory.word.{kind}.{a}", lang, **forms) for a in ARTICLES}


def localise(catalog: Catalog, params: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """``params`` with the readable words of every known parameter added (see the module doc)."""
    out = dict(params)
    for name in COLOUR_PARAMS:
        value = params.get(name)
        if isinstance(value, str) and value in COLOURS:
            forms = _colour_forms(catalog, value, lang)
            out[name] = forms["m"]
            out.update({f"{name}_{form}": forms[form] for form in FORMS[1:]})
    for name in PART_PARAMS:
        value = params.get(name)
        if isinstance(value, str) and " " in value:
            colour, kind = value.split(" ", 1)
            if colour in COLOURS and kind in KINDS:
                words = _part(catalog, colour, kind, lang)
                out[name] = words["bare"]
                out[f"the_{name}"] = words["the"]
                out[f"a_{name}"] = words["a"]
    for name in KIND_PARAMS:
        value = params.get(name)
        if isinstance(value, str) and value in KINDS:
            words = _part(catalog, "universal", value, lang)
            out[name] = words["bare"]
            out[f"the_{name}"] = words["the"]
            out[f"a_{name}"] = words["a"]
    board = params.get("board")
    if isinstance(board, str) and board in BOARDS:
        out["board"] = _word(catalog, f"botfactory.word.{board}.the", lang)
        out["board_name"] = _word(catalog, f"botfactory.word.{board}.name", lang)
    side = params.get("side")
    if isinstance(side, str) and side in SIDES:
        out["side"] = _word(catalog, f"botfactory.word.side.{side}", lang)
    price = params.get("price")
    if isinstance(price, int) and not isinstance(price, bool):
        key = "botfactory.word.price" if price else "botfactory.word.free"
        out["price"] = catalog.format(key, {"n": price}, lang)
    needs = params.get("needs")
    if isinstance(needs, str) and needs:
        robots = [_word(catalog, f"botfactory.word.robot.{c}", lang) for c in needs.split("+")]
        joiner = _word(catalog, "botfactory.word.and", lang)
        out["needs"] = robots[0] if len(robots) == 1 else ", ".join(robots[:-1]) + joiner + robots[-1]
        contract = params.get("contract")
        if isinstance(contract, str) and all(c in COLOURS for c in needs.split("+")):
            plus = _word(catalog, "botfactory.word.plus", lang)
            colours = plus.join(_word(catalog, f"botfactory.word.{c}.m", lang) for c in needs.split("+"))
            named = {"contract": contract, "colours": colours}
            out["contract"] = catalog.format("botfactory.word.contract", named, lang)
    tile, effect = params.get("tile"), params.get("tile_effect")
    if isinstance(tile, str) and effect in TILE_EFFECTS:
        what = _word(catalog, f"botfactory.word.tile_effect.{effect}", lang)
        out["tile"] = _word(catalog, "botfactory.word.tile", lang, tile=tile, effect=what)
    task = params.get("task")
    if isinstance(task, str) and task in TASKS:
        out["task_ask"] = catalog.format(f"botfactory.ask.{task}", {}, lang)
        if isinstance(params.get("n"), int) and isinstance(params.get("need"), int):
            out["progress"] = catalog.format(f"botfactory.reached.{task}", params, lang)
    space = _space(catalog, params, lang)
    if space is not None:
        out["space"] = space
    return out


def _space(catalog: Catalog, params: Mapping[str, Any], lang: str) -> str | None:
    """An action space by what it does, when ``params`` say it (events stored before they did show
    the bare code)."""
    name, where = params.get("space"), params.get("space_board")
    amount, cost, gain = (params.get(f"space_{p}") for p in ("amount", "cost", "gain"))
    if not (isinstance(name, str) and where in BOARDS and isinstance(amount, int)):
        return None
    effect = catalog.format(f"botfactory.word.space_effect.{where}", {"n": amount}, lang)
    if isinstance(cost, int) and cost:
        effect = catalog.format("botfactory.word.space_cost", {"n": cost, "effect": effect}, lang)
    elif isinstance(gain, int) and gain:
        effect = catalog.format("botfactory.word.space_gain", {"n": gain, "effect": effect}, lang)
    return catalog.format("botfactory.word.space", {"space": name, "effect": effect}, lang)
