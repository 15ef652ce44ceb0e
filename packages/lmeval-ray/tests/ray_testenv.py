"""What the Ray tests share besides fixtures (a uniquely named module: `from conftest import`
resolves to whichever package's conftest was imported first when several run together)."""

from __future__ import annotations

import os

DOCS = 60
#: distinct requests of the two tasks: 4 choices per document, and one generation
TOTAL = DOCS * 4 + DOCS


def replica_pids() -> list[int]:
    """Processes of this module's cluster that hold a replica (``ray::Replica...``)."""
    token = os.environ.get("LMEVAL_RAY_TEST_CLUSTER", "").encode()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as fh:
                cmdline = fh.read()
            with open(f"/proc/{entry}/environ", "rb") as fh:
                environ = fh.read()
        except OSError:
            continue
        if cmdline.startswith(b"ray::Replica") and token and b"LMEVAL_RAY_TEST_CLUSTER=" + token in environ:
            found.append(int(entry))
    return sorted(found)
