import { copy } from "@doorstep/shared/copy";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useRequestPasswordReset } from "../api/forgot-password.ts";
import { messageFor } from "../components/error-copy.ts";

/** /forgot-password (AUTH-34…36): idle → fetching → success or error. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState("");
  const [showRequired, setShowRequired] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    if (email.trim() === "") {
      setShowRequired(true);
      return;
    }
    request.mutate({ email: email.trim() });
  };

  if (request.isSuccess) {
    return (
      <div className="auth-card">
        <h1>{copy.forgotPassword.title}</h1>
        <Alert tone="success">{copy.forgotPassword.success}</Alert>
        <div className="auth-card__links">
          <Link to="/login">{copy.forgotPassword.backToLogin}</Link>
        </div>
      </div>
    );
  }

  const error = request.isError
    ? messageFor(request.error, {
        USER_NOT_FOUND: copy.errors.userNotFound,
        INVALID_EMAIL: copy.errors.invalidEmail,
        VALIDATION_FAILED: copy.errors.invalidEmail,
      })
    : null;

  return (
    <div className="auth-card">
      <h1>{copy.forgotPassword.title}</h1>
      <p className="muted">{copy.forgotPassword.intro}</p>
      <form className="stack" onSubmit={submit} onChange={() => request.isError && request.reset()} noValidate>
        <TextField
          label={copy.forgotPassword.email}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={showRequired && email.trim() === "" ? copy.common.required : undefined}
        />
        {error ? <Alert>{error}</Alert> : null}
        <Button type="submit" block busy={request.isPending}>
          {request.isPending ? copy.forgotPassword.submitting : copy.forgotPassword.submit}
        </Button>
      </form>
      <div className="auth-card__links">
        <Link to="/login">{copy.forgotPassword.backToLogin}</Link>
      </div>
    </div>
  );
}
