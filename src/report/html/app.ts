// The report page's script (inlined into report.html). It reads the embedded JSON and builds the
// page with DOM calls only (text goes in as textContent, never as HTML). Rows are rendered a page
// at a time, an eval's trials when it is opened, a trial's details when that is opened.
// Written without template literals so it can live in this String.raw.

export const REPORT_JS = String.raw`
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("report-data").textContent);
  var detailsCache = null;
  function details() {
    if (!detailsCache) detailsCache = JSON.parse(document.getElementById("report-details").textContent);
    return detailsCache;
  }
  var PAGE = 100;
  var STATUSES = ["passed", "failed", "skipped", "cached", "incomplete", "error", "inconclusive"];
  var FAILING = { failed: 1, error: 1, incomplete: 1, inconclusive: 1 };

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) for (var k in attrs) {
      if (attrs[k] === undefined || attrs[k] === null) continue;
      if (k === "text") node.textContent = attrs[k];
      else if (k === "class") node.className = attrs[k];
      else node.setAttribute(k, attrs[k]);
    }
    (children || []).forEach(function (c) {
      if (c === null || c === undefined || c === false) return;
      node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return node;
  }
  function svg(tag, attrs, children) {
    var node = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (var k in attrs) node.setAttribute(k, attrs[k]);
    (children || []).forEach(function (c) { node.appendChild(c); });
    return node;
  }
  function pct(x) { return Math.round(x * 100) + "%"; }
  function usd(x) { return "$" + (x > 0 && x < 0.01 ? x.toFixed(4) : x.toFixed(2)); }
  function secs(ms) { return ms < 10000 ? (ms / 1000).toFixed(1) + "s" : Math.round(ms / 1000) + "s"; }
  function failing(e) { return !!FAILING[e.status] || (e.status === "cached" && e.cachedFrom && e.cachedFrom.status === "failed"); }
  function counted(e) { return e.trials.filter(function (t) { return t.status !== "error"; }).length; }

  function header() {
    var r = data.run;
    var meta = [
      "started " + new Date(r.startedAt).toLocaleString(),
      "took " + secs(r.durationMs),
      "cost " + usd(r.costUsd) + (r.budgetUsd !== undefined ? " of " + usd(r.budgetUsd) : ""),
      r.commit ? "commit " + r.commit.slice(0, 12) : null,
      r.tool ? r.tool.name + " " + r.tool.version : null,
    ].filter(Boolean).join(" · ");
    var chips = el("div", { class: "chips", "aria-label": "run summary" }, STATUSES.filter(function (s) {
      return ["passed", "failed", "skipped", "cached", "incomplete"].indexOf(s) >= 0 || r.counts[s] > 0;
    }).map(function (s) {
      return el("span", { class: "chip " + s, "data-count": s }, [el("b", { text: String(r.counts[s]) }), " " + s]);
    }));
    var trials = data.evals.reduce(function (n, e) { return n + e.trials.length; }, 0);
    return el("header", null, [
      el("h1", { text: "agent-evals report" }),
      el("div", { class: "meta", text: meta }),
      chips,
      el("div", { class: "muted", text: data.evals.length + " eval × agent pair(s), " + trials + " trial(s) run. " + (r.isolation || "") }),
    ]);
  }

  function rateBar(e) {
    var bar = el("div", { class: "bar", title: "pass rate " + pct(e.passRate) + ", 95% CI " + pct(e.interval[0]) + "–" + pct(e.interval[1]) + ", needs " + pct(e.threshold) });
    bar.appendChild(el("span", { class: "ci", style: "left:" + e.interval[0] * 100 + "%;width:" + (e.interval[1] - e.interval[0]) * 100 + "%" }));
    bar.appendChild(el("span", { class: "thr", style: "left:" + e.threshold * 100 + "%" }));
    if (e.trialsRun > 0 || e.cachedFrom) bar.appendChild(el("span", { class: "rate", style: "left:" + e.passRate * 100 + "%" }));
    return bar;
  }

  function rateText(e) {
    if (e.cachedFrom) return e.cachedFrom.passes + "/" + e.cachedFrom.trials + " (" + pct(e.cachedFrom.passRate) + ") cached";
    if (e.trialsRun === 0) return "—";
    return e.passes + "/" + counted(e) + " (" + pct(e.passRate) + ")";
  }

  function evalRow(e, index) {
    var d = el("details", { class: "eval", "data-eval": e.id, "data-agent": e.agent, "data-status": e.status });
    var label = e.status === "cached" && e.cachedFrom ? "cached " + e.cachedFrom.status : e.status;
    d.appendChild(el("summary", null, [el("div", { class: "row" }, [
      el("span", { class: "b" }, [el("span", { class: "badge s-" + e.status, text: label })]),
      el("span", { class: "name" }, [el("b", { text: e.id }), " ", el("small", { text: "[" + e.agent + (e.agentVersion ? " " + e.agentVersion : "") + "]" })]),
      el("span", { class: "num rate", text: rateText(e) }),
      el("span", { class: "barcell" }, [rateBar(e)]),
      el("span", { class: "num cost", text: usd(e.costUsd) }),
      el("span", { class: "num dur", text: secs(e.durationMs) }),
    ])]));
    var body = el("div", { class: "body" });
    d.appendChild(body);
    d.addEventListener("toggle", function () {
      if (d.open && !body.firstChild) fillEval(body, e, index);
    });
    return d;
  }

  function fillEval(body, e, index) {
    var lines = [];
    if (e.reason) lines.push(el("p", null, [e.code ? el("span", { class: "code", text: e.code + " " }) : null, e.reason]));
    lines.push(el("p", { class: "muted", text: "defined at " + e.file + (e.line ? ":" + e.line : "") + " · needs " + pct(e.threshold) + " of " + e.trialsPlanned + " trial(s) · 95% CI " + pct(e.interval[0]) + "–" + pct(e.interval[1]) + ((e.status === "passed" || e.status === "failed") && e.trialsRun < e.trialsPlanned && e.trialsRun > 0 ? " · stopped after " + e.trialsRun + ": verdict decided" : "") + (e.promptHash ? " · prompt " + e.promptHash.slice(0, 12) : "") }));
    if (e.cachedFrom) lines.push(el("p", { class: "muted", text: "Nothing ran: the " + e.cachedFrom.source + " has this verdict from " + e.cachedFrom.time + (e.cachedFrom.commit ? " (" + e.cachedFrom.commit.slice(0, 12) + ")" : "") + ". --force runs it again." }));
    lines.forEach(function (l) { body.appendChild(l); });
    body.appendChild(el("h3", { text: "Pass-rate trend" }));
    body.appendChild(trend(e));
    if (e.trials.length) body.appendChild(el("h3", { text: "Trials" }));
    e.trials.forEach(function (t, ti) { body.appendChild(trialRow(e, t, index + "/" + ti)); });
  }

  function trend(e) {
    var byAgent = (data.trends || {})[e.id] || {};
    var agents = Object.keys(byAgent);
    if (!agents.length) return el("p", { class: "muted", text: "No history yet: pass --history-dir (the GitHub Action keeps it on the results branch) to see the pass rate over runs." });
    var W = 520, H = 140, L = 34, R = 8, T = 10, B = 22;
    var n = Math.max.apply(null, agents.map(function (a) { return byAgent[a].length; }));
    var x = function (i) { return L + (n <= 1 ? (W - L - R) / 2 : i * (W - L - R) / (n - 1)); };
    var y = function (v) { return T + (1 - v) * (H - T - B); };
    var colours = ["#0969da", "#8250df", "#bf3989", "#1a7f37", "#9a6700", "#cf222e"];
    var nodes = [];
    [0, 0.5, 1].forEach(function (v) {
      nodes.push(svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), stroke: "currentColor", "stroke-opacity": "0.15" }));
      var label = svg("text", { x: 2, y: y(v) + 3 }); label.textContent = pct(v); nodes.push(label);
    });
    var thr = svg("line", { x1: L, x2: W - R, y1: y(e.threshold), y2: y(e.threshold), stroke: "#cf222e", "stroke-dasharray": "4 3" });
    var thrTitle = svg("title", {}); thrTitle.textContent = "required pass rate " + pct(e.threshold); thr.appendChild(thrTitle);
    nodes.push(thr);
    agents.forEach(function (agent, ai) {
      var pts = byAgent[agent];
      var colour = colours[ai % colours.length];
      var offset = n - pts.length;
      nodes.push(svg("polyline", { fill: "none", stroke: colour, "stroke-width": "2", points: pts.map(function (p, i) { return x(i + offset) + "," + y(p.passRate); }).join(" ") }));
      pts.forEach(function (p, i) {
        var dot = svg("circle", { cx: x(i + offset), cy: y(p.passRate), r: 3.5, fill: colour });
        var tip = svg("title", {});
        tip.textContent = agent + ": " + p.passes + "/" + p.trials + " (" + pct(p.passRate) + ") " + p.status + " · " + p.time + (p.commit ? " · " + p.commit.slice(0, 12) : "");
        dot.appendChild(tip);
        nodes.push(dot);
      });
      var legend = svg("text", { x: L + ai * 120, y: H - 6, fill: colour }); legend.textContent = "● " + agent + " (" + pts.length + " run" + (pts.length === 1 ? "" : "s") + ")";
      nodes.push(legend);
    });
    return svg("svg", { class: "trend", viewBox: "0 0 " + W + " " + H, role: "img", "aria-label": "pass-rate trend of " + e.id }, nodes);
  }

  function trialRow(e, t, key) {
    var d = el("details", { class: "trial", "data-trial": String(t.n), "data-status": t.status });
    d.appendChild(el("summary", null, [
      el("span", { class: "badge s-" + t.status, text: t.status }), " trial " + t.n + " ",
      t.code ? el("span", { class: "code", text: t.code + " " }) : null,
      el("span", { class: "muted", text: secs(t.durationMs) + (t.costUsd ? " · " + usd(t.costUsd) : "") + (t.retries ? " · " + t.retries + " retr" + (t.retries === 1 ? "y" : "ies") : "") }),
      t.reason ? " — " + t.reason : "",
    ]));
    var body = el("div", { class: "body" });
    d.appendChild(body);
    d.addEventListener("toggle", function () {
      if (d.open && !body.firstChild) fillTrial(body, e, t, key);
    });
    return d;
  }

  function capped(title, c) {
    if (!c || !c.size) return null;
    var nodes = [el("h3", { text: title })];
    if (c.truncated) nodes.push(el("p", { class: "note", text: "Cut to its head and tail (" + c.size + " in full): the whole file is " + (c.path || "in the trial folder") + "." }));
    nodes.push(el("pre", { text: c.text }));
    if (c.path) nodes.push(el("a", { href: c.path, text: c.path }));
    return el("section", null, nodes);
  }

  function fillTrial(body, e, t, key) {
    var det = details()[key] || { trajectory: [], calls: [], files: [], notes: [] };
    var dir = data.dirs[key];
    body.appendChild(el("p", { class: "muted" }, ["folder: ", el("a", { href: dir + "/", text: t.dir }),
      det.agent && det.agent.exitCode !== undefined ? " · agent exit " + det.agent.exitCode : "",
      t.timedOut ? " · timed out" : "", det.agent && det.agent.turns ? " · " + det.agent.turns + " turns" : ""]));
    (t.warnings || []).forEach(function (w) { body.appendChild(el("p", { class: "note", text: "⚠ " + w })); });
    body.appendChild(el("h3", { text: "Checks" }));
    var list = el("ul", { class: "checks" });
    t.checks.forEach(function (c) {
      list.appendChild(el("li", { class: c.ok ? "check-ok" : "check-failed" }, [
        el("span", { class: c.ok ? "ok" : "ko", text: c.ok ? "✓ " : "✗ " }), el("b", { text: c.name }),
        c.line ? el("span", { class: "muted", text: " at " + e.file + ":" + c.line }) : null,
        c.evidence ? el("pre", { class: "evidence", text: c.evidence }) : null,
      ]));
    });
    if (!t.checks.length) list.appendChild(el("li", { class: "muted", text: "no checks ran" }));
    body.appendChild(list);
    [capped("Final message", det.finalMessage), capped("Prompt", det.prompt)].forEach(function (n) { if (n) body.appendChild(n); });
    body.appendChild(el("h3", { text: "Trajectory (" + det.trajectoryTotal + " tool call" + (det.trajectoryTotal === 1 ? "" : "s") + ")" }));
    if (det.trajectory.length) {
      body.appendChild(el("ol", { class: "timeline" }, det.trajectory.map(function (s, i) {
        return el("li", { class: s.isError ? "err" : "" }, [
          el("span", { class: "muted", text: "#" + (i + 1) + " " }), el("span", { class: "tool", text: s.tool }),
          s.exit !== undefined ? el("span", { class: "muted", text: " exit " + s.exit }) : null,
          el("pre", { text: s.input }), s.result ? el("pre", { class: "result", text: s.result }) : null,
        ]);
      })));
    } else body.appendChild(el("p", { class: "muted", text: "no tool calls recorded" }));
    body.appendChild(el("h3", { text: "Shim calls (" + det.callsTotal + ")" }));
    if (det.calls.length) {
      var start = det.calls[0].time;
      body.appendChild(el("table", null, [
        el("thead", null, [el("tr", null, [el("th", { text: "+time" }), el("th", { text: "call" }), el("th", { text: "exit" })])]),
        el("tbody", null, det.calls.map(function (c) {
          return el("tr", { class: c.exit ? "call-failed" : "" }, [
            el("td", { class: "num", text: "+" + ((c.time - start) / 1000).toFixed(2) + "s" }),
            el("td", { class: "cmd", text: [c.bin].concat(c.argv).join(" ") }),
            el("td", { class: c.exit ? "ko" : "", text: c.exit === null ? "killed" : String(c.exit) }),
          ]);
        })),
      ]));
    } else body.appendChild(el("p", { class: "muted", text: "no shimmed binary was called" }));
    [capped("stdout", det.stdout), capped("stderr", det.stderr)].forEach(function (n) { if (n) body.appendChild(n); });
    if (det.files && det.files.length) {
      body.appendChild(el("h3", { text: "Files" }));
      body.appendChild(el("ul", null, det.files.map(function (f) { return el("li", null, [el("a", { href: f, text: f })]); })));
    }
    (det.notes || []).forEach(function (n) { body.appendChild(el("p", { class: "note", text: n })); });
  }

  function app() {
    var root = document.getElementById("app");
    root.appendChild(header());
    var search = el("input", { type: "search", placeholder: "Filter by eval or agent", "aria-label": "filter" });
    var status = el("select", { "aria-label": "status" }, [el("option", { value: "", text: "every status" }), el("option", { value: "failing", text: "not passing" })]
      .concat(STATUSES.map(function (s) { return el("option", { value: s, text: s }); })));
    root.appendChild(el("div", { class: "controls" }, [search, status]));
    var list = el("div", { class: "evals" });
    var more = el("button", { class: "more", type: "button" });
    root.appendChild(list);
    root.appendChild(more);
    var order = data.evals.map(function (e, i) { return i; }).sort(function (a, b) {
      var ea = data.evals[a], eb = data.evals[b];
      return Number(failing(eb)) - Number(failing(ea)) || (ea.id < eb.id ? -1 : ea.id > eb.id ? 1 : 0) || (ea.agent < eb.agent ? -1 : 1);
    });
    var shown = [];
    var limit = PAGE;
    function matches(e) {
      var q = search.value.trim().toLowerCase();
      if (q && (e.id + " " + e.agent).toLowerCase().indexOf(q) < 0) return false;
      if (status.value === "failing") return failing(e);
      return !status.value || e.status === status.value;
    }
    function render() {
      list.textContent = "";
      shown = order.filter(function (i) { return matches(data.evals[i]); });
      shown.slice(0, limit).forEach(function (i) { list.appendChild(evalRow(data.evals[i], i)); });
      var left = shown.length - Math.min(limit, shown.length);
      more.hidden = left <= 0;
      more.textContent = "Show " + Math.min(PAGE, left) + " more (" + left + " hidden)";
      if (!shown.length) list.appendChild(el("p", { class: "muted", text: "No eval matches." }));
    }
    more.addEventListener("click", function () { limit += PAGE; render(); });
    search.addEventListener("input", function () { limit = PAGE; render(); });
    status.addEventListener("change", function () { limit = PAGE; render(); });
    render();
  }
  app();
})();
`;
