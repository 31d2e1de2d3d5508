// The rules questions (docs/desk.md): the play question's form is the game's own (its members read
// from the game's wire serializer by the page), cards are picked from the pack with the level card
// and the wild cards marked as the engine names them; the answer is the API's, as it gives it.
import { api, el, showProblem, texts } from "./desk.js";

const Q = JSON.parse(document.getElementById("desk-question").textContent);
const T = texts();
const form = document.getElementById("play-form");
const pickers = [];

function levelCode() {
  const select = form && form.querySelector('select[name="level"]');
  return select ? select.value : null;
}

function marks(code) {
  const level = Q.levels.find((l) => l.code === levelCode());
  const wilds = level ? level.wilds : Q.wilds;
  const isLevel = level && code.length === 2 && code.slice(1) === level.code && !["BJ", "RJ"].includes(code);
  return { level: Boolean(isLevel), wild: wilds.includes(code) };
}

function label(code) {
  const card = Q.cards.find((c) => c.code === code);
  return card ? card.label : code;
}

// A picker: the pack's 54 buttons; each press adds that card (two decks: twice is fine, the engine
// counts); the cards picked are listed, each removable.
function picker(name) {
  const picked = [];
  const list = el("div", { class: "picked", "data-picked": name, "aria-live": "polite" });
  const pack = el("div", { class: "cards", role: "group" });
  const buttons = [];
  for (const card of Q.cards) {
    const red = card.code[0] === "H" || card.code[0] === "D" || card.code === "RJ";
    const button = el("button", { type: "button", class: `card-pick${red ? " red" : ""}`, "data-card": card.code }, card.label);
    button.addEventListener("click", () => { picked.push(card.code); show(); });
    buttons.push(button);
    pack.append(button);
  }
  function show() {
    list.replaceChildren(...(picked.length ? picked.map((code, index) => {
      const chip = el("button", { type: "button", class: "secondary chip", "data-chip": code, title: T.remove }, `${label(code)} ×`);
      chip.addEventListener("click", () => { picked.splice(index, 1); show(); });
      return chip;
    }) : [el("span", { class: "muted" }, T.none)]));
    refreshMarks();
  }
  function refreshMarks() {
    for (const button of buttons) {
      const mark = marks(button.dataset.card);
      button.classList.toggle("level", mark.level);
      button.classList.toggle("wild", mark.wild);
      button.title = [mark.level ? T.levelCard : "", mark.wild ? T.wildCard : ""].filter(Boolean).join(", ");
    }
  }
  const clear = el("button", { type: "button", class: "secondary" }, T.clear);
  clear.addEventListener("click", () => { picked.length = 0; show(); });
  const box = el("div", { class: "picker" }, list, pack, el("div", { class: "actions" }, clear));
  const entry = { box, value: () => picked.slice(), refreshMarks };
  pickers.push(entry);
  show();
  return entry;
}

function build() {
  const values = {};
  for (const spec of Q.play) {
    const id = `q-${spec.name}`;
    const field = el("fieldset", { "data-member": spec.name }, el("legend", {}, spec.label + (spec.required ? " *" : "")));
    if (spec.help) { field.append(el("p", { class: "muted" }, spec.help)); }
    if (spec.kind === "cards") {
      const entry = picker(spec.name);
      field.append(entry.box);
      values[spec.name] = () => entry.value();
    } else if (spec.kind === "plays") {
      const plays = [];
      const holder = el("div");
      const add = el("button", { type: "button", class: "secondary" }, T.addPlay);
      add.addEventListener("click", () => { const entry = picker(`${spec.name}-${plays.length}`); plays.push(entry); holder.append(entry.box); });
      field.append(holder, add);
      values[spec.name] = () => plays.map((entry) => entry.value()).filter((play) => play.length);
    } else if (spec.kind === "level") {
      const select = el("select", { id, name: "level", "aria-label": spec.label });
      for (const level of Q.levels) { select.append(el("option", { value: level.code }, level.label)); }
      select.addEventListener("change", () => pickers.forEach((entry) => entry.refreshMarks()));
      field.append(select);
      values[spec.name] = () => select.value;
    } else {
      const input = el("input", { id, name: spec.name, "aria-label": spec.label });
      field.append(input);
      values[spec.name] = () => input.value;
    }
    form.append(field);
  }
  pickers.forEach((entry) => entry.refreshMarks());
  form.append(el("div", { class: "actions" }, el("button", { type: "submit", "data-ask": "play" }, T.ask)));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = { ...Q.base };
    for (const spec of Q.play) {
      const value = values[spec.name]();
      const empty = value === "" || (Array.isArray(value) && !value.length);
      if (!empty || spec.required) { body[spec.name] = value; }
    }
    const where = document.getElementById("play-answer");
    try { showPlay(where, (await api("referee/plays/validate", { method: "POST", body })).data); }
    catch (error) { showProblem(where, error); }
  });
}

function showPlay(where, answer) {
  const lines = [el("p", { class: answer.legal ? "done" : "problem", "data-legal": String(answer.legal) }, answer.legal ? T.legal : T.illegal)];
  if (answer.beats_previous !== undefined && answer.beats_previous !== null) {
    lines.push(el("p", { "data-beats": String(answer.beats_previous) }, answer.beats_previous ? T.beats : T.doesNotBeat));
  }
  if (answer.reason) { lines.push(el("p", { class: "muted", "data-reason": answer.reason.code }, answer.reason.detail)); }
  lines.push(el("details", {}, el("summary", {}, T.readings), el("pre", { class: "answer" }, JSON.stringify(answer, null, 2))));
  where.replaceChildren(...lines);
}

for (const question of document.querySelectorAll("form.json-question")) {
  question.addEventListener("submit", async (event) => {
    event.preventDefault();
    const where = question.querySelector(".answer");
    let body;
    try { body = { ...JSON.parse(question.elements.body.value || "{}"), ...Q.base }; }
    catch (error) { where.replaceChildren(el("p", { class: "problem", role: "alert" }, T.badJson)); return; }
    try {
      const answer = (await api(question.dataset.path, { method: "POST", body })).data;
      const violation = answer.violation || answer.first_violation || null;
      where.replaceChildren(
        el("p", { class: violation ? "problem" : "done" }, violation ? `${T.violation}: ${violation.detail || violation.code || ""}` : (answer.legal === false || answer.valid === false ? T.illegal : T.noViolation)),
        el("pre", { class: "answer" }, JSON.stringify(answer, null, 2)));
    } catch (error) { showProblem(where, error); }
  });
}

if (form) { build(); }
