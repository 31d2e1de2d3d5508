// The big screen (docs/pages.md): poll the live fragment with If-None-Match (a 304 costs one small
// query on the server), swap it in when it changed, and page through tables that do not fit.
(function () {
  "use strict";
  var root = document.getElementById("live");
  if (!root || !window.fetch) { return; }
  var url = root.getAttribute("data-url");
  var etag = root.getAttribute("data-etag");
  var poll = Number(root.getAttribute("data-poll")) * 1000 || 3000;
  var cycle = Number(root.getAttribute("data-cycle")) * 1000 || 12000;
  var page = 0;
  var BOTTOM = 8;  // px kept free under the last row

  // The rows that fit between a table's head and the bottom of the screen make a page; the pages
  // cycle. Measured on the screen itself (its height, the type it scales, the rows' own heights),
  // so any projector shows whole pages and no row below the edge.
  function pagesOf(rows, room) {
    var pages = [], used = 0, start = 0;
    rows.forEach(function (row, index) {
      var height = row.getBoundingClientRect().height;
      if (index > start && used + height > room) {
        pages.push([start, index]);
        start = index;
        used = 0;
      }
      used += height;
    });
    pages.push([start, rows.length]);
    return pages;
  }

  function paginate() {
    var tables = root.querySelectorAll("table.cycle");
    Array.prototype.forEach.call(tables, function (table) {
      var rows = Array.prototype.slice.call(table.tBodies[0] ? table.tBodies[0].rows : []);
      rows.forEach(function (row) { row.classList.remove("off-page"); });
      if (!rows.length) { return; }
      var room = window.innerHeight - table.tBodies[0].getBoundingClientRect().top - BOTTOM;
      var pages = pagesOf(rows, room);
      var current = pages[page % pages.length];
      rows.forEach(function (row, index) {
        if (index < current[0] || index >= current[1]) { row.classList.add("off-page"); }
      });
      var label = table.querySelector(".page-of");
      if (label) { label.textContent = pages.length > 1 ? (page % pages.length + 1) + " / " + pages.length : ""; }
    });
  }

  function refresh() {
    fetch(url, { headers: { "If-None-Match": etag }, cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status !== 200) { return null; }
        etag = response.headers.get("ETag") || etag;
        return response.text();
      })
      .then(function (html) {
        if (html === null || html === undefined) { return; }
        root.innerHTML = html;
        paginate();
        var stamp = document.getElementById("updated");
        var live = root.querySelector(".live");
        if (stamp && live) {
          stamp.setAttribute("data-version", live.getAttribute("data-version"));
          stamp.textContent = new Date().toLocaleTimeString();
        }
      })
      .catch(function () { /* the network is back at the next poll */ })
      .then(function () { window.setTimeout(refresh, poll); });
  }

  paginate();
  window.addEventListener("resize", paginate);
  window.setInterval(function () { page += 1; paginate(); }, cycle);
  window.setTimeout(refresh, poll);
})();
