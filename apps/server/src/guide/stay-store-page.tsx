/** @jsxRuntime automatic */
/** @jsxImportSource react */
// Explicit: tsx (esbuild) runs the server from the repository root, whose tsconfig has no "jsx" setting.
import { textDirection } from "@doorstep/shared/guide-i18n/catalogue";
import { storeLabels, type StoreLabels } from "@doorstep/shared/guide-i18n/store-labels";
import { formatMinor } from "@doorstep/shared/rules/billing";
import type { GuestStoreResponse } from "@doorstep/shared/schemas/store";
import { renderToString } from "react-dom/server";
import { guideCsp, securityHeaders } from "./guide-render.tsx";
import { guideStylesheet } from "./guide-styles.ts";
import type { GuideTheme } from "./guide-theme.ts";

/** The guest store's page on a stay link (decision 053): offers, a card, and the stay's own orders. */
export interface StayStorePageModel {
  /** "/s/{token}". */
  basePath: string;
  language: string;
  title: string;
  theme: GuideTheme | null;
  store: GuestStoreResponse;
  /** The order just placed (the page after a successful submit): its notice. */
  placed: string | null;
  /** A time on the property's clock ("28 Nov, 14:00"). */
  timeLabel: (iso: string) => string;
  scriptUrl: string;
}

const STYLES = `
.offers{display:flex;flex-direction:column;gap:16px;margin:16px 0}
.offer{background:#fff;border-radius:12px;padding:16px;box-shadow:0 1px 2px rgba(0,0,0,.08)}
.offer h2{margin:0 0 8px;font-size:1.2rem}
.offer img{width:100%;max-height:220px;object-fit:cover;border-radius:8px}
.offer fieldset{border:0;padding:0;margin:12px 0}
.offer legend,.offer label.f{display:block;font-weight:600;margin:12px 0 4px}
.offer .opt{display:flex;align-items:center;gap:8px;padding:8px 0}
.offer .opt input{width:22px;height:22px}
.offer input.t{font:inherit;width:100%;padding:10px;border:2px solid #767676;border-radius:8px;background:#fff}
.offer .row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.offer .total{font-size:1.1rem;font-weight:700;margin:12px 0}
.offer .hint{font-size:.85rem;color:#555;margin:4px 0 0}
.offer .error:empty{display:none}
.offer [data-card-element]{padding:12px;border:2px solid #767676;border-radius:8px;background:#fff}
.notice{background:#e7f4ee;border-radius:8px;padding:10px 14px;font-weight:600}
.orders{list-style:none;padding:0;margin:8px 0;display:flex;flex-direction:column;gap:8px}
.orders li{background:#fff;border-radius:12px;padding:12px 16px}
.orders .st{font-weight:700}
.back{display:inline-block;margin:16px 0 0}
`;

const money = (amount: number, currency: string) => formatMinor(amount, currency);

function slotLabel(w: StoreLabels, type: string, time: string) {
  return type === "early-check-in" ? w.earlyFrom(time) : w.lateUntil(time);
}

function OfferForm({
  model,
  offer,
  w,
}: {
  model: StayStorePageModel;
  offer: GuestStoreResponse["offers"][number];
  w: StoreLabels;
}) {
  const { currency } = model.store;
  const id = offer.id.slice(0, 8);
  const extra = offer.type === "extra";
  const first = extra ? (offer.amount ?? 0) * offer.multiplier : (offer.slots[0]?.amount ?? 0);
  const local = model.store.gateway === "local";
  return (
    <form
      className="offer"
      data-offer={offer.id}
      data-currency={currency}
      data-unit={extra ? String((offer.amount ?? 0) * offer.multiplier) : undefined}
      aria-labelledby={`o-${id}-h`}
      noValidate
    >
      <h2 id={`o-${id}-h`}>{offer.title}</h2>
      {offer.photoUrl ? <img src={`${offer.photoUrl}?w=600`} alt="" loading="lazy" /> : null}
      {offer.description ? <div dangerouslySetInnerHTML={{ __html: offer.description }} /> : null}
      {extra ? (
        <>
          <p>
            {money(offer.amount ?? 0, currency)} {w.per[offer.per]}
          </p>
          <label className="f" htmlFor={`o-${id}-q`}>
            {w.quantity}
          </label>
          <input
            className="t"
            id={`o-${id}-q`}
            name="quantity"
            type="number"
            min={1}
            max={offer.maxQuantity}
            defaultValue={1}
            inputMode="numeric"
          />
        </>
      ) : (
        <fieldset>
          <legend>{w.time}</legend>
          {offer.slots.map((s, i) => (
            <label className="opt" key={s.time}>
              <input type="radio" name="slotTime" value={s.time} data-amount={s.amount} defaultChecked={i === 0} />
              {`${slotLabel(w, offer.type, s.time)} — ${money(s.amount, currency)}`}
            </label>
          ))}
        </fieldset>
      )}
      <p className="total" aria-live="polite">
        {w.total}: <span data-total="">{money(first, currency)}</span>
      </p>
      <fieldset>
        <legend>{w.card}</legend>
        {local ? (
          <>
            <label className="f" htmlFor={`o-${id}-n`}>
              {w.cardNumber}
            </label>
            <input className="t" id={`o-${id}-n`} name="number" autoComplete="cc-number" inputMode="numeric" />
            <div className="row">
              <div>
                <label className="f" htmlFor={`o-${id}-e`}>
                  {w.expiry}
                </label>
                <input className="t" id={`o-${id}-e`} name="expiry" autoComplete="cc-exp" placeholder="MM/YY" />
              </div>
              <div>
                <label className="f" htmlFor={`o-${id}-c`}>
                  {w.cvc}
                </label>
                <input className="t" id={`o-${id}-c`} name="cvc" autoComplete="cc-csc" inputMode="numeric" />
              </div>
            </div>
            <p className="hint">{w.testMode}</p>
          </>
        ) : (
          <div data-card-element="" aria-label={w.cardNumber} />
        )}
      </fieldset>
      <p className="error" role="alert" data-error="" />
      <button type="submit" className="btn" data-sending={w.sending}>
        {offer.instant ? w.confirm : w.confirmRequest}
      </button>
    </form>
  );
}

function StoreDocument({ model, stylesheet }: { model: StayStorePageModel; stylesheet: string }) {
  const w = storeLabels(model.language);
  const dir = textDirection(model.language);
  const { store } = model;
  const placed = model.placed ? store.orders.find((o) => o.id === model.placed) : undefined;
  return (
    <html lang={model.language} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
        <title>{`${w.title} · ${model.title}`}</title>
        {model.theme ? <meta name="theme-color" content={model.theme.primary} /> : null}
        <style dangerouslySetInnerHTML={{ __html: stylesheet }} />
        <script src={model.scriptUrl} defer />
      </head>
      <body
        data-base={model.basePath}
        data-lang={model.language}
        data-stripe-key={store.stripePublishableKey ?? undefined}
        data-declined={w.cardDeclined}
        data-invalid={w.invalidCard}
        data-failed={w.failed}
        data-statuses={JSON.stringify(w.statuses)}
        data-note={w.declinedNote("{note}")}
      >
        <header>
          <div className="cover">
            <div className="wrap">
              <p>{model.title}</p>
              <h1>{w.title}</h1>
            </div>
          </div>
        </header>
        <main id="main" className="wrap">
          <a className="back" href={`${model.basePath}?lang=${encodeURIComponent(model.language)}`}>
            {dir === "rtl" ? "→" : "←"} {w.back}
          </a>
          {placed ? (
            <p className="notice" role="status">
              {placed.status === "pending" && placed.deadlineAt
                ? w.requestSent(store.hostFirstName, model.timeLabel(placed.deadlineAt))
                : w.statuses[placed.status]}
            </p>
          ) : null}
          {store.orders.length > 0 ? (
            <section aria-labelledby="orders-h">
              <h2 id="orders-h">{w.yourOrders}</h2>
              <ul className="orders" aria-live="polite">
                {store.orders.map((o) => (
                  <li key={o.id} data-order={o.id} data-status={o.status}>
                    <p>
                      <strong>{o.title}</strong>
                      {o.slotTime ? ` · ${o.slotTime}` : o.quantity > 1 ? ` × ${o.quantity}` : ""} ·{" "}
                      {money(o.amount, store.currency)}
                    </p>
                    <p className="st">{w.statuses[o.status]}</p>
                    {o.status === "pending" && o.deadlineAt ? (
                      <p data-until>{w.requestSent(store.hostFirstName, model.timeLabel(o.deadlineAt))}</p>
                    ) : null}
                    {o.hostNote ? <p>{w.declinedNote(o.hostNote)}</p> : null}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <p>{w.intro}</p>
          {store.offers.length === 0 ? (
            <p>{w.none}</p>
          ) : (
            <div className="offers">
              {store.offers.map((o) => (
                <OfferForm key={o.id} model={model} offer={o} w={w} />
              ))}
            </div>
          )}
        </main>
      </body>
    </html>
  );
}

/** The store page: personal (the stay's orders), so never cached, stored offline or indexed. */
export function renderStayStorePage(model: StayStorePageModel): { html: string; headers: Record<string, string> } {
  const stylesheet = guideStylesheet(model.theme) + STYLES;
  const html = `<!doctype html>${renderToString(<StoreDocument model={model} stylesheet={stylesheet} />)}`;
  let csp = guideCsp(stylesheet);
  if (model.store.gateway === "stripe") {
    // Stripe Elements: its script, its card frame and its API, on this page only.
    csp = csp
      .replace("script-src 'self'", "script-src 'self' https://js.stripe.com")
      .replace("default-src 'none'", "default-src 'none'; frame-src https://js.stripe.com https://hooks.stripe.com")
      .replace(/connect-src 'self'/, "connect-src 'self' https://api.stripe.com");
  }
  return {
    html,
    headers: {
      ...securityHeaders(csp, true),
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
      "X-Guide-Offline": "skip",
    },
  };
}
