// What the organiser's desk pages share (organiser.js, board.js): the page's texts and config, the
// API's paginated lists, buttons and forms that show the API's refusals, the round picker, the clock.
import { api, el, showDone, showProblem, texts } from "./desk.js";

export const T = texts();
export const config = JSON.parse(document.getElementById("org-config").textContent);
export const E = `events/${config.event}`;
export const $ = (selector) => document.querySelector(selector);
export const fmt = (text, values) => text.replace(/%\((\w+)\)s/g, (_, name) => String(values[name]));
export const LANG = document.documentElement.lang || undefined;  // dates and times in the page's language
export const when = (value) => new Date(value).toLocaleString(LANG);
export const pairName = (pair) => (pair ? `${pair.number} · ${pair.display_name}` : T.bye);
// A role's name as the staff page's own role list gives it (translated by the template).
export const roleName = (role) => { const option = document.querySelector(`#role-role option[value="${role}"]`); return option ? option.textContent : role; };

export async function all(path) {  // every page of a paginated list
  const rows = [];
  let url = path.includes("?") ? `${path}&page_size=500` : `${path}?page_size=500`;
  while (url) {
    const { data } = await api(url);
    if (Array.isArray(data)) { return data; }
    rows.push(...data.results);
    url = data.next;
  }
  return rows;
}

// Show a refusal's field errors beside their fields (``data-field``), and the whole problem on top.
export function fieldProblems(form, where, error) {
  form.querySelectorAll(".field-error").forEach((node) => { node.textContent = ""; });
  for (const item of (error.body && error.body.errors) || []) {
    const slot = form.querySelector(`[data-field="${(item.field || "").split(".")[0]}"] .field-error`);
    if (slot) { slot.textContent = item.message || item.detail; }
  }
  showProblem(where, error);
}

export function button(label, kind, action, where) {
  const node = el("button", { type: "button", class: kind }, label);
  node.addEventListener("click", async () => { try { await action(); } catch (error) { showProblem(where, error); } });
  return node;
}

export function submit(formSelector, whereSelector, action) {
  const form = $(formSelector);
  const where = $(whereSelector);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try { if (!(await action(form, where, event.submitter))) { showDone(where, T.saved); } }
    catch (error) { fieldProblems(form, where, error); }
  });
}

export async function roundOptions(select, wanted) {
  const rounds = await all(`${E}/rounds/`);
  select.replaceChildren(...rounds.map((r) => el("option", { value: r.number }, `${T.round} ${r.number} · ${T[`round.${r.status}`] || r.status}`)));
  const open = wanted || (rounds.find((r) => r.status !== "closed") || rounds[rounds.length - 1] || {}).number;
  if (open) { select.value = String(open); }
  return rounds;
}

export function clockWords(clock) {
  const state = T[`clock.${clock.state}`];
  if (clock.limit_minutes === null) { return `${state} · ${T.noLimit}`; }
  let seconds = clock.remaining_seconds;
  if (clock.state === "running") { seconds = Math.round((Date.parse(clock.ends_at) - Date.now()) / 1000); }
  if (seconds <= 0) { return `${state} · ${T.timeUp}`; }
  const minutes = Math.floor(seconds / 60);
  return `${state} · ${minutes}:${String(seconds % 60).padStart(2, "0")} ${T.left}`;
}
