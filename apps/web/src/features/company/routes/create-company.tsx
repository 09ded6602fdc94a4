import { copy } from "@doorstep/shared/copy";
import { CreateCompanyRequest } from "@doorstep/shared/schemas/company";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { Alert } from "../../../components/ui/banner.tsx";
import { BackLink } from "../../../components/ui/back-link.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { hasErrorCode } from "../../../lib/api-client.ts";
import { schemaResolver } from "../../../lib/schema-form.ts";
import { useCreateCompany } from "../api/create-company.ts";
import "./company.css";

/** /create-company (CO-03, CO-04): one required field, the brand name; success opens /company-profile. */
export function CreateCompanyPage() {
  const navigate = useNavigate();
  const create = useCreateCompany();
  const form = useForm({
    resolver: schemaResolver(CreateCompanyRequest),
    defaultValues: { brandName: "" },
    shouldFocusError: false,
  });

  const submit = form.handleSubmit((values) => {
    if (create.isPending) return;
    const toProfile = () => void navigate("/company-profile", { replace: true });
    // OPEN-49: one company per account; a second create answers 409, and the existing profile is the answer.
    create.mutate(values, {
      onSuccess: toProfile,
      onError: (error) => (hasErrorCode(error, "CONFLICT") ? toProfile() : undefined),
    });
  });
  return (
    <div className="company-page">
      <BackLink to="/company-profile">{copy.company.title}</BackLink>
      <div className="page-header">
        <h1>{copy.company.createTitle}</h1>
      </div>
      <Card>
        <form className="stack" onSubmit={submit} noValidate>
          <TextField
            label={copy.company.brandName}
            autoComplete="organization"
            error={form.formState.errors.brandName?.message}
            required
            autoFocus
            {...form.register("brandName")}
          />
          {create.isError && !hasErrorCode(create.error, "CONFLICT") ? <Alert>{copy.common.genericError}</Alert> : null}
          <div>
            <Button type="submit" busy={create.isPending} disabled={create.isPending}>
              {copy.company.createButton}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
