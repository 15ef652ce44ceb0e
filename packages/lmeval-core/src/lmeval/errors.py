"""Errors a person can act on. The CLI prints them in one line and exits with ``exit_code``."""

from __future__ import annotations

from collections.abc import Iterable


class LmevalError(Exception):
    """Base of every error lmeval reports without a traceback."""

    exit_code = 1


class UsageError(LmevalError):
    """Bad input from the user: flags, names, config files. Exit code 2."""

    exit_code = 2


class ConfigError(UsageError):
    """A problem in a config file, located as ``file:line: field: message``."""

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 field: str | None = None) -> None:
        self.file, self.line, self.field, self.message = file, line, field, message
        super().__init__(self.located())

    def located(self) -> str:
        where = self.file or "<config>"
        if self.line is not None:
            where += f":{self.line}"
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


class PluginError(LmevalError):
    """A plugin broke the registration rules (duplicate names, bad hook use)."""


def closest(name: str, candidates: Iterable[str], n: int = 3) -> list[str]:
    pool = list(candidates)
    import difflib  # only when something is wrong: not on every start-up

    found = difflib.get_close_matches(name, pool, n=n, cutoff=0.6)
    if not found:
        found = [c for c in pool if name and (name in c or c in name)][:n]
    return found


def did_you_mean(name: str, candidates: Iterable[str]) -> str:
    found = closest(name, candidates)
    return f" (did you mean {', '.join(repr(f) for f in found)}?)" if found else ""
