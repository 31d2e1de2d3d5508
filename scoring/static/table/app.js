// The table app (docs/table-app.md): one table's phone, from its card to the confirmed result.
// It talks to the public API only and knows no rule: the game's deal form and the engine's preview
// say everything about a deal; the table's match (GET /table/) says where the match stands.
import { Api, Offline, Problem, newKey, queue } from "./api.js";
import { dealForm } from "./form.js";
import { appConfig, language, setLanguage, t } from "./i18n.js";
import { button, h, mount } from "./views.js";

const KEY = "table.key";
const SNAPSHOT = "table.snapshot";
const root = document.getElementById("app");
const api = new Api(() => localStorage.getItem(KEY));
const app = {
  match: null, // GET /table/
  event: null, // GET /events/{slug}/
  form: null, // GET /matches/{id}/deal-form
  result: null, // GET /matches/{id}/result
  calls: [],
  incidents: [], // GET /matches/{id}/incidents: what the API shows a table of its incidents
  infractions: [],
  message: null, // {kind, text}
  offline: false,
  revoked: false,
  preview: null,
  entry: null,
  correcting: null,
  submitted: null, // the result version this phone submitted {version, side}
  sending: false,
};

// 1. The key: from the card's URL fragment into the phone, then out of the URL for good.
function takeKeyFromFragment() {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ""));
  const key = fragment.get("table_token");
  if (key) {
    if (key !== localStorage.getItem(KEY)) {
      localStorage.removeItem(SNAPSHOT);
      queue.clear();
    }
    localStorage.setItem(KEY, key);
  }
  if (location.hash) history.replaceState(null, "", location.pathname);
}

function leave() {
  if (!confirm(t("leave_confirm"))) return;
  localStorage.removeItem(KEY);
  localStorage.removeItem(SNAPSHOT);
  queue.clear();
  Object.assign(app, { match: null, event: null, form: null, result: null, revoked: false, message: null });
  render();
}

function saveSnapshot() {
  const { match, event, form, result, incidents } = app;
  localStorage.setItem(SNAPSHOT, JSON.stringify({ match, event, form, result, incidents }));
}

function loadSnapshot() {
  try {
    Object.assign(app, JSON.parse(localStorage.getItem(SNAPSHOT) || "{}"));
  } catch {
    /* a snapshot that does not read is simply not there */
  }
}

function problemText(error) {
  if (error instanceof Offline) return t("offline_short");
  const body = error.body || {};
  const fields = (body.errors || []).map((e) => e.message || e.detail).filter(Boolean);
  return [...new Set([error.message, ...fields])].join(" · ");
}

function handle(error) {
  if (error instanceof Problem && error.status === 401) {
    app.revoked = true;
  } else if (error instanceof Offline) {
    app.offline = true;
  } else {
    app.message = { kind: "error", text: problemText(error) };
  }
  render();
}

// 2. Loading the table: its match, the event, the next deal's form and the result.
async function refresh({ poll = false } = {}) {
  if (!localStorage.getItem(KEY)) return;
  const was = app.offline;
  try {
    const table = await api.get("/table/", { poll });
    app.offline = false;
    app.revoked = false;
    if (poll && !table.changed && !was && !queue.load().length) return; // nothing new: no redraw
    if (table.changed || !app.form) {
      // One read draws the first screen (docs/deploy.md "The table app's costs": on a slow network
      // each round trip is what the table waits for): the match, the event's name, the next deal's
      // form and the result come with it; the calls and the incidents follow, after the screen.
      const body = table.body;
      app.match = body;
      app.event = { slug: body.event, name: body.event_name };
      if (JSON.stringify(body.deal_form) !== JSON.stringify(app.form)) app.entry = null; // another deal, or language
      app.form = body.deal_form;
      app.result = body.results;
      saveSnapshot();
      render();
      await readAside(body.id);
    }
    await sendQueue();
  } catch (error) {
    if (error instanceof Problem && error.status === 404 && error.code === "no_match") {
      app.match = null;
      app.message = { kind: "info", text: t("no_match") };
    } else {
      handle(error);
      return;
    }
  }
  render();
}

// What the first screen does not wait for: the table's calls and its incidents, side by side.
async function readAside(id) {
  const [calls, incidents] = await Promise.all([api.get(`/matches/${id}/calls/`), api.get(`/matches/${id}/incidents`)]);
  app.calls = calls.body;
  app.incidents = incidents.body;
  saveSnapshot();
}

async function sendQueue() {
  if (!queue.load().some((item) => item.state === "waiting")) return;
  const before = queue.load().length;
  const { items, sent } = await queue.flush(api);
  if (sent) app.message = { kind: "ok", text: t("queue_sent", { count: sent }) };
  if (items.length && items.length === before && !sent) app.message = { kind: "error", text: t("queue_conflict") };
  if (sent) {
    api.etags.clear();
    await refresh();
  }
}

function nextNumber() {
  const waiting = queue.load();
  if (waiting.length) return waiting[waiting.length - 1].body.number + 1;
  return app.form && app.form.number;
}

// 3. A deal: preview (the engine's words), then send once with its key, or keep it in the queue.
let previewTimer = null;
function previewSoon() {
  clearTimeout(previewTimer);
  app.preview = null;
  renderPreview();
  if (!app.entry || !app.entry.form.complete()) return;
  previewTimer = setTimeout(runPreview, 250);
}

async function runPreview() {
  const entry = app.entry;
  if (!entry || queue.load().length) {
    app.preview = { offline: true };
    renderPreview();
    return;
  }
  const body = { number: entry.number, ...entry.form.body() };
  try {
    const answer = await api.post(`/matches/${app.match.id}/deals/preview`, body);
    if (app.entry === entry) app.preview = { notes: answer.body.notes, level: answer.body.level };
  } catch (error) {
    if (app.entry === entry) app.preview = error instanceof Offline ? { offline: true } : { error: problemText(error) };
  }
  renderPreview();
}

async function sendDeal() {
  const entry = app.entry;
  if (!entry || app.sending) return;
  const body = { number: entry.number, ...entry.form.body() };
  const item = { key: entry.key, kind: "deal", match: app.match.id, body };
  app.sending = true;
  try {
    if (queue.load().length) throw new Offline("queue first");
    await api.post(`/matches/${app.match.id}/deals/`, body, { key: entry.key });
    app.message = { kind: "ok", text: t("deal_sent", { number: entry.number }) };
    app.entry = null;
    app.preview = null;
    await refresh();
  } catch (error) {
    if (error instanceof Offline) {
      queue.add(item);
      app.offline = !navigator.onLine || app.offline;
      app.message = { kind: "info", text: t("deal_queued", { number: entry.number }) };
      app.entry = null;
      app.preview = null;
    } else {
      app.message = { kind: "error", text: problemText(error) };
    }
  } finally {
    app.sending = false;
  }
  render();
}

async function sendCorrection() {
  const entry = app.correcting;
  const body = { ...entry.form.body(), note: t("corrected_at_table") };
  try {
    await api.put(`/matches/${app.match.id}/deals/${entry.number}`, body, { key: entry.key });
    app.message = { kind: "ok", text: t("deal_corrected", { number: entry.number }) };
    app.correcting = null;
    api.etags.clear();
    await refresh();
  } catch (error) {
    if (error instanceof Problem && [403, 409].includes(error.status)) {
      app.correcting = { ...entry, refused: problemText(error) };
    } else {
      app.message = { kind: "error", text: problemText(error) };
    }
  }
  render();
}

// 4. The result: the table submits, the other pair confirms with its PIN (or disputes).
async function submitResult(side) {
  try {
    const answer = await api.post(`/matches/${app.match.id}/result`, side ? { side } : {}, { key: newKey() });
    app.result = answer.body;
    const mine = (answer.body.versions || []).at(-1);
    app.submitted = { side, version: mine ? mine.version : null };
    app.message = { kind: "ok", text: t("result_submitted") };
  } catch (error) {
    handle(error);
    return;
  }
  render();
}

async function confirmResult(side, pin) {
  try {
    const body = { side, pin };
    if (app.submitted && app.submitted.version) body.version = app.submitted.version;
    const answer = await api.post(`/matches/${app.match.id}/result/confirm`, body);
    app.result = answer.body;
    app.message = { kind: "ok", text: t("result_confirmed") };
    api.etags.clear();
    await refresh();
  } catch (error) {
    app.pinDraft = "";
    if (error instanceof Problem && error.code === "wrong_pin") app.message = { kind: "error", text: t("wrong_pin") };
    else handle(error);
  }
  render();
}

// 5. A referee: a call says what about; the table may cancel it.
async function callReferee(about, infraction) {
  try {
    await api.post(`/matches/${app.match.id}/calls/`, { about, infraction: infraction || null }, { key: newKey() });
    app.calls = (await api.get(`/matches/${app.match.id}/calls/`)).body;
    app.message = { kind: "ok", text: t("referee_called") };
    app.calling = false;
    app.callDraft = null;
  } catch (error) {
    handle(error);
    return;
  }
  render();
}

async function cancelCall(call) {
  try {
    await api.post(`/calls/${call.id}/cancel`, {});
    app.calls = (await api.get(`/matches/${app.match.id}/calls/`)).body;
  } catch (error) {
    handle(error);
    return;
  }
  render();
}

// ---- drawing -------------------------------------------------------------------------------

function pairLine(pair, sideLabel) {
  if (!pair) return null;
  const players = [pair.player_1, pair.player_2, pair.player_3].filter(Boolean).map((p) => p.name);
  return h("div", { class: "pair" },
    h("span", { class: "side" }, sideLabel),
    h("span", { class: "number" }, t("pair_number", { number: pair.number })),
    h("span", { class: "names" }, pair.name || players.join(" · ")),
    pair.name ? h("span", { class: "players" }, players.join(" · ")) : null);
}

function stateFacts(state, form) {
  if (!state) return [];
  const facts = [];
  const nameOf = (code) => (form && (form.sides[code] || form.names[code])) || code;
  if (state.levels) {
    for (const side of ["NS", "EW"]) {
      facts.push(h("div", { class: `level${state.on_stage === side ? " on-stage" : ""}`, "data-side": side },
        h("span", { class: "side" }, nameOf(side)),
        h("span", { class: "big", "data-level": side }, state.levels[side]),
        state.on_stage === side ? h("span", { class: "badge" }, t("on_stage")) : null));
    }
  } else if (state.points) {
    // A game of points (each seat's, each team's): the figures as the match's state gives them.
    for (const [code, value] of Object.entries(state.points)) {
      facts.push(h("div", { class: "level" }, h("span", { class: "side" }, nameOf(code)),
        h("span", { class: "big", "data-points": code }, String(value))));
    }
  }
  return facts;
}

function matchPanel() {
  const { match, form, event } = app;
  const state = match.state || {};
  const next = form && form.number;
  const head = [
    h("p", { class: "where" }, t("where", { event: event ? event.name : match.event, round: match.round, table: match.table })),
  ];
  const sides = form ? form.sides : {};
  const pairs = h("div", { class: "pairs" }, pairLine(match.ns_pair, sides.NS || "NS"), pairLine(match.ew_pair, sides.EW || "EW"));
  const order = form ? form.seats.map((seat) => seat.code) : [];
  const seated = [...(match.seats || [])].sort((a, b) => order.indexOf(a.seat) - order.indexOf(b.seat));
  const seats = seated.length
    ? h("ul", { class: "table-seats" }, seated.map((s) => h("li", {}, `${(form && form.names[s.seat]) || s.seat}: ${s.pair.player_1.name}`)))
    : null;
  const facts = h("div", { class: "levels" }, stateFacts(state, form));
  const lines = [];
  if (next) lines.push(t(state.deal_level ? "next_deal_level" : "next_deal", { number: next, level: state.deal_level }));
  else lines.push(t("match_over"));
  if (state.best_of > 1 && state.games_won) lines.push(t("games_won", { ns: state.games_won.NS, ew: state.games_won.EW, game: state.game }));
  if (state.a_failures && state.on_stage && state.a_failures[state.on_stage]) lines.push(t("a_failures", { side: sides[state.on_stage], count: state.a_failures[state.on_stage] }));
  return h("section", { class: "card match", "aria-label": t("match") }, head, pairs, seats, facts,
    h("p", { class: "next", id: "next-deal", "data-number": next || "" }, lines.join(" · ")),
    h("p", { class: "clock", id: "clock", "aria-live": "off" }, clockText()));
}

// The round's clock (interfaces: the round's `clock`): while running, the time left is its end less
// the server's now (the phone's clock corrected by the Date header); otherwise the frozen time left.
function clockText() {
  const clock = app.match && app.match.clock;
  if (!clock || clock.limit_minutes === null || clock.limit_minutes === undefined) return "";
  let seconds = clock.remaining_seconds;
  if (clock.state === "running" && clock.ends_at) seconds = (Date.parse(clock.ends_at) - (Date.now() + api.skew)) / 1000;
  if (seconds === null || seconds === undefined) return "";
  if (seconds <= 0) return t("clock_up");
  const text = t("clock", { minutes: Math.ceil(seconds / 60) });
  if (clock.state === "paused") return `${text} (${t("paused")})`;
  if (clock.state === "not_started") return `${text} (${t("clock_not_started")})`;
  return text;
}

function levelLine() {
  const line = (app.match.state && app.match.state.level_line) || [];
  if (!line.length) return null;
  const sides = app.form ? app.form.sides : {};
  const rows = line.map((entry) => h("tr", {},
    h("td", {}, entry.change ? t("ruling") : String(entry.deal)),
    h("td", {}, entry.NS), h("td", {}, entry.EW)));
  return h("details", { class: "card" }, h("summary", {}, t("level_line")),
    h("table", { class: "line" }, h("thead", {}, h("tr", {}, h("th", {}, t("deal")), h("th", {}, sides.NS || "NS"), h("th", {}, sides.EW || "EW"))), h("tbody", {}, rows)),
    correctButton());
}

function correctButton() {
  const played = app.match.state && (app.match.state.deals_played ?? app.match.state.deals);
  if (!played || app.correcting) return null;
  return button(t("correct_deal", { number: played }), () => {
    app.correcting = { number: played, key: newKey(), form: null };
    render();
  }, { class: "secondary" });
}

function entryPanel() {
  const { form } = app;
  if (!form || !form.number) return null;
  const number = nextNumber();
  if (!app.entry || app.entry.number !== number) {
    const withDefaults = !queue.load().length; // offline the rotation's defaults may be stale
    app.entry = { number, key: newKey(), form: dealForm(form, previewSoon, { withDefaults, t }) };
    app.preview = null;
  }
  const send = button(t("send_deal", { number }), sendDeal, { class: "primary", id: "send", disabled: !app.entry.form.complete() || app.sending });
  return h("section", { class: "card entry", "aria-label": t("enter_deal") },
    h("h2", {}, t("enter_deal_number", { number })), app.entry.form.element,
    h("div", { id: "preview", class: "preview", "aria-live": "polite" }), send);
}

function renderPreview() {
  const box = document.getElementById("preview");
  const send = document.getElementById("send");
  if (send && app.entry) send.disabled = !app.entry.form.complete() || app.sending || Boolean(app.preview && app.preview.error);
  if (!box) return;
  const p = app.preview;
  if (!p) return mount(box);
  if (p.offline) return mount(box, h("p", { class: "muted" }, t("preview_offline")));
  if (p.error) return mount(box, h("p", { class: "error" }, p.error));
  mount(box, h("ul", {}, p.notes.map((note) => h("li", { "data-code": note.code }, note.text))));
}

function correctionPanel() {
  const entry = app.correcting;
  if (!entry) return null;
  if (!entry.form) entry.form = dealForm({ ...app.form, number: entry.number }, () => {}, { withDefaults: false, t });
  const refused = entry.refused
    ? h("div", { class: "message error" }, h("p", {}, entry.refused), h("p", {}, t("referee_must_correct")),
      button(t("call_referee"), () => callReferee(t("correction_needed", { number: entry.number }), null), { class: "primary" }))
    : null;
  return h("section", { class: "card entry" }, h("h2", {}, t("correct_deal", { number: entry.number })), entry.form.element, refused,
    h("div", { class: "row" }, button(t("send_correction"), sendCorrection, { class: "primary" }), button(t("cancel"), () => { app.correcting = null; render(); }, { class: "secondary" })));
}

function resultPanel() {
  const { match, result, form } = app;
  const status = result ? result.status : "none";
  const state = match.state || {};
  const sides = form ? Object.keys(form.sides) : [];
  const parts = [h("h2", {}, t("result")), h("p", { class: `status status-${status}`, id: "result-status" }, t(`result_${status}`))];
  if (status === "none" && (state.finished || !form.number)) {
    if (sides.length) {
      parts.push(h("p", {}, t("who_submits")));
      parts.push(h("div", { class: "choices" }, sides.map((side) => button(form.sides[side], () => submitResult(side), { class: "choice", "data-side": side }))));
    } else {
      parts.push(button(t("submit_result"), () => submitResult(null), { class: "primary" }));
    }
  }
  if (status === "submitted" && app.submitted && app.submitted.side) {
    const other = sides.find((side) => side !== app.submitted.side);
    const pin = h("input", { type: "password", inputmode: "numeric", autocomplete: "off", maxlength: 6, pattern: "[0-9]*", id: "pin", "aria-label": t("pin_of", { side: form.sides[other] }), oninput: (e) => { app.pinDraft = e.target.value; } });
    pin.value = app.pinDraft || "";
    parts.push(h("label", { class: "label" }, t("pin_of", { side: form.sides[other] }), pin));
    parts.push(h("div", { class: "row" },
      button(t("confirm"), () => confirmResult(other, pin.value.trim()), { class: "primary", id: "confirm" }),
      button(t("dispute"), () => callReferee(t("result_disputed_by", { side: form.sides[other] }), null), { class: "secondary", id: "dispute" })));
  }
  if (result && result.official) {
    const official = result.official;
    if (official.levels) parts.push(h("p", { class: "final" }, `${form.sides.NS} ${official.levels.NS} — ${form.sides.EW} ${official.levels.EW}`));
  }
  return h("section", { class: "card result" }, parts);
}

function queuePanel() {
  const items = queue.load();
  if (!items.length) return null;
  return h("section", { class: "card queue", "aria-label": t("queue") },
    h("h2", {}, t("queue_title", { count: items.length })),
    h("ul", {}, items.map((item) => h("li", { class: `queued ${item.state}` },
      t("queued_deal", { number: item.body.number }), " — ", t(`queue_${item.state}`),
      item.problem && item.problem.detail ? h("div", { class: "error" }, item.problem.detail) : null))),
    button(t("send_now"), async () => { try { await sendQueue(); } catch (e) { handle(e); } render(); }, { class: "secondary" }),
    items.some((item) => item.state !== "waiting") ? button(t("drop_refused"), () => { queue.replace(items.filter((i) => i.state === "waiting")); render(); }, { class: "secondary" }) : null);
}

function callsPanel() {
  const open = (app.calls || []).filter((call) => call.status === "open");
  const list = open.map((call) => h("li", {}, t("call_open", { about: call.about || call.infraction_name || "" }), " ",
    button(t("cancel_call"), () => cancelCall(call), { class: "secondary" })));
  if (!app.calling) {
    return h("section", { class: "card calls" }, list.length ? h("ul", {}, list) : null,
      button(t("call_referee"), () => { app.calling = true; render(); loadInfractions(); }, { class: "secondary", id: "call-referee" }));
  }
  // What is typed survives a redraw (a poll's answer, the infractions arriving).
  const draft = app.callDraft || (app.callDraft = { about: "", infraction: "" });
  const about = h("textarea", { id: "call-about", rows: 2, maxlength: 500, "aria-label": t("call_about"), oninput: (e) => { draft.about = e.target.value; } });
  about.value = draft.about;
  const infraction = h("select", { id: "call-infraction", "aria-label": t("call_infraction"), onchange: (e) => { draft.infraction = e.target.value; } },
    h("option", { value: "" }, t("call_no_infraction")),
    app.infractions.map((item) => h("option", { value: item.code, selected: draft.infraction === item.code }, item.name)));
  return h("section", { class: "card calls" }, h("h2", {}, t("call_referee")),
    h("label", { class: "label" }, t("call_about"), about), h("label", { class: "label" }, t("call_infraction"), infraction),
    h("div", { class: "row" }, button(t("send_call"), () => callReferee(about.value.trim(), infraction.value), { class: "primary", id: "send-call" }),
      button(t("cancel"), () => { app.calling = false; render(); }, { class: "secondary" })));
}

// The table's incidents and their rulings, as the API shows them to a table (never the referees'
// notes or who reported): the infraction, who, the deal, the status and the ruling's public effect.
function whoText(side, seats) {
  const form = app.form || { sides: {}, names: {} };
  if (side === "both") return Object.values(form.sides).join(" · ");
  if (side) return form.sides[side] || side;
  return seats.map((seat) => form.names[seat] || seat).join(" · ");
}

function rulingText(incident) {
  const ruling = incident.ruling;
  if (!ruling) return [];
  if (ruling.status === "overturned") return [t("ruling_overturned")];
  if (ruling.dismissed) return [t("ruling_dismissed")];
  return ruling.penalties.map((p) => {
    const who = whoText(p.side, p.seats.length ? p.seats : [incident.seat].filter(Boolean));
    const amount = p.amount === null ? null : (p.amount > 0 ? `+${p.amount}` : String(p.amount));
    const text = amount === null ? t("penalty_plain", { kind: p.kind_name, side: who }) : t("penalty_amount", { kind: p.kind_name, amount, side: who });
    return p.status === "active" ? text : `${text} — ${t("penalty_cancelled")}`;
  });
}

function incidentsPanel() {
  const incidents = app.incidents || [];
  if (!incidents.length) return null;
  const rows = incidents.map((incident) => {
    const who = whoText(incident.side, [incident.seat].filter(Boolean));
    const head = incident.deal
      ? t("incident_at_deal", { deal: incident.deal, who, infraction: incident.infraction_name })
      : t("incident_no_deal", { who, infraction: incident.infraction_name });
    const status = incident.waits_for_chief && incident.status !== "appealed" ? t("incident_waits_chief") : t(`incident_${incident.status}`);
    return h("li", { class: `incident status-${incident.status}`, "data-incident": incident.id },
      h("p", { class: "what" }, head), h("p", { class: "status" }, status),
      rulingText(incident).map((line) => h("p", { class: "effect" }, line)));
  });
  return h("section", { class: "card incidents", id: "incidents", "aria-label": t("incidents") },
    h("h2", {}, t("incidents")), h("ul", {}, rows));
}

async function loadInfractions() {
  if (app.infractions.length) return;
  try {
    app.infractions = (await api.get("/infractions/")).body;
    render();
  } catch {
    /* the call is made with its text alone */
  }
}

function header() {
  const other = language() === "zh-hans" ? "en" : "zh-hans";
  return h("header", { class: "top" },
    h("h1", {}, t("app_title")),
    button(t(`switch_to_${other}`), () => { setLanguage(other); api.etags.clear(); app.entry = null; refresh(); render(); }, { class: "lang", lang: other === "zh-hans" ? "zh-Hans" : "en", id: "lang" }));
}

function banner() {
  const parts = [];
  if (app.offline) parts.push(h("div", { class: "message offline", role: "status" }, t("offline")));
  if (app.message) parts.push(h("div", { class: `message ${app.message.kind}`, role: app.message.kind === "error" ? "alert" : "status" }, app.message.text));
  return parts;
}

function render() {
  document.title = t("app_title");
  if (!localStorage.getItem(KEY)) {
    return mount(root, header(), h("section", { class: "card" }, h("h2", {}, t("no_key_title")), h("p", {}, t("no_key"))));
  }
  if (app.revoked) {
    return mount(root, header(), h("section", { class: "card revoked", role: "alert" }, h("h2", {}, t("revoked_title")), h("p", {}, t("revoked"))),
      h("footer", {}, button(t("leave"), leave, { class: "secondary", id: "leave" })));
  }
  if (!app.match) {
    return mount(root, header(), banner(), h("section", { class: "card" }, h("p", {}, app.offline ? t("offline") : t("loading"))),
      h("footer", {}, button(t("leave"), leave, { class: "secondary", id: "leave" })));
  }
  const finished = !app.form || !app.form.number;
  mount(root, header(), banner(), matchPanel(), queuePanel(), app.correcting ? correctionPanel() : finished ? null : entryPanel(),
    finished || (app.result && app.result.status !== "none") ? resultPanel() : null, levelLine(), incidentsPanel(), callsPanel(),
    h("footer", {}, button(t("leave"), leave, { class: "secondary", id: "leave" })));
  renderPreview();
  if (app.entry && !performance.getEntriesByName("table-usable").length) performance.mark("table-usable");
}

// ---- start -----------------------------------------------------------------------------------

takeKeyFromFragment();
loadSnapshot();
render();
refresh();
const seconds = Math.max(3, appConfig().poll_seconds || 5);
setInterval(() => { if (!document.hidden) refresh({ poll: true }); }, seconds * 1000);
setInterval(() => { const clock = document.getElementById("clock"); if (clock) clock.textContent = clockText(); }, 10000);
window.addEventListener("online", () => { app.offline = false; refresh(); });
window.addEventListener("offline", () => { app.offline = true; render(); });
if ("serviceWorker" in navigator) navigator.serviceWorker.register("/t/sw.js", { scope: "/t/" }).catch(() => {});
