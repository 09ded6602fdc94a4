import { copy } from "@doorstep/shared/copy";
import { isAcceptableEmail } from "@doorstep/shared/rules/email";
import { CreateAccountRequest } from "@doorstep/shared/schemas/auth";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { useLocation } from "react-router";
import { Link } from "../../../components/ui/link.tsx";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { HoneypotField, TextField } from "../../../components/ui/text-field.tsx";
import { useConfig } from "../../../lib/config.ts";
import { schemaResolver } from "../../../lib/schema-form.ts";
import { useCreateAccount, type AccountKind } from "../api/create-account.ts";
import { readAttribution } from "./attribution.ts";
import { messageFor } from "./error-copy.ts";

// The sign-up request's own rules (AUTH-23, AUTH-25), checked here before the server checks them again (OPEN-12).
const CreateAccountForm = CreateAccountRequest.pick({ firstName: true, email: true, password: true, website: true });

/**
 * The sign-up form used by /create-account and /try-free (AUTH-23…32, OPEN-09, OPEN-13), and by
 * /create-affiliate-account with the same fields, checks and copy (AFF-02, AFF-03).
 */
export function CreateAccountFormCard({
  title,
  kind = "host",
  pitch,
  submitLabel,
}: {
  title: string;
  kind?: AccountKind;
  pitch?: string;
  submitLabel?: string;
}) {
  const location = useLocation();
  const config = useConfig();
  const createAccount = useCreateAccount(kind);
  const attribution = useMemo(() => readAttribution(location.search, document.referrer), [location.search]);
  const form = useForm({
    resolver: schemaResolver(CreateAccountForm),
    defaultValues: { firstName: "", email: "", password: "", website: "" },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    if (!isAcceptableEmail(values.email)) {
      form.setError("root", { message: copy.errors.invalidEmail });
      return;
    }
    createAccount.mutate({ ...attribution, ...values });
  });

  const clearError = () => {
    if (errors.root) form.clearErrors("root");
    if (createAccount.isError) createAccount.reset();
  };

  if (createAccount.isSuccess) return <LoadingScreen label={copy.createAccount.success} />;

  const error =
    errors.root?.message ??
    (createAccount.isError
      ? messageFor(createAccount.error, {
          EMAIL_TAKEN: copy.errors.emailTaken,
          INVALID_EMAIL: copy.errors.invalidEmail,
          WEAK_PASSWORD: copy.errors.weakPassword,
        })
      : null);
  const pending = createAccount.isPending;

  return (
    <div className="auth-card">
      <h1>{title}</h1>
      {pitch ? (
        <p className="muted">{pitch}</p>
      ) : config.data ? (
        <p className="muted">{copy.createAccount.trialPitch(config.data.trialDays)}</p>
      ) : null}
      <form className="stack" onSubmit={submit} onChange={clearError} noValidate>
        <TextField
          label={copy.createAccount.firstName}
          autoComplete="given-name"
          required
          error={errors.firstName?.message}
          {...form.register("firstName")}
        />
        <TextField
          label={copy.createAccount.email}
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register("email")}
        />
        <TextField
          label={copy.createAccount.password}
          type="password"
          autoComplete="new-password"
          required
          hint={copy.createAccount.passwordHint}
          error={errors.password?.message}
          {...form.register("password")}
        />
        <HoneypotField label={copy.login.honeypot} {...form.register("website")} />
        {error ? <Alert>{error}</Alert> : null}
        <Button type="submit" block busy={pending} disabled={pending}>
          {pending ? copy.createAccount.submitting : (submitLabel ?? copy.createAccount.submit)}
        </Button>
      </form>
      {config.data ? (
        <p className="auth-card__fine">
          {copy.createAccount.termsPrefix} <a href={config.data.termsUrl}>{copy.createAccount.terms}</a>{" "}
          {copy.createAccount.and} <a href={config.data.privacyUrl}>{copy.createAccount.privacy}</a>.
        </p>
      ) : null}
      <div className="auth-card__links">
        <span>
          {copy.createAccount.haveAccount} <Link to="/login">{copy.createAccount.logIn}</Link>
        </span>
      </div>
    </div>
  );
}
