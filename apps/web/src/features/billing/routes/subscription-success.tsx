import { copy } from "@doorstep/shared/copy";
import { ButtonLink } from "../../../components/ui/button.tsx";
import "./billing.css";

const b = copy.billing;

/** /subscription-success?s=1 (BILL-41, OPEN-64): a confirmation and the way back to the dashboard. */
export function SubscriptionSuccessPage() {
  return (
    <div className="billing-page billing-success">
      <div className="billing-success__mark" aria-hidden="true">
        ✓
      </div>
      <h1>{b.successTitle}</h1>
      <p>{b.successText}</p>
      <div className="billing-success__actions">
        <ButtonLink to="/">{b.successToDashboard}</ButtonLink>
        <ButtonLink to="/subscription" variant="secondary">
          {b.successToSubscription}
        </ButtonLink>
      </div>
    </div>
  );
}
