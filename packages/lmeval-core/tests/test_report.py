"""``lmeval report``: the HTML page, rendered by headless Chromium and checked by its content."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from lmeval.cli import main
from runs_fixture import make_run, write_tasks

CHROMIUM = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)), None)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("report")
    mp = pytest.MonkeyPatch()
    mp.setenv("LMEVAL_CACHE_DIR", str(root / "cache"))
    tasks = write_tasks(root / "tasks")
    make_run(tasks, root / "out", seed=0, model_name="alpha")
    make_run(tasks, root / "out", seed=1, model_name="beta", tasks=("cmp_mc", "cmp_ppl"))
    other = make_run(tasks, root / "other", seed=2, model_name="gamma")
    mp.undo()
    return root, other


def chromium(*args: str, tmp: Path) -> subprocess.CompletedProcess:
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--no-first-run",
             f"--user-data-dir={tmp / 'chromium-profile'}"]
    return subprocess.run([CHROMIUM, *flags, *args], capture_output=True, text=True, timeout=120)


class Tables(HTMLParser):
    """The rendered DOM's tables as rows of cell texts, keyed by data-task; plus svg text."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self.svg_text: list[str] = []
        self.headings: list[str] = []
        self._table: str | None = None
        self._cell: list[str] | None = None
        self._in_svg_text = self._in_h2 = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table" and "data-task" in attrs:
            self._table = attrs["data-task"]
            self.tables[self._table] = []
        elif tag == "tr" and self._table:
            self.tables[self._table].append([])
        elif tag in ("td", "th") and self._table:
            self._cell = []
        elif tag == "br" and self._cell is not None:
            self._cell.append(" ")
        elif tag == "text":
            self._in_svg_text = True
        elif tag == "h2":
            self._in_h2 = True
            self.headings.append("")

    def handle_endtag(self, tag):
        if tag == "table":
            self._table = None
        elif tag in ("td", "th") and self._cell is not None and self._table:
            self.tables[self._table][-1].append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif tag == "text":
            self._in_svg_text = False
        elif tag == "h2":
            self._in_h2 = False

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)
        if self._in_svg_text:
            self.svg_text.append(data.strip())
        if self._in_h2:
            self.headings[-1] += data


@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium not installed (apt-get install -y chromium)")
def test_report_page_renders_in_chromium(runs, tmp_path):
    pytest.importorskip("matplotlib", reason="lmeval report needs the [report] extra (matplotlib)")
    root, other = runs
    page = tmp_path / "page.html"
    assert main(["report", str(root / "out"), str(other), "-o", str(page), "--title", "Nightly"]) == 0
    dom = chromium("--dump-dom", page.as_uri(), tmp=tmp_path)
    assert dom.returncode == 0, dom.stderr[-2000:]
    parsed = Tables()
    parsed.feed(dom.stdout)
    assert "<title>Nightly</title>" in dom.stdout
    assert parsed.headings[:2] == ["Runs", "Overview"]
    assert set(parsed.headings[2:-1]) == {"cmp_mc", "cmp_gen", "cmp_ppl"}
    assert parsed.headings[-1] == "Samples"

    results = [json.loads(p.read_text()) for p in sorted((root / "out").rglob("results_*.json"))]
    results.append(json.loads(other.read_text()))
    labels = ["#1 alpha model_args seed=0", "#2 beta model_args seed=1", "#3 gamma model_args seed=2"]
    mc = parsed.tables["cmp_mc"]
    assert mc[0] == ["run", "acc none"]
    accs = [r["results"]["cmp_mc"]["acc,none"] for r in results]
    for row, label, acc, r in zip(mc[1:], labels, accs, results, strict=True):
        se = r["results"]["cmp_mc"]["acc_stderr,none"]
        assert row == [label, f"{acc:.4f} ± {se:.4f}"]
    gen = parsed.tables["cmp_gen"]
    assert [row[0] for row in gen[1:]] == labels
    assert gen[2][1] == "-"  # beta did not run cmp_gen
    ppl = parsed.tables["cmp_ppl"]
    assert ppl[0] == ["run", "word_perplexity none", "byte_perplexity none", "bits_per_byte none"]
    # the plots: matplotlib's SVG text survives rendering
    for name in ("cmp_mc", "cmp_ppl", "acc", "bits_per_byte", labels[2], f"{accs[2]:.3f}"):
        assert name in parsed.svg_text, name
    # the overview: one panel per metric, so a perplexity never shares an axis with an accuracy
    overview = dom.stdout.split("id=\"overview\"")[1].split("</figure>")[0]
    titles = [t for t in ("acc", "exact_match", "word_perplexity") if f">{t}</text>" in overview]
    assert titles == ["acc", "exact_match", "word_perplexity"], overview[:300]


@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium not installed (apt-get install -y chromium)")
def test_report_screenshot_shows_the_plots(runs, tmp_path):
    image = pytest.importorskip("PIL.Image", reason="Pillow comes with matplotlib")
    root, _ = runs
    page = tmp_path / "page.html"
    assert main(["report", str(root / "out"), "-o", str(page)]) == 0
    shot = tmp_path / "shot.png"
    proc = chromium(f"--screenshot={shot}", "--window-size=1100,1400", "--hide-scrollbars", page.as_uri(), tmp=tmp_path)
    assert proc.returncode == 0 and shot.exists(), proc.stderr[-2000:]
    img = image.open(shot).convert("RGB")
    assert img.size == (1100, 1400)
    colors = img.getcolors(maxcolors=1 << 20)
    # matplotlib's first two bar colours (C0, C1) cover real areas of the page
    counts = {rgb: n for n, rgb in colors}
    assert counts.get((31, 119, 180), 0) > 500 and counts.get((255, 127, 14), 0) > 500


def test_report_without_plots_and_default_path(runs, tmp_path):
    root, other = runs
    target = tmp_path / "res"
    shutil.copytree(other.parent, target)
    assert main(["report", str(target), "--no_plots"]) == 0
    html = (target / "report.html").read_text()
    assert "<svg" not in html and "data-task='cmp_gen'" in html


def test_report_needs_matplotlib_only_when_plotting(runs, tmp_path, monkeypatch, capsys):
    _, other = runs
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert main(["report", str(other), "-o", str(tmp_path / "p.html")]) == 2
    assert "pip install 'lmeval-core[report]'" in capsys.readouterr().err
    assert main(["report", str(other), "-o", str(tmp_path / "p.html"), "--no_plots"]) == 0


def test_matplotlib_is_imported_by_report_only(runs):
    _, other = runs
    code = (
        "import sys\n"
        "from lmeval.cli import main, build_parser\n"
        "build_parser()\n"
        f"main(['compare', {str(other)!r}, {str(other)!r}])\n"
        "assert 'matplotlib' not in sys.modules, 'compare imported matplotlib'\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr


def test_sample_browser_data_survives_hostile_sample_lines(tmp_path):
    """Odd values in a samples file (a hand-edited or foreign line) are shown as text, and no
    text can close the page's script element."""
    from lmeval.report import Run
    from lmeval.report.samples import embedded_json, task_data

    lines = [
        {"doc_id": 0, "doc": {}, "target": "</script><script>alert(1)</script>",
         "arguments": {"gen_args_0": {"arg_0": "<!-- x", "arg_1": {"until": []}}},
         "resps": [["</SCRIPT>"]], "filtered_resps": [{"a": 1}], "filter": "f", "metrics": ["em"],
         "em": {"x": 1}},
        {"doc_id": 1, "doc": {}, "target": 3, "arguments": [], "resps": "x", "filtered_resps": None,
         "filter": None, "metrics": "em", "em": float("nan")},
        {"doc_id": 2, "doc": {}, "target": None, "arguments": {"gen_args_0": {"arg_0": 5}},
         "resps": [[["nan", "True"]]], "filtered_resps": [["inf", "False"]], "filter": "f",
         "metrics": ["em"], "em": [1, 2]},
    ]
    path = tmp_path / "samples_t_2024-01-01T00-00-00.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines))
    data = task_data("t", [Run(tmp_path / "results.json", {"results": {"t": {}}}, {"t": path})])
    assert data["metrics"] == ["em"] and [r[0] for r in data["rows"]] == [0, 1, 2]
    text = embedded_json({"runs": ["#1"], "tasks": [data]})
    assert "<" not in text  # every < escaped: no </script>, no <!--
    back = json.loads(text)["tasks"][0]
    assert back["strings"][back["rows"][0][3]] == "</script><script>alert(1)</script>"
    assert back["rows"][1][5][0][2] == ["nan"]  # a NaN metric as text, the JSON still valid
