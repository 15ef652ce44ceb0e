"""``lmeval report``'s page in a real browser (headless Chromium driven by Selenium): what a
person sees — the rows of the sample browser, filters that change them, the diff of two runs,
search, a collapsed long prompt, the layout at 1400 px, and no console errors."""

from __future__ import annotations

import json
import time

import pytest
from browser_kit import browser, why_no_browser, write_runs
from lmeval.cli import main

REASON = why_no_browser()
pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or "")
N_DOCS = 300


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    root = tmp_path_factory.mktemp("browser")
    mp = pytest.MonkeyPatch()
    mp.setenv("LMEVAL_CACHE_DIR", str(root / "cache"))
    files = write_runs(root, N_DOCS)
    out = root / "report.html"
    assert main(["report", str(files[0]), str(files[1]), "-o", str(out), "--no_plots"]) == 0
    driver = browser()
    started = time.perf_counter()
    driver.get(out.as_uri())
    loaded = time.perf_counter() - started
    yield {"driver": driver, "files": files, "loaded": loaded, "url": out.as_uri()}
    driver.quit()
    mp.undo()


def _samples(results_file, task):
    path = next(results_file.parent.glob(f"samples_{task}_*.jsonl"))
    return {e["doc_id"]: e for e in map(json.loads, path.read_text().splitlines())}


def _visible_docs(driver):
    from selenium.webdriver.common.by import By

    return [int(r.get_attribute("data-doc")) for r in driver.find_elements(By.CSS_SELECTOR, "#sb-rows .sb-row")]


def _count(driver):
    from selenium.webdriver.common.by import By

    return driver.find_element(By.ID, "sb-count").text


def _choose(driver, select_id, value):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element(By.ID, select_id)).select_by_value(str(value))


def _wait(driver, condition, what: str, timeout: float = 30.0) -> None:
    """Until ``condition(driver)`` holds; fails naming ``what`` after ``timeout`` seconds."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, timeout, poll_frequency=0.05,
                  ignored_exceptions=(StaleElementReferenceException,)).until(
        condition, message=f"after {timeout:.0f} s, still waiting for {what}")


def _search_settled(driver) -> None:
    """Until the search box's filter has run with what the box holds now.

    The page filters 120 ms after the last keystroke (a timer); a fixed sleep raced that timer
    on a loaded machine, and a filter that ran late reset the rows and the detail a test had
    just opened. One more input event cancels any pending timer and starts one; the filter it
    runs is the only one that sets ``data-filter-ms`` again."""
    from selenium.webdriver.common.by import By

    driver.execute_script("delete document.getElementById('samples').dataset.filterMs;"
                          "document.getElementById('sb-search').dispatchEvent(new Event('input'));")
    _wait(driver, lambda d: d.find_element(By.ID, "samples").get_attribute("data-filter-ms") is not None,
          "the search box's filter to run")


def _reset(driver):
    from selenium.webdriver.common.by import By

    _choose(driver, "sb-task", 0)
    _choose(driver, "sb-view", "all")
    driver.find_element(By.ID, "sb-search").clear()
    _search_settled(driver)


def test_the_page_opens_with_rows_and_no_console_errors(page):
    d = page["driver"]
    from selenium.webdriver.common.by import By

    assert d.find_element(By.ID, "samples").get_attribute("data-ready")  # the script finished
    tasks = [o.text for o in d.find_elements(By.CSS_SELECTOR, "#sb-task option")]
    assert tasks == [f"cmp_mc ({N_DOCS})", f"cmp_gen ({N_DOCS})", f"cmp_long ({N_DOCS})", f"cmp_ppl ({N_DOCS})"]
    assert _count(d) == f"{N_DOCS} of {N_DOCS} rows"
    docs = _visible_docs(d)
    assert docs[:5] == [0, 1, 2, 3, 4] and len(docs) < 60  # virtualised: only rows in view exist
    severe = [m for m in d.get_log("browser") if m["level"] == "SEVERE"]
    assert severe == []
    assert d.execute_script("return document.documentElement.scrollWidth") <= 1400  # no overflow
    assert page["loaded"] < 10


def test_correct_and_incorrect_filters_show_the_runs_verdicts(page):
    d = page["driver"]
    _reset(d)
    samples = _samples(page["files"][0], "cmp_mc")
    right = sorted(i for i, e in samples.items() if e["acc"] == 1)
    _choose(d, "sb-view", "correct")
    _choose(d, "sb-run", 0)
    assert _count(d) == f"{len(right)} of {N_DOCS} rows"
    assert _visible_docs(d) == right[:len(_visible_docs(d))]
    _choose(d, "sb-view", "incorrect")
    assert _count(d) == f"{N_DOCS - len(right)} of {N_DOCS} rows"
    assert not set(_visible_docs(d)) & set(right)
    other = sorted(i for i, e in _samples(page["files"][1], "cmp_mc").items() if e["acc"] == 1)
    _choose(d, "sb-run", 1)  # the other run's verdicts
    assert _count(d) == f"{N_DOCS - len(other)} of {N_DOCS} rows"


def test_changed_between_two_runs_lists_exactly_the_changed_documents(page):
    d = page["driver"]
    _reset(d)
    _choose(d, "sb-task", 1)  # cmp_gen: the filtered answer or exact_match differs
    a, b = _samples(page["files"][0], "cmp_gen"), _samples(page["files"][1], "cmp_gen")
    changed = sorted(i for i in a if a[i]["filtered_resps"] != b[i]["filtered_resps"]
                     or a[i]["exact_match"] != b[i]["exact_match"])
    assert 0 < len(changed) < N_DOCS
    _choose(d, "sb-view", "changed")
    _choose(d, "sb-a", 0)
    _choose(d, "sb-b", 1)
    assert _count(d) == f"{len(changed)} of {N_DOCS} rows"
    assert _visible_docs(d) == changed[:len(_visible_docs(d))]
    _choose(d, "sb-b", 0)  # a run against itself: nothing changed
    assert _count(d) == f"0 of {N_DOCS} rows" and _visible_docs(d) == []


def test_search_narrows_the_rows_and_a_row_opens_the_whole_sample(page):
    from selenium.webdriver.common.by import By

    d = page["driver"]
    _reset(d)
    box = d.find_element(By.ID, "sb-search")
    box.send_keys("what is 123 plus 0?")
    _search_settled(d)
    assert _count(d) == f"1 of {N_DOCS} rows" and _visible_docs(d) == [123]
    d.find_element(By.CSS_SELECTOR, "#sb-rows .sb-row").click()
    detail = d.find_element(By.ID, "sb-detail").text
    assert "cmp_mc · document 123" in detail and "Question: What is 123 plus 0?" in detail
    assert [r.text.split(" ")[0] for r in d.find_elements(By.CSS_SELECTOR, "#sb-detail table tr")[1:]] == ["#1", "#2"]


def test_a_generation_shows_the_model_answer_and_the_filtered_one(page):
    from selenium.webdriver.common.by import By

    d = page["driver"]
    _reset(d)
    _choose(d, "sb-task", 1)  # cmp_gen
    d.find_elements(By.CSS_SELECTOR, "#sb-rows .sb-row")[7].click()
    logged = _samples(page["files"][1], "cmp_gen")[7]
    cells = [c.text for c in d.find_elements(By.CSS_SELECTOR, "#sb-detail table tr")[2].find_elements(By.TAG_NAME, "td")]
    assert cells[1:] == [logged["resps"][0][0], logged["filtered_resps"][0], str(int(logged["exact_match"]))]
    assert cells[0].startswith("#2 ")


def test_a_long_prompt_is_collapsed_until_opened(page):
    from selenium.webdriver.common.by import By

    d = page["driver"]
    _reset(d)
    _choose(d, "sb-task", 2)  # cmp_long: a 600-character description before each question
    d.find_element(By.CSS_SELECTOR, "#sb-rows .sb-row").click()
    details = d.find_element(By.CSS_SELECTOR, "#sb-detail details.sb-long")
    full = details.find_element(By.TAG_NAME, "pre")
    assert details.get_attribute("open") is None and not full.is_displayed()
    details.find_element(By.TAG_NAME, "summary").click()
    assert full.is_displayed() and full.text.startswith("You are shown a short arithmetic question.")


def test_scrolling_renders_the_last_rows(page):
    from selenium.webdriver.common.by import By

    d = page["driver"]
    _reset(d)
    viewport = d.find_element(By.ID, "sb-viewport")
    d.execute_script("arguments[0].scrollTop = arguments[0].scrollHeight", viewport)
    # the rows are painted on the next animation frame
    _wait(d, lambda d: N_DOCS - 1 in _visible_docs(d), f"row {N_DOCS - 1} to be painted")
    assert all(m["level"] != "SEVERE" for m in d.get_log("browser"))


def test_settings_that_differ_are_shown_above_the_scores(page):
    from selenium.webdriver.common.by import By

    d = page["driver"]
    rows = [r.text for r in d.find_elements(By.CSS_SELECTOR, "table.settings tr")]
    assert rows[1] == "model_args.seed 0 1"
    header = d.find_element(By.CSS_SELECTOR, "table.runs").text
    assert "#1 dummy model_args seed=0" in header and "#2 dummy model_args seed=1" in header
    assert d.find_element(By.ID, "runs").location["y"] < d.find_element(By.CSS_SELECTOR, "table.task").location["y"]
