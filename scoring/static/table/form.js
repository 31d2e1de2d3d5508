// A deal's form rendered from the game's description (GET /matches/{id}/deal-form, engine/forms.py):
// the same code for every game; what a value means is the engine's (the preview says it). It holds no
// state of the table app: its few words (`t`) come from the page that draws it (the table app, the
// organiser's desk correcting a deal).
import { button, h } from "./views.js";

function seatLabel(form, code) {
  return (form.names && form.names[code]) || code;
}

function choiceButtons(field, options, selected, onPick, form) {
  return h(
    "div",
    { class: "choices", role: "group", "aria-label": field.label },
    options.map((option) =>
      button(option.label, () => onPick(option.value), {
        class: "choice",
        "aria-pressed": String(selected === option.value),
        "data-value": String(option.value),
      }),
    ),
  );
}

// One field: renders into `box`, keeps its value in `values[field.name]`, calls `changed()`.
function renderField(form, field, values, changed, path, t) {
  const box = h("div", { class: `field kind-${field.kind}`, "data-field": path });
  const redraw = () => {
    box.replaceChildren(...draw().flat().filter((child) => child !== null && child !== undefined));
  };
  const set = (value) => {
    values[field.name] = value;
    redraw();
    changed();
  };
  const help = field.help ? h("p", { class: "help" }, field.help) : null;
  const draw = () => {
    const value = values[field.name];
    const title = h("h3", { class: "label" }, field.label);
    switch (field.kind) {
      case "seat_order": {
        const order = value || [];
        const seats = field.seats.map((code) => {
          const place = order.indexOf(code);
          return button(
            [h("span", { class: "seat-name" }, seatLabel(form, code)), h("span", { class: "place" }, place >= 0 ? String(place + 1) : "")],
            () => {
              if (place >= 0 || order.length >= (field.max_items || field.seats.length)) return;
              set([...order, code]);
            },
            { class: "seat", "data-seat": code, "aria-pressed": String(place >= 0), "aria-label": place >= 0 ? t("seat_place", { seat: seatLabel(form, code), place: place + 1 }) : seatLabel(form, code) },
          );
        });
        const shown = order.length ? order.map((code) => seatLabel(form, code)).join(" → ") : t("tap_seats");
        return [
          title,
          help,
          h("div", { class: `seats seats-${field.seats.length}` }, seats),
          h("p", { class: "order", "aria-live": "polite" }, shown),
          h("div", { class: "row" },
            button(t("undo"), () => set(order.slice(0, -1)), { class: "secondary", disabled: !order.length }),
            button(t("clear"), () => set([]), { class: "secondary", disabled: !order.length })),
        ];
      }
      case "seat":
        return [title, help, choiceButtons(field, field.seats.map((code) => ({ value: code, label: seatLabel(form, code) })), value, set, form)];
      case "choice":
        return [title, help, choiceButtons(field, field.choices, value, set, form)];
      case "boolean":
        return [
          h("label", { class: "check" },
            h("input", { type: "checkbox", checked: value === true, onchange: (event) => { values[field.name] = event.target.checked; changed(); } }),
            h("span", {}, field.label)),
          help,
        ];
      case "integer": {
        const input = h("input", {
          type: "number", inputmode: "numeric", min: field.minimum ?? false, max: field.maximum ?? false,
          step: field.step || 1, value: value ?? "", "aria-label": field.label,
          oninput: (event) => {
            const text = event.target.value.trim();
            values[field.name] = text === "" ? null : Number(text);
            changed();
          },
        });
        return [h("label", { class: "label" }, field.label, input), help];
      }
      case "card": {
        const select = h("select", { "aria-label": field.label, onchange: (event) => { values[field.name] = event.target.value || null; changed(); } },
          h("option", { value: "" }, "—"),
          field.choices.map((choice) => h("option", { value: choice.value, selected: value === choice.value }, choice.label)));
        return [h("label", { class: "label" }, field.label, select)];
      }
      case "list":
        return field.order && field.order.length ? drawTurns(title, help) : drawItems(title, help);
      case "group":
        return drawGroup();
      default:
        return [title, h("p", {}, field.kind)];
    }
  };
  // A list of turns (a bidding): item i is seat order[i]'s; an item holding stop_on ends it.
  const drawTurns = (title, help) => {
    const items = values[field.name] || [];
    const member = field.fields[0];
    const rows = [];
    for (let index = 0; index < field.order.length; index += 1) {
      const seat = field.order[index];
      const item = items[index];
      if (index > items.length) break;
      rows.push(h("div", { class: "turn" }, h("span", { class: "turn-seat" }, seatLabel(form, seat)),
        choiceButtons(member, member.choices, item ? item[member.name] : undefined, (picked) => {
          const next = items.slice(0, index);
          next.push({ seat, [member.name]: picked });
          set(next);
        }, form)));
      const stop = field.stop_on;
      if (item && stop && item[stop.name] === stop.value) break;
    }
    return [title, help, ...rows];
  };
  // A list of objects added one by one (a tribute's cards).
  const drawItems = (title, help) => {
    const items = values[field.name] || [];
    const rows = items.map((item, index) =>
      h("div", { class: "item" },
        field.fields.map((member) => renderField(form, member, item, changed, `${path}.${index}.${member.name}`, t)),
        button(t("remove"), () => set(items.filter((_, i) => i !== index)), { class: "secondary" })));
    const full = field.max_items !== null && items.length >= field.max_items;
    return [title, help, ...rows, full ? null : button(t("add"), () => set([...items, {}]), { class: "secondary" })];
  };
  const drawGroup = () => {
    const inner = values[field.name] || (values[field.name] = {});
    const members = field.fields.map((member) => renderField(form, member, inner, changed, `${path}.${member.name}`, t));
    if (field.required) return [h("h3", { class: "label" }, field.label), help, ...members];
    return [h("details", {}, h("summary", {}, field.label), help, ...members)];
  };
  redraw();
  return box;
}

function filled(value) {
  if (value === null || value === undefined || value === "") return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object") return Object.values(value).some(filled);
  return true;
}

// The posted body from the values: an empty optional member is left out.
function bodyOf(fields, values) {
  const body = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === "group") {
      if (!filled(value)) continue;
      body[field.name] = bodyOf(field.fields, value);
    } else if (field.kind === "list" && !(field.order && field.order.length)) {
      if (!filled(value) && !field.required) continue;
      body[field.name] = (value || []).map((item) => bodyOf(field.fields, item));
    } else if (filled(value) || typeof value === "boolean" || value === 0) {
      body[field.name] = value;
    }
  }
  return body;
}

function missing(fields, values) {
  return fields.filter((field) => {
    if (!field.required) return false;
    const value = values[field.name];
    if (field.kind === "seat_order") return !value || value.length < (field.min_items || 1);
    if (field.kind === "list") return !value || value.length < (field.min_items || 0) || (field.min_items > 0 && !value.length);
    return !filled(value) && value !== 0;
  });
}

// `t(key, params)` gives the form's words (tap_seats, seat_place, undo, clear, add, remove); `start`
// (a deal as recorded, to correct it) fills the form instead of the defaults.
export function dealForm(form, onChange, { withDefaults = true, t, start = null } = {}) {
  const values = start ? structuredClone(start) : {};
  if (withDefaults && !start) for (const field of form.fields) if (field.default !== null) values[field.name] = field.default;
  const changed = () => onChange();
  const element = h("div", { class: "deal-form" }, form.fields.map((field) => renderField(form, field, values, changed, field.name, t)));
  return {
    element,
    body: () => bodyOf(form.fields, values),
    complete: () => missing(form.fields, values).length === 0,
  };
}
