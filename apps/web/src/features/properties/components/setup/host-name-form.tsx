import { copy } from "@doorstep/shared/copy";
import { UpdateManagerRequest } from "@doorstep/shared/schemas/manager";
import { useState, type FormEvent } from "react";
import { z } from "zod";
import { Alert } from "../../../../components/ui/banner.tsx";
import { TextField } from "../../../../components/ui/text-field.tsx";
import { SectionActions } from "./setup-section.tsx";
import { useSectionSave } from "./use-section-save.ts";

interface HostNameFormProps {
  firstName: string;
  lastName: string;
  save: (names: { firstName: string; lastName: string }) => Promise<unknown>;
  onSkip?: () => void;
}

// The names as the manager update parses them, both required here.
const HostNames = z.object({
  firstName: UpdateManagerRequest.shape.firstName.unwrap(),
  lastName: UpdateManagerRequest.shape.lastName.unwrap(),
});

/** Host first and last name (PROP-32): both required, saved to the property's manager (PROP-34). */
export function HostNameForm({ firstName, lastName, save, onSkip }: HostNameFormProps) {
  const [first, setFirst] = useState(firstName);
  const [last, setLast] = useState(lastName);
  const { busy, error, run } = useSectionSave();
  const names = HostNames.safeParse({ firstName: first, lastName: last });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (names.success) void run(() => save(names.data));
  };

  return (
    <form className="setup-form" onSubmit={submit} noValidate>
      <div className="setup-form__row">
        <TextField
          label={copy.setup.hostFirstName}
          value={first}
          onChange={(e) => setFirst(e.target.value)}
          autoComplete="given-name"
          maxLength={100}
          required
          disabled={busy}
          autoFocus
        />
        <TextField
          label={copy.setup.hostLastName}
          value={last}
          onChange={(e) => setLast(e.target.value)}
          autoComplete="family-name"
          maxLength={100}
          required
          disabled={busy}
        />
      </div>
      {error ? <Alert>{error}</Alert> : null}
      <SectionActions busy={busy} canSave={names.success} onSkip={onSkip} />
    </form>
  );
}
