// Results as you type on the search page: a moment after the last key, the list the server
// draws at /search?q=… (asked for alone, &part=results, in the page's language) replaces the
// one shown, and the query is kept in the URL. The markup is the server's own, escaped by it.
(function () {
  "use strict";
  var input = document.querySelector("input[data-live]");
  var results = document.getElementById("results");
  if (!input || !results) return;
  var form = input.form;
  var lang = form.querySelector("select[name=lang]");
  var timer = 0;
  var latest = 0;
  // The start page (`/`) keeps its place in the history: the first query typed there adds an
  // entry, the next ones replace it, as they do on /search.
  var fromStart = location.pathname !== "/search";

  function run() {
    var q = input.value.trim();
    var params = new URLSearchParams();
    if (q) params.set("q", q);
    if (lang && lang.value) params.set("lang", lang.value);
    var query = params.toString();
    var url = "/search" + (query ? "?" + query : "");
    if (fromStart) history.pushState(null, "", url);
    else history.replaceState(null, "", url);
    fromStart = false;
    var mine = ++latest;
    if (!q) { results.replaceChildren(); return; }
    fetch(url + "&part=results", { headers: { Accept: "text/html" } })
      .then(function (r) { return r.text(); })
      .then(function (markup) {
        if (mine !== latest) return;
        var drawn = document.createElement("template");
        drawn.innerHTML = markup;
        results.replaceChildren(drawn.content);
      })
      .catch(function () { /* the form still works: Enter submits it */ });
  }

  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(run, 250);
  });
  if (lang) lang.addEventListener("change", run);
  // Back to an entry this script made: the page it names, as the server draws it.
  window.addEventListener("popstate", function () { location.reload(); });
})();
