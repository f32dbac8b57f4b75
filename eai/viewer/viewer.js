"use strict";
// The eai viewer: every text from a run is put in the page as text (textContent), never as HTML.
const DATA = JSON.parse(document.getElementById("eai-data").textContent);

// A task's detail is a script beside the page (eai/viewer/page.py), tasks/R-U/T.js, calling eaiTask("R/U/T", task):
// loaded when the task is opened, from a server or from the file system alike.
const DETAILS = {}, LOADING = {};
window.eaiTask = (key, task) => { DETAILS[key] = task; };
function taskKey(run, unit, listed) {
  const r = DATA.runs.indexOf(run), u = run.units.indexOf(unit);
  return `${r}/${u}/${unit.tasks.indexOf(listed)}`;
}
function loadTask(key) {
  if (!LOADING[key]) {
    LOADING[key] = new Promise((resolve) => {
      const [r, u, t] = key.split("/"), script = document.createElement("script"), path = `tasks/${r}-${u}/${t}.js`;
      const done = () => { if (!(key in DETAILS)) DETAILS[key] = {missing: path}; script.remove(); resolve(); };
      script.onload = done; script.onerror = done; script.src = path;
      document.head.appendChild(script);
    });
  }
  return LOADING[key];
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined) continue;
    if (k === "class") node.className = v; else if (k.startsWith("on")) node.addEventListener(k.slice(2), v); else node.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined) continue;
    node.appendChild(typeof c === "object" ? c : document.createTextNode(String(c)));
  }
  return node;
}
const show = (v) => (v === null || v === undefined ? "-" : typeof v === "object" ? JSON.stringify(v) : String(v));
const cls = (s) => s.replace(/ /g, "-");

function params() {
  const p = new URLSearchParams(location.hash.slice(1));
  return Object.fromEntries(p.entries());
}
function link(changes) {
  const p = new URLSearchParams(location.hash.slice(1));
  for (const [k, v] of Object.entries(changes)) { if (v === null || v === "") p.delete(k); else p.set(k, v); }
  return "#" + p.toString();
}
function table(headers, rows, rowClass) {
  return el("div", {class: "box"}, el("table", {},
    el("tr", {}, headers.map((h) => el("th", {}, h))),
    rows.map((r, i) => el("tr", {class: rowClass ? rowClass(i) : ""}, r.map((c) => el("td", {}, c))))));
}

// The run and unit the address names: a unit by its folder key, or by suite/module/model as
// report links name it, in the run named (else the first run that has it).
function findUnit(run, p) {
  if (p.unit) return run.units.find((u) => u.key === p.unit);
  if (p.suite) return run.units.find((u) => u.suite === p.suite && u.module === p.module && (!p.model || u.label === p.model));
  return run.units[0];
}
function locate(p) {
  const runs = p.run ? DATA.runs.filter((r) => r.name === p.run) : DATA.runs;
  for (const run of runs) { const unit = findUnit(run, p); if (unit) return [run, unit]; }
  return [runs[0] || DATA.runs[0], undefined];
}
function matches(task, p) {
  if (p.status && p.status !== "all" && (p.status === "failures" ? task.status === "success" : task.status !== p.status)) return false;
  if (p.error && !task.errors.includes(p.error)) return false;
  if (p.q) {
    const q = p.q.toLowerCase();
    const text = [task.id, task.instruction, task.search].join(" ").toLowerCase();
    if (!text.includes(q)) return false;
  }
  return true;
}

// run.json's fields shown in rows of their own, or not at all (the plugins' versions: run.json has them)
const SHOWN_APART = ["models", "suites", "modules", "eai_version", "format_version", "plugins", "started", "finished", "command"];

// the prompts a run asked (eai run --prompts, --system-prompt, --shots; run.json records them when not the default)
function promptsShown(o) {
  const style = o.prompts ? (o.prompts.endsWith(".json") ? `the prompt file ${o.prompts}` : o.prompts) : "paper (the default)";
  const shots = o.shots === undefined ? style : `${style}; in-context examples: the first ${o.shots} (--shots ${o.shots})`;
  return o.system_prompt ? `${shots}; system prompt: ${o.system_prompt}` : shots;
}

function configView(run) {
  const c = run.config;
  const n = run.units.map((u) => `${u.suite}/${u.module}/${u.label}: n=${show(u.n)}`);
  if (!c) return el("section", {}, el("p", {class: "muted"}, "No run.json: a score folder (eai score --out)."), el("p", {}, n.join("; ")));
  const rows = [["models", (c.models || []).join(", ")], ["suites", (c.suites || []).join(", ")],
    ["modules", (c.modules || []).join(", ")], ["date (run.json written)", run.written || "-"],
    ["eai version", c.eai_version || "not recorded in run.json (viewer: " + DATA.eai_version + ")"],
    ["started, finished (UTC)", c.started ? `${c.started} to ${c.finished || "not finished"}` : "not recorded in run.json"],
    ["command", c.command ? c.command.join(" ") : "not recorded in run.json"],
    ["prompts", promptsShown(c.options || {})],
    ["options", JSON.stringify(Object.fromEntries(Object.entries(c).filter(([k]) => !SHOWN_APART.includes(k))))],
    ["n per unit", n.join("; ")]];
  return el("section", {id: "config"}, el("h2", {}, `Run ${run.name}`), table(["setting", "value"], rows));
}

function summaryView(unit) {
  const flat = [];
  const walk = (obj, prefix) => {
    for (const [k, v] of Object.entries(obj)) {
      if (v && typeof v === "object" && !Array.isArray(v)) walk(v, prefix + k + "."); else flat.push([prefix + k, show(v)]);
    }
  };
  walk(unit.summary, "");
  return el("details", {}, el("summary", {}, `Summary (n=${show(unit.n)})`), table(["figure", "value"], flat));
}

function filtersView(unit, p) {
  const kinds = [...new Set(unit.tasks.flatMap((t) => t.errors))].sort();
  const status = el("select", {id: "status", onchange: (e) => { location.hash = link({status: e.target.value, task: null}); }},
    ["all", "failures", "success", "failure", "model error"].map((s) => el("option", {value: s}, s)));
  status.value = p.status || "all";
  const error = el("select", {id: "error", onchange: (e) => { location.hash = link({error: e.target.value, task: null}); }},
    el("option", {value: ""}, "any error"), kinds.map((k) => el("option", {value: k}, k)));
  error.value = p.error || "";
  const q = el("input", {id: "q", type: "search", placeholder: "text in id, instruction, error, answer"});
  q.value = p.q || "";
  q.addEventListener("change", (e) => { location.hash = link({q: e.target.value, task: null}); });
  return el("div", {class: "filters"}, el("label", {}, "Outcome ", status), el("label", {}, "Error ", error), el("label", {}, "Text ", q));
}

function taskList(unit, p) {
  const shown = unit.tasks.filter((t) => matches(t, p));
  const rows = shown.map((t) => [el("a", {href: link({task: t.id}), class: "task-link"}, t.id),
    el("span", {class: cls(t.status)}, t.status), t.errors.join(", ") || "-", (t.instruction || "").slice(0, 120)]);
  return el("section", {id: "tasks"}, el("p", {id: "count"}, `${shown.length} of ${unit.tasks.length} task(s)`),
    table(["task", "outcome", "errors", "instruction"], rows));
}

const STEP_ROWS = {failed: "failed-step", "failed at random": "random-failure", additional: "additional-step", "not run": "not-run"};
function stepsTable(steps) {
  const rows = steps.map((s, i) => [String(i + 1), s.action, s.detail ? `${s.outcome}: ${s.detail}` : s.outcome, s.added.join(", "), s.removed.join(", ")]);
  return table(["#", "action", "outcome", "added", "removed"], rows, (i) => STEP_ROWS[steps[i].outcome] || "");
}

function stepsView(task) {
  const r = task.record;
  if (task.steps) return el("section", {}, el("h3", {}, "Executed steps"), stepsTable(task.steps));
  if (r.subgoals) {
    const rows = r.subgoals.map((s, i) => [String(i + 1), s.subgoal, s.outcome, (s.actions || []).join(", ")]);
    return el("section", {}, el("h3", {}, "Subgoals and the actions they were refined into"),
      table(["#", "subgoal", "outcome", "actions"], rows, (i) => (r.error_step === i ? "failed-step" : "")));
  }
  return null;
}

function outcomeView(task) {
  const r = task.record, parts = [];
  if ("error_type" in r) {
    parts.push(el("p", {class: r.error_type ? "failure error-line" : "success"},
      r.error_type ? `Error: ${r.error_type} at step ${show(r.error_step === null ? null : r.error_step + 1)}: ${r.error_detail}` : "No execution error."));
  }
  if (r.goals) {
    parts.push(table(["goals", "met", "of"], Object.entries(r.goals).map(([k, v]) => [k, show(v[0]), show(v[1])])));
    parts.push(el("p", {}, "Unmet goals: ", (r.unmet_goals || []).length ? r.unmet_goals.join(", ") : "none"));
  }
  if ("missed" in r || "wrong" in r) {
    const counts = ["state", "relation", "action"].filter((k) => r[k]).map((k) => [k, show(r[k].matched), show(r[k].predicted), show(r[k].gold)]);
    parts.push(el("h3", {}, "Goals: matched, missed, wrong"), table(["kind", "matched", "predicted", "gold"], counts),
      el("p", {}, "Missed (gold, not predicted): ", (r.missed || []).join(", ") || "none"),
      el("p", {}, "Wrong (predicted, not gold): ", (r.wrong || []).join(", ") || "none"));
  }
  if (r.logic_form) {
    const diff = task.operators || {}, atoms = (op, part, k) => ((diff[op] || {})[part] || {})[k] || [];
    const rows = Object.entries(r.logic_form.by_operator || {}).map(([op, v]) =>
      [op, ...["precondition", "effect"].flatMap((k) => [v[k] ? `${v[k].matched} of ${v[k].gold} gold (${v[k].predicted} predicted)` : "-",
        task.operators ? atoms(op, k, "missing").join(" ") || "none" : "-", task.operators ? atoms(op, k, "wrong").join(" ") || "none" : "-"])]);
    parts.push(el("h3", {}, "Logic form by operator"), table(["operator", "precondition matched", "precondition missing (gold, not predicted)",
      "precondition wrong (predicted, not gold)", "effect matched", "effect missing", "effect wrong"], rows, (i) => (diff[rows[i][0]] ? "operator-differs" : "")));
    const said = [["not written", r.missing], ["not parsed", Object.keys(r.parse_errors || {})], ["extra (not needed)", r.extra]]
      .filter(([, v]) => v && v.length).map(([k, v]) => `${k}: ${v.join(", ")}`);
    if (said.length) parts.push(el("p", {class: "operators-said"}, "Operators " + said.join("; ")));
    if (r.planner) parts.push(el("p", {}, `Planner: ${r.planner.outcome}${r.planner.detail ? " (" + r.planner.detail + ")" : ""}, plan length ${show(r.planner.plan_length)}`));
  }
  return parts;
}

// The prompt is built again; the digest the run logged of the one sent says whether it is that one.
function promptSummary(task) {
  if (task.prompt_as_sent === true) return el("summary", {}, "Prompt sent");
  if (task.prompt_as_sent === false) return el("summary", {class: "failure"}, "Prompt as eai builds it now: not the one sent (its digest differs; the prompt templates or the task changed since the run)");
  return el("summary", {}, "Prompt as eai builds it now" + (task.prompt === undefined ? "" : " (the run logged no digest of the one sent to check it against)"));
}

// The pane of a task: its detail once loaded (null: still loading, after which the page is drawn again).
function taskPane(run, unit, id, pending) {
  const listed = unit.tasks.find((t) => t.id === id);
  if (!listed) return el("p", {class: "muted"}, "No such task in this unit.");
  const key = taskKey(run, unit, listed), task = DETAILS[key];
  if (task === undefined) { pending.push(loadTask(key)); return el("p", {class: "loading muted"}, `Loading task ${id}...`); }
  if (task.missing) return el("p", {class: "failure"}, `The detail of task ${id} (${task.missing}, beside this page) could not be loaded.`);
  return taskView(unit, task, run);
}

function taskView(unit, task, run) {
  return el("article", {class: "task"},
    el("h3", {}, `${run.name}: ${unit.label}, task ${task.id}`),
    el("p", {class: cls(task.status)}, `Outcome: ${task.status}`),
    el("p", {}, "Instruction: ", task.instruction === undefined ? "(not available)" : task.instruction),
    task.call_error ? el("p", {class: "failure"}, "Model call failed: " + task.call_error) : null,
    stepsView(task), task.trace ? traceView(unit, task.trace) : null, outcomeView(task),
    task.trace && !task.steps ? null : [
      el("details", {}, promptSummary(task), el("pre", {class: "prompt"}, task.prompt === undefined ? "(not available" + (unit.note ? ": " + unit.note : "") + ")" : task.prompt)),
      el("details", {open: ""}, el("summary", {}, "Raw model output"), el("pre", {class: "output"}, task.output === null || task.output === undefined ? "(not kept)" : task.output)),
      el("details", {}, el("summary", {}, "What the parser read"), el("pre", {class: "parsed"}, task.parsed === undefined ? "(not available)" : JSON.stringify(task.parsed, null, 2)))],
    el("details", {}, el("summary", {}, "Record"), el("pre", {}, JSON.stringify(task.record, null, 2))));
}

// Units of other runs scoring the same suite and module: what a task can be compared with.
function peers(run, unit) {
  return DATA.runs.flatMap((r) => r.units.filter((u) => u.suite === unit.suite && u.module === unit.module && !(r === run && u === unit)).map((u) => [r, u]));
}

function compareView(run, unit, p) {
  const others = peers(run, unit);
  if (!others.length) return null;
  const pick = el("select", {id: "compare", onchange: (e) => { location.hash = link({compare: e.target.value}); }},
    el("option", {value: ""}, "nothing"), others.map(([r, u], i) => el("option", {value: String(i)}, `${r.name}: ${u.label}`)));
  pick.value = p.compare || "";
  return el("label", {}, "Compare with ", pick);
}

function render() {
  const p = params(), [run, unit] = locate(p);
  const nav = document.getElementById("units"), content = document.getElementById("content");
  nav.replaceChildren(...DATA.runs.flatMap((r) => [el("h2", {}, r.name), ...r.units.map((u) =>
    el("a", {href: "#" + new URLSearchParams({run: r.name, unit: u.key}).toString(), class: r === run && u === unit ? "current" : ""},
      `${u.suite}/${u.module}/${u.label} (n=${show(u.n)})`))]));
  if (!unit) { content.replaceChildren(configView(run), el("p", {class: "failure"}, "No such unit in this run.")); return; }
  const parts = [configView(run), el("h2", {id: "unit-title"}, `${unit.suite} / ${unit.module} / ${unit.label}`),
    unit.note ? el("p", {class: "note"}, unit.note) : null, summaryView(unit), filtersView(unit, p), taskList(unit, p)];
  const pending = [];
  if (p.task) {
    const other = peers(run, unit)[Number(p.compare)];
    const panes = [el("section", {}, taskPane(run, unit, p.task, pending))];
    if (p.compare && other) panes.push(el("section", {}, taskPane(other[0], other[1], p.task, pending)));
    parts.push(el("div", {class: "compare-pick"}, compareView(run, unit, p)), el("div", {class: "panes", id: "task"}, panes));
  }
  content.replaceChildren(...parts.filter(Boolean));
  if (p.task) document.getElementById("task").scrollIntoView();
  return pending.length ? Promise.all(pending).then(render) : Promise.resolve();
}
window.addEventListener("hashchange", render);
render().then(() => document.body.setAttribute("data-ready", "1"));  // with the task the address names, once loaded
