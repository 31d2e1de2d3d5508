// The organiser's desk (docs/desk.md "The organiser's desk"): every read and write goes through the
// public API as the logged-in organiser (desk.js), so the page can do nothing the API refuses, and
// shows the API's own refusals. Each page is one function, chosen by the page's config.
import { api, el, showDone, showProblem } from "./desk.js";
import { boardPage } from "./board.js";
import { $, E, T, all, button, clockWords, config, fieldProblems, fmt, pairName, roleName, roundOptions, submit, when } from "./organiser-common.js";

// ---- the event: its settings, each explained, the profile's defaults beside them -------------
async function eventPage() {
  const form = $("#event-form");
  const message = $("#event-message");
  const isNew = form.dataset.new === "1";
  let loaded = {};
  function fill(event) {
    loaded = event;
    for (const input of form.querySelectorAll("[name]")) {
      const value = event[input.name];
      if (input.dataset.kind === "bool") { input.checked = Boolean(value); }
      else if (input.dataset.kind === "json") { input.value = value === undefined ? "" : JSON.stringify(value); }
      else { input.value = value === null || value === undefined ? "" : value; }
    }
    for (const slot of form.querySelectorAll("[data-default-for]")) {
      const rule = event.rules ? event.rules[slot.dataset.defaultFor] : undefined;
      slot.textContent = rule === undefined ? "" : fmt(T.profileDefault, { value: rule });
    }
  }
  function read() {
    const body = {};
    for (const input of form.querySelectorAll("[name]")) {
      let value;
      if (input.dataset.kind === "bool") { value = input.checked; }
      else if (input.dataset.kind === "json") { if (!input.value.trim()) { continue; } value = JSON.parse(input.value); }
      else if (input.dataset.kind === "number") { value = input.value === "" ? null : Number(input.value); }
      else { value = input.value === "" ? null : input.value; }
      if (isNew && (value === null || value === "")) { continue; }
      if (!isNew && JSON.stringify(value) === JSON.stringify(loaded[input.name] ?? null)) { continue; }
      body[input.name] = value;
    }
    return body;
  }
  if (!isNew) { fill((await api(`${E}/`)).data); }
  else { for (const slot of form.querySelectorAll("[data-kind=bool]")) { slot.checked = ["publish_pairings", "publish_results", "publish_standings", "shared_places"].includes(slot.name); } }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      if (isNew) {
        const { data } = await api("events/", { method: "POST", body: read() });
        window.location.assign(`/desk/events/${data.slug}/organiser/`);
        return;
      }
      const { data } = await api(`${E}/`, { method: "PATCH", body: read() });
      fill(data);
      showDone(message, T.saved);
    } catch (error) { fieldProblems(form, message, error); }
  });
}

// ---- staff: roles, invitations, table tokens ---------------------------------------------------
async function staffPage() {
  async function roles() {
    const body = $("#roles tbody");
    body.replaceChildren(...(await all(`${E}/roles/`)).map((role) => el("tr", { "data-role": role.role },
      el("td", {}, role.username), el("td", {}, roleName(role.role)), el("td", {}, role.tables.join(", ")),
      el("td", {}, button(T.remove, "secondary", async () => { await api(`${E}/roles/${role.id}/`, { method: "DELETE" }); roles(); }, $("#role-message"))))));
  }
  async function invitations() {
    $("#invitations tbody").replaceChildren(...(await all(`${E}/invitations/`)).map((item) => el("tr", { "data-state": item.state },
      el("td", {}, item.name), el("td", {}, roleName(item.role)), el("td", {}, T[`invite.${item.state}`] || item.state), el("td", {}, when(item.expires_at)),
      el("td", {}, item.state === "pending" ? button(T.revoke, "secondary", async () => { await api(`${E}/invitations/${item.id}/revoke`, { method: "POST" }); invitations(); }, $("#invite-message")) : ""))));
  }
  async function tokens() {
    $("#tokens tbody").replaceChildren(...(await all(`${E}/table-tokens/`)).map((token) => el("tr", {},
      el("td", { class: "num" }, token.table), el("td", {}, when(token.created_at)), el("td", {}, token.revoked_at ? T.tokenRevoked : T.tokenLive))));
  }
  submit("#role-form", "#role-message", async (form) => {
    await api(`${E}/roles/`, { method: "POST", body: { username: form.username.value, role: form.role.value } });
    roles();
  });
  submit("#invite-form", "#invite-message", async (form, where) => {
    const { data } = await api(`${E}/invitations/`, { method: "POST", body: { name: form.name.value, role: form.role.value, hours: Number(form.hours.value) } });
    where.replaceChildren(el("div", { class: "done", role: "status" }, T.invitationLink, " ", el("input", { readonly: true, value: data.url, id: "invite-link", class: "one-time-link", "aria-label": T.invitationLink })));
    invitations();
    return true;
  });
  submit("#token-form", "#token-message", async (form) => { await api(`${E}/table-tokens/`, { method: "POST", body: { table: Number(form.table.value) } }); tokens(); });
  await Promise.all([roles(), invitations(), tokens()]);
}

// ---- registration: pairs, import with a dry run first, withdraw -------------------------------
async function registrationPage() {
  let units = new Map();
  async function pairs() {
    const list = await all(`${E}/pairs/`);
    units = new Map((await all(`${E}/units/`)).map((unit) => [unit.id, unit.name]));
    $("#units").replaceChildren(...[...units.values()].map((name) => el("option", { value: name })));
    $("#pair-count").textContent = `(${list.filter((p) => p.status === "active").length})`;
    $("#pairs tbody").replaceChildren(...list.map((pair) => el("tr", { "data-pair": pair.number, "data-status": pair.status },
      el("td", { class: "num" }, pair.number), el("td", {}, pair.display_name), el("td", {}, units.get(pair.unit) || ""),
      el("td", { class: "num" }, pair.seed ?? ""), el("td", { "data-status": pair.status }, T[`pair.${pair.status}`] || pair.status),
      el("td", {}, button(pair.status === "active" ? T.withdraw : T.reinstate, "secondary", async () => {
        await api(`${E}/pairs/${pair.id}/`, { method: "PATCH", body: { status: pair.status === "active" ? "withdrawn" : "active" } });
        pairs();
      }, $("#pair-message"))))));
  }
  submit("#pair-form", "#pair-message", async (form) => {
    const body = { player_1: { name: form.p1.value } };
    if (form.p2.value) { body.player_2 = { name: form.p2.value }; }
    if (form.seed.value) { body.seed = Number(form.seed.value); }
    if (form.unit.value) {
      const known = [...units].find(([, name]) => name === form.unit.value);
      body.unit = known ? known[0] : (await api(`${E}/units/`, { method: "POST", body: { name: form.unit.value } })).data.id;
    }
    await api(`${E}/pairs/`, { method: "POST", body });
    form.reset();
    pairs();
  });
  const importForm = $("#import-form");
  importForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const dry = event.submitter ? event.submitter.value === "1" : true;
    const where = $("#import-message");
    const table = $("#import-errors");
    table.hidden = true;
    const data = new FormData();
    data.append("file", importForm.file.files[0]);
    data.append("dry_run", dry ? "true" : "false");
    where.replaceChildren(el("progress", { "aria-label": T.jobRunning }), T.jobRunning);
    const response = await fetch(`/api/v1/${E}/pairs/import`, { method: "POST", body: data, credentials: "same-origin", headers: { "X-CSRFToken": document.cookie.split("; ").find((c) => c.startsWith("csrftoken="))?.split("=")[1] || "", Accept: "application/json" } });
    const body = await response.json();
    // A large file is a job (202): its progress bar, then what the import would have answered at once.
    if (response.status === 202) { return followJob(body, where, (result) => answered(result, dry), (problem) => refused(problem)); }
    if (!response.ok) { refused(body); return; }
    answered(body, dry);
  });
  function answered(body, dry) {
    showDone($("#import-message"), dry ? fmt(T.dryRunOk, { n: body.valid_rows }) : fmt(T.imported, { n: body.imported }));
    if (!dry) { pairs(); }
  }
  // The row errors of a refused import (``rows.<n>.<column>``), at once or from its job's problem.
  function refused(body) {
    const table = $("#import-errors");
    const rows = (body.errors || []).map((item) => { const [, row, column] = (item.field || "").split("."); return el("tr", { "data-row": row || "" }, el("td", { class: "num" }, row || "—"), el("td", {}, column || item.field), el("td", {}, item.message)); });
    table.querySelector("tbody").replaceChildren(...rows);
    table.hidden = !rows.length;
    $("#import-message").replaceChildren(el("div", { class: "problem", role: "alert", "data-code": body.code || "" }, body.detail || body.title));
  }
  await pairs();
}

// A long piece of work (a large import, a large draw): its state and progress bar from the job
// resource, then ``done(result)`` or ``failed(problem)`` (the answer the request would have had).
async function followJob(job, where, done, failed) {
  const bar = el("progress", { max: 100, "aria-label": T.jobRunning });
  const words = el("span", { "data-job-state": job.state }, T[`job.${job.state}`] || T.jobRunning);
  where.replaceChildren(el("div", { class: "job", "data-job": job.id }, bar, " ", words));
  for (;;) {
    const { data } = await api(`jobs/${job.id}/`);
    words.dataset.jobState = data.state;
    words.textContent = T[`job.${data.state}`] || T.jobRunning;
    if (data.progress && data.progress.total) {
      bar.max = data.progress.total;
      bar.value = data.progress.done;
      words.textContent += ` ${fmt(T.jobProgress, data.progress)}`;
    }
    if (data.state === "succeeded") { showDone(where, T.saved); done(data.result); return; }
    if (data.state === "failed") {
      const problem = data.problem || {};
      if (failed) { failed(problem); return; }
      where.replaceChildren(el("div", { class: "problem", role: "alert", "data-code": problem.code || "" }, problem.detail || problem.title || T["job.failed"]));
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

// ---- check-in ------------------------------------------------------------------------------------
async function checkInPage() {
  const select = $("#checkin-round");
  await roundOptions(select);
  const where = $("#checkin-message");
  async function sheet() {
    if (!select.value) { return; }
    const { data } = await api(`${E}/rounds/${select.value}/check-in`);
    render(data);
  }
  function render(data) {
    const c = data.counts;
    $("#checkin-counts").textContent = `${T.present} ${c.present} · ${T.late} ${c.late} · ${T.absent} ${c.absent} · ${T.unmarked} ${c.unmarked}`;
    $("#checkin tbody").replaceChildren(...data.entries.map((entry) => {
      const note = el("input", { value: entry.note, "aria-label": `${T.note} ${entry.pair.number}`, size: 16 });
      const marks = ["present", "late", "absent"].map((status) => {
        const node = el("button", { type: "button", class: entry.status === status ? "" : "secondary", "aria-pressed": entry.status === status ? "true" : "false", "data-mark": status }, T[status]);
        node.addEventListener("click", async () => {
          try {
            const { data } = await api(`${E}/rounds/${select.value}/check-in`, { method: "POST", body: { marks: [{ pair: entry.pair.id, status, note: note.value }] } });
            render(data);
            // What the mark did to a published round's table (docs/events.md "Check-in").
            where.replaceChildren(...data.tables.map((done) => el("p", { class: done.outcome === "referee" ? "notice" : "done", "data-outcome": done.outcome }, fmt(T[`outcome.${done.outcome}`], done))));
          } catch (error) { showProblem(where, error); }
        });
        return node;
      });
      return el("tr", { "data-pair": entry.pair.number, "data-status": entry.status || "" },
        el("td", { class: "num" }, entry.pair.number),
        el("td", {}, entry.pair.display_name, entry.drawn ? "" : el("span", { class: "flag" }, ` ${T.drawnNo}`)),
        el("td", { class: "table-of" }, entry.table ? fmt(T.tableOf, { table: entry.table.table, status: T[`status.${entry.table.status}`] }) : ""),
        el("td", {}, el("div", { class: "actions marks" }, ...marks)), el("td", {}, note));
    }));
  }
  select.addEventListener("change", sheet);
  submit("#sub-form", "#sub-message", async () => {
    const number = Number($("#sub-pair").value);
    const pair = (await all(`${E}/pairs/`)).find((p) => p.number === number);
    const replaced = pair && (Number($("#sub-which").value) === 1 ? pair.player_1 : pair.player_2);
    await api(`${E}/substitutions/`, { method: "POST", body: { pair: pair ? pair.id : 0, replaced: replaced ? replaced.id : 1, name: $("#sub-name").value, from_round: Number(select.value) } });
  });
  await sheet();
}

// ---- rounds: draw with its explanation, swap, publish, clock, close ------------------------------
function flagWords(flags) {
  return flags.length ? flags.map((flag) => T[`flag.${flag}`] || flag).join("; ") : T.noFlags;
}

function relaxedWords(relaxed) {
  if (!relaxed.length) { return T.relaxedNone; }
  return relaxed.map((entry) => { const [code, who] = entry.split(":"); return `${T[`flag.${code}`] || code}${who ? ` (${T.pairs} ${who})` : ""}`; }).join("; ");
}

function pendingWords(pending) {
  return pending.map((p) => fmt(T.pendingTable, { round: p.round, table: p.table, status: T[`status.${p.status}`] || p.status })).join("; ");
}

async function roundsPage() {
  const select = $("#round-pick");
  const where = $("#round-message");
  let current = null;
  let stage = null;
  async function load() {
    const rounds = await roundOptions(select, current && current.number);
    stage = stage || ((await all(`${E}/stages/`))[0] || {}).id;
    if (!select.value) { return; }
    show(rounds.find((r) => String(r.number) === select.value));
  }
  async function show(round) {
    current = round;
    $("#round-state").dataset.status = round.status;
    $("#round-state").textContent = `${T[`round.${round.status}`] || round.status}${round.draw_seed !== null ? ` · ${fmt(T.drawSeed, { seed: round.draw_seed })}` : ""} · ${T.present} ${round.check_in.present} · ${T.late} ${round.check_in.late} · ${T.absent} ${round.check_in.absent}`;
    $("#do-draw").textContent = round.match_count ? T.redraw : T.draw;
    $("#do-draw").disabled = round.status !== "draft";
    $("#do-publish").disabled = round.status !== "draft" || !round.match_count;
    $("#do-close").disabled = round.status !== "published";
    $("#print-pairings").href = `/e/${config.event}/print/rounds/${round.number}/pairings`;
    $("#print-sheets").href = `/e/${config.event}/print/rounds/${round.number}/scoresheets`;
    $("#relaxed").textContent = `${T.relaxed}: ${relaxedWords(round.relaxed)}`;
    // A round drawn or published over unsettled tables says so, with the reason recorded (G10).
    const override = round.unsettled_override;
    $("#round-override").hidden = !override;
    $("#round-override").textContent = override
      ? fmt(T.overridden, { tables: pendingWords(override.tables), reason: override.reason }) : "";
    $("#clock-face").textContent = clockWords(round.clock);
    $("#clock-start").textContent = round.clock.state === "paused" ? T.clockResume : T.clockStart;
    const [matches, figures] = round.match_count
      ? await Promise.all([all(`${E}/matches/?round=${round.number}`), api(`${E}/rounds/${round.number}/explain`).then((a) => a.data)])
      : [[], { groups: [], tables: [] }];
    // The figures beside the words: each pair's points and score group, and how far a float went
    // (the API's ``…/explain``, from the same histories the draw paired on).
    const byTable = new Map(figures.tables.map((t) => [t.table, t]));
    const groupOf = (table, pair) => {
      const row = pair && table ? table.pairs.find((p) => p.number === pair.number) : null;
      return row ? el("small", { class: "muted", "data-group": row.group }, ` · ${fmt(T.scoreGroup, { points: row.points, group: row.group })}`) : "";
    };
    $("#score-groups").textContent = figures.groups.length
      ? `${T.scoreGroups}: ${figures.groups.map((g) => fmt(T.groupOf, g)).join("; ")}` : "";
    $("#pairings tbody").replaceChildren(...matches.map((m) => {
      const table = byTable.get(m.table);
      const floated = table && table.float_groups
        ? el("div", { "data-float": table.float_points }, fmt(table.float_groups === 1 ? T.floatByOne : T.floatBy, { points: table.float_points, groups: table.float_groups })) : "";
      return el("tr", { "data-table": m.table },
        el("td", { class: "num" }, m.table), el("td", {}, pairName(m.ns_pair), groupOf(table, m.ns_pair)),
        el("td", {}, pairName(m.ew_pair), groupOf(table, m.ew_pair)),
        el("td", { class: m.flags.length ? "flag" : "muted" }, flagWords(m.flags), floated));
    }));
  }
  async function operate(path, body) {
    try {
      const answer = await api(`${E}/rounds/${current.number}/${path}`, { method: "POST", body });
      if (answer.status === 202) { return followJob(answer.data, where, load); }
      show(answer.data);
      showDone(where, T.saved);
    }
    catch (error) {
      // Over unsettled tables (G10): the tables in the page's words, from the refusal's ``pending``;
      // a reason is asked only where the event allows the override; else, or without one, the
      // API's refusal is shown with them.
      if (error.code === "results_pending" && (path === "draw" || path === "publish")) {
        const tables = fmt(T.pendingTables, { tables: pendingWords(error.body.pending || []) });
        if (error.body.override_allowed) {
          const reason = window.prompt(`${tables}\n\n${T.unsettled}`);
          if (reason) { return operate(path, { ...(body || {}), unsettled_reason: reason }); }
        }
        showProblem(where, error);
        where.append(el("p", { class: "notice", "data-pending": (error.body.pending || []).map((p) => `${p.round}.${p.table}`).join(" ") },
          tables, " ", error.body.override_allowed ? T.unsettledAsk : T.unsettledNotAllowed));
        return;
      }
      showProblem(where, error);
    }
  }
  select.addEventListener("change", () => { current = { number: Number(select.value) }; load(); });
  $("#round-new").addEventListener("click", async () => {
    try {
      // An event's first round needs a stage: a Swiss stage (积分编排制) unless the organiser made another.
      if (!stage) { stage = (await api(`${E}/stages/`, { method: "POST", body: { name: "Swiss", kind: "swiss" } })).data.id; }
      current = (await api(`${E}/rounds/`, { method: "POST", body: { stage } })).data;
      await load();
    } catch (error) { showProblem(where, error); }
  });
  $("#do-draw").addEventListener("click", () => operate("draw", {}));
  $("#do-publish").addEventListener("click", () => operate("publish", {}));
  $("#do-close").addEventListener("click", () => operate("close"));
  $("#clock-start").addEventListener("click", () => operate("clock/start"));
  $("#clock-pause").addEventListener("click", () => operate("clock/pause"));
  $("#clock-extend").addEventListener("click", () => operate("clock/extend", { minutes: 5 }));
  $("#swap-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const pairs = await all(`${E}/pairs/`);
    const id = (number) => (pairs.find((p) => p.number === Number(number)) || { id: 0 }).id;
    await operate("swap", { pair_a: id($("#swap-a").value), pair_b: id($("#swap-b").value) });
  });
  setInterval(() => { if (current && current.clock) { $("#clock-face").textContent = clockWords(current.clock); } }, 1000);
  await load();
}

const PAGES = { "org-event": eventPage, "org-new": eventPage, "org-staff": staffPage, "org-registration": registrationPage, "org-checkin": checkInPage, "org-rounds": roundsPage, "org-board": boardPage };
// The page is ready once its data is shown and its controls answer (a browser test waits for it).
PAGES[config.page]().then(() => { document.body.dataset.ready = "1"; });
