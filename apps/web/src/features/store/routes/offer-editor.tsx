import { copy } from "@doorstep/shared/copy";
import {
  OFFER_CONFIRMATIONS,
  OFFER_PER,
  OFFER_TYPES,
  OfferRequest,
  type OfferConfirmation,
  type OfferDto,
  type OfferPer,
  type OfferType,
} from "@doorstep/shared/schemas/store";
import { useId, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { ImageUpload } from "../../../components/ui/image-upload.tsx";
import { PropertyPicker } from "../../../components/ui/property-picker.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { BackLink } from "../../../components/ui/back-link.tsx";
import type { PropertyChoice } from "../../../api/properties/list-property-choices.ts";
import { useMe } from "../../../lib/session.ts";
import { offerPhotoUrl, useDeleteOffer, useOffer, useSaveOffer } from "../api/store.ts";
import { amountText, parseAmount } from "../components/money.ts";
import { OfferTextsFields, type OfferTexts } from "../components/offer-texts.tsx";
import "../../../components/ui/text-field.css";
import "./store.css";

const s = copy.store;

interface Draft {
  type: OfferType;
  texts: OfferTexts;
  slots: { time: string; price: string }[];
  price: string;
  per: OfferPer;
  maxQuantity: string;
  confirmation: OfferConfirmation;
  allProperties: boolean;
  properties: PropertyChoice[];
  active: boolean;
}

/** A new offer: for all properties, or for chosen ones for a member limited to chosen properties (decision 061). */
const emptyDraft = (limited: boolean): Draft => ({
  type: "late-check-out",
  texts: { en: { title: "", description: "" } },
  slots: [{ time: "13:00", price: "" }],
  price: "",
  per: "stay",
  maxQuantity: "1",
  confirmation: "approve",
  allProperties: !limited,
  properties: [],
  active: true,
});

const draftOf = (offer: OfferDto): Draft => ({
  type: offer.type,
  texts: offer.texts,
  slots: offer.slots.map((slot) => ({ time: slot.time, price: amountText(slot.amount) })),
  price: amountText(offer.amount),
  per: offer.per,
  maxQuantity: String(offer.maxQuantity),
  confirmation: offer.confirmation,
  allProperties: offer.propertyIds === null,
  properties: (offer.propertyIds ?? []).map((propertyId) => ({ propertyId, title: "" })),
  active: offer.active,
});

/** The request the draft makes; prices typed as "30.00" become minor units (the server prices orders itself). */
function requestOf(d: Draft) {
  return {
    type: d.type,
    texts: d.texts,
    slots: d.type === "extra" ? [] : d.slots.map((slot) => ({ time: slot.time, amount: parseAmount(slot.price) ?? 0 })),
    amount: d.type === "extra" ? parseAmount(d.price) : null,
    per: d.per,
    maxQuantity: Number(d.maxQuantity) || 1,
    confirmation: d.confirmation,
    propertyIds: d.allProperties ? null : d.properties.map((p) => p.propertyId),
    active: d.active,
  };
}

function OfferForm({ offer }: { offer: OfferDto | null }) {
  const id = useId();
  const navigate = useNavigate();
  const save = useSaveOffer(offer?.id ?? null);
  const remove = useDeleteOffer();
  // A member limited to chosen properties picks among theirs (the picker lists only theirs), never all properties.
  const limited = useMe().data?.user.propertyLimited ?? false;
  const [draft, setDraft] = useState<Draft>(() => (offer ? draftOf(offer) : emptyDraft(limited)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [photoUrl, setPhotoUrl] = useState(offer?.photoUrl ?? null);
  const edit = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const extra = draft.type === "extra";

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const request = requestOf(draft);
    const parsed = OfferRequest.safeParse(request);
    const found: Record<string, string> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) found[issue.path.slice(0, 2).join(".")] ??= issue.message;
    draft.slots.forEach((slot, n) => {
      if (!extra && parseAmount(slot.price) === null) found[`slots.${n}`] = s.priceRequired;
    });
    if (extra && parseAmount(draft.price) === null) found.amount = s.priceRequired;
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: ({ offer: saved }) => (offer ? navigate("/store") : navigate(`/store/${saved.id}`, { replace: true })),
    });
  };
  const titleError = Object.entries(errors).find(([k]) => k.startsWith("texts"))?.[1];

  return (
    <form className="offer-form" onSubmit={submit} noValidate>
      <Card>
        <div className="stack">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-type`}>
              {s.type}
            </label>
            <select
              id={`${id}-type`}
              className="field__input"
              value={draft.type}
              onChange={(e) => edit({ type: e.target.value as OfferType })}
            >
              {OFFER_TYPES.map((t) => (
                <option key={t} value={t}>
                  {s.types[t]}
                </option>
              ))}
            </select>
          </div>
          <OfferTextsFields texts={draft.texts} onChange={(texts) => edit({ texts })} error={titleError} />
        </div>
      </Card>
      <Card>
        {extra ? (
          <div className="stack">
            <TextField
              label={s.price}
              inputMode="decimal"
              value={draft.price}
              error={errors.amount}
              onChange={(e) => edit({ price: e.target.value })}
            />
            <div className="field">
              <label className="field__label" htmlFor={`${id}-per`}>
                {s.per}
              </label>
              <select
                id={`${id}-per`}
                className="field__input"
                value={draft.per}
                onChange={(e) => edit({ per: e.target.value as OfferPer })}
              >
                {OFFER_PER.map((p) => (
                  <option key={p} value={p}>
                    {s.pers[p]}
                  </option>
                ))}
              </select>
            </div>
            <TextField
              label={s.maxQuantity}
              type="number"
              min={1}
              max={50}
              value={draft.maxQuantity}
              onChange={(e) => edit({ maxQuantity: e.target.value })}
            />
          </div>
        ) : (
          <fieldset>
            <legend>{s.slots}</legend>
            <div className="stack">
              {draft.slots.map((slot, n) => (
                <div className="offer-slot" key={n}>
                  <TextField
                    label={`${s.slotTime} ${n + 1}`}
                    type="time"
                    value={slot.time}
                    onChange={(e) =>
                      edit({ slots: draft.slots.map((x, i) => (i === n ? { ...x, time: e.target.value } : x)) })
                    }
                  />
                  <TextField
                    label={`${s.slotPrice} ${n + 1}`}
                    inputMode="decimal"
                    value={slot.price}
                    hint={slot.time ? s.slotLabel(draft.type as "early-check-in", slot.time) : undefined}
                    error={errors[`slots.${n}`]}
                    onChange={(e) =>
                      edit({ slots: draft.slots.map((x, i) => (i === n ? { ...x, price: e.target.value } : x)) })
                    }
                  />
                  {draft.slots.length > 1 ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`${s.removeSlot} ${n + 1}`}
                      onClick={() => edit({ slots: draft.slots.filter((_, i) => i !== n) })}
                    >
                      {s.removeSlot}
                    </Button>
                  ) : null}
                </div>
              ))}
              {errors.slots ? <p className="field__error">{errors.slots}</p> : null}
              <div>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => edit({ slots: [...draft.slots, { time: "", price: "" }] })}
                >
                  {s.addSlot}
                </Button>
              </div>
            </div>
          </fieldset>
        )}
      </Card>
      <Card>
        <div className="stack">
          <fieldset>
            <legend>{s.confirmation}</legend>
            {OFFER_CONFIRMATIONS.map((c) => (
              <label key={c} className="offer-choice">
                <input
                  type="radio"
                  name={`${id}-confirmation`}
                  checked={draft.confirmation === c}
                  onChange={() => edit({ confirmation: c })}
                />
                {s.confirmations[c]}
              </label>
            ))}
          </fieldset>
          {limited ? (
            // Only their own properties, never all: the picker is the whole choice, under its own "Properties".
            <PropertyPicker selected={draft.properties} onChange={(properties) => edit({ properties })} />
          ) : (
            <fieldset>
              <legend>{s.properties}</legend>
              <label className="offer-choice">
                <input
                  type="radio"
                  name={`${id}-properties`}
                  checked={draft.allProperties}
                  onChange={() => edit({ allProperties: true })}
                />
                {s.allProperties}
              </label>
              <label className="offer-choice">
                <input
                  type="radio"
                  name={`${id}-properties`}
                  checked={!draft.allProperties}
                  onChange={() => edit({ allProperties: false })}
                />
                {s.chosenProperties}
              </label>
              {draft.allProperties ? null : (
                <PropertyPicker
                  legend={s.chosenProperties}
                  selected={draft.properties}
                  onChange={(properties) => edit({ properties })}
                />
              )}
            </fieldset>
          )}
          {offer ? (
            <ImageUpload
              label={s.photo}
              currentUrl={photoUrl}
              alt={s.photo}
              uploadUrl={offerPhotoUrl(offer.id)}
              removeUrl={offerPhotoUrl(offer.id)}
              onDone={async (outcome) => {
                if (outcome === "removed") setPhotoUrl(null);
              }}
            />
          ) : (
            <p className="muted">{s.photoAfterSave}</p>
          )}
          <label className="offer-choice">
            <input type="checkbox" checked={draft.active} onChange={(e) => edit({ active: e.target.checked })} />
            {s.active}
          </label>
        </div>
      </Card>
      {save.isError ? <Alert>{save.error.message || copy.common.genericError}</Alert> : null}
      <div className="offer-form__actions">
        <Button type="submit" busy={save.isPending}>
          {s.save}
        </Button>
        {offer ? (
          <Button
            variant="danger"
            busy={remove.isPending}
            onClick={() => {
              if (window.confirm(s.deleteConfirm)) remove.mutate(offer.id, { onSuccess: () => navigate("/store") });
            }}
          >
            {s.delete}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** /store/new and /store/:offerId: the offer form with every field the store needs. */
export function OfferEditorPage() {
  const { offerId } = useParams();
  const existing = offerId && offerId !== "new" ? offerId : null;
  const offer = useOffer(existing);
  let body;
  if (existing && offer.isPending) body = <LoadingScreen />;
  else if (existing && offer.isError) body = <Alert>{copy.common.genericError}</Alert>;
  else body = <OfferForm key={existing ?? "new"} offer={offer.data?.offer ?? null} />;
  return (
    <div className="store-page">
      <BackLink to="/store">{s.back}</BackLink>
      <div className="page-header">
        <h1>{existing ? s.editOffer : s.newOffer}</h1>
      </div>
      {body}
    </div>
  );
}
