"""Headless Chromium (Debian's ``chromium`` and ``chromium-driver``, installed by ci-setup.sh)
driven by Selenium, for tests of the HTML report as a person sees it; and finished runs of the
reference LM with many documents to open in it."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from runs_fixture import make_run, write_tasks

CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
DRIVER = "/usr/bin/chromedriver"
LONG = ("You are shown a short arithmetic question. " * 15).strip()


def why_no_browser() -> str | None:
    """None when a browser test can run here, else the reason it cannot."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (packages/lmeval-core/ci-setup.sh installs it)"
    if not any(Path(p).exists() for p in CHROMIUM) and not shutil.which("chromium"):
        return "Debian's chromium is not installed (packages/lmeval-core/ci-setup.sh installs it)"
    if not Path(DRIVER).exists():
        return "Debian's chromium-driver is not installed (packages/lmeval-core/ci-setup.sh installs it)"
    return None


def browser(width: int = 1400, height: int = 1000) -> Any:
    """A headless Chromium of ``width`` x ``height`` that keeps the console's messages."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={width},{height}", "--hide-scrollbars"):
        options.add_argument(arg)
    options.binary_location = next((p for p in CHROMIUM if Path(p).exists()), "chromium")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(DRIVER), options=options)


def write_runs(root: Path, n_docs: int, seeds: tuple[int, ...] = (0, 1),
               tasks: tuple[str, ...] = ("cmp_mc", "cmp_gen", "cmp_long", "cmp_ppl")) -> list[Path]:
    """Runs of the reference LM (one per seed) on ``n_docs`` documents, samples logged; the
    results files. ``cmp_long`` is ``cmp_gen`` with a long description (a collapsed prompt)."""
    directory = write_tasks(root / "tasks", n_docs=n_docs)
    gen = (directory / "cmp_gen.yaml").read_text().replace("task: cmp_gen", "task: cmp_long")
    (directory / "cmp_long.yaml").write_text(gen + f'description: "{LONG}\\n\\n"\n')
    return [make_run(directory, root / f"run{seed}", seed=seed, tasks=tasks) for seed in seeds]
