import { copy } from "@doorstep/shared/copy";
import { PayPalEmail, UpdateAffiliatePaymentDetailsRequest } from "@doorstep/shared/schemas/affiliates";
import { Alert } from "../../../components/ui/banner.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { TextItem } from "../../../components/ui/text-item.tsx";
import { useMe } from "../../../lib/session.ts";
import { useAffiliate } from "../api/get-affiliate.ts";
import { useUpdatePaymentDetails } from "../api/update-payment-details.ts";
import { CurrencyItem } from "../components/currency-item.tsx";
import "./affiliates.css";

const p = copy.affiliates.payment;

/** /affiliate-payment-details (AFF-11, AFF-14): payment currency and PayPal email, for master affiliates. */
export function AffiliatePaymentDetailsPage() {
  const me = useMe();
  const affiliate = useAffiliate();
  const update = useUpdatePaymentDetails();
  const save = (body: UpdateAffiliatePaymentDetailsRequest) =>
    update.mutateAsync(UpdateAffiliatePaymentDetailsRequest.parse(body));
  return (
    <div className="affiliate-page">
      <div className="page-header">
        <h1>{p.title}</h1>
      </div>
      {!me.data || affiliate.isPending ? (
        <LoadingScreen />
      ) : !me.data.user.isMaster ? (
        <Alert>{p.masterOnly}</Alert>
      ) : affiliate.isError ? (
        <Alert>{copy.common.genericError}</Alert>
      ) : (
        <Card>
          <CurrencyItem
            value={affiliate.data.commissionCurrency}
            save={(commissionCurrency) => save({ commissionCurrency })}
          />
          <TextItem
            title={p.payPalEmail}
            value={affiliate.data.payPalEmail}
            empty={p.notSet}
            type="email"
            autoComplete="email"
            schema={PayPalEmail}
            save={(payPalEmail) => save({ payPalEmail })}
          />
        </Card>
      )}
    </div>
  );
}
