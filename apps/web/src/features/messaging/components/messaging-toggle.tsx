import { copy } from "@doorstep/shared/copy";
import { useEffect, useId, useState } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { useSetPropertyMessaging } from "../api/messaging.ts";

const m = copy.messaging;

/** MSG-17: "Activate Guests forms and messages" for one property; saved as soon as it is ticked. */
export function MessagingToggle({ propertyId, checked }: { propertyId: string; checked: boolean }) {
  const id = useId();
  const save = useSetPropertyMessaging();
  // The box shows what was asked at once (set in the event, so the controlled input keeps it) until the saved
  // value comes back; a failure puts it back and says so.
  const [asked, setAsked] = useState<boolean | null>(null);
  useEffect(() => {
    if (asked === checked) setAsked(null);
  }, [asked, checked]);
  const shown = asked ?? checked;
  return (
    <div className="messaging-toggle">
      <div className="messaging-toggle__row">
        <input
          id={id}
          type="checkbox"
          checked={shown}
          disabled={save.isPending}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            const on = event.target.checked;
            setAsked(on);
            save.mutate({ propertyId, on }, { onError: () => setAsked(null) });
          }}
        />
        <label htmlFor={id}>{m.activate}</label>
      </div>
      <p className="muted messaging-toggle__hint" id={`${id}-hint`}>
        {m.activateHint}
      </p>
      {save.isError ? <Alert>{copy.common.genericError}</Alert> : null}
    </div>
  );
}
