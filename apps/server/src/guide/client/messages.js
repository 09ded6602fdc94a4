// The guest's messages page script (GUIDE-18/19), loaded only on that page: the form and the thread work
// without it. It sends without leaving the page, shows the message at once, and hears the host's replies
// live (server-sent events), with a slow look every minute in case the stream is cut.
(function () {
  "use strict";
  var body = document.body;
  var property = body.getAttribute("data-property");
  // The guide's page reads the guest's own thread; a stay link's page, the stay's conversation.
  var threadUrl = body.getAttribute("data-thread") || "/api/guide/" + encodeURIComponent(property) + "/messages";
  var eventsUrl = body.getAttribute("data-events") || threadUrl + "/events";
  var form = document.querySelector("form[data-compose]");
  var thread = document.querySelector("ol.thread");
  var POLL_MS = 60000;
  var stream = null;

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var key in attrs) node.setAttribute(key, attrs[key]);
    if (text) node.textContent = text;
    return node;
  }

  // Times in the guest's own time zone (this device's) and the page's language; the page without the script
  // says them in UTC, and says so.
  var lang = document.documentElement.lang;
  function formatTime(iso) {
    var options = { dateStyle: "medium", timeStyle: "short" };
    try {
      return new Intl.DateTimeFormat(lang === "en" ? undefined : lang, options).format(new Date(iso));
    } catch {
      return new Date(iso).toLocaleString();
    }
  }
  Array.prototype.forEach.call(document.querySelectorAll("ol.thread time[datetime]"), function (time) {
    time.textContent = formatTime(time.getAttribute("datetime"));
  });

  // The same markup as the server's MessageItem; text is set as text, never as HTML.
  function messageNode(m) {
    var li = el("li", { class: "msg" + (m.inbound ? " mine" : ""), "data-id": m.id });
    var meta = el("p", { class: "meta" }, (m.inbound ? body.getAttribute("data-you") : m.senderName) + " · ");
    meta.appendChild(el("time", { datetime: m.createdAt }, formatTime(m.createdAt)));
    li.appendChild(meta);
    if (m.text) li.appendChild(el("p", { class: "text" }, m.text));
    if (m.files.length) {
      var files = el("div", { class: "files" });
      m.files.forEach(function (f) {
        if (f.kind === "image") {
          var a = el("a", { href: f.url, target: "_blank", rel: "noopener" });
          a.appendChild(el("img", { src: f.url, alt: f.name, loading: "lazy" }));
          files.appendChild(a);
        } else if (f.kind === "video") {
          files.appendChild(el("video", { src: f.url, controls: "", preload: "metadata", "aria-label": f.name }));
        } else {
          files.appendChild(el("a", { class: "doc", href: f.url, target: "_blank", rel: "noopener" }, "📄 " + f.name));
        }
      });
      li.appendChild(files);
    }
    return li;
  }

  function add(messages) {
    var added = [];
    messages.forEach(function (m) {
      if (thread.querySelector('[data-id="' + m.id + '"]')) return;
      thread.appendChild(messageNode(m));
      added.push(m);
    });
    var empty = document.querySelector("[data-empty]");
    if (empty && thread.children.length) empty.hidden = true;
    return added;
  }

  function announce(text) {
    var status = document.querySelector("[data-live-status]");
    if (!status) {
      status = el("p", { class: "notice", role: "status", "data-live-status": "" });
      thread.parentNode.insertBefore(status, thread);
    }
    status.textContent = text;
  }

  function poll() {
    if (document.visibilityState !== "visible") return;
    fetch(threadUrl, {
      headers: { accept: "application/json" },
      credentials: "same-origin",
    })
      .then(function (res) {
        return res.ok ? res.json() : null;
      })
      .then(function (data) {
        if (!data) return;
        var added = add(data.messages);
        if (
          added.some(function (m) {
            return !m.inbound;
          })
        )
          announce(body.getAttribute("data-new-reply"));
      })
      .catch(function () {});
  }
  setInterval(poll, POLL_MS);
  document.addEventListener("visibilitychange", poll);

  // Live replies. A guest who has not written yet has no thread: the server answers 204 and the browser does
  // not ask again, so the stream is opened again after the first message.
  function connect() {
    if (!window.EventSource || (stream && stream.readyState !== 2)) return;
    stream = new EventSource(eventsUrl);
    stream.addEventListener("new-message", function (event) {
      var added = add([JSON.parse(event.data)]);
      if (added.length) announce(body.getAttribute("data-new-reply"));
    });
    stream.addEventListener("open", poll);
  }
  connect();

  // Web Push (IMPL-08): offered where the browser can take it, once the guest has a thread to hear of.
  var notify = document.querySelector("[data-notify]");
  var pushKey = body.getAttribute("data-push-key");
  var base = body.getAttribute("data-base");
  function keyBytes(text) {
    var raw = atob((text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/"));
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }
  if (notify && pushKey && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window) {
    var notifyButton = notify.querySelector("button");
    var notifyStatus = notify.querySelector("[data-notify-status]");
    notify.hidden = false;
    if (Notification.permission === "denied") {
      notifyStatus.textContent = notifyButton.getAttribute("data-notify-blocked");
      notifyButton.hidden = true;
    }
    notifyButton.addEventListener("click", function () {
      notifyButton.disabled = true;
      Notification.requestPermission()
        .then(function (permission) {
          if (permission !== "granted") throw new Error("blocked");
          return navigator.serviceWorker.register(base + "/sw.js", { scope: base });
        })
        .then(function () {
          return navigator.serviceWorker.ready;
        })
        .then(function (reg) {
          return reg.pushManager.getSubscription().then(function (existing) {
            return (
              existing || reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(pushKey) })
            );
          });
        })
        .then(function (subscription) {
          return fetch("/api/guide/" + encodeURIComponent(property) + "/messages/push", {
            method: "POST",
            headers: { "content-type": "application/json", accept: "application/json" },
            credentials: "same-origin",
            body: JSON.stringify(subscription.toJSON()),
          });
        })
        .then(function (res) {
          if (!res.ok) throw new Error("failed");
          notifyStatus.textContent = notifyButton.getAttribute("data-notify-on");
          notifyButton.hidden = true;
        })
        .catch(function (error) {
          notifyStatus.textContent = notifyButton.getAttribute(
            error && error.message === "blocked" ? "data-notify-blocked" : "data-notify-failed",
          );
          notifyButton.disabled = false;
        });
    });
  }

  if (!form) return;
  var button = form.querySelector("button[type=submit]");

  // The guest gives their name once: after the first message it folds under "Writing as {name}".
  function foldWho() {
    var who = form.querySelector("[data-who]");
    var first = form.querySelector("[name=firstName]");
    var last = form.querySelector("[name=lastName]");
    if (!who || !first.value.trim() || !last.value.trim()) return;
    var name = form.getAttribute("data-writing-as").replace("{name}", first.value.trim() + " " + last.value.trim());
    if (who.tagName === "DETAILS") {
      who.querySelector("[data-who-name]").textContent = name;
      who.open = false;
      return;
    }
    var details = el("details", { class: "who", "data-who": "" });
    var summary = el("summary");
    summary.appendChild(el("span", { "data-who-name": "" }, name));
    summary.appendChild(document.createTextNode(" · "));
    summary.appendChild(el("span", {}, form.getAttribute("data-change")));
    details.appendChild(summary);
    while (who.firstChild) details.appendChild(who.firstChild);
    who.replaceWith(details);
  }
  var formError = form.querySelector("[data-form-error]");

  function clearErrors() {
    formError.textContent = "";
    Array.prototype.forEach.call(form.querySelectorAll("[aria-invalid]"), function (input) {
      input.removeAttribute("aria-invalid");
    });
    Array.prototype.forEach.call(form.querySelectorAll("p.error[id]"), function (p) {
      p.remove();
    });
  }

  function showError(error) {
    formError.textContent = error.message;
    (error.issues || []).forEach(function (issue) {
      var input = form.querySelector('[name="' + issue.path[0] + '"]');
      if (!input) return;
      input.setAttribute("aria-invalid", "true");
      var p = el("p", { class: "error", id: input.id + "-error" }, issue.message);
      input.setAttribute("aria-describedby", p.id);
      input.insertAdjacentElement("afterend", p);
    });
    var first = form.querySelector("[aria-invalid]");
    var who = form.querySelector("details[data-who]");
    if (who && first && who.contains(first)) who.open = true;
    if (first) first.focus();
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    clearErrors();
    var label = button.textContent;
    button.disabled = true;
    button.textContent = button.getAttribute("data-sending");
    fetch(form.action, {
      method: "POST",
      body: new FormData(form),
      headers: { accept: "application/json" },
      credentials: "same-origin",
    })
      .then(function (res) {
        return res.json().then(function (data) {
          if (!res.ok) throw data.error || { message: form.getAttribute("data-failed") };
          // Sent: the message shows at once; the names and email stay for the next one, folded away.
          if (data.message) add([data.message]);
          foldWho();
          connect();
          form.querySelector("textarea").value = "";
          form.querySelector("input[type=file]").value = "";
          announce(form.getAttribute("data-sent"));
        });
      })
      .catch(function (error) {
        showError(error && error.message ? error : { message: form.getAttribute("data-failed") });
      })
      .then(function () {
        button.disabled = false;
        button.textContent = label;
      });
  });
})();
