// Deals entered while the network is away (docs/table-app.md "Offline"): kept in localStorage (a
// reload or a closed browser keeps them), shown, and sent in order through POST /sync, each with
// the Idempotency-Key it was given when it was entered, so a batch sent twice is applied once.
const STORE = "table.queue";

export function load() {
  try {
    return JSON.parse(localStorage.getItem(STORE) || "[]");
  } catch {
    return [];
  }
}

function save(items) {
  localStorage.setItem(STORE, JSON.stringify(items));
}

export function add(item) {
  const items = load();
  items.push({ ...item, state: "waiting", problem: null });
  save(items);
  return items;
}

export function clear() {
  localStorage.removeItem(STORE);
}

export function replace(items) {
  save(items);
}

// Sends the waiting items in one batch; answers the items left (a conflict or a refusal stays, shown,
// and stops what comes after it: those deals follow it).
export async function flush(api) {
  const items = load();
  const waiting = items.filter((item) => item.state === "waiting");
  if (!waiting.length) return { items, sent: 0 };
  const body = {
    items: waiting.map((item) => ({ key: item.key, kind: item.kind, match: item.match, body: item.body })),
  };
  const answer = await api.post("/sync", body); // Offline propagates: nothing changes
  const outcomes = new Map((answer.body.items || answer.body.results || []).map((a) => [a.key, a]));
  let blocked = false;
  const left = [];
  let sent = 0;
  for (const item of items) {
    const outcome = outcomes.get(item.key);
    if (!outcome || item.state !== "waiting") {
      left.push(item);
      continue;
    }
    if (!blocked && (outcome.outcome === "applied" || outcome.outcome === "already_applied")) {
      sent += 1;
      continue;
    }
    blocked = true;
    left.push({ ...item, state: outcome.outcome || "refused", problem: outcome.body || null });
  }
  save(left);
  return { items: left, sent };
}
