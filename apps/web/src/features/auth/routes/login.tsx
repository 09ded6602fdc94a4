import { copy } from "@doorstep/shared/copy";
import { isBlockedEmailDomain } from "@doorstep/shared/rules/email";
import { LoginRequest } from "@doorstep/shared/schemas/auth";
import { useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import { Link } from "../../../components/ui/link.tsx";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { HoneypotField, TextField } from "../../../components/ui/text-field.tsx";
import { schemaResolver } from "../../../lib/schema-form.ts";
import { useLogin } from "../api/login.ts";
import { messageFor } from "../components/error-copy.ts";

const LoginForm = LoginRequest.pick({ email: true, password: true, website: true });

/** /login (AUTH-01…06). */
export function LoginPage() {
  const login = useLogin();
  // AFF-18, XCUT-26: a visitor sent here from an affiliate page gets the affiliate wording.
  const [searchParams] = useSearchParams();
  const forAffiliate = searchParams.get("next")?.startsWith("/affiliate") ?? false;
  const form = useForm({
    resolver: schemaResolver(LoginForm),
    defaultValues: { email: "", password: "", website: "" },
    shouldFocusError: false,
  });
  const { errors } = form.formState;

  // AUTH-06: any change to an input clears the shown error.
  const clearError = () => {
    if (errors.root) form.clearErrors("root");
    if (login.isError) login.reset();
  };

  // AUTH-04: only with both fields filled in (the schema) and an empty honeypot.
  const submit = form.handleSubmit((values) => {
    if (login.isPending) return;
    if (values.website !== "") return;
    // AUTH-05: blocked domains are refused here, without a request.
    if (isBlockedEmailDomain(values.email)) {
      form.setError("root", { message: copy.errors.invalidEmail });
      return;
    }
    login.mutate(values);
  });

  const serverError = login.isError
    ? messageFor(login.error, {
        USER_NOT_FOUND: forAffiliate ? copy.errors.affiliateUserNotFound : copy.errors.userNotFound,
        WRONG_PASSWORD: copy.errors.wrongPassword,
        ACCOUNT_DELETED: copy.errors.accountDeleted,
        INVALID_EMAIL: copy.errors.invalidEmail,
      })
    : null;
  const error = errors.root?.message ?? serverError;

  return (
    <div className="auth-card">
      <h1>{copy.login.title}</h1>
      <form className="stack" onSubmit={submit} onChange={clearError} noValidate>
        <TextField
          label={copy.login.email}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          required
          {...form.register("email")}
        />
        <TextField
          label={copy.login.password}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          required
          {...form.register("password")}
        />
        <HoneypotField label={copy.login.honeypot} {...form.register("website")} />
        {error ? <Alert>{error}</Alert> : null}
        <Button type="submit" block busy={login.isPending}>
          {login.isPending ? copy.login.submitting : copy.login.submit}
        </Button>
      </form>
      <div className="auth-card__links">
        <Link to="/forgot-password">{copy.login.forgotPassword}</Link>
        <Link to="/create-account">{copy.login.createAccount}</Link>
      </div>
    </div>
  );
}
