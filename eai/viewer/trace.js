"use strict";
// A trace (eai/viewer/trace.py): one block per turn, attempt or stage; a prompt is its text or a line
// patch of an earlier entry's prompt or of the unit's prompt_base (n > 0: keep n lines, n < 0: skip -n, a string: a line).
function promptOf(unit, trace, i, memo) {
  if (memo[i] !== undefined) return memo[i];
  const p = trace.entries[i].prompt;
  let text = p.text;
  if (text === undefined) {
    const base = (p.base === undefined ? unit.prompt_base : promptOf(unit, trace, p.base, memo)).split("\n"), lines = [];
    let at = 0;
    for (const edit of p.patch) {
      if (typeof edit === "string") lines.push(edit);
      else if (edit > 0) { lines.push(...base.slice(at, at + edit)); at += edit; } else at -= edit;
    }
    text = lines.join("\n");
  }
  memo[i] = text;
  return text;
}
function sentLabel(sent) {
  return sent === true ? "Prompt sent" : sent === false ? "Prompt built again: not the one sent (its digest differs)" : "Prompt built again (no digest logged to check it against)";
}
// An agent's steps (eai/viewer/agent.py): each with its feedback, a failed one (an invalid action) red with its error class.
function agentSteps(steps) {
  const rows = steps.map((s) => [show(s.step), s.action, s.error || "-", s.feedback === null ? "-" : s.feedback]);
  return table(["step", "action", "error class", "feedback"], rows, (i) => STEP_ROWS[steps[i].outcome] || "");
}
const OBSERVED = ["Observation: the prompt sent", "Observation: what the prompt adds after the task as seen from the current state"];
const TRACED = {turns: "Turns", agent: "Turns", attempts: "Stages and attempts"};
function traceView(unit, trace) {
  const memo = {}, open = trace.kind === "turns" ? null : "";
  const blocks = trace.entries.map((e, i) => {
    const figures = Object.entries(e.figures || {}).map(([k, v]) => `${k} ${show(v)}`);
    const acted = (e.steps && trace.kind === "turns") ? e.steps.map((s) => s.action) : [];
    const head = [e.label, e.agent, ...acted, e.outcome, ...figures].filter(Boolean).join(" · ");
    return el("details", {class: "entry" + (e.failed ? " failed-entry" : ""), open: open},
      el("summary", {}, head),
      e.observation !== undefined ? el("details", {}, el("summary", {}, OBSERVED[i === 0 ? 0 : 1]), el("pre", {class: "observation"}, e.observation)) : null,
      e.prompt ? el("details", {}, el("summary", {class: e.prompt_as_sent === false ? "failure" : null}, sentLabel(e.prompt_as_sent)),
        el("pre", {class: "prompt"}, promptOf(unit, trace, i, memo))) : null,
      e.answer !== undefined ? [el("p", {}, "Answer:"), el("pre", {class: "answer"}, e.answer)] : null,
      e.parsed !== undefined ? el("details", {}, el("summary", {}, "What the parser read"), el("pre", {}, JSON.stringify(e.parsed, null, 2))) : null,
      e.steps && trace.kind === "agent" ? agentSteps(e.steps) : e.steps && trace.kind !== "turns" ? stepsTable(e.steps) : null,
      e.feedback ? el("div", {class: "feedback"}, el("p", {}, trace.kind === "turns" ? "Told:" : "Feedback sent to the model:"), el("pre", {}, e.feedback)) : null);
  });
  const end = Object.entries(trace.end).map(([k, v]) => [k, show(v)]);
  return el("section", {class: "trace"}, el("h3", {}, `${TRACED[trace.kind] || "Entries"} (${trace.entries.length})`),
    (trace.notes || []).map((n) => el("p", {class: "note"}, n)), blocks,
    el("h3", {}, "At the end"), table(["figure", "value"], end));
}

