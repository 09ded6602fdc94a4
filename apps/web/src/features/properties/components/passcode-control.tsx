import { copy } from "@doorstep/shared/copy";
import { TIMINGS } from "@doorstep/shared/constants";
import { SetPasscodeRequest, type PropertyDto } from "@doorstep/shared/schemas/property";
import { useId, useState, type FormEvent } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { hasErrorCode } from "../../../lib/api-client.ts";
import { useTimedFlag } from "../../../lib/use-timed-flag.ts";
import { useSetPasscode } from "../api/set-passcode.ts";

// The request's own rule for a new passcode (removing one sends null).
const NewPasscode = SetPasscodeRequest.shape.passcode.unwrap();

/**
 * The guide passcode (PROP-24, PROP-25, OPEN-66): the host sees the current one; a new one must be exactly
 * 6 digits, otherwise "Passcode must be a 6 digit number" shows for 3 seconds; it can be removed.
 */
export function PasscodeControl({ property }: { property: PropertyDto }) {
  const inputId = useId();
  const [draft, setDraft] = useState("");
  const [invalid, showInvalid, hideInvalid] = useTimedFlag(TIMINGS.passcodeErrorMs);
  const [failed, setFailed] = useState(false);
  const mutation = useSetPasscode();

  const save = async (passcode: string | null) => {
    setFailed(false);
    try {
      await mutation.mutateAsync({ propertyId: property.propertyId, passcode });
      setDraft("");
    } catch (cause) {
      // The server's own 6-digit check answers with the same copy; anything else keeps the typed value.
      if (passcode !== null && hasErrorCode(cause, "VALIDATION_FAILED")) showInvalid();
      else setFailed(true);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    if (!NewPasscode.safeParse(draft).success) {
      showInvalid();
      return;
    }
    hideInvalid();
    void save(draft);
  };

  return (
    <div className="passcode">
      <h3 className="overview-block__label">{copy.properties.passcode}</h3>
      {property.passcode ? (
        <p className="passcode__current">
          {copy.properties.currentPasscode}: <strong className="passcode__value">{property.passcode}</strong>
        </p>
      ) : (
        <p className="muted passcode__current">{copy.properties.noPasscode}</p>
      )}
      <form className="passcode__form" onSubmit={submit} noValidate>
        <div className="field passcode__field">
          <label className="field__label" htmlFor={inputId}>
            {copy.properties.newPasscode}
          </label>
          <input
            id={inputId}
            className="field__input"
            inputMode="numeric"
            autoComplete="off"
            placeholder={copy.properties.passcodePlaceholder}
            maxLength={6}
            value={draft}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${inputId}-error` : undefined}
            onChange={(event) => setDraft(event.target.value)}
          />
          {/* Under its field, not under the buttons (PROP-24: for 3 s). */}
          {invalid ? (
            <p className="field__error passcode__error" id={`${inputId}-error`} role="alert">
              {copy.properties.passcodeError}
            </p>
          ) : null}
        </div>
        <div className="passcode__actions">
          <Button
            type="submit"
            size="sm"
            disabled={mutation.isPending}
            busy={mutation.isPending && mutation.variables?.passcode !== null}
          >
            {copy.properties.setPasscode}
          </Button>
          {property.passcode ? (
            <Button
              variant="secondary"
              size="sm"
              disabled={mutation.isPending}
              busy={mutation.isPending && mutation.variables?.passcode === null}
              onClick={() => void save(null)}
            >
              {copy.properties.removePasscode}
            </Button>
          ) : null}
        </div>
      </form>
      {failed ? <Alert>{copy.common.genericError}</Alert> : null}
    </div>
  );
}
