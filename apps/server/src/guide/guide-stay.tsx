/** @jsxRuntime automatic */
/** @jsxImportSource react */
// Explicit: tsx (esbuild) runs the server from the repository root, whose tsconfig has no "jsx" setting.
import type { GuidePageModel } from "./guide-model.ts";

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
        {stay.doorCode ? (
          <>
            <dt>{t.doorCode}</dt>
            <dd className="code">{stay.doorCode}</dd>
          </>
        ) : null}
      </dl>
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
