// lmeval report: the per-sample browser. Reads the JSON in #lmeval-samples (see
// lmeval/report/samples.py for its layout) and shows one task at a time in a virtualised
// list: only the rows in view are in the page, so tens of thousands of documents open at once.
(function () {
  "use strict";
  var t0 = performance.now();
  var node = document.getElementById("lmeval-samples");
  var root = document.getElementById("samples");
  if (!node || !root) { return; }
  var DATA = JSON.parse(node.textContent);
  var ROW = 46;          // px, every row the same height (virtualised list)
  var LONG = 400;        // prompts longer than this are collapsed in the detail view
  var $ = function (id) { return document.getElementById(id); };
  var state = { task: 0, view: "all", run: 0, a: 0, b: Math.min(1, DATA.runs.length - 1),
                query: "", shown: [], selected: -1 };
  var haystacks = {};

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = text; }
    return e;
  }
  function option(select, value, text) {
    var o = el("option", null, text); o.value = String(value); select.appendChild(o);
  }
  function fmt(v) {
    if (v === null || v === undefined) { return "-"; }
    if (typeof v === "number") { return String(Math.round(v * 10000) / 10000); }
    if (typeof v === "boolean") { return v ? "1" : "0"; }
    return JSON.stringify(v);
  }
  function task() { return DATA.tasks[state.task]; }
  function str(i) { return task().strings[i]; }
  function cell(row, r) { return row[5][r]; }
  function answer(row, r) { var c = cell(row, r); return c ? str(c[1]) : null; }
  function changed(row) {
    var a = cell(row, state.a), b = cell(row, state.b);
    if (!a || !b) { return false; }
    return a[1] !== b[1] || a[3] !== b[3] || JSON.stringify(a[2]) !== JSON.stringify(b[2]);
  }
  function haystack(i) {
    var t = task(), h = haystacks[state.task];
    if (!h) {
      h = haystacks[state.task] = t.rows.map(function (row) {
        var parts = [String(row[0]), str(row[2]), str(row[3])];
        row[5].forEach(function (c) {
          if (!c) { return; }
          parts.push(str(c[1]));
          if (!c[4]) { c[0].forEach(function (s) { parts.push(str(s)); }); }
        });
        return parts.join("\n").toLowerCase();
      });
    }
    return h[i];
  }

  function filterRows() {
    var started = performance.now();
    var rows = task().rows, out = [], q = state.query.toLowerCase();
    for (var i = 0; i < rows.length; i++) {
      var row = rows[i];
      if (state.view === "correct" || state.view === "incorrect") {
        var c = cell(row, state.run);
        if (!c || c[3] === null || c[3] !== (state.view === "correct" ? 1 : 0)) { continue; }
      } else if (state.view === "changed" && !changed(row)) { continue; }
      if (q && haystack(i).indexOf(q) < 0) { continue; }
      out.push(i);
    }
    state.shown = out;
    state.selected = -1;
    $("sb-count").textContent = out.length + " of " + rows.length + " rows";
    $("sb-spacer").style.height = (out.length * ROW) + "px";
    $("sb-viewport").style.height = Math.min(Math.round(window.innerHeight * 0.6), 600, Math.max(out.length, 3) * ROW + 2) + "px";
    $("sb-viewport").scrollTop = 0;
    $("sb-detail").replaceChildren(el("p", "meta", out.length ? "Click a row to see the whole sample." : "No rows match."));
    paint();
    root.dataset.filterMs = String(Math.round(performance.now() - started));  // for benchmarks
  }

  function rowNode(pos) {
    var row = task().rows[state.shown[pos]];
    var div = el("div", "sb-row" + (pos === state.selected ? " sb-selected" : ""));
    div.style.top = (pos * ROW) + "px";
    div.dataset.pos = String(pos);
    div.dataset.doc = String(row[0]);
    div.appendChild(el("span", "sb-doc", String(row[0])));
    div.appendChild(el("span", "sb-filter", row[1]));
    var prompt = str(row[2]);
    div.appendChild(el("span", "sb-prompt", prompt.length > 100 ? "…" + prompt.slice(-100) : prompt));
    div.appendChild(el("span", "sb-target", row[4] && /^\d+$/.test(str(row[3])) && row[4][+str(row[3])] !== undefined
      ? str(row[4][+str(row[3])]) : str(row[3])));
    for (var r = 0; r < DATA.runs.length; r++) {
      var c = cell(row, r);
      var cls = "sb-run" + (c && c[3] === 1 ? " sb-ok" : c && c[3] === 0 ? " sb-bad" : "");
      var span = el("span", cls, c ? str(c[1]) : "(not logged)");
      span.title = DATA.runs[r];
      div.appendChild(span);
    }
    return div;
  }

  function paint() {
    var vp = $("sb-viewport"), body = $("sb-rows");
    var first = Math.max(0, Math.floor(vp.scrollTop / ROW) - 5);
    var last = Math.min(state.shown.length, Math.ceil((vp.scrollTop + vp.clientHeight) / ROW) + 5);
    var frag = document.createDocumentFragment();
    for (var pos = first; pos < last; pos++) { frag.appendChild(rowNode(pos)); }
    body.replaceChildren(frag);
  }

  function pre(text, cls) { var p = el("pre", cls, text); return p; }
  function detail(pos) {
    state.selected = pos;
    paint();
    var row = task().rows[state.shown[pos]], box = $("sb-detail"), t = task();
    var out = [el("h4", null, t.task + " · document " + row[0] + " · filter " + row[1])];
    var prompt = str(row[2]);
    if (prompt.length > LONG) {
      var d = el("details", "sb-long");
      d.appendChild(el("summary", null, "prompt (" + prompt.length + " characters): …" + prompt.slice(-120)));
      d.appendChild(pre(prompt));
      out.push(d);
    } else {
      out.push(el("div", "sb-label", "prompt")); out.push(pre(prompt));
    }
    out.push(el("div", "sb-label", "target")); out.push(pre(str(row[3])));
    if (row[4]) {
      out.push(el("div", "sb-label", "choices"));
      out.push(pre(row[4].map(function (c, i) { return i + ": " + str(c); }).join("\n")));
    }
    var table = el("table", "sb-runs");
    var head = el("tr");
    ["run", "answer(s)", "filtered answer"].concat(t.metrics).forEach(function (h) { head.appendChild(el("th", null, h)); });
    table.appendChild(head);
    DATA.runs.forEach(function (label, r) {
      var c = cell(row, r), tr = el("tr");
      tr.appendChild(el("td", null, label));
      if (!c) { var td = el("td", null, "not logged in this run"); td.colSpan = 2 + t.metrics.length; tr.appendChild(td); table.appendChild(tr); return; }
      var answers = c[0].map(function (x) { return c[4] ? "log-likelihood " + fmt(x) : str(x); });
      var ans = el("td"); ans.appendChild(pre(row[4] ? answers.map(function (x, i) { return i + ": " + x; }).join("\n") : answers.join("\n---\n")));
      tr.appendChild(ans);
      var f = el("td", c[3] === 1 ? "sb-ok" : c[3] === 0 ? "sb-bad" : null); f.appendChild(pre(str(c[1]))); tr.appendChild(f);
      c[2].forEach(function (v) { tr.appendChild(el("td", null, fmt(v))); });
      table.appendChild(tr);
    });
    out.push(table);
    box.replaceChildren.apply(box, out);
  }

  function build() {
    var bar = el("div", "sb-bar");
    var tasks = el("select"); tasks.id = "sb-task";
    DATA.tasks.forEach(function (t, i) { option(tasks, i, t.task + " (" + t.rows.length + ")"); });
    var view = el("select"); view.id = "sb-view";
    [["all", "all rows"], ["correct", "correct in"], ["incorrect", "incorrect in"], ["changed", "changed between"]]
      .forEach(function (v) { option(view, v[0], v[1]); });
    var run = el("select"); run.id = "sb-run";
    var a = el("select"); a.id = "sb-a";
    var b = el("select"); b.id = "sb-b";
    DATA.runs.forEach(function (label, i) { option(run, i, label); option(a, i, label); option(b, i, label); });
    b.value = String(state.b);
    var search = el("input"); search.id = "sb-search"; search.type = "search"; search.placeholder = "search prompt, target, answers";
    var count = el("span", "meta"); count.id = "sb-count";
    var and = el("span", "sb-and", "and");
    [tasks, view, run, a, and, b, search, count].forEach(function (n) { bar.appendChild(n); });
    var header = el("div", "sb-row sb-head");
    ["doc", "filter", "prompt (end)", "target"].forEach(function (h) { header.appendChild(el("span", null, h)); });
    DATA.runs.forEach(function (label) {  // "#2 answer", the whole label on hover
      var h = el("span", null, label.split(" ")[0] + " filtered answer"); h.title = label; header.appendChild(h);
    });
    var vp = el("div"); vp.id = "sb-viewport";
    var spacer = el("div"); spacer.id = "sb-spacer";
    var rows = el("div"); rows.id = "sb-rows";
    spacer.appendChild(rows); vp.appendChild(spacer);
    var det = el("div"); det.id = "sb-detail";
    root.append(bar, header, vp, det);
    var cols = "4.5em 7em minmax(12em, 3fr) minmax(5em, 1fr)" + " minmax(6em, 1fr)".repeat(DATA.runs.length);
    document.documentElement.style.setProperty("--sb-cols", cols);

    function sync() {
      run.style.display = (view.value === "correct" || view.value === "incorrect") ? "" : "none";
      a.style.display = b.style.display = and.style.display = view.value === "changed" ? "" : "none";
    }
    tasks.onchange = function () { state.task = +tasks.value; filterRows(); };
    view.onchange = function () { state.view = view.value; sync(); filterRows(); };
    run.onchange = function () { state.run = +run.value; filterRows(); };
    a.onchange = function () { state.a = +a.value; filterRows(); };
    b.onchange = function () { state.b = +b.value; filterRows(); };
    var timer = null;
    search.oninput = function () {
      clearTimeout(timer);
      timer = setTimeout(function () { state.query = search.value; filterRows(); }, 120);
    };
    var pending = false;
    vp.onscroll = function () {
      if (pending) { return; }
      pending = true;
      requestAnimationFrame(function () { pending = false; paint(); });
    };
    rows.onclick = function (ev) {
      var n = ev.target.closest(".sb-row");
      if (n) { detail(+n.dataset.pos); }
    };
    sync();
  }

  if (!DATA.tasks.length) { root.appendChild(el("p", "meta", "No run logged samples (lmeval run --log_samples).")); return; }
  build();
  filterRows();
  root.dataset.ready = String(Math.round(performance.now() - t0));
})();
