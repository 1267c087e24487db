/* Client-side filter and search. Works from file:// (no fetch): the index is a script
   that sets window.HEROES_SEARCH. Results are built with textContent, never innerHTML. */
(function () {
  "use strict";
  function normalise(text) { return (text || "").toLowerCase().trim(); }

  var list = document.getElementById("item-list");
  var filter = document.getElementById("filter");
  if (list && filter) {
    var facet = document.getElementById("facet");
    var count = document.getElementById("filter-count");
    var apply = function () {
      var words = normalise(filter.value).split(/\s+/).filter(Boolean);
      var kind = facet ? facet.value : "";
      var shown = 0;
      Array.prototype.forEach.call(list.children, function (item) {
        var haystack = item.getAttribute("data-search") || "";
        var ok = words.every(function (w) { return haystack.indexOf(w) !== -1; });
        if (kind && item.getAttribute("data-facet") !== kind) { ok = false; }
        item.hidden = !ok;
        if (ok) { shown += 1; }
      });
      if (count) { count.textContent = shown + " shown"; }
    };
    filter.addEventListener("input", apply);
    if (facet) { facet.addEventListener("change", apply); }
    apply();
  }

  var search = document.getElementById("search");
  var results = document.getElementById("search-results");
  if (search && results && window.HEROES_SEARCH) {
    var root = search.getAttribute("data-root") || "";
    search.addEventListener("input", function () {
      var words = normalise(search.value).split(/\s+/).filter(Boolean);
      while (results.firstChild) { results.removeChild(results.firstChild); }
      if (!words.length) { return; }
      window.HEROES_SEARCH.filter(function (entry) {
        return words.every(function (w) { return entry.text.indexOf(w) !== -1; });
      }).slice(0, 50).forEach(function (entry) {
        var li = document.createElement("li");
        var a = document.createElement("a");
        a.href = root + entry.url;
        a.textContent = entry.name;
        var kind = document.createElement("span");
        kind.className = "muted";
        kind.textContent = " " + entry.kind;
        li.appendChild(a);
        li.appendChild(kind);
        results.appendChild(li);
      });
    });
  }
})();
