import { copy } from "@doorstep/shared/copy";
import { useParams } from "react-router";
import { Alert } from "../../../components/ui/banner.tsx";
import { ButtonLink } from "../../../components/ui/button.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { hasErrorCode } from "../../../lib/api-client.ts";
import { usePartnerPage } from "../api/get-partner-page.ts";
import "./affiliates.css";

const p = copy.affiliates.partner;

/** AFF-07: the trial start page, tagged so the sign-up is attributed to this affiliate (AFF-17). */
export function partnerSignUpPath(label: string): string {
  const query = new URLSearchParams({
    utm_source: "affiliate-landing-page",
    utm_medium: "affiliate",
    utm_campaign: label,
  });
  return `/try-free?${query.toString()}`;
}

/** /partners/:affiliateTrackingLabel (AFF-05…08): the affiliate's name and logo and the landing content. */
export function PartnerPage() {
  const { affiliateTrackingLabel = "" } = useParams();
  const page = usePartnerPage(affiliateTrackingLabel);
  if (page.isPending) return <LoadingScreen />;
  if (page.isError) {
    // AFF-08, XCUT-36: missing affiliate data.
    return (
      <div className="auth-card partner-page">
        {hasErrorCode(page.error, "NOT_FOUND") ? (
          <h1>{copy.errors.pageNotFound}</h1>
        ) : (
          <Alert>{copy.common.genericError}</Alert>
        )}
      </div>
    );
  }
  const { name, logoUrl, label, landing } = page.data;
  return (
    <article className="auth-card partner-page">
      <div className="partner-page__affiliate">
        {logoUrl ? <img className="partner-page__logo" src={logoUrl} alt={p.logoAlt(name)} /> : null}
        <p className="partner-page__by">{p.recommendedBy(name)}</p>
      </div>
      {landing.imageUrl ? <img className="partner-page__image" src={landing.imageUrl} alt="" /> : null}
      <h1>{landing.title}</h1>
      <p className="partner-page__description">{landing.description}</p>
      <ButtonLink to={partnerSignUpPath(label)} block>
        {p.cta}
      </ButtonLink>
    </article>
  );
}
