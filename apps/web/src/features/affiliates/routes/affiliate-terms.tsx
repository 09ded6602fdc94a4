import { copy } from "@doorstep/shared/copy";
import { Card } from "../../../components/ui/card.tsx";
import "./affiliates.css";

const terms = copy.affiliates.terms;

/** /affiliate-terms (AFF-13, OPEN-71). */
export function AffiliateTermsPage() {
  return (
    <div className="affiliate-page">
      <div className="page-header">
        <h1>{terms.title}</h1>
      </div>
      <Card>
        <ul className="affiliate__terms">
          {terms.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="muted">{terms.payout}</p>
      </Card>
    </div>
  );
}
