/* heroes serve: a few lines of progressive enhancement. Every form and link works
   without this file; with it, builder actions swap the server-rendered panel in place,
   the scenario map explains the hovered square, the playtest shows its progress and the
   pack dashboard refreshes when files change. Content from the server is our own
   autoescaped HTML; square details are set with textContent. */
(function () {
  "use strict";
  var csrf = (document.querySelector('meta[name="csrf-token"]') || {}).content || "";

  function swap(selector, html) {
    var old = document.querySelector(selector);
    if (!old) { return; }
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.querySelector(selector) || holder.firstElementChild;
    if (fresh) { old.replaceWith(fresh); }
  }

  function post(form) {
    /* getAttribute: a field named "action" shadows form.action */
    return fetch(form.getAttribute("action"), {method: "POST", body: new FormData(form), credentials: "same-origin",
                               headers: {"X-Heroes-Fragment": "1"}});
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    var target = form.getAttribute("data-fragment");
    if (!target) { return; }
    event.preventDefault();
    post(form).then(function (r) { return r.text().then(function (t) { return [r, t]; }); })
      .then(function (rt) {
        if (rt[0].ok) {
          swap(target, rt[1]);
          if (form.closest("#picker")) { refreshPicker(); }
        } else { document.open(); document.write(rt[1]); document.close(); }
      });
  });

  /* saving from the builder keeps the builder open: the answer goes in a status line */
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var status = form.getAttribute("data-save");
    if (!status) { return; }
    event.preventDefault();
    post(form).then(function (r) { return r.ok ? r.json() : r.text().then(function (t) { return {html: t}; }); })
      .then(function (answer) {
        if (answer.html) { document.open(); document.write(answer.html); document.close(); return; }
        var line = document.querySelector(status);
        if (line) { line.textContent = answer.message; }
      });
  });

  function copyText(text, status) {
    var done = function () { if (status) { status.textContent = "copied"; } };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done);
    } else {
      var area = document.createElement("textarea");
      area.value = text; document.body.appendChild(area); area.select();
      document.execCommand("copy"); document.body.removeChild(area); done();
    }
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button[data-copy]") : null;
    if (!button) { return; }
    var link = document.querySelector(button.getAttribute("data-copy"));
    if (link) { copyText(link.href, document.getElementById("share-status")); }
  });

  var lastPicker = null;
  function loadPicker(url) {
    lastPicker = url;
    fetch(url, {credentials: "same-origin"}).then(function (r) { return r.text(); })
      .then(function (t) {
        swap("#picker", t);
        var picker = document.getElementById("picker");
        if (picker && !picker.contains(document.activeElement)) { picker.focus(); }  /* keyboard users land on the choices */
      });
  }
  function refreshPicker() { if (lastPicker) { loadPicker(lastPicker); } }
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[data-picker]") : null;
    if (link) { event.preventDefault(); loadPicker(link.getAttribute("data-picker")); }
  });

  var copy = document.getElementById("copy-text");
  if (copy) {
    copy.addEventListener("click", function () {
      fetch(copy.getAttribute("data-src"), {credentials: "same-origin"}).then(function (r) { return r.text(); })
        .then(function (text) {
          var status = document.getElementById("copy-status");
          var done = function () { status.textContent = "copied"; };
          if (navigator.clipboard && window.isSecureContext) {
            navigator.clipboard.writeText(text).then(done);
          } else {
            var area = document.createElement("textarea");
            area.value = text; document.body.appendChild(area); area.select();
            document.execCommand("copy"); document.body.removeChild(area); done();
          }
        });
    });
  }

  var data = document.getElementById("squares");
  var svg = document.querySelector("#scenario svg.battlefield");
  if (data && svg) {
    var squares = JSON.parse(data.textContent);
    var ns = "http://www.w3.org/2000/svg";
    var layer = document.createElementNS(ns, "g");
    layer.setAttribute("class", "hover-cells");
    squares.cells.forEach(function (c) {
      var rect = document.createElementNS(ns, "rect");
      rect.setAttribute("x", c.x); rect.setAttribute("y", c.y);
      rect.setAttribute("width", c.size); rect.setAttribute("height", c.size);
      rect.setAttribute("data-square", c.square);
      rect.setAttribute("fill", "transparent");
      layer.appendChild(rect);
    });
    svg.appendChild(layer);
    var text = document.getElementById("square-text");
    layer.addEventListener("mouseover", function (event) {
      var sq = event.target.getAttribute("data-square");
      var info = squares.info[sq];
      if (!info) { return; }
      var lines = [sq + ": " + info.terrain, info.effects.join("; ")].concat(info.notes);
      lines.push("(" + info.rule + ")");
      text.textContent = lines.join("\n");
      text.setAttribute("data-square", sq);
    });
  }

  var play = document.getElementById("playtest-form");
  if (play) {
    var bar = document.getElementById("playtest-bar");
    var status = document.getElementById("playtest-status");
    var poll = function () {
      fetch(play.getAttribute("data-progress"), {credentials: "same-origin"}).then(function (r) { return r.json(); })
        .then(function (job) {
          if (!job.games) { return; }
          bar.max = job.games; bar.value = job.done;
          if (job.error) { status.textContent = job.error; }
          else if (job.finished) { status.textContent = "Verdict: " + job.verdict; }
          else { status.textContent = job.done + " of " + job.games + " games"; setTimeout(poll, 700); }
        });
    };
    play.addEventListener("submit", function (event) {
      event.preventDefault();
      post(play).then(function () { status.textContent = "started"; poll(); });
    });
    poll();
  }

  var watch = document.getElementById("watch");
  if (watch) {
    setInterval(function () {
      var current = document.getElementById("pack-diagnostics");
      var since = current ? current.getAttribute("data-version") : "";
      fetch(watch.getAttribute("data-src") + "?since=" + encodeURIComponent(since), {credentials: "same-origin"})
        .then(function (r) { return r.status === 200 ? r.text() : null; })
        .then(function (t) { if (t) { swap("#pack-diagnostics", t); } });
    }, 1000);
  }
}());
