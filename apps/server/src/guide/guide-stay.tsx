/** @jsxRuntime automatic */
/** @jsxImportSource react */
// Explicit: tsx (esbuild) runs the server from the repository root, whose tsconfig has no "jsx" setting.
import { createElement, type ReactNode } from "react";
import type { GuidePageModel } from "./guide-model.ts";

/**
 * The element that holds what a stay's guide shows only during the stay (decision 043): the door code and the
 * restricted items' content. It never nests, so the guide's service worker can cut it out of a stored page by
 * its tags once `data-until` has passed on the device's clock, and the page's script removes it from an open
 * page then too; either puts `<p class="{data-class}">{data-after}</p>` in its place. A custom element, shown as
 * a block by the stylesheet; its attributes are written in this order (the worker reads them so).
 */
export const HELD_TAG = "stay-held";

export function Held({
  until,
  after,
  afterClass,
  children,
}: {
  until: string;
  /** What the page says in its place once the stay has ended. */
  after: string;
  afterClass: "note" | "restricted";
  children: ReactNode;
}) {
  return createElement(HELD_TAG, { "data-until": until, "data-after": after, "data-class": afterClass }, children);
}

/**
 * A stay's card at the top of its guide (decision 042): the welcome, check-in and check-out, then by the
 * stay's phase the day the details appear, the door code, or the goodbye. Nothing of it on the public guide.
 */
export function StayCard({ model }: { model: GuidePageModel }) {
  const stay = model.stay;
  if (!stay) return null;
  const t = model.labels.stay;
  return (
    <section className="stay" aria-labelledby="stay-h" data-stay-phase={stay.phase}>
      <h2 id="stay-h">{stay.welcome}</h2>
      <dl>
        <dt>{t.checkIn}</dt>
        <dd>{stay.checkIn}</dd>
        <dt>{t.checkOut}</dt>
        <dd>{stay.checkOut}</dd>
      </dl>
      {stay.doorCode && stay.until ? (
        <Held until={stay.until} after={t.ended} afterClass="note">
          <dl>
            <dt>{t.doorCode}</dt>
            <dd className="code">{stay.doorCode}</dd>
          </dl>
        </Held>
      ) : null}
      {stay.revealOn ? (
        <p className="note" role="status">
          {t.revealOn(stay.revealOn)}
        </p>
      ) : null}
      {stay.phase === "after" ? (
        <p className="note" role="status">
          {t.ended}
        </p>
      ) : null}
    </section>
  );
}
