// The public API as the table sees it (docs/api.md): the key only ever in the Authorization header,
// problem+json errors, Idempotency-Key on writes, If-None-Match on the polled reads.
import { acceptLanguage, appConfig } from "./i18n.js";

export class Problem extends Error {
  constructor(status, body) {
    super((body && (body.detail || body.title)) || `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
    this.code = this.body.code || null;
  }
}

export class Offline extends Error {}

export function newKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// How many requests are on their way (the page shows it, a test waits for 0).
let pending = 0;
function busy(change) {
  pending += change;
  document.body.dataset.busy = String(pending);
}

export class Api {
  constructor(getToken) {
    this.base = appConfig().api;
    this.getToken = getToken;
    this.etags = new Map(); // path -> [etag, body]
    this.skew = 0;
  }

  async call(method, path, { body, key, poll } = {}) {
    const headers = { Accept: "application/json", "Accept-Language": acceptLanguage() };
    const token = this.getToken();
    if (token) headers.Authorization = `Table ${token}`;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (key) headers["Idempotency-Key"] = key;
    const kept = poll ? this.etags.get(path + acceptLanguage()) : null;
    if (kept) headers["If-None-Match"] = kept[0];
    let response;
    busy(1);
    try {
      response = await fetch(this.base + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: "no-store",
        credentials: "omit",
      });
    } catch (error) {
      busy(-1);
      throw new Offline(String(error));
    }
    busy(-1);
    const date = Date.parse(response.headers.get("Date") || "");
    if (!Number.isNaN(date)) this.skew = date - Date.now(); // the server's clock minus the phone's
    if (response.status === 304 && kept) return { status: 304, body: kept[1], changed: false };
    const text = await response.text();
    let parsed = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (response.status >= 500 && parsed === null) throw new Offline(`HTTP ${response.status}`);
    if (!response.ok) throw new Problem(response.status, parsed);
    const etag = response.headers.get("ETag");
    if (poll && etag) this.etags.set(path + acceptLanguage(), [etag, parsed]);
    return { status: response.status, body: parsed, changed: true };
  }

  get(path, options) {
    return this.call("GET", path, options);
  }

  post(path, body, options = {}) {
    return this.call("POST", path, { ...options, body });
  }

  put(path, body, options = {}) {
    return this.call("PUT", path, { ...options, body });
  }
}

// ---- the offline queue ----------------------------------------------------------------------------
// (Here, not a module of its own: one file fewer on the first load's round trip, docs/deploy.md.)
// Deals entered while the network is away (docs/table-app.md "Offline"): kept in localStorage (a
// reload or a closed browser keeps them), shown, and sent in order through POST /sync, each with
// the Idempotency-Key it was given when it was entered, so a batch sent twice is applied once.
const STORE = "table.queue";

function load() {
  try {
    return JSON.parse(localStorage.getItem(STORE) || "[]");
  } catch {
    return [];
  }
}

function save(items) {
  localStorage.setItem(STORE, JSON.stringify(items));
}

function add(item) {
  const items = load();
  items.push({ ...item, state: "waiting", problem: null });
  save(items);
  return items;
}

function clear() {
  localStorage.removeItem(STORE);
}

function replace(items) {
  save(items);
}

// Sends the waiting items in one batch; answers the items left (a conflict or a refusal stays, shown,
// and stops what comes after it: those deals follow it).
async function flush(api) {
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

export const queue = { load, add, clear, replace, flush };
