import { copy } from "@doorstep/shared/copy";
import { useEffect, useId, useRef } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { useCopyText } from "../../../lib/use-copy-text.ts";
import "../../../components/ui/text-field.css";

const k = copy.apiKeys;

/** The key just made, in a read-only field to copy: the server never shows it again. */
export function NewKey({ name, apiKey, onDone }: { name: string; apiKey: string; onDone: () => void }) {
  const { copied, failed, copy: copyKey } = useCopyText();
  const field = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  // Focus lands on the key, selected, so it can be copied by keyboard at once.
  useEffect(() => field.current?.select(), []);
  return (
    <Card className="api-keys__new">
      <h2 className="api-keys__title">
        {k.newKeyHeading}: {name}
      </h2>
      <p className="api-keys__once">{k.shownOnce}</p>
      <div className="api-keys__secret">
        {/* A text area, so the whole key shows on a phone too, wrapped, rather than scrolled out of sight. */}
        <div className="field api-keys__secret-field">
          <label className="field__label" htmlFor={fieldId}>
            {k.newKeyLabel}
          </label>
          <textarea
            ref={field}
            id={fieldId}
            className="field__input"
            value={apiKey}
            readOnly
            rows={2}
            spellCheck={false}
            autoComplete="off"
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
        <Button variant="secondary" onClick={() => copyKey(apiKey)}>
          {k.copyKey}
        </Button>
      </div>
      <p className="api-keys__status" role="status">
        {copied ? k.copied : ""}
      </p>
      {failed ? <Alert>{copy.common.genericError}</Alert> : null}
      <div>
        <Button variant="secondary" size="sm" onClick={onDone}>
          {k.done}
        </Button>
      </div>
    </Card>
  );
}
