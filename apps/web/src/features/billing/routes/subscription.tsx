import { copy } from "@doorstep/shared/copy";
import { Alert } from "../../../components/ui/banner.tsx";
import { Link } from "../../../components/ui/link.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { hasErrorCode } from "../../../lib/api-client.ts";
import { useSubscription } from "../api/get-subscription.ts";
import { InvoicesTable } from "../components/invoices-table.tsx";
import { NewSubscriptionForm } from "../components/new-subscription-form.tsx";
import { PaymentDetails } from "../components/payment-details.tsx";
import { SubscriptionDetails } from "../components/subscription-details.tsx";
import "./billing.css";

const b = copy.billing;

/**
 * /subscription (BILL-01…41): "Set up your subscription" with the plan and card form, or "Subscription and
 * Payment" with the details, the card on file and the invoices. The header's back link goes to /.
 */
export function SubscriptionPage() {
  const subscription = useSubscription();
  if (subscription.isPending) return <LoadingScreen />;
  if (subscription.isError) {
    return (
      <div className="billing-page">
        <div className="page-header">
          <h1>{b.titleWithSubscription}</h1>
        </div>
        <Alert>{hasErrorCode(subscription.error, "FORBIDDEN") ? b.masterOnly : copy.common.genericError}</Alert>
      </div>
    );
  }
  const state = subscription.data;
  return (
    <div className="billing-page">
      <div className="page-header">
        <h1>{state.hasSubscription ? b.titleWithSubscription : b.titleNoSubscription}</h1>
      </div>
      <p>
        <Link to="/support">{copy.support.contact}</Link>
      </p>
      {state.hasSubscription ? (
        <div className="stack">
          <SubscriptionDetails subscription={state} />
          <PaymentDetails subscription={state} />
          <InvoicesTable />
        </div>
      ) : (
        <NewSubscriptionForm />
      )}
    </div>
  );
}
