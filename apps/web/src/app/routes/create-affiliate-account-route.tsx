import { copy } from "@doorstep/shared/copy";
import { CreateAccountFormCard } from "../../features/auth/components/create-account-form.tsx";

/**
 * /create-affiliate-account (AFF-02…04): the sign-up form and service with the affiliate's title; on success
 * the guard moves on to / (OPEN-27), the affiliate dashboard.
 */
export function CreateAffiliateAccountRoute() {
  const c = copy.affiliates.createAccount;
  return <CreateAccountFormCard title={c.title} kind="affiliate" pitch={c.pitch} submitLabel={c.submit} />;
}
