import { useParams } from "react-router";
import { SetupPaymentCard } from "../../features/billing/components/setup-payment-card.tsx";
import { SetupPaymentPage } from "../../features/properties/routes/setup-payment.tsx";

/** The setup flow's payment step: the properties page with the billing feature's card form (features do not import each other). */
export function SetupPaymentRoute() {
  const { propertyId = "" } = useParams();
  return (
    <SetupPaymentPage
      cardForm={<SetupPaymentCard successPath={`/property/${encodeURIComponent(propertyId)}/setup-complete`} />}
    />
  );
}
