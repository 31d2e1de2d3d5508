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

  function paginate() {
    var tables = root.querySelectorAll("table.cycle");
    Array.prototype.forEach.call(tables, function (table) {
      var rows = Array.prototype.slice.call(table.tBodies[0] ? table.tBodies[0].rows : []);
      rows.forEach(function (row) { row.classList.remove("off-page"); });
      if (!rows.length) { return; }
      var top = table.getBoundingClientRect().top + window.scrollY;
      var head = table.tHead ? table.tHead.offsetHeight : 0;
      var rowHeight = rows[0].offsetHeight || 40;
      var room = window.innerHeight - top - head - 48;
      var per = Math.max(3, Math.floor(room / rowHeight));
      var pages = Math.ceil(rows.length / per);
      var current = page % pages;
      rows.forEach(function (row, index) {
        if (Math.floor(index / per) !== current) { row.classList.add("off-page"); }
      });
      var label = table.querySelector(".page-of");
      if (label) { label.textContent = pages > 1 ? (current + 1) + " / " + pages : ""; }
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
