import { copy } from "@doorstep/shared/copy";
import { ResetPasswordRequest } from "@doorstep/shared/schemas/auth";
import { useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import { Link } from "../../../components/ui/link.tsx";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { hasErrorCode } from "../../../lib/api-client.ts";
import { schemaResolver } from "../../../lib/schema-form.ts";
import { useResetPassword } from "../api/reset-password.ts";
import { messageFor } from "../components/error-copy.ts";

// The email and token come from the link; the person types only the new password.
const ResetPasswordForm = ResetPasswordRequest.pick({ password: true });

/** "Sorry, this link has expired, please request a new one here" with "here" linking /forgot-password (AUTH-39). */
function ExpiredLink() {
  return (
    <Alert>
      {copy.resetPassword.expiredBefore}
      <Link to="/forgot-password">{copy.resetPassword.expiredLink}</Link>
    </Alert>
  );
}

/** /reset-password?otp_token=…&reset_email=… (AUTH-37…39). */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("otp_token") ?? "";
  const email = searchParams.get("reset_email") ?? "";
  const reset = useResetPassword();
  const form = useForm({
    resolver: schemaResolver(ResetPasswordForm),
    defaultValues: { password: "" },
    shouldFocusError: false,
  });

  const submit = form.handleSubmit(({ password }) => {
    if (reset.isPending) return;
    reset.mutate({ email, token, password });
  });

  if (reset.isSuccess) {
    return (
      <div className="auth-card">
        <h1>{copy.resetPassword.title}</h1>
        <Alert tone="success">{copy.resetPassword.success}</Alert>
        <div className="auth-card__links">
          <Link to="/login">{copy.resetPassword.logIn}</Link>
        </div>
      </div>
    );
  }

  // A link without its token or email can only be a broken or expired one.
  const linkBroken = token === "" || email === "";
  const expired = linkBroken || hasErrorCode(reset.error, "TOKEN_EXPIRED");
  const error = reset.isError && !expired ? messageFor(reset.error, { WEAK_PASSWORD: copy.errors.weakPassword }) : null;

  return (
    <div className="auth-card">
      <h1>{copy.resetPassword.title}</h1>
      {expired ? (
        <ExpiredLink />
      ) : (
        <form className="stack" onSubmit={submit} onChange={() => reset.isError && reset.reset()} noValidate>
          <TextField
            label={copy.resetPassword.newPassword}
            type="password"
            autoComplete="new-password"
            required
            hint={copy.createAccount.passwordHint}
            error={form.formState.errors.password?.message}
            {...form.register("password")}
          />
          {error ? <Alert>{error}</Alert> : null}
          <Button type="submit" block busy={reset.isPending}>
            {reset.isPending ? copy.resetPassword.submitting : copy.resetPassword.submit}
          </Button>
        </form>
      )}
    </div>
  );
}
