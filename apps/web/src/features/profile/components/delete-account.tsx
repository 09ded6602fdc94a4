import { copy } from "@doorstep/shared/copy";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { ApiError, apiRequest } from "../../../lib/api-client.ts";
import { clearSession } from "../../../lib/session.ts";

const d = copy.accountData;

/**
 * "Delete account" (IMPL-33), the owner's: the password and DELETE typed; the account goes offline at once, the
 * owner is signed out, and the data is erased after 30 days.
 */
export function DeleteAccount() {
  const id = useId();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const remove = useMutation({
    mutationFn: () => apiRequest("/api/account/delete", { method: "POST", body: { password, confirm } }),
    onSuccess: () => clearSession(queryClient),
  });
  return (
    <Card>
      <form
        className="stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!remove.isPending) remove.mutate();
        }}
      >
        <h2>{d.deleteHeading}</h2>
        <p>{d.deleteIntro}</p>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-password`}>
            {d.passwordLabel}
          </label>
          <input
            id={`${id}-password`}
            className="field__input"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-confirm`}>
            {d.confirmLabel}
          </label>
          <input
            id={`${id}-confirm`}
            className="field__input"
            autoComplete="off"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </div>
        {remove.isError ? (
          <Alert>{remove.error instanceof ApiError ? remove.error.message : copy.common.genericError}</Alert>
        ) : null}
        <div>
          <Button
            type="submit"
            variant="danger"
            busy={remove.isPending}
            disabled={password === "" || confirm !== "DELETE"}
          >
            {remove.isPending ? d.deleting : d.delete}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** "Download my data" (IMPL-33): the archive is built in the background and its link emailed. */
export function DownloadData() {
  const request = useMutation({
    mutationFn: () => apiRequest("/api/account/export", { method: "POST", body: {} }),
  });
  return (
    <Card>
      <div className="stack">
        <h2>{d.downloadHeading}</h2>
        <p>{d.downloadIntro}</p>
        {request.isSuccess ? <Alert tone="success">{d.downloadStarted}</Alert> : null}
        {request.isError ? <Alert>{copy.common.genericError}</Alert> : null}
        <div>
          <Button
            variant="secondary"
            busy={request.isPending}
            disabled={request.isPending || request.isSuccess}
            onClick={() => request.mutate()}
          >
            {d.download}
          </Button>
        </div>
      </div>
    </Card>
  );
}
