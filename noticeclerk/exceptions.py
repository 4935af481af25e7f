"""The errors a clerk can cause, each carrying one sentence that says what to fix."""

import re


class NoticeclerkError(Exception):
    """Base of every error the CLI prints as one clean sentence with exit status 1.

    Anything that is not a NoticeclerkError is a bug and keeps its traceback.

    Every one survives pickling whole (its sentence, its class and its attributes), so a
    refusal raised in a worker process reaches the clerk as the same error: Exception's own
    pickling calls the class with the sentence alone, which a subclass whose __init__ takes
    other arguments (ConfigError's file, key and problem) cannot take.
    """

    def __reduce__(self) -> tuple[object, ...]:
        return _unpickled, (type(self), self.args, self.__dict__)


class InputError(NoticeclerkError):
    """A value the clerk typed or a case fact is missing, malformed or out of range."""


class _AtKey(NoticeclerkError):
    """A mistake at one key of one file, told as "file, key 'x': what is wrong"."""

    ending = ""

    def __init__(self, path: object, key: str | None, problem: str) -> None:
        self.path = path
        self.key = key
        self.problem = problem
        where = f"{path}, key '{key}'" if key else f"{path}"
        super().__init__(f"{where}: {problem}{self.ending}")


class ConfigError(_AtKey):
    """A village's letterhead file or a notice definition is missing or malformed."""


class CaseFileError(_AtKey, InputError):
    """A case file is malformed: one sentence naming the file, the key and what to write."""

    ending = "."


class RuleError(ConfigError):
    """A deadline rule in the catalogue names an unknown kind or parameter."""


class PrintingUnavailable(NoticeclerkError):
    """A library printing needs (WeasyPrint with Pango, python-docx) cannot be loaded here."""

    def __init__(self, library: str, error: BaseException) -> None:
        self.library = library
        self.error = error
        super().__init__(
            f"{library} could not load ({first_line(error)}), so nothing can be printed; "
            "'noticeclerk doctor' says what is missing."
        )


def _unpickled(
    kind: type[NoticeclerkError], args: tuple[object, ...], state: dict[str, object]
) -> NoticeclerkError:
    """An error rebuilt from its sentence and attributes, without running its __init__ again."""
    error = kind.__new__(kind, *args)
    error.args = args
    error.__dict__.update(state)
    return error


def quoted_back(text: str, limit: int = 60) -> str:
    """The clerk's own text, quoted back in a refusal, cut short: a sentence that names what to
    fix is not a copy of a 5,000-letter fact or a roll's whole line."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def first_line(error: BaseException) -> str:
    """The first sentence of an error from a library, which may run to a page."""
    text = str(error).strip() or type(error).__name__
    return re.split(r"\.\s", text.splitlines()[0])[0].rstrip(".:; ")


class OutputError(NoticeclerkError):
    """A file could not be written (a full disk, a folder without permission); what the
    register holds is safe, and the sentence says how to get the file again."""
