// The guest store's page on a stay link (decision 053): totals as the guest chooses, then the order as JSON.
// The card goes to our server as test numbers on the local gateway, or as a Stripe Elements payment method.
(function () {
  "use strict";
  var body = document.body;
  var base = body.getAttribute("data-base");
  var lang = body.getAttribute("data-lang") || "en";
  var stripeKey = body.getAttribute("data-stripe-key");
  var token = base.split("/").pop();
  var stripe = null;

  function money(minor, currency) {
    var symbols = { usd: "$", gbp: "£", eur: "€", aud: "A$" };
    return (symbols[currency] || currency.toUpperCase() + " ") + (minor / 100).toFixed(2);
  }

  function total(form) {
    var unit = form.getAttribute("data-unit");
    if (unit) {
      var q = form.querySelector("input[name=quantity]");
      return Number(unit) * Math.max(1, Number(q && q.value) || 1);
    }
    var slot = form.querySelector("input[name=slotTime]:checked");
    return slot ? Number(slot.getAttribute("data-amount")) : 0;
  }

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return String(Date.now()) + Math.random().toString(36).slice(2);
  }

  function loadStripe() {
    return new Promise(function (resolve, reject) {
      if (window.Stripe) return resolve(window.Stripe(stripeKey));
      var s = document.createElement("script");
      s.src = "https://js.stripe.com/v3/";
      s.onload = function () {
        resolve(window.Stripe(stripeKey));
      };
      s.onerror = reject;
      document.head.appendChild(s);
    });
  }

  function cardOf(form) {
    if (form._card) {
      return stripe.createPaymentMethod({ type: "card", card: form._card }).then(function (r) {
        if (r.error) throw { message: r.error.message };
        return { paymentMethodId: r.paymentMethod.id };
      });
    }
    var expiry = (form.querySelector("input[name=expiry]").value || "").split("/");
    var year = Number((expiry[1] || "").trim());
    return Promise.resolve({
      number: form.querySelector("input[name=number]").value.replace(/\s+/g, ""),
      expMonth: Number((expiry[0] || "").trim()) || 0,
      expYear: year < 100 ? 2000 + year : year,
      cvc: form.querySelector("input[name=cvc]").value.trim(),
    });
  }

  function fail(form, message) {
    var error = form.querySelector("[data-error]");
    error.textContent = message;
    var button = form.querySelector("button[type=submit]");
    button.disabled = false;
    button.textContent = button.getAttribute("data-label");
  }

  function submit(form, event) {
    event.preventDefault();
    var button = form.querySelector("button[type=submit]");
    if (button.disabled) return;
    button.disabled = true;
    button.setAttribute("data-label", button.textContent);
    button.textContent = button.getAttribute("data-sending");
    form.querySelector("[data-error]").textContent = "";
    // One key per choice: a repeated submit (a double tap, a retry after a lost answer) makes one order.
    if (!form._key) form._key = newKey();
    var slot = form.querySelector("input[name=slotTime]:checked");
    var quantity = form.querySelector("input[name=quantity]");
    cardOf(form)
      .then(function (card) {
        var order = { offerId: form.getAttribute("data-offer"), idempotencyKey: form._key, card: card };
        if (slot) order.slotTime = slot.value;
        if (quantity) order.quantity = Math.max(1, Number(quantity.value) || 1);
        return fetch("/api/stay-store/" + encodeURIComponent(token) + "/orders?lang=" + encodeURIComponent(lang), {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify(order),
          credentials: "same-origin",
        });
      })
      .then(function (res) {
        return res.json().then(function (json) {
          if (res.ok) {
            location.href = base + "/extras?lang=" + encodeURIComponent(lang) + "&placed=" + json.order.id;
            return;
          }
          var code = json && json.error && json.error.code;
          form._key = null; // a refused order was not made: the next try is a new one
          if (code === "CARD_DECLINED" || code === "CARD_INSUFFICIENT_FUNDS")
            fail(form, body.getAttribute("data-declined"));
          else if (code === "CARD_INVALID" || code === "VALIDATION_FAILED")
            fail(form, (json.error && json.error.message) || body.getAttribute("data-invalid"));
          else fail(form, (json.error && json.error.message) || body.getAttribute("data-failed"));
        });
      })
      .catch(function (error) {
        fail(form, (error && error.message) || body.getAttribute("data-failed"));
      });
  }

  var forms = document.querySelectorAll("form[data-offer]");
  Array.prototype.forEach.call(forms, function (form) {
    var currency = form.getAttribute("data-currency");
    var out = form.querySelector("[data-total]");
    form.addEventListener("input", function () {
      out.textContent = money(total(form), currency);
      form._key = null;
    });
    form.addEventListener("change", function () {
      out.textContent = money(total(form), currency);
      form._key = null;
    });
    form.addEventListener("submit", function (event) {
      submit(form, event);
    });
  });

  // A request waiting for the host: its state is read every 30 s while the page is visible (and when it comes
  // back into view), and an answer shows in the list in place, without reloading what the guest is typing.
  var statuses = JSON.parse(body.getAttribute("data-statuses") || "{}");
  var noteTemplate = body.getAttribute("data-note") || "{note}";
  var checking = false;
  function waiting() {
    return document.querySelectorAll("li[data-order][data-status=pending]").length > 0;
  }
  function show(order) {
    var li = document.querySelector('li[data-order="' + order.id + '"]');
    if (!li || li.getAttribute("data-status") === order.status) return;
    li.setAttribute("data-status", order.status);
    li.querySelector(".st").textContent = statuses[order.status] || order.status;
    var until = li.querySelector("[data-until]");
    if (until && order.status !== "pending") until.parentNode.removeChild(until);
    if (order.hostNote) {
      var note = document.createElement("p");
      note.textContent = noteTemplate.replace("{note}", order.hostNote);
      li.appendChild(note);
    }
  }
  function check() {
    if (checking || document.visibilityState === "hidden" || !waiting()) return;
    checking = true;
    fetch("/api/stay-store/" + encodeURIComponent(token) + "?lang=" + encodeURIComponent(lang), {
      headers: { accept: "application/json" },
      credentials: "same-origin",
    })
      .then(function (res) {
        return res.ok ? res.json() : null;
      })
      .then(
        function (json) {
          checking = false;
          if (json && json.orders) json.orders.forEach(show);
        },
        function () {
          checking = false;
        },
      );
  }
  if (waiting() && window.fetch) {
    var timer = setInterval(function () {
      if (!waiting()) clearInterval(timer);
      else check();
    }, 30000);
    document.addEventListener("visibilitychange", check);
  }

  if (stripeKey && forms.length > 0) {
    loadStripe().then(function (s) {
      stripe = s;
      var elements = stripe.elements({ locale: lang });
      Array.prototype.forEach.call(forms, function (form) {
        var mount = form.querySelector("[data-card-element]");
        if (!mount) return;
        form._card = elements.create("card");
        form._card.mount(mount);
      });
    });
  }
})();
