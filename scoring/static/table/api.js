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
