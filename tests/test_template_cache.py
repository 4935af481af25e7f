"""Templates are compiled once per process whichever environment asks, and compiled again when
their source changes: an office that edits its template sees the edit in the next document."""

from __future__ import annotations

from noticeclerk.generators.html import _COMPILED, make_environment


def test_an_edited_template_is_compiled_again_and_an_unchanged_one_is_not(tmp_path):
    templates = tmp_path / "templates"
    templates.mkdir()
    page = templates / "probe.html.j2"
    page.write_text("first {{ word }}", encoding="utf-8")
    first = make_environment(tmp_path).get_template("probe.html.j2").render(word="x")
    kept = len(_COMPILED.kept)
    assert kept >= 1  # the probe's compiled code is kept
    again = make_environment(tmp_path).get_template("probe.html.j2").render(word="y")
    assert (first, again) == ("first x", "first y")
    assert len(_COMPILED.kept) == kept  # a second environment compiled nothing more
    page.write_text("second {{ word }}", encoding="utf-8")
    assert make_environment(tmp_path).get_template("probe.html.j2").render(word="z") == "second z"
    # The same entry, replaced: an office editing a template does not grow the cache.
    assert len(_COMPILED.kept) == kept
