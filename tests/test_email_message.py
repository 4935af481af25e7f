"""The email the outbox sends: headers checked before anything is built, the cover in plain
text and HTML, the document attached, bytes an SMTP server takes."""

from __future__ import annotations

import email
import email.policy
import re
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from noticeclerk.dispatch.email_message import (
    Attachment,
    Letter,
    Sender,
    build_message,
    check_address,
    check_header,
    message_id,
)
from noticeclerk.exceptions import InputError

PDF = b"%PDF-1.7\n" + bytes(range(256)) * 40
DOCX = b"PK\x03\x04" + b"\x00\xff" * 500
DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
WHEN = datetime(2026, 12, 1, 9, 30, tzinfo=timezone(timedelta(hours=-6)))
SENDER = Sender(
    address="clerk@luck.example", name="Village of Luck, Clerk", reply_to="office@luck.example"
)
LETTER = Letter(
    document="2026-0012",
    case="C-26-4",
    title="Sidewalk Repair Order",
    village="Village of Luck",
    village_slug="luck",
    notice_type="sidewalk_repair_order",
    document_date="December 1, 2026",
    recipient_name="Jo Ann Smith",
    recipient_address="jo.smith@example.org",
    deadline_words="within 30 days after service of this order",
)


def _build(letter: Letter = LETTER, sender: Sender = SENDER, **options: object) -> bytes:
    attachments = options.pop(
        "attachments",
        [
            Attachment("2026-0012.pdf", PDF, "application/pdf"),
            Attachment("2026-0012.docx", DOCX, DOCX_TYPE),
        ],
    )
    return build_message(
        letter,
        sender,
        attachments,  # type: ignore[arg-type]
        message_id=message_id(letter.document, letter.recipient_address, "luck.example"),
        date=WHEN,
        **options,  # type: ignore[arg-type]
    )


def _parsed(data: bytes) -> email.message.EmailMessage:
    return email.message_from_bytes(data, policy=email.policy.default)  # type: ignore[return-value]


def _text(data: bytes) -> str:
    return _parsed(data).get_body(("plain",)).get_content()  # type: ignore[union-attr]


def _html(data: bytes) -> str:
    return _parsed(data).get_body(("html",)).get_content()  # type: ignore[union-attr]


def test_the_headers_read_back_as_built() -> None:
    message = _parsed(_build())
    assert message["From"].addresses[0].display_name == "Village of Luck, Clerk"
    assert message["From"].addresses[0].addr_spec == "clerk@luck.example"
    assert message["To"].addresses[0].display_name == "Jo Ann Smith"
    assert message["To"].addresses[0].addr_spec == "jo.smith@example.org"
    assert message["Reply-To"].addresses[0].addr_spec == "office@luck.example"
    assert message["Subject"] == "Sidewalk Repair Order — Document No. 2026-0012"
    assert message["Date"].datetime == WHEN
    assert message["Message-ID"] == message_id("2026-0012", "jo.smith@example.org", "luck.example")
    assert message["Auto-Submitted"] == "auto-generated"
    assert message["X-Noticeclerk-Document"] == "2026-0012"


def test_without_a_reply_to_there_is_no_reply_to_header_and_the_cover_names_the_from_address() -> (
    None
):
    data = _build(sender=Sender(address="clerk@luck.example"))
    assert _parsed(data)["Reply-To"] is None
    assert "reply to this email (clerk@luck.example)" in _text(data)


def test_a_courtesy_copy_says_so_in_the_subject_and_both_covers() -> None:
    data = _build(replace(LETTER, courtesy=True))
    assert _parsed(data)["Subject"] == "Sidewalk Repair Order — Document No. 2026-0012 (copy)"
    assert "courtesy copy only. It is not service of the document" in _text(data)
    assert "It is not service of the document" in _html(data)
    assert "courtesy" not in _text(_build())


def test_a_specimen_is_marked_in_the_subject_and_the_cover() -> None:
    data = _build(replace(LETTER, specimen_mark="SPECIMEN"))
    assert _parsed(data)["Subject"].startswith("SPECIMEN: Sidewalk Repair Order")
    assert "SPECIMEN: this is a specimen" in _text(data)


def test_the_cover_says_who_sends_what_document_its_deadline_and_how_to_reply() -> None:
    data = _build(replace(LETTER, clerk="Jane Roe, Village Clerk"))
    for body in (_text(data), " ".join(_html(data).split())):
        for words in (
            "Village of Luck",
            "Jane Roe, Village Clerk",
            "Sidewalk Repair Order",
            "2026-0012",
            "C-26-4",
            "December 1, 2026",
            "within 30 days after service of this order",
            "2026-0012.pdf",
            "is the document itself",
            "reply to this email (office@luck.example)",
        ):
            assert words in body, words


def test_the_plain_and_html_covers_are_alternatives_before_the_attachments() -> None:
    message = _parsed(_build())
    assert message.get_content_type() == "multipart/mixed"
    parts = list(message.iter_parts())
    assert parts[0].get_content_type() == "multipart/alternative"
    assert [p.get_content_type() for p in parts[0].iter_parts()] == ["text/plain", "text/html"]


def test_the_attachments_arrive_with_their_names_and_exact_bytes() -> None:
    found = {
        part.get_filename(): (part.get_content_type(), part.get_content())
        for part in _parsed(_build()).iter_attachments()
    }
    assert found == {
        "2026-0012.pdf": ("application/pdf", PDF),
        "2026-0012.docx": (DOCX_TYPE, DOCX),
    }


def test_the_same_document_and_recipient_give_the_same_message_id() -> None:
    first = message_id("2026-0012", "Jo.Smith@Example.org", "luck.example")
    assert first == message_id("2026-0012", "jo.smith@example.org", "luck.example")
    assert first.startswith("<") and first.endswith("@luck.example>")
    assert first != message_id("2026-0012", "someone@example.org", "luck.example")
    assert first != message_id("2026-0013", "jo.smith@example.org", "luck.example")


def test_a_message_id_domain_that_is_not_a_domain_name_is_refused() -> None:
    for domain in ("luck.example>\r\nBcc: x@y", "", "a b", "-luck.example", "luck..example"):
        with pytest.raises(InputError, match="Message-ID domain"):
            message_id("2026-0012", "jo@example.org", domain)


@pytest.mark.parametrize(
    ("character", "code"),
    [
        ("\r", "U+000D"),
        ("\n", "U+000A"),
        ("\x00", "U+0000"),
        ("\u2028", "U+2028"),
        ("\u2029", "U+2029"),
        ("\x85", "U+0085"),
        ("\x1b", "U+001B"),
    ],
)
def test_a_line_break_or_control_in_a_name_or_title_is_refused_before_building(
    character: str, code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[object] = []
    monkeypatch.setattr(
        "noticeclerk.dispatch.email_message.EmailMessage", lambda **k: built.append(k)
    )
    hostile = f"Smith{character}Bcc: victim@example.net"
    for letter, sender, what in (
        (replace(LETTER, recipient_name=hostile), SENDER, "recipient's name"),
        (replace(LETTER, title=hostile), SENDER, "title"),
        (LETTER, replace(SENDER, name=hostile), "sender's name"),
        (replace(LETTER, document=hostile), SENDER, "document number"),
    ):
        with pytest.raises(InputError, match=f"{what}.*{re.escape(code)}") as refusal:
            _build(letter, sender)
        assert "\n" not in str(refusal.value) and "\r" not in str(refusal.value)
    assert built == []


def test_an_encoded_word_carrying_a_line_break_is_refused_naming_the_character() -> None:
    for word in ("=?utf-8?q?a=0D=0ABcc:x@y?=", "=?UTF-8?B?YQ0KQmNjOiB4QHk=?="):
        with pytest.raises(InputError, match=r"recipient's name.*U\+000D.*encoded word"):
            _build(replace(LETTER, recipient_name=f"Jo {word}"))
        with pytest.raises(InputError, match="sender's name"):
            _build(sender=replace(SENDER, name=word))


def test_an_encoded_word_with_an_unknown_charset_is_still_read_for_line_breaks() -> None:
    with pytest.raises(InputError, match=r"U\+000A"):
        check_header("=?x-unheard-of?q?a=0Ab?=", "the title")


def test_a_harmless_encoded_word_and_plain_letters_pass() -> None:
    assert check_header("=?utf-8?q?Jos=C3=A9?=", "the name") == "=?utf-8?q?Jos=C3=A9?="
    assert check_header('José O\'Brien-Núñez, "Trustee" <x>', "the name")


@pytest.mark.parametrize(
    "address",
    [
        "jo@example.org, boss@example.net",
        "Jo <jo@example.org>",
        "<jo@example.org>",
        '"jo"@example.org',
        "jo@example.org\r\nBcc: x@y",
        "jo@exämple.org",
        "jo example@example.org",
        "jo@",
        "example.org",
        "jo@example.org;x@y",
    ],
)
def test_an_address_that_is_not_one_plain_address_is_refused(address: str) -> None:
    with pytest.raises(InputError, match="recipient's email address"):
        _build(replace(LETTER, recipient_address=address))


def test_a_from_or_reply_to_address_with_a_name_in_it_is_refused() -> None:
    with pytest.raises(InputError, match=r"from address in settings\.toml"):
        _build(sender=replace(SENDER, address="Clerk <clerk@luck.example>"))
    with pytest.raises(InputError, match=r"reply-to address in settings\.toml"):
        _build(sender=replace(SENDER, reply_to="a@luck.example,b@luck.example"))
    assert check_address("jo.smith+notices@mail.example.org", "x") == (
        "jo.smith+notices@mail.example.org"
    )


def test_hostile_case_text_is_escaped_in_html_and_literal_in_plain_text() -> None:
    name = "<b>{{7*7}}</b> & Sons"
    data = _build(replace(LETTER, recipient_name=name, case="<script>x</script>"))
    assert f"Dear {name}," in _text(data)
    assert "Case <script>x</script>" in _text(data)
    html = _html(data)
    assert "Dear &lt;b&gt;{{7*7}}&lt;/b&gt; &amp; Sons," in html
    assert "&lt;script&gt;x&lt;/script&gt;" in html
    assert "<b>" not in html and "49" not in html and "<script>" not in html


def test_a_notice_types_own_cover_in_the_workspace_is_used(tmp_path: Path) -> None:
    own = tmp_path / "templates" / "email" / "luck"
    own.mkdir(parents=True)
    (own / "sidewalk_repair_order.txt.j2").write_text(
        "Sidewalk order {{ document }} for {{ recipient_name }}.\n"
    )
    (own / "sidewalk_repair_order.html.j2").write_text(
        "<p>Sidewalk order {{ document }} for {{ recipient_name }}.</p>\n"
    )
    letter = replace(LETTER, recipient_name="A & B")
    data = _build(letter, workspace=tmp_path)
    assert _text(data).strip() == "Sidewalk order 2026-0012 for A & B."
    assert _html(data).strip() == "<p>Sidewalk order 2026-0012 for A &amp; B.</p>"
    other = _build(replace(letter, notice_type="sidewalk_permit"), workspace=tmp_path)
    assert "is the document itself" in _text(other)


def test_a_workspace_can_override_the_default_cover(tmp_path: Path) -> None:
    folder = tmp_path / "templates" / "email"
    folder.mkdir(parents=True)
    (folder / "cover.txt.j2").write_text("Our own words, {{ recipient_name }}.\n")
    assert _text(_build(workspace=tmp_path)).strip() == "Our own words, Jo Ann Smith."


def test_a_village_slug_that_climbs_out_of_the_templates_is_refused() -> None:
    with pytest.raises(InputError, match="not allowed"):
        _build(replace(LETTER, village_slug="../../etc"))


def test_every_line_ends_in_crlf_and_none_is_longer_than_998() -> None:
    long_title = " ".join(["Sidewalk"] * 300)
    for letter in (
        LETTER,
        replace(LETTER, title=long_title, recipient_name="Ñandú " * 200),
        replace(LETTER, case="C" * 400, recipient_name="x" * 480),
    ):
        data = _build(letter)
        assert b"\n" not in data.replace(b"\r\n", b"")
        assert b"\r" not in data.replace(b"\r\n", b"")
        assert max(len(line) for line in data.split(b"\r\n")) <= 998


def test_a_word_too_long_for_a_header_line_is_refused() -> None:
    with pytest.raises(InputError, match=r"recipient.s name.*without a space"):
        _build(replace(LETTER, recipient_name="x" * 1500))


def test_a_date_without_a_time_zone_is_a_bug_not_a_clerks_mistake() -> None:
    with pytest.raises(ValueError, match="time zone"):
        build_message(LETTER, SENDER, [], message_id="<a@b>", date=datetime(2026, 12, 1))
