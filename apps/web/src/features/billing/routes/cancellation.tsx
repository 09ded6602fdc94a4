import { copy } from "@doorstep/shared/copy";
import { BackLink } from "../../../components/ui/back-link.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { useMe } from "../../../lib/session.ts";
import { CancellationForm } from "../components/cancellation-form.tsx";
import "./billing.css";

const c = copy.billing.cancellation;

/** /cancellation (BILL-43…48): the 48 hours' notice and the pause-or-cancel form; back to /subscription. */
export function CancellationPage() {
  const me = useMe();
  if (!me.data) return <LoadingScreen />;
  const { user } = me.data;
  return (
    <div className="billing-page billing-page--narrow">
      <BackLink to="/subscription">{c.backToSubscription}</BackLink>
      <div className="page-header">
        <h1>{c.title}</h1>
      </div>
      <p>{c.notice}</p>
      <Card>
        <CancellationForm
          initial={{
            name: [user.firstName, user.lastName].filter(Boolean).join(" "),
            email: user.email,
            tel: user.tel ?? "",
          }}
        />
      </Card>
    </div>
  );
}
