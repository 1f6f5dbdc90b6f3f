"""What an effect list asks of a seat's tableau, summed up once (track steps by colour,
industry steps, doublers, locos and factories ...): the demand summaries that the
feasibility checks of :mod:`.actions` answer."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from . import tracks

#: effect ops that ask nothing of the tableau (``effects_feasible`` has no check for them)
NO_DEMAND = frozenset({"coins", "vp", "temp_workers", "turn_order"})


class Needs:
    """What an effect list asks for, summed up once (see :func:`.actions._needs`)."""

    __slots__ = ("steps", "industry", "doublers", "loco", "factory", "either", "repeat",
                 "hire", "special_loco", "reuse", "one_colour", "grey_jump", "own_factory", "trivial",
                 "plain_colour", "steps_only", "shape", "colours")

    def __init__(self, effects: Iterable[dict[str, Any]]) -> None:
        effects = list(effects)  # read twice below
        steps: list[tuple[str, int]] = []
        self.industry = self.doublers = self.loco = self.factory = self.either = 0
        self.repeat: list[str] = []
        self.hire = self.special_loco = self.reuse = self.grey_jump = self.own_factory = False
        for op in effects:
            kind = op["op"]
            if kind == "steps":
                steps.append((op["colour"], op["n"]))
            elif kind == "industry":
                self.industry += op["n"]
            elif kind == "doublers":
                self.doublers += op["n"]
            elif kind == "loco":
                self.loco += 1
            elif kind == "factory":
                self.factory += 1
            elif kind == "loco_or_factory":
                self.either += 1
            elif kind == "repeat_one":
                self.repeat = op["options"].split("|")
            elif kind == "hire_engineer":
                self.hire = True
            elif kind == "special_loco":
                self.special_loco = True
            elif kind == "reuse":
                self.reuse = True
            elif kind == "grey_to_black":
                self.grey_jump = True
            elif kind == "use_factory":  # engineer -10 (German Railroads)
                self.own_factory = True
        self.steps = steps
        #: the common case of one single-colour step demand: (colour index, n), else None
        self.one_colour: tuple[int, int] | None = None
        if len(steps) == 1 and steps[0][1] > 0 and len(tracks.colour_set(steps[0][0])) == 1:
            self.one_colour = (tracks.colour_set(steps[0][0])[0], steps[0][1])
        kinds = [op["op"] for op in effects]
        #: nothing to check at all: only ops known to ask nothing (coins, points ...);
        #: an op added later is checked the long way until it is listed there
        self.trivial = all(kind in NO_DEMAND for kind in kinds)
        #: track steps are all it asks for: :func:`effects_feasible` is then
        #: ``tracks.feasible`` of ``steps`` on the base tableau
        self.steps_only = all(kind in NO_DEMAND or kind == "steps" for kind in kinds)
        #: the one demand is ``one_colour``: the commonest board space, answered first
        self.plain_colour = self.one_colour if len(steps) == 1 and self.steps_only else None
        self.shape = self._shape()
        #: the colours the one step of a ``one_step`` demand may take (else empty)
        self.colours = tracks.colour_set(steps[0][0]) if self.shape == "one_step" else ()

    def _shape(self) -> str:
        """Which one kind of demand this is, if only one (:func:`effects_feasible`
        answers those without walking every check): ``trivial``, ``plain`` (steps of
        one colour), ``one_step`` (one step of one of several colours), ``industry``,
        ``doublers``, ``tiles`` (locos and factories), else ``general``."""
        if self.trivial:
            return "trivial"
        if self.plain_colour is not None:
            return "plain"
        if self.repeat or self.hire or self.special_loco or self.reuse or self.grey_jump or self.own_factory:
            return "general"
        tiles = self.loco or self.factory or self.either
        kinds = [kind for kind, present in (("steps", self.steps), ("industry", self.industry),
                                            ("doublers", self.doublers), ("tiles", tiles)) if present]
        if kinds == ["steps"] and len(self.steps) == 1 and self.steps[0][1] == 1:
            return "one_step"
        return kinds[0] if len(kinds) == 1 and kinds[0] != "steps" else "general"
