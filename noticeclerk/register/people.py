"""The people of the clerk's desk: a name, a role and a password turned into users, signed-in
sessions and the rights each role has.

Passwords are kept only as argon2id hashes (argon2-cffi's defaults, RFC 9106's second
recommended setting). A session is a random token in the browser's cookie; the register keeps
its SHA-256, so whoever reads a copy of the register cannot sign in with it. Guessing is slowed
by the register itself, which every process of the desk shares: after FAILURES_ALLOWED
failed tries for a name from one address within LOCK_WINDOW (or FAILURES_ANYWHERE from all
addresses), that name cannot sign in from there until the window has passed, whatever the
password.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Engine, func, select, update
from sqlalchemy.orm import Session

from noticeclerk.exceptions import InputError
from noticeclerk.register.database import reading, transaction
from noticeclerk.register.models import SignInAttempt, User, WebSession

# What each role may do at the desk. Reading the register is every role's; the attorney reads
# and nothing else. The command line is not limited by roles: whoever may run it may change
# the register's file anyway.
ROLES: dict[str, str] = {
    "clerk": "opens cases, issues documents, records service, receipts and publication",
    "treasurer": "records payments and reads every case",
    "public_works": "records inspections and work done, and reads every case",
    "attorney": "reads every case and document; changes nothing",
    "admin": "everything a clerk may do, and manages the desk's users",
}
RIGHTS: dict[str, frozenset[str]] = {
    "read": frozenset(ROLES),
    "open_case": frozenset({"clerk", "admin"}),
    "issue": frozenset({"clerk", "admin"}),
    "serve": frozenset({"clerk", "admin"}),
    "record_event": frozenset({"clerk", "public_works", "admin"}),
    "pay": frozenset({"clerk", "treasurer", "admin"}),
    "import_roll": frozenset({"clerk", "admin"}),
    "archive": frozenset({"clerk", "admin"}),
    "manage_users": frozenset({"admin"}),
}

MIN_PASSWORD = 12
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._@-]{0,79}")
# Failures for one name from one address, and from all addresses, within LOCK_WINDOW.
FAILURES_ALLOWED = 5
FAILURES_ANYWHERE = 20
LOCK_WINDOW = timedelta(minutes=15)
# A session ends after this long without a request, and this long after it began in any case.
IDLE_LIMIT = timedelta(hours=2)
DAY_LIMIT = timedelta(hours=12)

_HASHER = PasswordHasher()
# Checked against when the name is unknown, so that an unknown name takes as long to refuse
# as a wrong password (no telling which names exist by the time it takes).
_NOBODY = _HASHER.hash(secrets.token_hex(16))


class SignInRefused(InputError):
    """The name and password did not sign in (wrong, unknown, disabled or locked)."""


@dataclass(frozen=True)
class SignedIn:
    """Who a request comes from: the user, their role and the session's form token."""

    user_id: int
    name: str
    role: str
    form_token: str
    session_id: int
    # What the last form did, told once on the next page.
    notice: str | None = None

    def may(self, right: str) -> bool:
        return self.role in RIGHTS[right]


def check_name(name: str) -> str:
    """A user's name as typed, or InputError saying what a name may be."""
    if not NAME.fullmatch(name):
        raise InputError(
            f"'{name}' cannot be a user's name: use 1 to 80 letters, digits, dots, hyphens, "
            "underscores or @, starting with a letter or digit (such as t.brennan)."
        )
    return name


def check_password(password: str, name: str) -> str:
    """A new password, or InputError naming what is wrong with it."""
    if len(password) < MIN_PASSWORD:
        raise InputError(
            f"The password is {len(password)} characters long; use at least {MIN_PASSWORD} "
            "(a few unrelated words are easy to remember and hard to guess)."
        )
    if name.lower() in password.lower():
        raise InputError("The password contains the user's name; choose one that does not.")
    return password


def add_user(
    engine: Engine, name: str, role: str, password: str, *, by: str, now: datetime
) -> User:
    """A new user of the desk, or InputError (a name taken, an unknown role, a weak password)."""
    check_name(name)
    if role not in ROLES:
        raise InputError(f"There is no role '{role}'; choose one of {', '.join(ROLES)}.")
    check_password(password, name)
    with transaction(engine) as session:
        taken = session.scalar(select(User.id).where(func.lower(User.name) == name.lower()))
        if taken is not None:
            raise InputError(f"There is already a user named '{name}'; choose another name.")
        user = User(
            name=name,
            role=role,
            password_hash=_HASHER.hash(password),
            created_at=now,
            created_by=by,
        )
        session.add(user)
        session.flush()
        session.expunge(user)
    return user


def set_password(engine: Engine, name: str, password: str, *, now: datetime) -> None:
    """A user's new password; their signed-in sessions end."""
    check_password(password, name)
    with transaction(engine) as session:
        user = _user_named(session, name)
        user.password_hash = _HASHER.hash(password)
        _end_sessions(session, user.id, now)


def disable_user(engine: Engine, name: str, *, now: datetime) -> None:
    """A user who may no longer sign in; their signed-in sessions end at once."""
    with transaction(engine) as session:
        user = _user_named(session, name)
        if user.disabled_at is None:
            user.disabled_at = now
        _end_sessions(session, user.id, now)


def list_users(engine: Engine) -> list[User]:
    with reading(engine) as session:
        users = list(session.scalars(select(User).order_by(User.name)))
        session.expunge_all()
    return users


def anyone_can_sign_in(engine: Engine) -> bool:
    with reading(engine) as session:
        return (
            session.scalar(select(User.id).where(User.disabled_at.is_(None)).limit(1)) is not None
        )


def sign_in(engine: Engine, name: str, password: str, *, address: str, now: datetime) -> str:
    """A new session's token for the name and password, or SignInRefused in one sentence.

    Every try is recorded, and counted before the password is checked, in the same
    transaction, so that tries sent at once cannot slip past the limit. The sentence does not
    say whether the name exists, and an unknown name takes as long as a wrong password.
    """
    typed = name.strip()
    # Names are ASCII (check_name), compared in lower case: a look-alike letter that Python
    # folds and the database does not (the Kelvin sign for "k") must not escape the count.
    known_form = NAME.fullmatch(typed) is not None
    key = typed.lower() if known_form else typed[:80]
    address = address[:64]
    with transaction(engine) as session:
        locked = _locked(session, key, address, now)
        if locked is None:
            attempt = SignInAttempt(name=key, address=address, at=now, succeeded=False)
            session.add(attempt)
            session.flush()
            attempt_id = attempt.id
    if locked is not None:
        raise SignInRefused(locked)
    user = None
    if known_form:
        with reading(engine) as session:
            user = session.scalar(select(User).where(func.lower(User.name) == key))
            session.expunge_all()
    stored = user.password_hash if user is not None else _NOBODY
    try:
        right = _HASHER.verify(stored, password)
    except (VerificationError, InvalidHashError):
        right = False
    if not right or user is None or user.disabled_at is not None:
        raise SignInRefused("That name and password do not sign in; check both and try again.")
    token = secrets.token_urlsafe(32)
    with transaction(engine) as session:
        session.execute(
            update(SignInAttempt).where(SignInAttempt.id == attempt_id).values(succeeded=True)
        )
        if _HASHER.check_needs_rehash(stored):
            session.execute(
                update(User).where(User.id == user.id).values(password_hash=_HASHER.hash(password))
            )
        session.add(
            WebSession(
                token_sha256=_digest(token),
                user_id=user.id,
                form_token=secrets.token_urlsafe(32),
                created_at=now,
                last_seen_at=now,
            )
        )
    return token


def _locked(session: Session, key: str, address: str, now: datetime) -> str | None:
    """Why this name may not try now, or None: too many failures from this address, or from
    everywhere (a guesser spread over many addresses). Tries while locked are not recorded,
    so a flood of them does not grow the register."""
    since = now - LOCK_WINDOW
    failed = (
        select(SignInAttempt.at, SignInAttempt.address)
        .where(
            SignInAttempt.name == key,
            SignInAttempt.at > since,
            SignInAttempt.succeeded.is_(False),
        )
        .order_by(SignInAttempt.at.desc())
        .limit(FAILURES_ANYWHERE)
    )
    failures = session.execute(failed).all()
    here = [at for at, where in failures if where == address][:FAILURES_ALLOWED]
    for found, limit in ((here, FAILURES_ALLOWED), ([at for at, _ in failures], FAILURES_ANYWHERE)):
        if len(found) >= limit:
            minutes = max(1, int((found[limit - 1] + LOCK_WINDOW - now).total_seconds() + 59) // 60)
            return (
                f"Signing in as '{key}' failed {limit} times in the last "
                f"{LOCK_WINDOW.seconds // 60} minutes; wait {minutes} minutes and try again, or "
                "ask the desk's administrator to set a new password."
            )
    return None


def signed_in(engine: Engine, token: str, *, now: datetime) -> SignedIn | None:
    """Who holds this session token, or None if it is unknown, ended, idle too long or old;
    a session in use is kept alive. The notice left for the session's next page is handed
    over and forgotten.

    Read without the write lock; written only when something changes (at most once a minute
    for a session in use), so that page views, and requests with a made-up cookie, never wait
    for the command line or keep it waiting.
    """
    if not token:
        return None
    digest = _digest(token)
    with reading(engine) as session:
        found = session.execute(
            select(WebSession, User)
            .join(User, User.id == WebSession.user_id)
            .where(WebSession.token_sha256 == digest, WebSession.ended_at.is_(None))
        ).first()
        if found is None:
            return None
        web, user = found
        session.expunge_all()
    expired = (
        user.disabled_at is not None
        or now - web.last_seen_at > IDLE_LIMIT
        or now - web.created_at > DAY_LIMIT
    )
    notice = web.notice
    changes: dict[str, object] = {}
    if expired:
        changes["ended_at"] = now
    elif now - web.last_seen_at > timedelta(minutes=1):
        changes["last_seen_at"] = now
    if notice is not None and not expired:
        changes["notice"] = None
    if changes:
        with transaction(engine) as session:
            session.execute(
                update(WebSession)
                .where(WebSession.id == web.id, WebSession.ended_at.is_(None))
                .values(**changes)
            )
    if expired:
        return None
    return SignedIn(user.id, user.name, user.role, web.form_token, web.id, notice)


def leave_notice(engine: Engine, session_id: int, notice: str) -> None:
    """A sentence for the session's next page: what the form just sent did."""
    with transaction(engine) as session:
        session.execute(update(WebSession).where(WebSession.id == session_id).values(notice=notice))


def sign_out(engine: Engine, token: str, *, now: datetime) -> None:
    with transaction(engine) as session:
        session.execute(
            update(WebSession)
            .where(WebSession.token_sha256 == _digest(token), WebSession.ended_at.is_(None))
            .values(ended_at=now)
        )


def _end_sessions(session: Session, user_id: int, now: datetime) -> None:
    session.execute(
        update(WebSession)
        .where(WebSession.user_id == user_id, WebSession.ended_at.is_(None))
        .values(ended_at=now)
    )


def _user_named(session: Session, name: str) -> User:
    user = session.scalar(select(User).where(func.lower(User.name) == name.lower()))
    if user is None:
        raise InputError(f"There is no user named '{name}'; 'noticeclerk user list' lists them.")
    return user


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()
