"""Case facts, turned into the amounts a document prints, by the money engine.

A notice definition names its computation (`computation = "..."`); the computation takes the
case (a CaseContext: its facts, events, village and date) and returns the figures the template
prints, so templates never do arithmetic.
Each village's computations live in a module of this package and register themselves.
"""

from __future__ import annotations

import importlib
import pkgutil

from noticeclerk.computations.figures import COMPUTATIONS, CaseContext, Computation

# Import every module here so that each registers its computations.
for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")

__all__ = ["COMPUTATIONS", "CaseContext", "Computation"]
