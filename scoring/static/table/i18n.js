// The app's strings (docs/table-app.md "Languages"): both languages come with the page as JSON data
// (scoring/table/strings.py, translated like every string of the project); zh-Hans first.
const data = JSON.parse(document.getElementById("strings").textContent);
const config = JSON.parse(document.getElementById("config").textContent);
const STORE = "table.lang";

export function pickLanguage() {
  const kept = localStorage.getItem(STORE);
  if (kept && data[kept]) return kept;
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const lower = tag.toLowerCase();
    if (lower.startsWith("zh")) return "zh-hans";
    if (lower.startsWith("en")) return "en";
  }
  return config.languages[0];
}

let current = pickLanguage();

export function language() {
  return current;
}

export function setLanguage(code) {
  current = data[code] ? code : config.languages[0];
  localStorage.setItem(STORE, current);
  document.documentElement.lang = current === "zh-hans" ? "zh-Hans" : "en";
}

// The header the API reads to answer in the app's language (labels of the form, the notes).
export function acceptLanguage() {
  return current === "zh-hans" ? "zh-Hans" : "en";
}

export function t(key, params = {}) {
  const text = (data[current] && data[current][key]) || data.en[key] || key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

export function appConfig() {
  return config;
}

setLanguage(current);
