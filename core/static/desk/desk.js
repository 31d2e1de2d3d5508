// The desks' shared script (docs/desk.md): the public API called as the logged-in person (Django's
// session and its CSRF token), its problem+json answers shown as they are, polling with
// If-None-Match, and the page's translated strings (rendered by the template, never written here).

export function csrfToken() {
  const field = document.querySelector("input[name=csrfmiddlewaretoken]");
  if (field) { return field.value; }
  const cookie = document.cookie.split("; ").find((part) => part.startsWith("csrftoken="));
  return cookie ? decodeURIComponent(cookie.split("=")[1]) : "";
}

// The strings a page's script shows, from the template's <script type="application/json" id="desk-text">.
export function texts() {
  const node = document.getElementById("desk-text");
  return node ? JSON.parse(node.textContent) : {};
}

export class Problem extends Error {
  constructor(status, body) {
    super((body && (body.detail || body.title)) || String(status));
    this.status = status;
    this.body = body || {};
    this.code = this.body.code || "";
  }
}

// Call the API at `path` (under /api/v1/); JSON in and out. A problem is thrown as a Problem.
export async function api(path, { method = "GET", body, etag, headers = {} } = {}) {
  const sent = { Accept: "application/json", ...headers };
  if (body !== undefined) { sent["Content-Type"] = "application/json"; }
  if (method !== "GET" && method !== "HEAD") { sent["X-CSRFToken"] = csrfToken(); }
  if (etag) { sent["If-None-Match"] = etag; }
  const response = await fetch(path.startsWith("/") ? path : `/api/v1/${path}`, {
    method, headers: sent, credentials: "same-origin", cache: "no-store",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 304) { return { status: 304, etag, data: null }; }
  const type = response.headers.get("Content-Type") || "";
  const data = type.includes("json") ? await response.json() : null;
  if (!response.ok) { throw new Problem(response.status, data); }
  return { status: response.status, etag: response.headers.get("ETag"), data };
}

// Ask `path` every `seconds`, with the ETag of the last answer: `render(data)` only when it changed.
export function poll(path, seconds, render, onError) {
  let etag = null;
  let stopped = false;
  async function once() {
    try {
      const answer = await api(path, { etag });
      if (answer.status !== 304) { etag = answer.etag; render(answer.data); }
    } catch (error) { if (onError) { onError(error); } }
    if (!stopped) { setTimeout(once, seconds * 1000); }
  }
  once();
  return { stop() { stopped = true; }, now() { etag = null; } };
}

// A problem as the person reads it: the API's own detail, its code, and each field's error.
export function showProblem(where, error) {
  where.replaceChildren();
  const box = document.createElement("div");
  box.className = "problem";
  box.setAttribute("role", "alert");
  box.dataset.code = error.code || "";
  box.textContent = error.message;
  const fields = (error.body && error.body.errors) || [];
  if (fields.length) {
    const list = document.createElement("ul");
    for (const item of fields) {
      const entry = document.createElement("li");
      entry.textContent = [item.field || item.attr, item.detail || item.message].filter(Boolean).join(": ");
      list.append(entry);
    }
    box.append(list);
  }
  where.append(box);
}

export function showDone(where, text) {
  where.replaceChildren();
  const box = document.createElement("div");
  box.className = "done";
  box.setAttribute("role", "status");
  box.textContent = text;
  where.append(box);
}

// A small element builder: el("td", {class: "num"}, "3").
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) { continue; }
    if (key === "class") { node.className = value; } else if (key.startsWith("data-")) { node.setAttribute(key, value); }
    else if (key === "text") { node.textContent = value; } else { node.setAttribute(key, value === true ? "" : value); }
  }
  for (const child of children) {
    if (child === null || child === undefined) { continue; }
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}
