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
