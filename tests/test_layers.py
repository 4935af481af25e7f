"""The layers keep to their places: the command line and the desk reach what a clerk does only
through the actions (noticeclerk.actions), never the register's or the dispatchers' writing
functions or a transaction of their own; and the register, storage and queries, never loads
the renderer or anything above it.

Read from the source with `ast`, imports inside functions included (the command line imports
lazily); an import only for type checking is a shape named, not a layer loaded.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "noticeclerk"

# What a clerk does, each done by an action: its writing function below stays behind it.
WRITTEN_BY_AN_ACTION = {
    "noticeclerk.register.cases": {"open_case", "record", "close_case"},
    "noticeclerk.register.parties": {"record_party"},
    "noticeclerk.register.issuing": {"void", "store_planned"},
    "noticeclerk.register.service": {"serve", "record_mail_event"},
    "noticeclerk.register.striking": {"strike_service", "strike_receipt"},
    "noticeclerk.register.payments": {"record_payment"},
    "noticeclerk.register.proof": {"store_proof", "next_proof", "draft_page"},
    "noticeclerk.register.roll": {"import_roll"},
    "noticeclerk.register.database": {"transaction"},
    "noticeclerk.dispatch.mail_batch": {
        "plan_batch",
        "record_batch",
        "accept_batch",
        "cancel_batch",
    },
    "noticeclerk.dispatch.outbox": {"queue_email", "send_with_settings"},
    "noticeclerk.dispatch.publishing": {"prepare", "record_publication"},
    "noticeclerk.archive.keeping": {"add_file", "add_archival_copies", "sign_document"},
    "noticeclerk.archive.retention": {"dispose", "due_for_disposal"},
    "noticeclerk.archive.export": {"export_archive"},
    "noticeclerk.archive.verifying": {"verify_archive"},
}
# What the register must never load: the renderer and the layers above the register.
ABOVE_THE_REGISTER = (
    "noticeclerk.render",
    "noticeclerk.render_pool",
    "noticeclerk.generators",
    "noticeclerk.actions",
    "noticeclerk.cli",
    "noticeclerk.web",
    "weasyprint",
)


def imports(path: Path) -> list[tuple[str, str | None, int]]:
    """Each (module, name imported from it or None, line) the file imports outside an
    `if TYPE_CHECKING:` block."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[str, str | None, int]] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.extend((node.module, alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.Import):
            found.extend((alias.name, None, node.lineno) for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def sources(*folders: str) -> list[Path]:
    return sorted(path for folder in folders for path in (PACKAGE / folder).rglob("*.py"))


@pytest.mark.parametrize("path", sources("cli", "web"), ids=lambda path: path.name)
def test_the_command_line_and_the_desk_act_only_through_the_actions(path):
    reached = [
        f"{path.relative_to(PACKAGE)}:{line} imports {name} from {module}"
        for module, name, line in imports(path)
        if name in WRITTEN_BY_AN_ACTION.get(module, ())
    ]
    assert not reached, "; ".join(reached)


@pytest.mark.parametrize("path", sources("register"), ids=lambda path: path.name)
def test_the_register_never_loads_the_renderer_or_the_layers_above_it(path):
    loaded = [
        f"{path.relative_to(PACKAGE)}:{line} imports {module}"
        for module, _name, line in imports(path)
        if any(module == above or module.startswith(above + ".") for above in ABOVE_THE_REGISTER)
    ]
    assert not loaded, "; ".join(loaded)


def test_the_import_reader_sees_a_lazy_import_and_leaves_out_a_type_checking_one(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from noticeclerk.render import Rendered\n"
        "def f():\n"
        "    from noticeclerk.register.cases import record\n"
    )
    found = {(module, name) for module, name, _line in imports(sample)}
    assert ("noticeclerk.register.cases", "record") in found
    assert ("noticeclerk.render", "Rendered") not in found
