// The referee's desk (docs/desk.md "The referee's desk"): the live queue and the ruling forms.
// Everything is asked of the public API as the logged-in referee — the lists with If-None-Match,
// what a ruling may apply (…/choices), what it would do (…/preview) — so the page offers nothing
// the API would refuse, and shows the API's own problem when it refuses anyway.
import { api, el, poll, showDone, showProblem, texts } from "./desk.js";

const root = document.getElementById("referee-desk");
const T = texts();
const slug = root.dataset.event;
const isChief = root.dataset.chief === "true";
const chiefView = root.dataset.chiefView === "true";
const seconds = Number(root.dataset.poll) || 4;
// The seats and sides of the event's tables, from its game (Daguai Luzi's six seats; no sides at a
// table of four): the report form offers those alone.
const TABLE = JSON.parse(document.getElementById("desk-table").textContent);
const detail = document.getElementById("detail");
const status = document.getElementById("live-status");
const E = `events/${slug}`;

const state = { waiting: new Set(), proposals: new Map(), selected: null, infractions: null };

function fmt(text, values) {
  return text.replace(/%\((\w+)\)s/g, (_, key) => String(values[key]));
}

function effectText(effect) {
  const kind = T.kinds[effect.kind] || effect.kind;
  const amount = effect.amount === undefined || effect.amount === null ? "" : ` ${effect.amount > 0 ? "+" : ""}${effect.amount}`;
  const stage = effect.on_stage ? ` (${T.onStage})` : "";
  return `${kind}${amount} → ${T.targets[effect.to] || effect.to}${stage}`;
}

function effectsText(effects) {
  return effects && effects.length ? effects.map(effectText).join("; ") : T.noPenalty;
}

function accusedText(incident) {
  return [incident.side, incident.seat].filter(Boolean).join(" ") + (incident.pair ? ` (${T.pair} ${incident.pair.number})` : "");
}

function where(item) {
  const deal = item.deal ? ` · ${T.deal} ${item.deal}` : "";
  return `${T.table} ${item.table} · ${T.round} ${item.round}${deal}`;
}

function stamp(ok) {
  status.textContent = ok ? `${T.updated} ${new Date().toLocaleTimeString(document.documentElement.lang || undefined)}` : T.offline;
}

function onError(error) { stamp(false); }

// ---- the lists ---------------------------------------------------------------------------------
function list(id, items, render) {
  const box = document.getElementById(id);
  if (!box) { return; }
  box.replaceChildren();
  if (!items.length) { box.append(el("p", { class: "empty" }, T.none)); return; }
  const table = el("table", { class: "grid" });
  const body = el("tbody");
  for (const item of items) { body.append(render(item)); }
  table.append(body);
  box.append(table);
}

function openButton(incident) {
  return el("button", { type: "button", class: "secondary", "data-open": incident.id }, T.open);
}

function renderCall(call) {
  const answer = el("button", { type: "button", "data-answer": call.id }, T.answer);
  answer.addEventListener("click", () => answerCall(call));
  const report = el("button", { type: "button", class: "secondary", "data-report": call.id }, T.report);
  report.addEventListener("click", () => reportForm(call));
  return el("tr", { "data-call": call.id, "data-table": call.table },
    el("th", { scope: "row" }, where(call)),
    el("td", {}, call.infraction_name || "", call.about ? el("div", { class: "muted" }, call.about) : null,
      el("div", { class: "muted" }, call.called_by || "")),
    el("td", { class: "actions" }, answer, report));
}

function renderIncident(incident) {
  const proposal = state.proposals.get(incident.id);
  const standing = incident.rulings.filter((r) => r.status === "standing").pop();
  const facts = el("td", {},
    el("strong", {}, incident.infraction_name), ` · ${T.accused}: ${accusedText(incident)}`,
    el("div", { class: "muted" }, T.incidentStatus[incident.status] || incident.status));
  if (incident.status === "reported" && proposal) {
    facts.append(el("div", { class: "proposal", "data-count": proposal.count },
      `${T.proposal}: ${effectsText(proposal.effects)} — ${fmt(T.count, { n: proposal.count })}`));
  } else if (standing) {
    facts.append(el("div", { class: "standing" }, `${effectsText(standing.effects)} — ${fmt(T.count, { n: standing.count })}`,
      standing.flagged ? el("span", { class: "flag" }, ` ${T.waitsChief}`) : null));
  }
  const open = openButton(incident);
  open.addEventListener("click", () => openIncident(incident.id));
  return el("tr", { "data-incident": incident.id, "data-status": incident.status, "data-table": incident.table },
    el("th", { scope: "row" }, where(incident)), facts, el("td", {}, open));
}

async function withProposals(incidents) {
  // What the penalty table proposes now, for each incident waiting for a ruling (its detail).
  await Promise.all(incidents.map(async (incident) => {
    try {
      const answer = await api(`${E}/incidents/${incident.id}/`);
      if (answer.data.proposal) { state.proposals.set(incident.id, answer.data.proposal); }
    } catch (error) { onError(error); }
  }));
  return incidents;
}

function start() {
  if (!chiefView) {
    poll(`${E}/calls/?status=open`, seconds, (data) => { stamp(true); list("calls", data.results, renderCall); }, onError);
    poll(`${E}/incidents/?status=reported`, seconds, async (data) => {
      stamp(true);
      list("reported", await withProposals(data.results), renderIncident);
    }, onError);
  }
  poll(`${E}/incidents/?waits=chief_referee`, seconds, (data) => {
    stamp(true);
    state.waiting = new Set(data.results.map((incident) => incident.id));
    list("waiting", data.results, renderIncident);
    showRuled();
  }, onError);
  poll(`${E}/incidents/`, seconds, (data) => { stamp(true); state.recent = data.results; showRuled(); }, onError);
}

// The latest incidents the referees have ruled or the chief referee decided, but what still waits
// for the chief referee (the API's ?waits=chief_referee, listed above).
function showRuled() {
  const done = (state.recent || []).filter((i) => ["ruled", "decided"].includes(i.status) && !state.waiting.has(i.id));
  list("ruled", done, renderIncident);
}

// ---- a call ------------------------------------------------------------------------------------
async function answerCall(call) {
  try {
    await api(`calls/${call.id}/answer`, { method: "POST" });
    reportForm(call, T.answered);
  } catch (error) { detail.replaceChildren(); showProblem(detail, error); }
}

async function infractions() {
  if (!state.infractions) { state.infractions = (await api("infractions/")).data; }
  return state.infractions;
}

function select(name, options, value, label) {
  const id = `f-${name}`;
  const box = el("select", { id, name });
  for (const [code, text] of options) {
    const option = el("option", { value: code }, text);
    if (code === value) { option.selected = true; }
    box.append(option);
  }
  return el("div", { class: "field" }, el("label", { for: id }, label), box);
}

async function reportForm(call, done) {
  detail.replaceChildren(el("h2", {}, `${T.report} — ${where(call)}`));
  if (done) { const box = el("div"); showDone(box, done); detail.append(box); }
  const codes = await infractions();
  const form = el("form", { id: "report-form" });
  form.append(
    el("div", { class: "row" },
      select("infraction", codes.map((c) => [c.code, c.name]), call.infraction || "", T.infraction),
      select("seat", [["", "—"], ...TABLE.seats.map((s) => [s.code, s.label])], "", T.seat),
      TABLE.sides.length ? select("side", [["", "—"], ...TABLE.sides.map((s) => [s.code, s.label])], "", T.side) : null,
      el("div", { class: "field" }, el("label", { for: "f-deal" }, T.deal), el("input", { id: "f-deal", name: "deal", type: "number", min: "1", max: "200" }))),
    el("div", { class: "field" }, el("label", { for: "f-description" }, T.description),
      el("textarea", { id: "f-description", name: "description" }, call.about || "")),
    el("div", { class: "actions" }, el("button", { type: "submit" }, T.send)),
    el("div", { class: "outcome" }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const body = { match: call.match, infraction: data.get("infraction"), description: data.get("description") };
    if (data.get("seat")) { body.seat = data.get("seat"); }
    if (data.get("side")) { body.side = data.get("side"); }
    if (data.get("deal")) { body.deal = Number(data.get("deal")); }
    try {
      const answer = await api(`${E}/incidents/`, { method: "POST", body });
      openIncident(answer.data.id, T.reported);
    } catch (error) { showProblem(form.querySelector(".outcome"), error); }
  });
  detail.append(form);
  detail.focus();
}

// ---- an incident -------------------------------------------------------------------------------
async function openIncident(id, done) {
  state.selected = id;
  let incident, choices;
  try {
    incident = (await api(`${E}/incidents/${id}/`)).data;
    choices = (await api(`${E}/incidents/${id}/choices`)).data;
  } catch (error) { detail.replaceChildren(); showProblem(detail, error); return; }
  detail.replaceChildren(el("h2", {}, `${incident.infraction_name} — ${where(incident)}`));
  detail.dataset.incident = id;
  if (done) { const box = el("div"); showDone(box, done); detail.append(box); }
  detail.append(el("dl", { class: "facts" },
    el("dt", {}, T.accused), el("dd", {}, accusedText(incident)),
    el("dt", {}, T.status), el("dd", { "data-status": incident.status }, T.incidentStatus[incident.status] || incident.status),
    el("dt", {}, T.description), el("dd", {}, incident.description || "—"),
    el("dt", {}, T.reportedBy), el("dd", {}, incident.reported_by || "—")));
  history(incident);
  if (incident.status === "reported") { ruleForm(incident, choices); }
  if (isChief && state.waiting.has(incident.id) || isChief && incident.status === "appealed") { decideForm(incident, choices); }
  detail.focus();
}

function history(incident) {
  if (!incident.rulings.length) { return; }
  const box = el("section", { class: "history" }, el("h3", {}, T.rulings));
  for (const ruling of incident.rulings) {
    const item = el("div", { class: "card", "data-ruling": ruling.id, "data-ruling-status": ruling.status },
      el("p", {}, el("strong", {}, ruling.status === "standing" ? T.standing : T.overturnedRuling), ` · ${effectsText(ruling.effects)} — ${fmt(T.count, { n: ruling.count })}`,
        ruling.flagged ? el("span", { class: "flag" }, ` ${T.waitsChief}`) : null),
      ruling.override_reason ? el("p", { class: "muted" }, ruling.override_reason) : null);
    for (const penalty of ruling.penalties) {
      const line = el("p", { "data-penalty": penalty.id, "data-penalty-status": penalty.status },
        `${effectText(penalty)} · ${penalty.side || ""} · ${T.penaltyStatus[penalty.status] || penalty.status}`);
      if (isChief && penalty.status === "active" && ruling.status === "standing") { line.append(cancelForm(penalty, incident)); }
      item.append(line);
    }
    box.append(item);
  }
  for (const appeal of incident.appeals) {
    box.append(el("p", { "data-appeal": appeal.id, "data-appeal-status": appeal.status },
      appeal.side || appeal.seat ? fmt(T.appeal, { side: appeal.side || appeal.seat, reason: appeal.reason || "—" }) : T.review,
      ` · ${T.appealStatus[appeal.status] || appeal.status}`, appeal.decision ? el("span", { class: "muted" }, ` — ${appeal.decision}`) : null));
  }
  detail.append(box);
}

// The effects editor: only the kinds and targets the API says this match takes.
function effectsEditor(choices, name) {
  const box = el("fieldset", { class: "effects", "data-editor": name }, el("legend", {}, T.kind));
  const rows = el("div", { class: "effect-rows" });
  const add = el("button", { type: "button", class: "secondary", "data-add-effect": name }, T.addEffect);
  function addRow() {
    const index = rows.children.length;
    const kind = el("select", { "aria-label": T.kind, "data-field": "kind" });
    for (const choice of choices.effects) { kind.append(el("option", { value: choice.kind }, T.kinds[choice.kind] || choice.kind)); }
    const to = el("select", { "aria-label": T.to, "data-field": "to" });
    const amount = el("input", { type: "number", "aria-label": T.amount, "data-field": "amount", value: "1" });
    const stage = el("input", { type: "checkbox", "data-field": "on_stage", id: `${name}-stage-${index}` });
    const stageLabel = el("label", { for: `${name}-stage-${index}` }, T.onStage);
    const remove = el("button", { type: "button", class: "secondary" }, T.remove);
    const row = el("div", { class: "row effect" }, kind, to, amount, el("span", {}, stage, stageLabel), remove);
    function refresh() {
      const choice = choices.effects.find((c) => c.kind === kind.value);
      to.replaceChildren(...choice.targets.map((t) => el("option", { value: t }, T.targets[t] || t)));
      amount.hidden = !choice.amount;
      if (choice.amount) { amount.min = choice.amount.min; amount.max = choice.amount.max; }
      stage.parentElement && (stage.parentElement.hidden = !choice.on_stage);
    }
    kind.addEventListener("change", refresh);
    remove.addEventListener("click", () => row.remove());
    rows.append(row);
    refresh();
  }
  add.addEventListener("click", addRow);
  box.append(rows, add);
  box.effects = () => Array.from(rows.children).map((row) => {
    const field = (key) => row.querySelector(`[data-field="${key}"]`);
    const choice = choices.effects.find((c) => c.kind === field("kind").value);
    const effect = { kind: field("kind").value, to: field("to").value };
    if (choice.amount) { effect.amount = Number(field("amount").value); }
    if (choice.on_stage && field("on_stage").checked) { effect.on_stage = true; }
    return effect;
  });
  return box;
}

function radio(name, value, label, checked) {
  const id = `${name}-${value}`;
  return el("div", { class: "choice" }, el("input", { type: "radio", name, value, id, checked: checked || null }), " ", el("label", { for: id }, label));
}

function textarea(name, label) {
  const id = `f-${name}-${Math.random().toString(36).slice(2, 7)}`;
  return el("div", { class: "field" }, el("label", { for: id }, label), el("textarea", { id, name }));
}

function ruleForm(incident, choices) {
  const proposal = choices.proposal;
  const form = el("form", { class: "rule-form", id: "rule-form" }, el("h3", {}, T.rule));
  if (proposal) {
    form.append(el("p", { class: "proposal", "data-count": proposal.count },
      `${T.proposal}: ${effectsText(proposal.effects)} — ${fmt(T.count, { n: proposal.count })}`,
      proposal.reason ? el("span", { class: "muted" }, ` (${proposal.reason})`) : null));
  }
  const editor = effectsEditor(choices, "rule");
  editor.hidden = true;
  form.append(
    radio("how", "confirm", T.confirm, true), radio("how", "other", T.other), radio("how", "dismiss", T.dismiss),
    editor, textarea("override_reason", T.reason), textarea("note", T.note),
    el("div", { class: "actions" },
      el("button", { type: "button", class: "secondary", "data-preview": "rule" }, T.preview),
      el("button", { type: "submit", "data-submit": "rule" }, T.rule)),
    el("div", { class: "outcome" }), el("div", { class: "preview" }));
  form.addEventListener("change", () => { editor.hidden = form.elements.how.value !== "other"; });
  const body = () => {
    const how = form.elements.how.value;
    const sent = { note: form.elements.note.value };
    if (how === "other") { sent.effects = editor.effects(); sent.override_reason = form.elements.override_reason.value; }
    if (how === "dismiss") { sent.dismissed = true; }
    return sent;
  };
  wire(form, `${E}/incidents/${incident.id}/rule`, body, () => openIncident(incident.id, T.ruled));
  detail.append(form);
}

function decideForm(incident, choices) {
  const form = el("form", { class: "decide-form", id: "decide-form" }, el("h3", {}, T.decide));
  const editor = effectsEditor(choices, "decide");
  const anew = el("input", { type: "checkbox", id: "decide-anew", name: "anew" });
  const anewBox = el("div", { class: "choice" }, anew, " ", el("label", { for: "decide-anew" }, T.ruleAnew));
  editor.hidden = true;
  anewBox.hidden = true;
  form.append(radio("decision", "uphold", T.uphold, true), radio("decision", "overturn", T.overturn),
    anewBox, editor, textarea("reason", T.decisionReason),
    el("div", { class: "actions" },
      el("button", { type: "button", class: "secondary", "data-preview": "decide" }, T.preview),
      el("button", { type: "submit", "data-submit": "decide" }, T.decide)),
    el("div", { class: "outcome" }), el("div", { class: "preview" }));
  form.addEventListener("change", () => {
    const overturn = form.elements.decision.value === "overturn";
    anewBox.hidden = !overturn;
    editor.hidden = !(overturn && anew.checked);
  });
  const body = () => {
    const sent = { decision: form.elements.decision.value, reason: form.elements.reason.value };
    if (sent.decision === "overturn" && anew.checked) { sent.effects = editor.effects(); }
    return sent;
  };
  wire(form, `${E}/incidents/${incident.id}/decide`, body, () => openIncident(incident.id, T.decided));
  detail.append(form);
}

function cancelForm(penalty, incident) {
  const form = el("form", { class: "cancel-form", "data-cancel": penalty.id },
    textarea("reason", T.cancelReason),
    el("div", { class: "actions" },
      el("button", { type: "button", class: "secondary", "data-preview": "cancel" }, T.preview),
      el("button", { type: "submit", class: "danger", "data-submit": "cancel" }, T.cancelPenalty)),
    el("div", { class: "outcome" }), el("div", { class: "preview" }));
  wire(form, `penalties/${penalty.id}/cancel`, () => ({ reason: form.elements.reason.value }),
    () => openIncident(incident.id, T.cancelled));
  return form;
}

// Preview and submit: the same body to …/preview (made and rolled back) and to the change itself.
function wire(form, path, body, after) {
  const outcome = form.querySelector(".outcome");
  const preview = form.querySelector(".preview");
  form.querySelector("[data-preview]").addEventListener("click", async () => {
    outcome.replaceChildren();
    try { showPreview(preview, (await api(`${path}/preview`, { method: "POST", body: body() })).data); }
    catch (error) { preview.replaceChildren(); showProblem(outcome, error); }
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try { await api(path, { method: "POST", body: body() }); after(); }
    catch (error) { showProblem(outcome, error); }
  });
}

function matchText(facts) {
  const result = facts.result;
  const levels = result && result.ns_level !== null ? ` · ${T.levels} ${result.ns_level}:${result.ew_level}` : "";
  const winner = facts.winner === null ? (result && !result.winner ? T.draw : "—") : `${T.pair} ${facts.winner}`;
  return `${T.winner}: ${winner}${levels} · ${T.matchStatus[facts.status] || facts.status}${result ? "" : ` (${T.noResult})`}`;
}

function showPreview(box, preview) {
  box.replaceChildren(el("h4", {}, T.previewTitle));
  if (preview.ruling) {
    box.append(el("p", { "data-preview-effects": "" }, effectsText(preview.ruling.effects),
      preview.ruling.flagged ? el("span", { class: "flag" }, ` ${T.flagged}`) : null));
  }
  box.append(el("dl", { class: "facts" },
    el("dt", {}, T.before), el("dd", { "data-match": "before" }, matchText(preview.match.before)),
    el("dt", {}, T.after), el("dd", { "data-match": "after" }, matchText(preview.match.after))));
  if (!preview.standings.length) { box.append(el("p", { class: "muted" }, T.standingsUnchanged)); return; }
  const table = el("table", { class: "grid standings-preview" },
    el("thead", {}, el("tr", {}, ...[T.pair, T.rank, T.matchPoints, T.penaltyPoints].map((h) => el("th", { scope: "col" }, h)))));
  const rows = el("tbody");
  const pair = (before, after) => (before === after ? String(after) : `${before ?? "—"} → ${after}`);
  for (const change of preview.standings) {
    const was = change.before || {};
    rows.append(el("tr", { "data-pair": change.pair.number },
      el("th", { scope: "row" }, `${change.pair.number} ${change.pair.name}`),
      el("td", { class: "num", "data-key": "rank" }, pair(was.rank, change.after.rank)),
      el("td", { class: "num", "data-key": "match_points" }, pair(was.match_points, change.after.match_points)),
      el("td", { class: "num" }, pair(was.penalty_points, change.after.penalty_points))));
  }
  table.append(rows);
  box.append(table);
}

// A referee who saw it at a table reports without a call: the table is found by its round and number.
const atTable = document.getElementById("at-table");
if (atTable) {
  atTable.addEventListener("submit", async (event) => {
    event.preventDefault();
    const outcome = document.getElementById("at-table-outcome");
    outcome.replaceChildren();
    const round = atTable.elements.round.value;
    const table = atTable.elements.table.value;
    try {
      const found = (await api(`${E}/matches/?round=${encodeURIComponent(round)}&table=${encodeURIComponent(table)}`)).data.results;
      if (!found.length) { outcome.append(el("p", { class: "problem", role: "alert" }, T.noSuchTable)); return; }
      const match = found[0];
      reportForm({ match: match.id, round: Number(round), table: match.table, infraction: "", about: "" });
    } catch (error) { showProblem(outcome, error); }
  });
}

start();
