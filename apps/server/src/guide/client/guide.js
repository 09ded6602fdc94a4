// The guest guide's only script: it enhances a page that already works without it.
// Hand-written, no framework, a few KB: visits, section analytics, offline worker, passcode form, copy
// buttons, languages, and the map of local places (which loads Leaflet only when asked).
(function () {
  "use strict";
  var body = document.body;
  var base = body.getAttribute("data-base");
  var property = body.getAttribute("data-property");

  // Visit (GUIDE-17, IMPL-05): one random id per browser session; the server dedupes per day.
  function trackingId() {
    var key = "dsg_tsid";
    var id = sessionStorage.getItem(key);
    if (!id) {
      var bytes = new Uint8Array(16);
      crypto.getRandomValues(bytes);
      id = Array.prototype.map
        .call(bytes, function (b) {
          return ("0" + b.toString(16)).slice(-2);
        })
        .join("");
      sessionStorage.setItem(key, id);
    }
    return id;
  }
  // Sent as soon as the script runs, not when the browser is idle: a guest who leaves within seconds is a
  // visit too, and its language (decision 045). A stay's own guest link (/s/{token}) is its own source.
  function recordVisit() {
    try {
      var sent = "dsg_v_" + property + "_" + new Date().toISOString().slice(0, 10);
      if (sessionStorage.getItem(sent)) return;
      var utm =
        location.pathname.indexOf("/s/") === 0 ? "stay-link" : new URLSearchParams(location.search).get("utm_source");
      var payload = JSON.stringify({
        propertyId: property,
        trackingSessionId: trackingId(),
        utmSource: utm,
        language: document.documentElement.lang,
      });
      // keepalive: the report survives leaving the page and never delays rendering.
      fetch("/api/guide/visits", {
        method: "POST",
        keepalive: true,
        headers: { "content-type": "application/json" },
        body: payload,
      })
        .then(function (r) {
          if (r.ok) sessionStorage.setItem(sent, "1");
        })
        .catch(function () {});
    } catch {
      /* private mode without storage: no visit */
    }
  }

  // Section analytics: the top-level sections and the items that stayed on screen for a second are sent
  // while the page is open (every FLUSH_MS when something new was seen), and when the page is hidden or left
  // (the guest switches app, closes the tab: visibilitychange and pagehide). No cookies; the same random
  // session id as the visit; the server counts each key once per session and day. A beacon's keys wait in the
  // tab's session storage, for the same day, until the server has answered: what a guest read offline goes
  // with the next beacon once online, not lost (re-sending is harmless: counted once).
  var seen = {};
  var pending = {};
  var observer = null;
  var SEEN_MS = 1000;
  var FLUSH_MS = 5000;
  function keyOf(el) {
    var id = el.id || "";
    if (id.indexOf("c-") === 0) return "section:" + id.slice(2);
    if (id.indexOf("i-") === 0 || id.indexOf("f-") === 0) return "item:" + id.slice(2);
    return null;
  }
  function onScreen(entries) {
    entries.forEach(function (entry) {
      var el = entry.target;
      // Half of it, or half of the screen for a section taller than the screen.
      var visible =
        entry.isIntersecting &&
        (entry.intersectionRatio >= 0.5 || entry.intersectionRect.height >= window.innerHeight / 2);
      clearTimeout(el._dsgTimer);
      if (!visible) return;
      el._dsgTimer = setTimeout(function () {
        var key = keyOf(el);
        if (key && !seen[key]) {
          pending[key] = seen[key] = true;
          flushSoon();
        }
        if (observer) observer.unobserve(el);
      }, SEEN_MS);
    });
  }
  function watchSections() {
    if (!("IntersectionObserver" in window)) return;
    if (observer) observer.disconnect();
    observer = new IntersectionObserver(onScreen, { threshold: [0, 0.25, 0.5, 0.75, 1] });
    Array.prototype.forEach.call(document.querySelectorAll("main > section.cat, article.item"), function (el) {
      var key = keyOf(el);
      if (key && !seen[key]) observer.observe(el);
    });
    undelivered(function (keys) {
      Object.keys(keys).forEach(function (key) {
        if (key.indexOf("language:") === 0) delete keys[key];
        else pending[key] = seen[key] = true;
      });
    });
    flushSoon();
  }
  // One flush at a time, FLUSH_MS after the first new key; nothing runs while nothing new was seen.
  var flushTimer = null;
  function flushSoon() {
    if (flushTimer || !Object.keys(pending).length) return;
    flushTimer = setTimeout(function () {
      flushTimer = null;
      if (navigator.onLine === false) return;
      sendEngagement();
    }, FLUSH_MS);
  }
  /** Hands `change` the keys sent today that no answer has confirmed yet, and keeps what it leaves. */
  function undelivered(change) {
    try {
      var name = "dsg_e_" + property + "_" + new Date().toISOString().slice(0, 10);
      var keys = JSON.parse(sessionStorage.getItem(name) || "{}");
      change(keys);
      if (Object.keys(keys).length) sessionStorage.setItem(name, JSON.stringify(keys));
      else sessionStorage.removeItem(name);
    } catch {
      /* no storage: keys are sent once */
    }
  }
  function sendEngagement() {
    var sections = [];
    var items = [];
    var language = document.documentElement.lang;
    Object.keys(pending).forEach(function (key) {
      if (key.indexOf("section:") === 0) sections.push(key.slice(8));
      else if (key.indexOf("item:") === 0) items.push(key.slice(5));
    });
    if (!sections.length && !items.length) return;
    sections = sections.slice(0, 60);
    items = items.slice(0, 300);
    var sent = sections
      .map(function (key) {
        return "section:" + key;
      })
      .concat(
        items.map(function (key) {
          return "item:" + key;
        }),
      );
    var waiting = pending;
    pending = {};
    var retry = function () {
      Object.keys(waiting).forEach(function (key) {
        pending[key] = true;
      });
      flushSoon();
    };
    undelivered(function (keys) {
      Object.keys(waiting).forEach(function (key) {
        keys[key] = true;
      });
    });
    try {
      fetch("/api/guide/engagement", {
        method: "POST",
        keepalive: true,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          propertyId: property,
          trackingSessionId: trackingId(),
          language: language,
          sections: sections,
          items: items,
        }),
      })
        .then(function (r) {
          // Answered (counted, or refused for good): forget them. Busy or down: they go again next time.
          if (r.status === 429 || r.status >= 500) return retry();
          undelivered(function (keys) {
            sent.forEach(function (key) {
              delete keys[key];
            });
          });
        })
        .catch(retry);
    } catch {
      /* no storage for the session id: nothing is sent */
    }
  }

  // Offline: the worker keeps this guide and its images after the first visit. A stay's page has its own
  // worker, scoped to its link (data-sw-base), which drops the stay's held parts when the stay ends.
  var swBase = body.getAttribute("data-sw-base") || base;
  function registerWorker() {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker
      .register(swBase + "/sw.js", { scope: swBase })
      .then(function () {
        return navigator.serviceWorker.ready;
      })
      .then(function (reg) {
        var urls = Array.prototype.map.call(document.querySelectorAll("img"), function (img) {
          return img.currentSrc || img.src;
        });
        if (!reg.active) return;
        reg.active.postMessage({ type: "cache-page", url: location.href });
        reg.active.postMessage({ type: "cache-images", urls: urls });
      })
      .catch(function () {});
  }
  /** Asks the worker to keep the page at `url` too (a language switched in place is not a navigation). */
  function keepOffline(url) {
    if (!body.getAttribute("data-sw") || !("serviceWorker" in navigator)) return;
    var worker = navigator.serviceWorker.controller;
    if (worker) worker.postMessage({ type: "cache-page", url: url });
  }
  function offlineBanner() {
    var el = document.getElementById("offline");
    if (el) el.hidden = navigator.onLine;
    var messages = document.getElementById("msg-offline");
    if (messages && navigator.onLine) messages.hidden = true;
  }

  // Messages need the network: with none, the link says so here instead of leaving the guide.
  function messagesOffline(event, link) {
    var note = document.getElementById("msg-offline");
    if (!note || navigator.onLine || !/\/messages(\?|$)/.test(link.pathname + link.search)) return;
    event.preventDefault();
    note.hidden = false;
    if (location.hash && location.hash !== "#home") location.hash = "#home";
    note.scrollIntoView({ block: "center" });
  }

  // Decision 043: what a stay's page shows only during the stay (<stay-held data-until>) goes when the stay
  // ends by this device's clock, on an open page too; the page says then what it says after the stay.
  var heldTimer;
  function dropHeld() {
    var now = Date.now();
    var next = Infinity;
    Array.prototype.forEach.call(document.querySelectorAll("stay-held[data-until]"), function (el) {
      var until = Date.parse(el.getAttribute("data-until"));
      if (until > now) {
        next = Math.min(next, until);
        return;
      }
      var after = document.createElement("p");
      after.className = el.getAttribute("data-class") || "";
      after.textContent = el.getAttribute("data-after") || "";
      el.replaceWith(after);
      searchEntries = null;
    });
    clearTimeout(heldTimer);
    if (next < Infinity) heldTimer = setTimeout(dropHeld, Math.min(next - now + 50, 2147483647));
  }

  // Passcode (GUIDE-07): post without leaving the page; errors show for 3 s (XCUT-50).
  function enhanceGate(form) {
    var error = document.getElementById("passcode-error");
    var timer;
    function show(text) {
      error.textContent = text;
      clearTimeout(timer);
      timer = setTimeout(function () {
        error.textContent = "";
      }, 3000);
    }
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var button = form.querySelector("button");
      var data = { passcode: form.passcode.value, lang: form.lang.value };
      button.disabled = true;
      fetch(form.action, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(data),
      })
        .then(function (r) {
          if (r.ok) {
            location.reload();
            return;
          }
          return r.json().then(function (j) {
            show(
              (j.error && (j.error.issues && j.error.issues[0] ? j.error.issues[0].message : j.error.message)) || "",
            );
          });
        })
        .catch(function () {})
        .then(function () {
          button.disabled = false;
        });
    });
    if (error.textContent) show(error.textContent);
  }

  // Copy buttons (Wi-Fi password): "Copied" for 3 s (XCUT-50).
  // The label is kept once: a second tap within the 3 s restarts the timer, never keeps "Copied" for good.
  function onCopy(button) {
    if (!button.hasAttribute("data-label")) button.setAttribute("data-label", button.textContent);
    navigator.clipboard.writeText(button.getAttribute("data-copy")).then(function () {
      // The word comes from the page, in its language (data-copied).
      button.textContent = body.getAttribute("data-copied");
      clearTimeout(button.copyTimer);
      button.copyTimer = setTimeout(function () {
        button.textContent = button.getAttribute("data-label");
      }, 3000);
    });
  }

  // Languages (GUIDE-08): swap the page in place; the link still works as a plain link.
  function switchLanguage(link) {
    fetch(link.href, { headers: { accept: "text/html" } })
      .then(function (r) {
        if (!r.ok) throw new Error(String(r.status));
        return r.text();
      })
      .then(function (html) {
        var next = new DOMParser().parseFromString(html, "text/html");
        document.documentElement.lang = next.documentElement.lang;
        document.documentElement.dir = next.documentElement.dir;
        document.title = next.title;
        body.setAttribute("data-copied", next.body.getAttribute("data-copied") || "");
        var parts = [".skip", ".preview", ".cover", ".bar", "main", "footer"];
        parts.forEach(function (sel) {
          var now = document.querySelector(sel);
          var incoming = next.querySelector(sel);
          if (now && incoming) now.replaceWith(document.importNode(incoming, true));
        });
        // The same view in the new language: the section's anchor is the same in every language, and a
        // fragment navigation (not pushState) is what makes the new section the page's :target.
        var view = location.hash;
        history.pushState(null, "", link.href);
        try {
          localStorage.setItem("dsg_lang:" + property, document.documentElement.lang);
        } catch {
          /* no storage: the choice lasts as long as the address */
        }
        keepOffline(link.href);
        shown = location.pathname + location.search;
        if (view) {
          // Not a step from home: Home must not go back to the page in the old language.
          switching = true;
          location.replace(view);
        }
        enhanceViews();
        dropHeld();
        enhanceVideos(document.querySelector("main") || document);
        enhanceMap(document.querySelector("main") || document);
        offlineBanner();
        if (body.getAttribute("data-visit")) watchSections();
      })
      .catch(function () {
        location.href = link.href;
      });
  }

  document.addEventListener("click", function (event) {
    if (!event.target.closest) return;
    var menu = event.target.closest(".menu a");
    if (menu) menu.closest("details").open = false;
    var home = event.target.closest("a[data-home]");
    if (home) goHome(event);
    if (event.target.closest("[data-totop]")) window.scrollTo(0, 0);
    var link = event.target.closest("a[href]");
    if (link) messagesOffline(event, link);
    if (event.defaultPrevented) return;
    var target = event.target.closest("[data-copy],a[data-lang]");
    if (!target) return;
    if (target.hasAttribute("data-copy")) onCopy(target);
    else if (!event.metaKey && !event.ctrlKey && !event.shiftKey) {
      event.preventDefault();
      switchLanguage(target);
    }
  });
  // Back/forward across a language switch shows that language again. A jump within the page (the table of
  // contents, an internal link) changes only the fragment and fires popstate too: nothing to reload then.
  var shown = location.pathname + location.search;
  window.addEventListener("popstate", function () {
    if (location.pathname + location.search !== shown) location.reload();
  });
  window.addEventListener("online", offlineBanner);
  window.addEventListener("offline", offlineBanner);

  // The home screen's views: the stylesheet shows the section the address names (:target); the
  // script adds search, a Home that goes back when the guest came from home, focus and back-to-top.
  var fromHome = false;
  var isHome = function (hash) {
    return hash === "" || hash === "#home";
  };
  function goHome(event) {
    if (isHome(location.hash)) {
      event.preventDefault();
      window.scrollTo(0, 0);
    } else if (fromHome) {
      // Back to the home the guest came from, where they were on it, without a new history entry.
      event.preventDefault();
      history.back();
    } else {
      setTimeout(function () {
        window.scrollTo(0, 0);
      }, 0);
    }
  }
  var switching = false;
  window.addEventListener("hashchange", function (event) {
    fromHome = !switching && isHome(new URL(event.oldURL).hash) && !isHome(location.hash);
    switching = false;
    var target = null;
    try {
      if (location.hash.length > 1) target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    } catch {
      return; // a malformed address typed by hand: no view of ours to focus
    }
    if (!target || isHome(location.hash)) return;
    // The view's heading (or the search field) takes focus, so a screen reader starts at what was opened.
    var focus = target.id === "search" ? target.querySelector("input") : target.querySelector("h2,h3,h4");
    if (!focus) return;
    if (!focus.hasAttribute("tabindex") && focus.tagName !== "INPUT") focus.setAttribute("tabindex", "-1");
    focus.focus({ preventScroll: true });
  });

  // Search: titles and text of every item and place on the page, in its language; all words must
  // match, accents and case aside. Built on first use from the page itself, so it works offline too.
  var fold = function (text) {
    return text
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase();
  };
  function searchIndex() {
    var entries = [];
    var cards = document.querySelectorAll("main > .cat article.item, main > .cat article.place");
    Array.prototype.forEach.call(cards, function (card) {
      var heading = card.querySelector("h3,h4");
      var section = card.closest("main > .cat").querySelector("h2");
      // Text node by text node, so "Title" and "Text" never run together as "TitleText". What a guest reads,
      // not what they press: buttons' words ("Copy Wi-Fi password", "Directions") are not part of it.
      var parts = [];
      var walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT, {
        acceptNode: function (node) {
          var parent = node.parentElement;
          return parent && parent.closest("button,.btn,.vh,[aria-hidden=true]")
            ? NodeFilter.FILTER_REJECT
            : NodeFilter.FILTER_ACCEPT;
        },
      });
      while (walker.nextNode()) {
        if (!heading || !heading.contains(walker.currentNode)) parts.push(walker.currentNode.nodeValue);
      }
      var title = heading ? heading.textContent.trim() : "";
      var text = parts.join(" ").replace(/\s+/g, " ").trim();
      entries.push({
        id: card.id,
        title: title,
        section: section ? section.textContent : "",
        text: text,
        folded: fold(text),
        all: fold(title + " " + text),
      });
    });
    return entries;
  }
  function snippet(entry, term) {
    // The words around the first match, with the match marked; text nodes only, never markup.
    var span = document.createElement("span");
    var at = entry.folded.indexOf(term);
    var start = Math.max(0, at - 60);
    if (at < 0 || entry.folded.length !== entry.text.length) {
      span.textContent = entry.text.length > 140 ? entry.text.slice(0, 140) + "…" : entry.text;
      return span;
    }
    span.appendChild(document.createTextNode((start > 0 ? "…" : "") + entry.text.slice(start, at)));
    var mark = document.createElement("mark");
    mark.textContent = entry.text.slice(at, at + term.length);
    span.appendChild(mark);
    var end = at + term.length + 80;
    span.appendChild(
      document.createTextNode(entry.text.slice(at + term.length, end) + (end < entry.text.length ? "…" : "")),
    );
    return span;
  }
  // Built on first use; forgotten when the page changes (a language switched in place, a stay's end).
  var searchEntries = null;
  function enhanceSearch() {
    var view = document.getElementById("search");
    var open = document.querySelector("a[data-search]");
    if (!view || !open) return;
    view.hidden = false;
    open.hidden = false;
    var input = view.querySelector("input");
    var status = view.querySelector("[role=status]");
    var list = view.querySelector(".results");
    searchEntries = null;
    var timer;
    function run() {
      var terms = fold(input.value).split(/\s+/).filter(Boolean);
      list.textContent = "";
      if (!terms.length) {
        status.textContent = "";
        return;
      }
      searchEntries = searchEntries || searchIndex();
      var found = searchEntries.filter(function (entry) {
        return terms.every(function (term) {
          return entry.all.indexOf(term) >= 0;
        });
      });
      found.slice(0, 50).forEach(function (entry) {
        var li = document.createElement("li");
        var a = document.createElement("a");
        a.href = "#" + entry.id;
        var title = document.createElement("strong");
        title.textContent = entry.title;
        var where = document.createElement("small");
        where.textContent = entry.section;
        a.appendChild(title);
        a.appendChild(where);
        a.appendChild(snippet(entry, terms[0]));
        li.appendChild(a);
        list.appendChild(li);
      });
      var n = view.getAttribute("data-n");
      status.textContent = !found.length
        ? view.getAttribute("data-none")
        : found.length === 1
          ? view.getAttribute("data-one")
          : view.getAttribute("data-many").replace(n, String(found.length));
    }
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(run, 120);
    });
    if (location.hash === "#search") input.focus();
  }

  // Back to top: offered once the guest is two screens down.
  var toTopShown = false;
  function onScroll() {
    var button = document.querySelector("[data-totop]");
    var show = window.scrollY > window.innerHeight * 2;
    if (button && show !== toTopShown) button.hidden = !(toTopShown = show);
  }
  function enhanceViews() {
    // The button's state follows the next scroll: reading the scroll position now would force a layout.
    toTopShown = false;
    var button = document.querySelector("[data-totop]");
    if (button) button.hidden = true;
    enhanceSearch();
  }
  window.addEventListener("scroll", onScroll, { passive: true });

  // Video (CONT-22): a format this browser cannot play fails when played; show the fallback copy instead.
  function enhanceVideos(root) {
    Array.prototype.forEach.call(root.querySelectorAll("video"), function (video) {
      video.addEventListener("error", function () {
        var fallback = video.parentNode.querySelector(".video-fallback");
        if (!fallback) return;
        video.hidden = true;
        fallback.hidden = false;
      });
    });
  }

  // The map of local places (GUIDE-15): Leaflet comes from our own origin only when the guest asks for it,
  // so the first view never carries it. Markers are read from the place cards the page already has.
  var leaflet = null;
  function loadFile(tag, attrs) {
    return new Promise(function (resolve, reject) {
      var el = document.createElement(tag);
      Object.keys(attrs).forEach(function (k) {
        el[k] = attrs[k];
      });
      el.onload = resolve;
      el.onerror = reject;
      document.head.appendChild(el);
    });
  }
  function loadLeaflet(box) {
    if (!leaflet) {
      leaflet = Promise.all([
        loadFile("link", { rel: "stylesheet", href: box.getAttribute("data-leaflet-css") }),
        loadFile("script", { src: box.getAttribute("data-leaflet-js") }),
      ]).then(function () {
        if (!window.L) throw new Error("no map");
        return window.L;
      });
      leaflet.catch(function () {
        leaflet = null;
      });
    }
    return leaflet;
  }
  function popup(text, href) {
    var el = document.createElement(href ? "a" : "strong");
    el.textContent = text;
    if (href) el.href = href;
    return el;
  }
  function drawMap(L, box) {
    var el = box.querySelector(".map");
    el.hidden = false;
    var colour = getComputedStyle(document.documentElement).getPropertyValue("--p").trim() || "#1F6F68";
    var map = L.map(el, { scrollWheelZoom: false });
    L.tileLayer(box.getAttribute("data-tiles"), {
      attribution: box.getAttribute("data-attribution") || "",
      maxZoom: 19,
    }).addTo(map);
    var points = [];
    Array.prototype.forEach.call(document.querySelectorAll("article.place[data-lat]"), function (card) {
      var at = [Number(card.getAttribute("data-lat")), Number(card.getAttribute("data-lng"))];
      var title = card.querySelector("h4");
      L.circleMarker(at, { radius: 9, color: "#fff", weight: 2, fillColor: colour, fillOpacity: 0.95 })
        .bindPopup(popup(title ? title.textContent : "", "#" + card.id))
        .addTo(map);
      points.push(at);
    });
    if (box.hasAttribute("data-lat")) {
      var home = [Number(box.getAttribute("data-lat")), Number(box.getAttribute("data-lng"))];
      L.circleMarker(home, { radius: 11, color: colour, weight: 4, fillColor: "#fff", fillOpacity: 1 })
        .bindPopup(popup(box.getAttribute("data-stay") || ""))
        .addTo(map);
      points.push(home);
    }
    // XCUT-53: one point at the preview zoom (16); several fitted, never closer than that.
    if (points.length === 1) map.setView(points[0], 16);
    else map.fitBounds(points, { padding: [24, 24], maxZoom: 16 });
  }
  function enhanceMap(root) {
    var box = root.querySelector(".mapbox[data-leaflet-js]");
    if (!box) return;
    var button = box.querySelector("[data-show-map]");
    var error = box.querySelector(".map-error");
    button.hidden = false;
    button.addEventListener("click", function () {
      button.disabled = true;
      error.hidden = true;
      loadLeaflet(box)
        .then(function (L) {
          button.hidden = true;
          drawMap(L, box);
        })
        .catch(function () {
          error.hidden = false;
          button.disabled = false;
        });
    });
  }

  var gate = document.querySelector("form[data-unlock]");
  if (gate) enhanceGate(gate);
  enhanceViews();
  dropHeld();
  enhanceVideos(document);
  enhanceMap(document);
  offlineBanner();
  // What the guest does not need to read the page waits until the page has loaded and the browser is idle.
  function whenIdle(task) {
    var run = function () {
      if ("requestIdleCallback" in window) requestIdleCallback(task, { timeout: 3000 });
      else setTimeout(task, 500);
    };
    if (document.readyState === "complete") run();
    else window.addEventListener("load", run, { once: true });
  }
  if (body.getAttribute("data-sw")) whenIdle(registerWorker);
  if (body.getAttribute("data-visit")) {
    recordVisit();
    whenIdle(watchSections);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "hidden") sendEngagement();
    });
    window.addEventListener("pagehide", sendEngagement);
    window.addEventListener("online", flushSoon);
  }
})();
