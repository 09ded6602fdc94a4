import { copy } from "@doorstep/shared/copy";
import { CreateManagerRequest } from "@doorstep/shared/schemas/manager";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { Alert } from "../../../components/ui/banner.tsx";
import { BackLink } from "../../../components/ui/back-link.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { schemaResolver } from "../../../lib/schema-form.ts";
import { useCreateManager } from "../api/create-manager.ts";
import "./managers.css";

/** /create-manager (MGR-04, MGR-05): first and last name, both required, then the new profile. */
export function CreateManagerPage() {
  const navigate = useNavigate();
  const create = useCreateManager();
  const form = useForm({
    resolver: schemaResolver(CreateManagerRequest),
    defaultValues: { firstName: "", lastName: "" },
    shouldFocusError: false,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    if (create.isPending) return;
    create.mutate(values, {
      onSuccess: (manager) => void navigate(`/manager-profile/${encodeURIComponent(manager.vanityId)}`),
    });
  });

  return (
    <div className="managers-page managers-page--narrow">
      <BackLink to="/property-managers">{copy.managers.back}</BackLink>
      <div className="page-header">
        <h1>{copy.managers.createTitle}</h1>
      </div>
      <Card>
        <form className="stack" onSubmit={submit} noValidate>
          <TextField
            label={copy.managers.firstName}
            autoComplete="off"
            error={errors.firstName?.message}
            required
            autoFocus
            {...form.register("firstName")}
          />
          <TextField
            label={copy.managers.lastName}
            autoComplete="off"
            error={errors.lastName?.message}
            required
            {...form.register("lastName")}
          />
          {create.isError ? <Alert>{copy.common.genericError}</Alert> : null}
          <div>
            <Button type="submit" busy={create.isPending} disabled={create.isPending}>
              {copy.managers.create}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
