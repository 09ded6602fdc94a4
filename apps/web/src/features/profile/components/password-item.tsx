import { copy } from "@doorstep/shared/copy";
import { UpdatePasswordRequest } from "@doorstep/shared/schemas/user";
import { useState } from "react";
import { EditableItem, type ItemStatus } from "../../../components/ui/editable-item.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useUpdatePassword } from "../api/update-password.ts";

function passwordError(error: unknown): string {
  if (error instanceof ApiError && error.code === "WEAK_PASSWORD") return copy.errors.weakPassword;
  if (error instanceof ApiError && error.code === "RATE_LIMITED") return copy.common.tooManyRequests;
  // AUTH-47: every other failure reads as an incorrect current password.
  return copy.loginSecurity.currentPasswordIncorrect;
}

/** The password item of /login-security (AUTH-45, AUTH-47): current and new password. */
export function PasswordItem() {
  const update = useUpdatePassword();
  const [status, setStatus] = useState<ItemStatus>("idle");
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [error, setError] = useState<string>();

  const clear = () => {
    setCurrentPassword("");
    setNewPassword("");
    setError(undefined);
  };
  const typed = () => {
    if (status === "error") setStatus("editing");
  };
  const save = async () => {
    setStatus("fetching");
    try {
      await update.mutateAsync({ currentPassword, newPassword });
      clear();
      setStatus("success");
    } catch (cause) {
      setError(passwordError(cause));
      setStatus("error");
    }
  };

  return (
    <EditableItem
      title={copy.loginSecurity.password}
      display={<span>{copy.loginSecurity.passwordMask}</span>}
      status={status}
      onEdit={() => {
        clear();
        setStatus("editing");
      }}
      onCancel={() => {
        clear();
        setStatus("idle");
      }}
      onSave={() => void save()}
      canSave={UpdatePasswordRequest.safeParse({ currentPassword, newPassword }).success}
      error={error}
      success={copy.loginSecurity.passwordSaved}
    >
      <TextField
        label={copy.loginSecurity.currentPassword}
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(event) => {
          setCurrentPassword(event.target.value);
          typed();
        }}
        required
      />
      <TextField
        label={copy.loginSecurity.newPassword}
        type="password"
        autoComplete="new-password"
        hint={copy.createAccount.passwordHint}
        value={newPassword}
        onChange={(event) => {
          setNewPassword(event.target.value);
          typed();
        }}
        required
      />
    </EditableItem>
  );
}
