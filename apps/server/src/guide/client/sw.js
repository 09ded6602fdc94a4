// The guide's service worker. Its scope is one guide ("/g/{PropertyID}" or "/{PropertyID}") or one stay's
// link ("/s/{token}", decision 043).
// Pages: network first, the last good copy offline, one per language opened. The server says what may be kept
// (X-Guide-Offline): "store" for a guide the visitor may read, "purge" for a gate, inactive or missing guide or
// link (so a passcode change, a lock or a new link never leaves protected content here), "skip" for previews.
// A stay's page during the stay also says when the stay ends (X-Guide-Stay-Until): every read of its copy
// checks this device's clock, and past that instant the parts only the stay may see (<stay-held>) are cut out
// of the copy before it is served, and the copy is stored again without them. No network event is needed.
"use strict";
var SCRIPT = "__GUIDE_SCRIPT__";
var SCOPE = new URL(self.registration.scope).pathname.replace(/\/$/, "");
var CACHE = "guide:" + SCOPE;

function inScope(url) {
  return url.origin === location.origin && (url.pathname === SCOPE || url.pathname.indexOf(SCOPE + "/") === 0);
}
function pageKey(url) {
  var lang = url.searchParams.get("lang");
  return SCOPE + (lang ? "?lang=" + encodeURIComponent(lang) : "");
}

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches
      .open(CACHE)
      .then(function (c) {
        return c.add(SCRIPT);
      })
      .then(function () {
        return self.skipWaiting();
      }),
  );
});
self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

function purge() {
  return caches
    .delete(CACHE)
    .then(function () {
      return caches.open(CACHE);
    })
    .then(function (c) {
      return c.add(SCRIPT);
    })
    .catch(function () {});
}

// Keeps or forgets a page by what the server said of it; resolves once the cache is written.
function keep(url, response) {
  var policy = response.headers.get("X-Guide-Offline");
  if (policy === "store" && response.ok) {
    var copy = response.clone();
    return caches.open(CACHE).then(function (c) {
      return c.put(pageKey(url), copy);
    });
  }
  return policy === "purge" ? purge() : Promise.resolve();
}

var HELD = /<stay-held data-until="[^"]*" data-after="([^"]*)" data-class="([a-z]*)">[\s\S]*?<\/stay-held>/g;

/** A stored stay page whose stay has ended by this device's clock, with its held parts cut out (and kept so). */
function expire(c, key, hit) {
  var until = Date.parse(hit.headers.get("X-Guide-Stay-Until") || "");
  if (!(until <= Date.now())) return Promise.resolve(hit);
  return hit.text().then(function (html) {
    var headers = new Headers(hit.headers);
    headers.delete("X-Guide-Stay-Until");
    var ended = new Response(
      html.replace(HELD, function (_all, after, cls) {
        return '<p class="' + cls + '">' + after + "</p>";
      }),
      { status: hit.status, statusText: hit.statusText, headers: headers },
    );
    return c.put(key, ended.clone()).then(function () {
      return ended;
    });
  });
}

/** The stored copy for `key` (expired first when it is a stay's), or undefined. */
function stored(c, key) {
  return c.match(key).then(function (hit) {
    return hit ? expire(c, key, hit) : hit;
  });
}

var escapes = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
function esc(text) {
  return String(text).replace(/[&<>"]/g, function (ch) {
    return escapes[ch];
  });
}

/**
 * Offline, a page of the guide this worker does not keep (its messages): a short page in the stored guide's
 * language saying it needs a connection, with the way back to the guide — never the guide's home instead.
 */
function needsConnection(c, url) {
  var lang = url.searchParams.get("lang");
  var home = SCOPE + (lang ? "?lang=" + encodeURIComponent(lang) : "");
  return stored(c, pageKey(url))
    .then(function (hit) {
      return hit || stored(c, SCOPE);
    })
    .then(function (hit) {
      return hit ? hit.text() : "";
    })
    .then(function (html) {
      var pick = function (re, fallback) {
        var m = re.exec(html);
        return m ? m[1] : fallback;
      };
      var text = pick(/<p id="msg-offline"[^>]*>([^<]*)<\/p>/, "");
      var title = pick(/<title>([^<]*)<\/title>/, "");
      var doc =
        '<!doctype html><html lang="' +
        esc(pick(/<html lang="([^"]*)"/, "en")) +
        '" dir="' +
        esc(pick(/<html[^>]* dir="([^"]*)"/, "ltr")) +
        '"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
        "<title>" +
        title +
        "</title><style>body{margin:0;font:16px/1.55 system-ui,sans-serif;color:#1c1c1c;background:#f6f6f4}" +
        "main{max-width:520px;margin:15vh auto;padding:0 16px;text-align:center}a{color:inherit}</style></head>" +
        '<body><main id="main"><h1>' +
        title +
        "</h1><p>" +
        text +
        '</p><p><a href="' +
        esc(home) +
        '">' +
        title +
        "</a></p></main></body></html>";
      return new Response(doc, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
    });
}

function page(request) {
  var url = new URL(request.url);
  return fetch(request)
    .then(function (response) {
      keep(url, response);
      return response;
    })
    .catch(function () {
      return caches.open(CACHE).then(function (c) {
        if (url.pathname !== SCOPE) return needsConnection(c, url);
        return stored(c, pageKey(url))
          .then(function (hit) {
            return hit || stored(c, SCOPE);
          })
          .then(function (hit) {
            return hit || Response.error();
          });
      });
    });
}

// Files never change under their key: cache first; offline, any cached width of the same image.
function file(request) {
  return caches.open(CACHE).then(function (c) {
    return c.match(request).then(function (hit) {
      if (hit) return hit;
      return fetch(request)
        .then(function (response) {
          if (response.ok) c.put(request, response.clone());
          return response;
        })
        .catch(function () {
          return c.match(request, { ignoreSearch: true }).then(function (any) {
            return any || Response.error();
          });
        });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (request.mode === "navigate") {
    // A longer weblink sharing this prefix ("/g/abc" vs "/g/abcd") is another guide: not ours.
    if (inScope(url) && !url.searchParams.has("preview")) event.respondWith(page(request));
    return;
  }
  if (url.pathname.indexOf("/files/") === 0 || url.pathname === SCRIPT) event.respondWith(file(request));
});

self.addEventListener("message", function (event) {
  var data = event.data || {};
  // The page that registered the worker was loaded before the worker existed: fetch it once more
  // through page(), which keeps it by the same X-Guide-Offline rules, so one visit is enough offline.
  if (data.type === "cache-page" && typeof data.url === "string") {
    var target = new URL(data.url, location.origin);
    if (inScope(target) && !target.searchParams.has("preview")) {
      event.waitUntil(
        // Said to be the worker's copy: a stay's link does not count it as another opening.
        fetch(target.href, { credentials: "same-origin", headers: { "X-Guide-Offline-Copy": "1" } })
          .then(function (r) {
            return keep(target, r);
          })
          .catch(function () {}),
      );
    }
    return;
  }
  if (data.type !== "cache-images" || !Array.isArray(data.urls)) return;
  caches.open(CACHE).then(function (c) {
    data.urls.slice(0, 100).forEach(function (u) {
      var url = new URL(u, location.origin);
      if (url.origin !== location.origin || url.pathname.indexOf("/files/") !== 0) return;
      c.match(url.href).then(function (hit) {
        if (!hit) c.add(url.href).catch(function () {});
      });
    });
  });
});

// Web Push (IMPL-08): the host's reply, as the server sent it; a tap opens the guest's thread in this guide.
self.addEventListener("push", function (event) {
  var data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  event.waitUntil(
    self.registration.showNotification(data.title || "", {
      body: data.body || "",
      tag: "host-reply",
      data: { url: data.url || SCOPE + "/messages" },
    }),
  );
});
self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var wanted = event.notification.data && event.notification.data.url;
  // Only an address of this guide: a notification never opens anything else.
  var url = wanted && inScope(new URL(wanted, location.origin)) ? wanted : SCOPE + "/messages";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
      for (var i = 0; i < windows.length; i += 1) {
        if (windows[i].url === new URL(url, location.origin).href && "focus" in windows[i]) return windows[i].focus();
      }
      return self.clients.openWindow(url);
    }),
  );
});
