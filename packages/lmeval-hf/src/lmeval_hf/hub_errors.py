"""One line, with the way out, for a model that could not be fetched from the Hugging Face Hub.

transformers turns every Hub failure into an ``OSError`` that blames the model name and names
huggingface.co, even when ``HF_ENDPOINT`` points elsewhere, the revision is what is missing, or
the network is down. The real cause is further down the exception chain.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from lmeval.errors import did_you_mean

_NETWORK = frozenset({
    "ConnectError", "ConnectTimeout", "ReadTimeout", "ReadError", "RemoteProtocolError",
    "ConnectionError", "ConnectionRefusedError", "ConnectionResetError", "TimeoutException",
    "NetworkError", "IncompleteRead", "ChunkedEncodingError", "ProtocolError"})


def _chain(exc: BaseException) -> Iterator[BaseException]:
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def _names(exc: BaseException) -> set[str]:
    return {cls.__name__ for e in _chain(exc) for cls in type(e).__mro__}


def _endpoint() -> str:
    from huggingface_hub import constants

    return constants.ENDPOINT


def _offline() -> bool:
    from huggingface_hub import constants

    return bool(constants.HF_HUB_OFFLINE)


def _cache() -> str:
    from huggingface_hub import constants

    return constants.HF_HUB_CACHE


def _revision_problem(name: str, revision: str) -> str | None:
    """Why ``revision`` is not found when ``name`` exists on the Hub; None when it does not."""
    try:
        from huggingface_hub import HfApi

        refs = HfApi().list_repo_refs(name)
    except Exception:  # noqa: BLE001 - any failure: the repository itself is what is missing
        return None
    names = [b.name for b in refs.branches] + [t.name for t in refs.tags]
    return (f"model {name} has no revision {revision!r} on {_endpoint()}"
            + (did_you_mean(revision, names) or "")
            + f" (branches: {', '.join(b.name for b in refs.branches) or 'none'}; tags: "
            f"{', '.join(t.name for t in refs.tags) or 'none'}; or a commit sha): fix revision=")


def hub_failure(name: str, revision: str, exc: BaseException) -> str | None:
    """A one-line message for a failed Hub download of ``name`` at ``revision``; None when
    ``exc`` is not a Hub failure or ``name`` is a local directory."""
    if os.path.isdir(name):
        return None
    names = _names(exc)
    if "GatedRepoError" in names:
        return (f"model {name} is gated on {_endpoint()}: accept its terms on its page and set "
                "HF_TOKEN (or `hf auth login`)")
    if "LocalEntryNotFoundError" in names and _offline():
        return (f"model {name} (revision {revision}) is not in the Hugging Face cache "
                f"({_cache()}) and HF_HUB_OFFLINE=1 forbids downloading it: run once without "
                "HF_HUB_OFFLINE to fill the cache, or pass pretrained=<local directory>")
    if names & _NETWORK or "LocalEntryNotFoundError" in names:
        return (f"cannot download model {name} (revision {revision}) from {_endpoint()}: the "
                "server cannot be reached or broke off; check the network or HF_ENDPOINT, run "
                "again to resume the download, or set HF_HUB_OFFLINE=1 to use the cache "
                f"({_cache()})")
    if "RevisionNotFoundError" in names or "RepositoryNotFoundError" in names:
        problem = _revision_problem(name, revision) if revision else None
        return problem or (
            f"model {name} is neither a local directory nor a repository on {_endpoint()}: "
            "check the name (org/model), or set HF_TOKEN for a private model")
    return None
