// The round board (docs/desk.md "The round board"): every table's state, live (polled with
// If-None-Match), paged, searchable; a table's level line, deals and result versions.
import { api, el, poll, showDone, showProblem } from "./desk.js";
import { $, E, LANG, T, button, clockWords, config, fmt, pairName, roundOptions } from "./organiser-common.js";
import { correctDeal, resultCorrection } from "./board-corrections.js";

export async function boardPage() {
  const select = $("#board-round");
  await roundOptions(select);
  const where = $("#board-message");
  let page = 1;
  let watcher = null;
  let open = null;
  // The search by table or pair number is the API's (``?number=``): one page of the database's
  // answer, polled like the board, whether the round has 24 tables or 2,500.
  function path() {
    const query = new URLSearchParams({ round: select.value, page: String(page), page_size: String(config.pageSize) });
    if ($("#board-status").value) { query.set("status", $("#board-status").value); }
    const search = $("#board-search").value.trim();
    if (search) { query.set("number", search); }
    return `${E}/matches/?${query}`;
  }
  function render(data) {
    const rows = data.results;
    $("#board-live").textContent = fmt(T.live, { time: new Date().toLocaleTimeString(LANG) });
    $("#board-counts").textContent = `${data.count} · ${T.page} ${page} ${T.of} ${Math.max(1, Math.ceil(data.count / config.pageSize))}`;
    $("#board tbody").replaceChildren(...rows.map((m) => {
      const openButton = el("button", { type: "button", class: "secondary", "data-open": m.table }, T.open);
      openButton.addEventListener("click", () => { open = m.id; notice = ""; detail(m.id); });
      return el("tr", { "data-table": m.table, "data-status": m.status, class: m.status === "disputed" ? "flag" : "" },
        el("td", { class: "num" }, m.table), el("td", {}, pairName(m.ns_pair)), el("td", {}, pairName(m.ew_pair)),
        el("td", { class: "state" }, T[`status.${m.status}`] || m.status), el("td", {}, openButton));
    }));
    const pages = $("#board-pages");
    pages.replaceChildren();
    if (data.previous) { pages.append(button(T.previous, "secondary", () => { page -= 1; restart(); }, where)); }
    if (data.next) { pages.append(button(T.next, "secondary", () => { page += 1; restart(); }, where)); }
    if (open && !editing()) { detail(open); }
  }
  // A correction being written is not drawn over by the next poll (the table is read again when it is sent).
  function editing() {
    const note = $("#correct-note");
    return Boolean($("#deal-correction") || (note && note.value));
  }
  // Each restart is a generation: an answer asked for by an earlier one (a poll in flight, a
  // search typed over) is not drawn.
  let generation = 0;
  // The round's clock above its tables (the same clock the tables and the big screen read),
  // polled like the board and counted down between polls.
  let clock = null;
  let clockWatcher = null;
  function restart() {
    if (watcher) { watcher.stop(); watcher = null; }
    if (clockWatcher) { clockWatcher.stop(); clockWatcher = null; }
    generation += 1;
    const mine = generation;
    watcher = poll(path(), config.poll, (data) => { if (mine === generation) { render(data); } }, (error) => showProblem(where, error));
    clockWatcher = poll(`${E}/rounds/${select.value}/`, config.poll, (round) => {
      if (mine === generation) { clock = round.clock; showClock(); }
    }, (error) => showProblem(where, error));
  }
  function showClock() {
    $("#board-clock").textContent = clock ? `${fmt(T.roundClock, { round: select.value })}: ${clockWords(clock)}` : "";
  }
  setInterval(showClock, 1000);
  // What the last correction of the open table did: shown over the table read again, and kept when
  // the next poll draws it again.
  let notice = "";
  async function detail(id, done = "") {
    if (done) { notice = done; }
    const box = $("#table-detail");
    try {
      const [{ data: match }, { data: deals }, { data: result }] = await Promise.all([api(`matches/${id}/`), api(`matches/${id}/deals/`), api(`matches/${id}/result`)]);
      const list = Array.isArray(deals) ? deals : deals.results;
      const line = (match.state && match.state.level_line) || [];
      // 记级: both levels after every deal; a referee's level change is an entry of its own (G12).
      const lineRows = line.map((entry) => el("tr", entry.change ? { class: "change" } : {},
        el("td", { class: "num" }, entry.change ? `${entry.deal} · ${T.levelChange}` : entry.deal), el("td", {}, entry.NS), el("td", {}, entry.EW)));
      const lineHead = el("thead", {}, el("tr", {}, el("th", { class: "num" }, T.deal), el("th", {}, T.ns), el("th", {}, T.ew)));
      const again = (text) => { detail(id, text); };
      const fixing = el("div", { id: "deal-correction-slot" });
      const corrections = list.map((deal) => button(fmt(T.correctDeal, { n: deal.number }), "secondary", () => correctDeal(fixing, id, deal, again), fixing));
      corrections.forEach((node, index) => node.setAttribute("data-correct", list[index].number));
      const voids = list.map((deal) => button(`${T.voidDeal} ${deal.number}`, "danger", async () => {
        const note = window.prompt(T.reason);
        if (!note) { return; }
        await api(`matches/${id}/deals/void`, { method: "POST", body: { from: deal.number, note } });
        notice = "";
        detail(id);
      }, box));
      // The versions side by side, one column each (a dispute: both claims at a glance), in order.
      const shown = (result.versions || []).filter((v) => v.status !== "superseded").sort((a, b) => a.version - b.version);
      const sideWord = (side) => (side === "NS" ? T.ns : side === "EW" ? T.ew : side === "both" ? T.bothSides : "—");
      const facts = [
        [T.side, (v) => sideWord(v.side)],
        [T.status, (v) => T[`result.${v.status}`] || v.status],
        [T.levels, (v) => (v.levels ? `${v.levels.NS} : ${v.levels.EW}` : v.forfeit ? fmt(T.forfeitOf, { side: sideWord(v.forfeit.side) }) : "—")],
        [T.winner, (v) => (v.winner ? sideWord(v.winner) : "—")],
        [T.dealsPlayed, (v) => (v.deals_played === null || v.deals_played === undefined ? "—" : v.deals_played)],
        [T.noteShort, (v) => v.note || "—"],
      ];
      const confirmOf = (version) => (version.status === "disputed" || version.status === "submitted"
        ? button(T.confirmVersion, "", async () => { await api(`matches/${id}/result/confirm`, { method: "POST", body: { version: version.version } }); detail(id); }, box) : "");
      const versions = shown.length ? el("table", { class: "grid versions" },
        el("thead", {}, el("tr", {}, el("th", {}, ""), ...shown.map((v) => el("th", { scope: "col", "data-version": v.version, "data-status": v.status }, fmt(T.versionNo, { n: v.version }))))),
        el("tbody", {}, ...facts.map(([label, value]) => el("tr", {}, el("th", { scope: "row" }, label), ...shown.map((v) => el("td", {}, String(value(v)))))),
          el("tr", {}, el("th", {}, ""), ...shown.map((v) => el("td", { "data-version": v.version }, confirmOf(v)))))) : el("p", { class: "muted" }, T.noResult);
      const correction = resultCorrection(id, result, again);
      box.replaceChildren(el("h3", {}, `${T.table} ${match.table}: ${pairName(match.ns_pair)} – ${pairName(match.ew_pair)}`),
        el("p", {}, `${T.status}: ${T[`status.${match.status}`] || match.status} · ${T.clock}: ${clockWords(match.clock)}`),
        el("h4", {}, T.levels), lineRows.length ? el("table", { class: "grid" }, lineHead, el("tbody", {}, ...lineRows)) : el("p", { class: "muted" }, T.noDeals),
        el("div", { class: "board-notice", "aria-live": "polite" }),
        el("div", { class: "actions", id: "deal-corrections" }, ...corrections), fixing,
        el("div", { class: "actions" }, ...voids),
        el("h4", {}, T.versions), versions, correction);
      if (notice) { showDone(box.querySelector(".board-notice"), notice); }
      if (done) { box.querySelector(".board-notice").scrollIntoView({ block: "nearest" }); }
    } catch (error) { showProblem(box, error); }
  }
  for (const node of [select, $("#board-status")]) { node.addEventListener("change", () => { page = 1; restart(); }); }
  $("#board-search").addEventListener("input", () => { page = 1; restart(); });
  $("#board-filter").addEventListener("submit", (event) => event.preventDefault());
  $("#publish-standings").addEventListener("click", async () => {
    try { await api(`${E}/`, { method: "PATCH", body: { publish_standings: true, status: "published" } }); showDone(where, T.standingsPublished); }
    catch (error) { showProblem(where, error); }
  });
  restart();
}
