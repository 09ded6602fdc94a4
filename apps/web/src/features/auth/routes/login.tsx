import { copy } from "@doorstep/shared/copy";
import { isBlockedEmailDomain } from "@doorstep/shared/rules/email";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { HoneypotField, TextField } from "../../../components/ui/text-field.tsx";
import { useLogin } from "../api/login.ts";
import { messageFor } from "../components/error-copy.ts";

/** /login (AUTH-01…06). */
export function LoginPage() {
  const login = useLogin();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [website, setWebsite] = useState("");
  const [clientError, setClientError] = useState<string | null>(null);
  const [showRequired, setShowRequired] = useState(false);

  // AUTH-06: any change to an input clears the shown error.
  const clearError = () => {
    setClientError(null);
    if (login.isError) login.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending) return;
    // AUTH-04: only with an empty honeypot and both fields filled in.
    if (website !== "") return;
    if (email.trim() === "" || password === "") {
      setShowRequired(true);
      return;
    }
    // AUTH-05: blocked domains are refused here, without a request.
    if (isBlockedEmailDomain(email)) {
      setClientError(copy.errors.invalidEmail);
      return;
    }
    login.mutate({ email: email.trim(), password, website });
  };

  const serverError = login.isError
    ? messageFor(login.error, {
        USER_NOT_FOUND: copy.errors.userNotFound,
        WRONG_PASSWORD: copy.errors.wrongPassword,
        INVALID_EMAIL: copy.errors.invalidEmail,
      })
    : null;
  const error = clientError ?? serverError;

  return (
    <div className="auth-card">
      <h1>{copy.login.title}</h1>
      <form className="stack" onSubmit={submit} onChange={clearError} noValidate>
        <TextField
          label={copy.login.email}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={showRequired && email.trim() === "" ? copy.common.required : undefined}
          required
        />
        <TextField
          label={copy.login.password}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={showRequired && password === "" ? copy.common.required : undefined}
          required
        />
        <HoneypotField
          label={copy.login.honeypot}
          name="website"
          value={website}
          onChange={(event) => setWebsite(event.target.value)}
        />
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
