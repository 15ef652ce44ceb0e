"""Load time of ``lmeval report``'s sample browser in headless Chromium, on big runs.

    python benchmarks/report_sample_browser.py REPORT.html [--shots DIR]

Opens the page at 1400 x 1700, prints its size, the time to the load event (the HTML parsed
and the browser's script run: the data is inline, so this is the whole open) and the script's
own time, then the time of each filter a person uses (changed between runs #1 and #2, incorrect
in #1, a text search). ``--shots DIR`` saves screenshots (report-samples.png: the browser with
a sample opened; report-samples-changed.png: the changed rows; report-settings.png: the top).
Make the runs with packages/lmeval-core/tests/browser_kit.write_runs and the page with
``lmeval report RUN0 RUN1 -o REPORT.html``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "packages" / "lmeval-core" / "tests"))
from browser_kit import browser  # noqa: E402


def _wait_count(driver, before: str, limit: float = 60.0) -> str:
    """The filtering time the page measured (ms), once the count of rows has changed."""
    from selenium.webdriver.common.by import By

    start = time.perf_counter()
    while driver.find_element(By.ID, "sb-count").text == before and time.perf_counter() - start < limit:
        time.sleep(0.005)
    return driver.find_element(By.ID, "samples").get_attribute("data-filter-ms") + " ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("page", type=Path)
    parser.add_argument("--shots", type=Path, default=None)
    args = parser.parse_args()
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    d = browser(1400, 1700)
    try:
        start = time.perf_counter()
        d.get(args.page.resolve().as_uri())
        opened = time.perf_counter() - start
        script = d.find_element(By.ID, "samples").get_attribute("data-ready")
        tasks = [o.text for o in d.find_elements(By.CSS_SELECTOR, "#sb-task option")]
        print(f"{args.page.name}: {args.page.stat().st_size / 1e6:.1f} MB, tasks {', '.join(tasks)}")
        print(f"open (load event, data parsed and first rows shown): {opened:.2f} s; browser script {script} ms")
        count = d.find_element(By.ID, "sb-count").text
        Select(d.find_element(By.ID, "sb-view")).select_by_value("changed")
        print(f"changed #1 vs #2: {_wait_count(d, count)} -> {d.find_element(By.ID, 'sb-count').text}")
        if args.shots:
            args.shots.mkdir(parents=True, exist_ok=True)
            d.execute_script("document.getElementById('samples-section').scrollIntoView()")
            d.find_elements(By.CSS_SELECTOR, "#sb-rows .sb-row")[2].click()
            d.save_screenshot(str(args.shots / "report-samples-changed.png"))
        count = d.find_element(By.ID, "sb-count").text
        Select(d.find_element(By.ID, "sb-view")).select_by_value("incorrect")
        print(f"incorrect in #1: {_wait_count(d, count)} -> {d.find_element(By.ID, 'sb-count').text}")
        Select(d.find_element(By.ID, "sb-view")).select_by_value("all")
        count = d.find_element(By.ID, "sb-count").text
        box = d.find_element(By.ID, "sb-search")
        box.send_keys("plus 2?")
        print(f"search 'plus 2?' (after a 120 ms pause in typing; the first search of a task builds "
              f"its index): {_wait_count(d, count)} -> "
              f"{d.find_element(By.ID, 'sb-count').text}")
        severe = [m for m in d.get_log("browser") if m["level"] == "SEVERE"]
        print(f"console errors: {len(severe)}")
        if args.shots:
            box.clear()
            d.execute_script("arguments[0].dispatchEvent(new Event('input'))", box)
            time.sleep(0.4)
            Select(d.find_element(By.ID, "sb-task")).select_by_index(len(tasks) - 1 if len(tasks) < 3 else 2)
            d.execute_script("document.getElementById('samples-section').scrollIntoView()")
            d.find_elements(By.CSS_SELECTOR, "#sb-rows .sb-row")[3].click()
            d.find_element(By.CSS_SELECTOR, "#sb-detail summary").click()  # open the long prompt
            d.execute_script("document.getElementById('samples-section').scrollIntoView()")
            d.save_screenshot(str(args.shots / "report-samples.png"))
            d.execute_script("window.scrollTo(0, 0)")
            d.save_screenshot(str(args.shots / "report-settings.png"))
    finally:
        d.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
