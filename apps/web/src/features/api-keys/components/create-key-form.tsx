import { copy } from "@doorstep/shared/copy";
import { API_KEYS_MAX, CreateApiKeyRequest, type CreateApiKeyResponse } from "@doorstep/shared/schemas/api-keys";
import { useForm } from "react-hook-form";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { hasErrorCode } from "../../../lib/api-client.ts";
import { schemaResolver } from "../../../lib/schema-form.ts";
import { useCreateApiKey } from "../api/create-api-key.ts";

const k = copy.apiKeys;

/** "Key name" and "Create key"; the made key goes to `onCreated`, which shows it once. */
export function CreateKeyForm({ onCreated }: { onCreated: (created: CreateApiKeyResponse) => void }) {
  const create = useCreateApiKey();
  const form = useForm({
    resolver: schemaResolver(CreateApiKeyRequest),
    defaultValues: { name: "" },
    shouldFocusError: false,
  });
  const submit = form.handleSubmit((values) => {
    if (create.isPending) return;
    create.mutate(values, {
      onSuccess: (created) => {
        form.reset();
        onCreated(created);
      },
    });
  });
  return (
    <Card>
      <h2 className="api-keys__title">{k.createHeading}</h2>
      <form className="api-keys__form" onSubmit={submit} noValidate>
        <TextField
          label={k.nameLabel}
          hint={k.nameHint}
          autoComplete="off"
          maxLength={80}
          error={form.formState.errors.name?.message}
          required
          {...form.register("name")}
        />
        <div>
          <Button type="submit" busy={create.isPending} disabled={create.isPending}>
            {create.isPending ? k.creating : k.create}
          </Button>
        </div>
        {create.isError ? (
          <Alert>
            {hasErrorCode(create.error, "CONFLICT")
              ? k.errors.limit(API_KEYS_MAX)
              : hasErrorCode(create.error, "FORBIDDEN")
                ? k.ownerOnly
                : copy.common.genericError}
          </Alert>
        ) : null}
      </form>
    </Card>
  );
}
