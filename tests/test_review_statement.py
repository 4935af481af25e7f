"""The "Right to review" a determination prints: Wisconsin ch. 68 or the Village's own, New York
Article 78, before the signature, and a Wisconsin village that has not said which is refused."""

from __future__ import annotations

import html as markup
import re
from pathlib import Path

import pytest

from noticeclerk.compose import compose
from noticeclerk.content.casefile import load_case, read_case_header
from noticeclerk.content.notice_types import load_notice
from noticeclerk.content.village import load_village
from noticeclerk.exceptions import ConfigError
from noticeclerk.render import Renderer

ROOT = Path(__file__).resolve().parents[1]


def composed(case_path: Path, workspace: Path | None = None):
    header = read_case_header(case_path)
    village = load_village(header.village, workspace=workspace)
    notice = load_notice(village.slug, header.notice)
    return compose(load_case(case_path, header, notice, village.timezone), notice, village)


def words(html: str) -> str:
    return " ".join(markup.unescape(re.sub(r"<[^>]+>", " ", html)).replace("\xa0", " ").split())


def printed(document) -> str:
    """The document's words as a reader sees them."""
    return words(Renderer().render_composed(document, formats=()).html)


def review_section(document) -> str:
    """The words of the "Right to review" section, which must come before the signature."""
    html = Renderer().render_composed(document, formats=()).html
    block = '<div class="signature" id="signature-block">'
    before_signature = html.split(block)[0]
    assert block in html
    found = re.search(r"<h2>Right to review</h2>(.*)", before_signature, re.S)
    assert found, "no Right to review section before the signature"
    return words(found[1])


def luck_letterhead(tmp_path: Path, text: str) -> None:
    folder = tmp_path / "letterheads" / "luck"
    folder.mkdir(parents=True)
    (folder / "letterhead.toml").write_text(text, encoding="utf-8")
    (folder / "seal.svg").write_bytes((ROOT / "letterheads" / "luck" / "seal.svg").read_bytes())


def test_a_wisconsin_revocation_states_chapter_68_review_before_its_signature():
    document = composed(ROOT / "casebook" / "luck" / "faulty-work-revocation.toml")
    section = review_section(document)
    assert "The Village relies on chapter 68 of the Wisconsin Statutes" in section
    assert "written or oral request to the Director of Public Works within 30 days" in section
    assert "(Wis. Stat. § 68.08)" in section
    assert "certiorari in the circuit court within 30 days of receiving" in section
    assert "(Wis. Stat. § 68.13)" in section
    assert "Article 78" not in section


def test_a_new_york_board_decision_states_article_78_review_before_its_signature():
    document = composed(ROOT / "casebook" / "tuckahoe" / "appeal-decision.toml")
    section = review_section(document)
    assert "review of the Board's decision" in section
    assert "a proceeding under CPLR Article 78" in section
    assert "within four months after it becomes final and binding upon you (CPLR 217(1))" in section
    assert "68.08" not in section


def test_a_denial_whose_ordinance_gives_an_appeal_to_the_board_states_no_other_review():
    document = composed(ROOT / "casebook" / "luck" / "vending-denial.toml")
    text = printed(document)
    assert "Appeal to the Village Board" in text
    assert "Right to review" not in text and "68.08" not in text


def test_a_wisconsin_village_that_has_not_said_whether_chapter_68_applies_is_refused(tmp_path):
    built_in = (ROOT / "letterheads" / "luck" / "letterhead.toml").read_text(encoding="utf-8")
    silent = built_in.replace('chapter_68 = "applies"\n', "")
    assert silent != built_in
    luck_letterhead(tmp_path, silent)
    with pytest.raises(ConfigError) as caught:
        composed(ROOT / "casebook" / "luck" / "faulty-work-revocation.toml", workspace=tmp_path)
    message = str(caught.value)
    assert "key 'review.chapter_68': is missing" in message
    assert "faulty-work-revocation" in message and "§ 68.16" in message


def test_a_village_that_opted_out_of_chapter_68_states_its_own_review_instead(tmp_path):
    built_in = (ROOT / "letterheads" / "luck" / "letterhead.toml").read_text(encoding="utf-8")
    opted_out = built_in.replace(
        'chapter_68 = "applies"\n',
        'chapter_68 = "opted out"\nopted_out_by = "Ordinance No. 2026-4"\n'
        'instead = "you may appeal to the Village Board in writing within 15 days."\n',
    )
    luck_letterhead(tmp_path, opted_out)
    document = composed(ROOT / "casebook" / "luck" / "faulty-work-revocation.toml", tmp_path)
    section = review_section(document)
    assert "§ 68.16 not to be bound by chapter 68" in section
    assert "(Ordinance No. 2026-4)" in section
    assert "you may appeal to the Village Board in writing within 15 days." in section
    assert "68.08" not in section and "68.13" not in section


def palmyra_letterhead(tmp_path: Path, old: str, new: str) -> None:
    folder = tmp_path / "letterheads" / "palmyra"
    folder.mkdir(parents=True)
    text = (ROOT / "letterheads" / "palmyra" / "letterhead.toml").read_text(encoding="utf-8")
    assert old in text
    (folder / "letterhead.toml").write_text(text.replace(old, new), encoding="utf-8")
    (folder / "seal.svg").write_bytes((ROOT / "letterheads" / "palmyra" / "seal.svg").read_bytes())


TREE_DECISION = ROOT / "casebook" / "palmyra" / "tree-appeal-decision.toml"


def test_a_board_decision_after_its_hearing_states_certiorari_within_30_days_as_the_file_says():
    # WI legal reading 2026-12-02, item 8: the Board already heard the appeal under § 8.15(14);
    # a two-step path (a § 68.08 request, then certiorari) risks the appellant missing the 30
    # days of § 68.13. The sample's file treats the hearing as the § 68.11 appeal.
    section = review_section(composed(TREE_DECISION))
    assert (
        "the hearing the Village Board held under § 8.15(14) before this decision is the appeal "
        "of Wis. Stat. § 68.11, and the Village Board's decision is the final determination on "
        "review (Wis. Stat. § 68.12). You may seek review of it by certiorari in the circuit "
        "court within 30 days of receiving it (Wis. Stat. § 68.13)." in section
    )
    assert "§ 68.08" not in section


def test_a_village_whose_attorney_reads_the_hearing_otherwise_states_the_request_first(tmp_path):
    palmyra_letterhead(tmp_path, "hearing_is_appeal = true", "hearing_is_appeal = false")
    section = review_section(composed(TREE_DECISION, tmp_path))
    assert "written or oral request to the Village Board within 30 days" in section
    assert "(Wis. Stat. § 68.08)" in section


def test_a_village_that_has_not_chosen_how_it_reads_the_board_s_hearing_is_refused(tmp_path):
    palmyra_letterhead(tmp_path, "hearing_is_appeal = true", "")
    with pytest.raises(ConfigError, match=r"review\.hearing_is_appeal.*is missing"):
        printed(composed(TREE_DECISION, tmp_path))
