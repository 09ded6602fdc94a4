import { copy } from "@doorstep/shared/copy";
import { useId, useState } from "react";
import { usePropertyChoices } from "../../../api/properties/list-property-choices.ts";
import { useTeam } from "../../../api/team/team.ts";
import { LoadMore } from "../../../components/load-more.tsx";
import { Alert } from "../../../components/ui/banner.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { useActivity } from "../api/get-activity.ts";
import "../../../components/ui/text-field.css";
import "./activity.css";

const a = copy.activity;

/** /activity (decision 058): who changed what and when, by property and by member, newest first. */
export function ActivityPage() {
  const id = useId();
  const [propertyId, setPropertyId] = useState("");
  const [memberId, setMemberId] = useState("");
  const properties = usePropertyChoices();
  const team = useTeam();
  const activity = useActivity({ propertyId, memberId });
  const items = activity.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="activity-page stack">
      <div className="page-header">
        <h1>{a.title}</h1>
      </div>
      <p>{a.intro}</p>
      <div className="activity__filters">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-property`}>
            {a.propertyFilter}
          </label>
          <select
            id={`${id}-property`}
            className="field__input"
            value={propertyId}
            onChange={(e) => setPropertyId(e.target.value)}
          >
            <option value="">{a.all}</option>
            {(properties.data ?? []).map((p) => (
              <option key={p.propertyId} value={p.propertyId}>
                {p.title}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-member`}>
            {a.memberFilter}
          </label>
          <select
            id={`${id}-member`}
            className="field__input"
            value={memberId}
            onChange={(e) => setMemberId(e.target.value)}
          >
            <option value="">{a.all}</option>
            {(team.data?.members ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {[m.firstName, m.lastName].filter(Boolean).join(" ")}
              </option>
            ))}
          </select>
        </div>
      </div>
      {activity.isPending ? <LoadingScreen /> : null}
      {activity.isError ? <Alert>{copy.common.genericError}</Alert> : null}
      {activity.isSuccess && items.length === 0 ? <p className="muted">{a.empty}</p> : null}
      {items.length > 0 ? (
        <ol className="activity__list" aria-label={a.title}>
          {items.map((e) => (
            <li key={e.id} className="activity__entry">
              <div className="activity__what">{a.describe(e)}</div>
              <div className="muted">
                {e.actorName ?? (e.byApiKey ? a.apiKey : a.someone)}
                {e.propertyId ? ` · ${e.propertyId}` : ""} ·{" "}
                <time dateTime={e.createdAt}>{new Date(e.createdAt).toLocaleString()}</time>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      <LoadMore list={activity} label={a.showMore} />
    </div>
  );
}
