// The guide's service worker. Its scope is one guide ("/g/{PropertyID}" or "/{PropertyID}").
// Pages: network first, the last good copy offline. The server says what may be kept (X-Guide-Offline):
// "store" for a guide the visitor may read, "purge" for a gate, inactive or missing guide (so a passcode
// change or a lock never leaves protected content here), "skip" for previews.
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

function page(request) {
  var url = new URL(request.url);
  return fetch(request)
    .then(function (response) {
      keep(url, response);
      return response;
    })
    .catch(function () {
      return caches
        .open(CACHE)
        .then(function (c) {
          return c.match(pageKey(url)).then(function (hit) {
            return hit || c.match(SCOPE);
          });
        })
        .then(function (hit) {
          return hit || Response.error();
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
        fetch(target.href, { credentials: "same-origin" })
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
