import { copy } from "@doorstep/shared/copy";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Alert } from "../../../components/ui/banner.tsx";
import { BackLink } from "../../../components/ui/back-link.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useCreateManager } from "../api/create-manager.ts";
import "./managers.css";

/** /create-manager (MGR-04, MGR-05): first and last name, both required, then the new profile. */
export function CreateManagerPage() {
  const navigate = useNavigate();
  const create = useCreateManager();
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const missingFirst = firstName.trim() === "";
  const missingLast = lastName.trim() === "";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (missingFirst || missingLast || create.isPending) return;
    create.mutate(
      { firstName: firstName.trim(), lastName: lastName.trim() },
      { onSuccess: (manager) => void navigate(`/manager-profile/${encodeURIComponent(manager.vanityId)}`) },
    );
  };

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
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
            error={submitted && missingFirst ? copy.common.required : undefined}
            required
            autoFocus
          />
          <TextField
            label={copy.managers.lastName}
            autoComplete="off"
            value={lastName}
            onChange={(event) => setLastName(event.target.value)}
            error={submitted && missingLast ? copy.common.required : undefined}
            required
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
