import { copy } from "@doorstep/shared/copy";
import { BULK_KEY_NAMES, parsePropertyIds, type BulkKey } from "@doorstep/shared/rules/bulk-updates";
import { BulkUpdateRequest, type BulkUpdateResponse } from "@doorstep/shared/schemas/bulk-updates";
import { useId, useState, type FormEvent } from "react";
import { useLocation, useSearchParams } from "react-router";
import type { PropertyChoice } from "../../../api/properties/list-property-choices.ts";
import { BackLink } from "../../../components/ui/back-link.tsx";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { PropertyPicker } from "../../../components/ui/property-picker.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { fieldProblem } from "../../../lib/schema-form.ts";
import { useBulkUpdate } from "../api/run-bulk-update.ts";
import { BulkResults } from "../components/bulk-results.tsx";
import { BulkValueField } from "../components/bulk-value-field.tsx";
import "../../../components/ui/text-field.css";
import "./bulk-updates.css";

const c = copy.bulkUpdates;

/** Ids selected on /properties arrive in the navigation state (a thousand ids would not fit an address). */
function selectedIds(state: unknown, fromAddress: string | null): PropertyChoice[] {
  const ids = (state as { propertyIds?: unknown } | null)?.propertyIds;
  const list =
    Array.isArray(ids) && ids.every((id) => typeof id === "string") ? ids : parsePropertyIds(fromAddress ?? "");
  return list.map((propertyId) => ({ propertyId, title: "" }));
}

/**
 * /bulk-updates (BULK-01…05): property ids, one detail and its values, as the seeds draw it; "Check changes"
 * shows what will change for each property, and "Submit Update" applies exactly the checked request. Ids
 * arrive from the properties list's selection, or in the address (`?ids=a,b`).
 */
export function BulkUpdatesPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const keyId = useId();
  const [chosen, setChosen] = useState(() => selectedIds(location.state, params.get("ids")));
  const [key, setKey] = useState<BulkKey>("LanguageTranslations");
  const [values, setValues] = useState("");
  const [idsError, setIdsError] = useState<string>();
  const [checked, setChecked] = useState<{ request: string; result: BulkUpdateResponse } | null>(null);
  const [result, setResult] = useState<BulkUpdateResponse | null>(null);
  const bulk = useBulkUpdate();

  const propertyIds = chosen.map((p) => p.propertyId).join(", ");
  const request = { propertyIds, key, values };
  const requestKey = JSON.stringify(request);
  const checkedNow = checked?.request === requestKey;
  const failure = bulk.error instanceof ApiError ? bulk.error : null;
  const valuesError = failure?.code === "VALIDATION_FAILED" ? failure.message : undefined;

  const edit = (change: () => void) => {
    change();
    setResult(null);
    bulk.reset();
  };
  const send = (apply: boolean) => {
    const problem =
      chosen.length === 0 ? c.chooseProperties : fieldProblem(BulkUpdateRequest.shape.propertyIds, propertyIds);
    setIdsError(problem);
    if (problem) return;
    bulk.mutate(
      { ...request, apply },
      {
        onSuccess: (response) => {
          if (apply) {
            setResult(response);
            setChecked(null);
          } else setChecked({ request: requestKey, result: response });
        },
      },
    );
  };
  // Enter never applies: it checks.
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(false);
  };

  return (
    <div className="bulk-page">
      <BackLink to="/properties">{copy.properties.backToProperties}</BackLink>
      <h1 className="page-header">{c.title}</h1>
      <p className="bulk-page__intro">{c.intro}</p>
      <Card>
        <form className="bulk-form" onSubmit={onSubmit} noValidate>
          <PropertyPicker selected={chosen} error={idsError} onChange={(next) => edit(() => setChosen(next))} />
          <div className="field">
            <label className="field__label" htmlFor={keyId}>
              {c.detailKey}
            </label>
            <select
              id={keyId}
              className="field__input"
              value={key}
              onChange={(event) =>
                edit(() => {
                  setKey(event.target.value as BulkKey);
                  setValues("");
                })
              }
            >
              {BULK_KEY_NAMES.map((name) => (
                <option key={name} value={name}>
                  {c.keys[name]}
                </option>
              ))}
            </select>
          </div>
          <BulkValueField
            key={key}
            bulkKey={key}
            error={valuesError}
            value={values}
            onChange={(next) => edit(() => setValues(next))}
          />
          {failure && !valuesError ? <Alert>{failure.message || copy.common.genericError}</Alert> : null}
          {bulk.error && !failure ? <Alert>{copy.common.genericError}</Alert> : null}
          <div className="bulk-form__actions">
            <Button
              type="submit"
              variant={checkedNow ? "secondary" : "primary"}
              busy={bulk.isPending && bulk.variables?.apply === false}
            >
              {c.preview}
            </Button>
            {checkedNow ? (
              <Button onClick={() => send(true)} busy={bulk.isPending && bulk.variables?.apply === true}>
                {c.submit}
              </Button>
            ) : null}
          </div>
        </form>
      </Card>
      {result ? (
        <BulkResults result={result} />
      ) : checkedNow && checked ? (
        <BulkResults result={checked.result} />
      ) : null}
    </div>
  );
}
