import { copy } from "@doorstep/shared/copy";
import { JoinRequest } from "@doorstep/shared/schemas/team";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ApiError, hasErrorCode } from "../../../lib/api-client.ts";
import { schemaResolver } from "../../../lib/schema-form.ts";
import { useJoin, useJoinCheck } from "../api/join.ts";

const j = copy.join;
const JoinForm = JoinRequest.pick({ firstName: true, lastName: true, password: true });

/** /join?token=… (decision 057): first name, last name and a password, then the dashboard's home. */
export function JoinPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const navigate = useNavigate();
  const check = useJoinCheck(token);
  const join = useJoin();
  const form = useForm({
    resolver: schemaResolver(JoinForm),
    defaultValues: { firstName: "", lastName: "", password: "" },
    shouldFocusError: false,
  });
  const submit = form.handleSubmit((values) => {
    if (join.isPending) return;
    join.mutate({ ...values, token }, { onSuccess: () => navigate("/", { replace: true }) });
  });
  if (token !== "" && check.isPending) return <LoadingScreen />;
  const invalid = token === "" || hasErrorCode(check.error, "VALIDATION_FAILED") || check.isError;
  return (
    <div className="auth-card">
      <h1>{j.title}</h1>
      {invalid ? (
        <Alert>{j.invalid}</Alert>
      ) : (
        <form className="stack" onSubmit={submit} noValidate>
          <p>{j.intro(check.data!.inviterName)}</p>
          <p className="muted">{check.data!.email}</p>
          <TextField
            label={j.firstNameLabel}
            autoComplete="given-name"
            required
            error={form.formState.errors.firstName?.message}
            {...form.register("firstName")}
          />
          <TextField
            label={j.lastNameLabel}
            autoComplete="family-name"
            required
            error={form.formState.errors.lastName?.message}
            {...form.register("lastName")}
          />
          <TextField
            label={j.passwordLabel}
            type="password"
            autoComplete="new-password"
            required
            hint={copy.createAccount.passwordHint}
            error={form.formState.errors.password?.message}
            {...form.register("password")}
          />
          {join.isError ? (
            <Alert>{join.error instanceof ApiError ? join.error.message : copy.common.genericError}</Alert>
          ) : null}
          <Button type="submit" block busy={join.isPending}>
            {join.isPending ? j.joining : j.submit}
          </Button>
        </form>
      )}
    </div>
  );
}
