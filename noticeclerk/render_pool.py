"""Many documents, rendered by warm workers on every core, handed back in order as they finish.

INTERFACE FIRST (issue 18): this version renders in the calling process, one document after
another with one Renderer; the pool of worker processes replaces its insides, not its shape.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from noticeclerk.exceptions import NoticeclerkError
from noticeclerk.writing import FORMATS

if TYPE_CHECKING:
    from noticeclerk.compose import Composed
    from noticeclerk.render import Rendered, Renderer


@dataclass(frozen=True)
class CaseOutcome:
    """One case file's result: its rendering, or why it could not be rendered (the error,
    which the caller words; a NotApproved refusal stays a NotApproved)."""

    case: Path
    rendered: Rendered | None
    error: NoticeclerkError | None = None


class RenderPool:
    """Render many documents with Renderers that stay warm (fonts, stylesheet, templates and
    seal loaded once per worker); results come back in the order the work was given.

    Use as a context manager: `with RenderPool(workspace) as pool: ...`.
    `workers=None` means one per core; one worker (or a single document) renders in this
    process, with no pool to start.
    """

    def __init__(self, workspace: Path | None = None, workers: int | None = None) -> None:
        self.workspace = workspace
        self.workers = workers
        self._renderer: Renderer | None = None

    def __enter__(self) -> RenderPool:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self._renderer = None

    def _local(self) -> Renderer:
        if self._renderer is None:
            from noticeclerk.render import Renderer

            self._renderer = Renderer(self.workspace)
        return self._renderer

    def render_cases(
        self, cases: Sequence[Path], formats: tuple[str, ...] = FORMATS
    ) -> Iterator[CaseOutcome]:
        """Each case file rendered (gathered, checked, composed, rendered), in order; a case
        that cannot be rendered yields its error and the others go on."""
        for case in cases:
            try:
                yield CaseOutcome(case, self._local().render(case, formats))
            except NoticeclerkError as error:
                yield CaseOutcome(case, None, error)

    def render_composed(
        self, documents: Sequence[Composed], formats: tuple[str, ...] = FORMATS
    ) -> Iterator[Rendered]:
        """Each composed document (its context already computed) rendered, in order."""
        for composed in documents:
            yield self._local().render_composed(composed, formats)
