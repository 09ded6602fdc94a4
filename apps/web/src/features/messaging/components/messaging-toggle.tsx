import { copy } from "@doorstep/shared/copy";
import { useId } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { useSavedToggle } from "../../../lib/use-saved-toggle.ts";
import { useSetPropertyMessaging } from "../api/messaging.ts";

const m = copy.messaging;

/** MSG-17: "Activate Guests forms and messages" for one property; saved as soon as it is ticked. */
export function MessagingToggle({ propertyId, checked }: { propertyId: string; checked: boolean }) {
  const id = useId();
  const save = useSetPropertyMessaging();
  const toggle = useSavedToggle(checked);
  return (
    <div className="messaging-toggle">
      <div className="messaging-toggle__row">
        <input
          id={id}
          type="checkbox"
          checked={toggle.checked}
          disabled={save.isPending}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            const on = event.target.checked;
            toggle.ask(on);
            save.mutate({ propertyId, on }, { onError: () => toggle.reset() });
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
