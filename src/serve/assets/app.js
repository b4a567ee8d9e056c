// Results as you type on the search page: the same list the server draws at /search?q=…,
// filled from /api/search a moment after the last key, the query kept in the URL. Every text
// is set with textContent, never parsed as HTML.
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

  function el(name, attrs, text) {
    var node = document.createElement(name);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function pathOf(id) {
    return id.split("/").map(encodeURIComponent).join("/")
      .replace(/%28/g, "(").replace(/%29/g, ")");
  }

  // As the server's `href`: the result's page, opened in the result's language.
  function href(hit) {
    return pageOf(hit) + "?in=" + encodeURIComponent(hit.language);
  }

  function pageOf(hit) {
    if (hit.kind === "commentary") return "/commentary/" + pathOf(hit.id.split("#")[0]);
    if (hit.kind === "regulation" && hit.targets.length) return "/law/" + pathOf(hit.targets[0]);
    return "/law/" + pathOf(hit.id);
  }

  // As the server's `say`: the page's sentence (from #results' data-*) with each `{}` filled,
  // the value isolated in its own direction.
  function say(template, values) {
    var p = el("p", { dir: "auto" });
    template.split("{}").forEach(function (piece, n) {
      if (n > 0) p.appendChild(el("bdi", { dir: "auto" }, String(values[n - 1])));
      p.appendChild(document.createTextNode(piece));
    });
    return p;
  }

  function marked(snippet, highlights) {
    var p = el("p", { "class": "snippet" });
    var chars = Array.from(snippet);
    var run = "", on = false;
    function flush() {
      if (!run) return;
      p.appendChild(on ? el("mark", {}, run) : document.createTextNode(run));
      run = "";
    }
    chars.forEach(function (c, i) {
      var now = highlights.some(function (h) { return h[0] <= i && i < h[1]; });
      if (now !== on) { flush(); on = now; }
      run += c;
    });
    flush();
    return p;
  }

  function draw(data) {
    var parts = [];
    if (data.message) parts.push(el("p", { "class": "message", dir: "auto" }, data.message));
    if (data.error) parts.push(el("p", { "class": "message", role: "alert" }, data.error));
    if (data.near_spellings) {
      var near = say(results.dataset.near, [data.near_spellings.join(", ")]);
      near.className = "note";
      parts.push(near);
    }
    if (data.results && !data.results.length && !data.message) {
      var nothing = say(results.dataset.nothing, [data.query]);
      nothing.className = "message";
      parts.push(nothing);
    } else if (data.results && data.results.length) {
      var n = data.results.length;
      var count = n === 1 ? el("p", {}, results.dataset.one) : say(results.dataset.many, [n]);
      count.className = "count";
      count.removeAttribute("dir");
      parts.push(count);
      var list = el("ol", { "class": "results" });
      data.results.forEach(function (hit) {
        var dir = hit.language === "he" ? "rtl" : "ltr";
        var li = el("li", { lang: hit.language, dir: dir });
        var a = el("a", { "class": "hit", href: href(hit) });
        a.appendChild(el("span", { "class": "id", dir: "ltr" }, hit.id));
        a.appendChild(document.createTextNode(" "));
        a.appendChild(el("span", { "class": "edition", dir: "ltr" }, hit.edition + " · " + hit.kind));
        li.appendChild(a);
        if (hit.heading && hit.heading !== hit.snippet) {
          var path = el("div", { "class": "path" });
          path.appendChild(el("bdi", { dir: "auto" }, hit.heading));
          li.appendChild(path);
        }
        li.appendChild(marked(hit.snippet, hit.highlights));
        list.appendChild(li);
      });
      parts.push(list);
    }
    results.replaceChildren.apply(results, parts);
  }

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
    fetch("/api/search?" + query, { headers: { Accept: "application/json" } })
      .then(function (r) { return r.json(); })
      .then(function (data) { if (mine === latest) draw(data); })
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
