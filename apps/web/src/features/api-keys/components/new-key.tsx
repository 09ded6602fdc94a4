import { copy } from "@doorstep/shared/copy";
import { useEffect, useRef } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useCopyText } from "../../../lib/use-copy-text.ts";

const k = copy.apiKeys;

/** The key just made, in a read-only field to copy: the server never shows it again. */
export function NewKey({ name, apiKey, onDone }: { name: string; apiKey: string; onDone: () => void }) {
  const { copied, failed, copy: copyKey } = useCopyText();
  const field = useRef<HTMLInputElement>(null);
  // Focus lands on the key, selected, so it can be copied by keyboard at once.
  useEffect(() => field.current?.select(), []);
  return (
    <Card className="api-keys__new">
      <h2 className="api-keys__title">
        {k.newKeyHeading}: {name}
      </h2>
      <p className="api-keys__once">{k.shownOnce}</p>
      <div className="api-keys__secret">
        <TextField
          ref={field}
          label={k.newKeyLabel}
          value={apiKey}
          readOnly
          spellCheck={false}
          autoComplete="off"
          className="api-keys__secret-field"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => copyKey(apiKey)}>
          {k.copyKey}
        </Button>
      </div>
      <p className="api-keys__status" role="status">
        {copied ? k.copied : ""}
      </p>
      {failed ? <Alert>{copy.common.genericError}</Alert> : null}
      <div>
        <Button variant="ghost" onClick={onDone}>
          {k.done}
        </Button>
      </div>
    </Card>
  );
}
