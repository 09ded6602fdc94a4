import { copy } from "@doorstep/shared/copy";
import type { ReactNode } from "react";
import { useNavigate, useParams } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { formatLongDate } from "../../../lib/format.ts";
import { useMe } from "../../../lib/session.ts";
import "./property-pages.css";
import "./setup.css";

/**
 * /property/:propertyId/setup-payment (PROP-35, PROP-39, OPEN-04, OPEN-05): the plan and the user's real trial
 * end; the card form comes from the billing feature, composed in app/ (PROP-36/37); the host may also
 * continue without a card.
 */
export function SetupPaymentPage({ cardForm }: { cardForm?: ReactNode }) {
  const { propertyId = "" } = useParams();
  const navigate = useNavigate();
  const me = useMe();
  if (!me.data) return <LoadingScreen />;
  const trialEndsAt = me.data.user.account.trialEndsAt;
  return (
    <div className="narrow-page">
      <p className="setup-step">{copy.setup.step(3, 4)}</p>
      <div className="page-header">
        <h1>{copy.setup.paymentTitle}</h1>
      </div>
      <Card>
        <div className="stack">
          <h2 className="setup-plan__title">{copy.setup.planTitle}</h2>
          <p>{trialEndsAt ? copy.setup.trialEnds(formatLongDate(trialEndsAt)) : copy.setup.trialNoDate}</p>
          {cardForm}
          <div>
            <Button
              variant={cardForm ? "secondary" : "primary"}
              onClick={() => navigate(`/property/${encodeURIComponent(propertyId)}/setup-complete`)}
            >
              {copy.setup.continueWithoutCard}
            </Button>
          </div>
        </div>
      </Card>
    </div>
  );
}
