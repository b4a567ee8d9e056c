// The view a page is shown in goes with its address (`?in=he`), as the server writes it into
// the page's links to the Laws, so that the address shared or bookmarked opens as this page
// was seen, whatever view the reader's own browser remembers.
(function () {
  "use strict";
  var view = document.body.dataset.view;
  if (!view) return;
  // A law's page says its view, the one it was opened in or the one remembered.
  var here = new URL(location.href);
  if (here.pathname.indexOf("/law/") === 0 && !here.searchParams.has("view")
      && here.searchParams.get("in") !== view) {
    here.searchParams.set("in", view);
    history.replaceState(history.state, "", here.pathname + here.search + here.hash);
  }
})();

// Results as you type on the search page: a moment after the last key, the list the server
// draws at /search?q=… (asked for alone, &part=results, in the page's language) replaces the
// one shown. The markup is the server's own, escaped by it.
//
// The history holds one entry per search shown, at its canonical address (`/search?q=…`, with
// `&lang=` only when a language is chosen, `&limit=` only when more results were asked for),
// so that Back and Forward go from search to search: a query shown while it is still being
// typed (one that extends or trims the query the entry holds) replaces the entry; any other,
// an Enter or a language chosen adds one, unless it is the search the entry shows already.
(function () {
  "use strict";
  var input = document.querySelector("input[data-live]");
  var results = document.getElementById("results");
  if (!input || !results) return;
  var form = input.form;
  var lang = form.querySelector("select[name=lang]");
  var timer = 0;
  var latest = 0;

  function address(search) {
    var params = new URLSearchParams();
    if (search.q) params.set("q", search.q);
    if (search.lang) params.set("lang", search.lang);
    if (search.limit) params.set("limit", search.limit);
    var query = params.toString();
    return "/search" + (query ? "?" + query : "");
  }

  function searchAt(loc) {
    var params = new URLSearchParams(loc.search);
    return {
      q: (params.get("q") || "").trim(),
      lang: (params.get("lang") || "").trim(),
      limit: (params.get("limit") || "").trim(),
    };
  }

  function asked() {
    // A search asked anew shows the first results.
    return { q: input.value.trim(), lang: lang ? lang.value : "", limit: "" };
  }

  function same(a, b) {
    return a.q === b.q && a.lang === b.lang && a.limit === b.limit;
  }

  // Whether `b` is `a` still being typed: one extends the other, in the same language.
  function continues(a, b) {
    if (!a.q || !b.q || a.lang !== b.lang) return false;
    var x = a.q.toLowerCase();
    var y = b.q.toLowerCase();
    return x.startsWith(y) || y.startsWith(x);
  }

  // The search the current entry shows, and whether it is a query still being typed.
  var entry = searchAt(location);
  var typing = false;
  // A search submitted without the script (`?q=claim&lang=`) or from another page's box: the
  // entry takes the canonical address, so that the same search is never two entries.
  if (location.pathname === "/search" && location.pathname + location.search !== address(entry)) {
    history.replaceState(null, "", address(entry));
  }

  function record(search, how) {
    if (same(search, entry)) {
      if (how !== "type") typing = false;
      return;
    }
    var url = address(search);
    // A query typed on, or typed into the box emptied before it, takes the entry of the query
    // typed before it: an emptied box is an entry until the next query is typed.
    var typedOn = how === "type" && typing && (!entry.q || continues(entry, search));
    if (typedOn) history.replaceState(null, "", url);
    else history.pushState(null, "", url);
    entry = search;
    typing = how === "type";
  }

  // The tab's title names the search shown, as the server's page does (`claim · Search · …`).
  function retitle(search) {
    var bare = results.dataset.title;
    if (bare) document.title = search.q ? search.q + " · " + bare : bare;
  }

  // Draws the results of `search`; `how` is "type", "submit" (Enter, or a language chosen) or
  // "restore" (Back or Forward: the history is left as it is).
  function show(search, how) {
    clearTimeout(timer);
    var mine = ++latest;
    // An empty box: what to type, as the page says it, at the address of no search.
    var url = address(search);
    var part = url + (url.indexOf("?") < 0 ? "?" : "&") + "part=results";
    fetch(part, { headers: { Accept: "text/html" } })
      .then(function (r) { return r.text(); })
      .then(function (markup) {
        if (mine !== latest) return;
        var drawn = document.createElement("template");
        drawn.innerHTML = markup;
        results.replaceChildren(drawn.content);
        retitle(search);
        if (how !== "restore") record(search, how);
      })
      .catch(function () {
        // The page the server draws, as without the script.
        if (mine === latest && how !== "type") location.assign(url);
      });
  }

  input.addEventListener("input", function () {
    clearTimeout(timer);
    // An emptied box ends the query being typed: the next one is a search of its own.
    if (!input.value.trim()) typing = false;
    timer = setTimeout(function () { show(asked(), "type"); }, 250);
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    show(asked(), "submit");
  });
  if (lang) lang.addEventListener("change", function () { show(asked(), "submit"); });
  // Back or Forward to an entry this script made: its search, drawn again.
  window.addEventListener("popstate", function () {
    var search = searchAt(location);
    input.value = search.q;
    if (lang) lang.value = search.lang;
    if (lang && lang.value !== search.lang) lang.value = "";
    entry = search;
    typing = false;
    show(search, "restore");
  });
})();
