import { copy } from "@doorstep/shared/copy";
import { ForgotPasswordRequest } from "@doorstep/shared/schemas/auth";
import { useForm } from "react-hook-form";
import { Link } from "../../../components/ui/link.tsx";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { schemaResolver } from "../../../lib/schema-form.ts";
import { useRequestPasswordReset } from "../api/forgot-password.ts";
import { messageFor } from "../components/error-copy.ts";

/** /forgot-password (AUTH-34…36): idle → fetching → success or error. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const form = useForm({
    resolver: schemaResolver(ForgotPasswordRequest),
    defaultValues: { email: "" },
    shouldFocusError: false,
  });

  const submit = form.handleSubmit((values) => {
    if (request.isPending) return;
    request.mutate(values);
  });

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
          autoComplete="email"
          required
          error={form.formState.errors.email?.message}
          {...form.register("email")}
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
