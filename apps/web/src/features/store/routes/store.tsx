import { copy } from "@doorstep/shared/copy";
import {
  ANSWER_WITHIN_HOURS,
  STORE_CURRENCIES,
  type OfferDto,
  type StoreResponse,
} from "@doorstep/shared/schemas/store";
import { useId, useState } from "react";
import { Alert, Banner } from "../../../components/ui/banner.tsx";
import { Button, ButtonLink } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { Toast, useToast } from "../../../components/ui/toast.tsx";
import { useConnectPayouts, useSaveStoreSettings, useStore } from "../api/store.ts";
import { money } from "../components/money.ts";
import "../../../components/ui/text-field.css";
import "./store.css";

const s = copy.store;

/** "Get paid": the payout account's state, and the way to connect it (Stripe Connect Express). */
function Payouts({ payout }: { payout: StoreResponse["payout"] }) {
  const connect = useConnectPayouts();
  if (payout.gateway === "local") return <Banner tone="info">{s.localGateway}</Banner>;
  if (payout.ready) return <Banner tone="success">{s.connected}</Banner>;
  return (
    <Banner
      tone="warning"
      title={s.connectStripe}
      action={
        <Button
          busy={connect.isPending}
          onClick={() =>
            connect.mutate(undefined, {
              onSuccess: ({ url }) => window.location.assign(url),
            })
          }
        >
          {s.getPaid}
        </Button>
      }
    >
      {connect.isError ? copy.common.genericError : null}
    </Banner>
  );
}

function Settings({ settings, onSaved }: { settings: StoreResponse["settings"]; onSaved: () => void }) {
  const id = useId();
  const save = useSaveStoreSettings();
  const [currency, setCurrency] = useState(settings.currency);
  const [hours, setHours] = useState(settings.answerWithinHours);
  const choices = [...new Set([...ANSWER_WITHIN_HOURS, settings.answerWithinHours])].sort((a, b) => a - b);
  return (
    <Card>
      <form
        className="store-settings"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ currency, answerWithinHours: hours }, { onSuccess: onSaved });
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor={`${id}-cur`}>
            {s.currency}
          </label>
          <select
            id={`${id}-cur`}
            className="field__input"
            value={currency}
            onChange={(e) => setCurrency(e.target.value as typeof currency)}
          >
            {STORE_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c.toUpperCase()}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-ans`}>
            {s.answerWithin}
          </label>
          <select
            id={`${id}-ans`}
            className="field__input"
            value={hours}
            onChange={(e) => setHours(Number(e.target.value))}
          >
            {choices.map((h) => (
              <option key={h} value={h}>
                {s.hours(h)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Button type="submit" variant="secondary" busy={save.isPending}>
            {s.saveSettings}
          </Button>
        </div>
        {save.isError ? <Alert>{copy.common.genericError}</Alert> : null}
      </form>
    </Card>
  );
}

function priceSummary(offer: OfferDto): string {
  if (offer.type === "extra") return `${money(offer.amount ?? 0, offer.currency)} / ${s.pers[offer.per]}`;
  return offer.slots.map((slot) => `${slot.time} ${money(slot.amount, offer.currency)}`).join(" · ");
}

function OfferRow({ offer }: { offer: OfferDto }) {
  const title = offer.texts.en?.title ?? Object.values(offer.texts)[0]?.title ?? "";
  return (
    <li className="store-offer">
      {offer.photoUrl ? <img src={`${offer.photoUrl}?w=150`} alt="" width={72} height={72} /> : null}
      <div className="store-offer__body">
        <h2>{title}</h2>
        <p className="muted">
          {s.types[offer.type]} · {priceSummary(offer)}
        </p>
        <p className="muted">
          {s.confirmations[offer.confirmation]} · {offer.active ? s.active : s.inactive}
        </p>
      </div>
      <ButtonLink to={`/store/${offer.id}`} variant="secondary" size="sm" aria-label={`${s.editOffer}: ${title}`}>
        {s.editOffer}
      </ButtonLink>
    </li>
  );
}

/** /store ("Guest store"): payouts, the store's settings and its offers, with "New offer". */
export function StorePage() {
  const store = useStore();
  const toast = useToast();
  let body;
  if (store.isPending) body = <LoadingScreen />;
  else if (store.isError) body = <Alert>{copy.common.genericError}</Alert>;
  else
    body = (
      <div className="stack">
        <Payouts payout={store.data.payout} />
        <Settings
          key={`${store.data.settings.currency}-${store.data.settings.answerWithinHours}`}
          settings={store.data.settings}
          onSaved={() => toast.show(s.settingsSaved)}
        />
        {store.data.offers.length === 0 ? (
          <p className="muted">{s.noOffers}</p>
        ) : (
          <ul className="store-offers">
            {store.data.offers.map((o) => (
              <OfferRow key={o.id} offer={o} />
            ))}
          </ul>
        )}
      </div>
    );
  return (
    <div className="store-page">
      <div className="page-header">
        <h1>{s.title}</h1>
        <ButtonLink to="/store/new">{s.newOffer}</ButtonLink>
      </div>
      <p className="store-page__intro">{s.intro}</p>
      {body}
      <Toast message={toast.message} />
    </div>
  );
}
