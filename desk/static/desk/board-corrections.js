// The round board's corrections (docs/desk.md "Correcting a table"), through the public API only:
// a mistyped deal corrected from the game's own deal form (GET …/deal-form?number=n, drawn by the
// table app's renderer, PUT …/deals/{n}: a new version with a note), and a result's correction (POST
// …/result naming the version it corrects, with a note): read again from the deals when the result is
// the deals', the level sheet's final levels when it is the sheet's. What a deal means, which later
// deals change and whether the correction is allowed are the service's: its answers and refusals are
// shown as they are.
import { api, el, showProblem } from "./desk.js";
import { LANG, T, fmt } from "./organiser-common.js";
import { dealForm } from "../table/form.js";

// The deal form's few words (the table app's own strings, translated with it; {name} placeholders).
function formWord(key, params = {}) {
  const text = T[`form.${key}`] || key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// A refusal of the desk's own (nothing was sent), shown like the API's.
function refuse(where, text) { showProblem(where, { message: text, code: "", body: {} }); }

// The form correcting `deal` (a current version from GET …/deals/) of match `id`, in `slot`;
// `done(notice)` when the service has stored the new version.
export async function correctDeal(slot, id, deal, done) {
  const { data } = await api(`matches/${id}/deal-form?number=${deal.number}`, { headers: { "Accept-Language": LANG || "" } });
  const form = data.form;
  // The deal as recorded: another game's record whole, Guandan's as the deal's own members.
  const recorded = deal.record || deal;
  const start = Object.fromEntries(form.fields.filter((f) => recorded[f.name] !== null && recorded[f.name] !== undefined)
    .map((f) => [f.name, recorded[f.name]]));
  const entry = dealForm(form, () => {}, { t: formWord, start });
  const note = el("input", { id: "deal-note", maxlength: "500", "aria-required": "true" });
  const message = el("div", { class: "correction-message", "aria-live": "polite" });
  const cancel = el("button", { type: "button", class: "secondary" }, T.cancel);
  cancel.addEventListener("click", () => slot.replaceChildren());
  const node = el("form", { id: "deal-correction", class: "correction", novalidate: true, "data-deal": deal.number },
    el("h4", {}, fmt(T.correctDealTitle, { n: deal.number })),
    el("p", { class: "muted" }, fmt(T.recordedVersion, { version: deal.version })),
    entry.element,
    el("div", { class: "field" }, el("label", { for: "deal-note" }, T.note), note),
    el("p", { class: "muted" }, T.correctionChecked),
    el("div", { class: "actions" }, el("button", { type: "submit" }, T.sendCorrection), cancel),
    message);
  node.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!note.value.trim()) { refuse(message, T.noteNeeded); note.focus(); return; }
    try {
      const body = { ...entry.body(), note: note.value.trim(), corrects: deal.version };
      const { data: answer } = await api(`matches/${id}/deals/${deal.number}`, { method: "PUT", body });
      done(fmt(T.dealCorrected, { n: deal.number, version: answer.deal.version }));
    } catch (error) { showProblem(message, error); }
  });
  slot.replaceChildren(node);
  node.scrollIntoView({ block: "nearest" });
}

// The version a correction replaces: the official one, else the latest one waiting.
function correctedVersion(result) {
  if (result.official) { return result.official; }
  const waiting = (result.versions || []).filter((v) => v.status === "submitted" || v.status === "disputed");
  return waiting.sort((a, b) => b.version - a.version)[0] || null;
}

// The result's correction under the board's versions: what the result is read from, and the form
// that makes its new version (a referee's or organiser's: official at once, `confirm`).
export function resultCorrection(id, result, done) {
  const target = correctedVersion(result);
  if (!target) { return null; }
  if (target.source === "forfeit") { return el("p", { class: "muted", id: "result-source", "data-source": "forfeit" }, T.forfeitResult); }
  const sheet = target.source === "levels" && target.levels;
  const note = el("input", { id: "correct-note", maxlength: "500", "aria-required": "true" });
  const fields = [];
  const sheetInputs = {};
  if (sheet) {
    for (const [side, label] of [["NS", T.ns], ["EW", T.ew]]) {
      sheetInputs[side] = el("input", { id: `sheet-${side}`, value: target.levels[side], size: "3", maxlength: "3" });
      fields.push(el("div", { class: "field" }, el("label", { for: `sheet-${side}` }, label), sheetInputs[side]));
    }
    sheetInputs.deals = el("input", { id: "sheet-deals", type: "number", min: "1", value: target.deals_played || "" });
    fields.push(el("div", { class: "field" }, el("label", { for: "sheet-deals" }, T.dealsPlayed), sheetInputs.deals));
  }
  const message = el("div", { class: "detail-message", "aria-live": "polite" });
  const node = el("form", { class: "correction", id: "correct-form", novalidate: true },
    el("p", { id: "result-source", "data-source": target.source }, sheet ? T.fromSheet : T.fromDeals),
    el("div", { class: "row" }, ...fields, el("div", { class: "field" }, el("label", { for: "correct-note" }, T.note), note),
      el("button", { type: "submit" }, sheet ? T.correctSheet : T.rereadResult)),
    message);
  node.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!note.value.trim()) { refuse(message, T.noteNeeded); note.focus(); return; }
    const body = { corrects: target.version, note: note.value.trim(), confirm: true };
    if (sheet) {
      body.levels = { NS: sheetInputs.NS.value.trim(), EW: sheetInputs.EW.value.trim() };
      body.deals_played = Number(sheetInputs.deals.value);
      if (target.set_aside_deals) { body.set_aside_deals = true; }
    }
    try {
      const { data } = await api(`matches/${id}/result`, { method: "POST", body });
      const made = data.official || correctedVersion(data) || {};
      done(fmt(T.resultCorrected, { version: made.version }));
    } catch (error) { showProblem(message, error); }
  });
  return node;
}
