import { copy } from "@doorstep/shared/copy";
import { CreateAccountFormCard } from "../components/create-account-form.tsx";

/** /create-account (AUTH-23…33): on success the guard moves on to /welcome. */
export function CreateAccountPage() {
  return <CreateAccountFormCard title={copy.createAccount.title} />;
}

/** /try-free (OPEN-09): the same form; on success the guard moves on to /setup-place. */
export function TryFreePage() {
  return <CreateAccountFormCard title={copy.createAccount.title} />;
}
