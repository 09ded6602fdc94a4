import { copy } from "@doorstep/shared/copy";
import { Alert } from "../../../components/ui/banner.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { useAffiliateAssets } from "../api/get-affiliate-assets.ts";
import "./affiliates.css";

const a = copy.affiliates.assets;

/** /affiliate-assets (AFF-15): logo download, short and long descriptions, testimonials (system content). */
export function AffiliateAssetsPage() {
  const assets = useAffiliateAssets();
  return (
    <div className="affiliate-page">
      <div className="page-header">
        <h1>{a.title}</h1>
      </div>
      {assets.isPending ? (
        <LoadingScreen />
      ) : assets.isError ? (
        <Alert>{copy.common.genericError}</Alert>
      ) : (
        <div className="stack">
          <Card>
            <h2 className="affiliate__title">{a.logo}</h2>
            <img className="affiliate-assets__logo" src={assets.data.logoUrl} alt={a.logoAlt} />
            <p>
              <a className="btn btn--secondary btn--sm" href={assets.data.logoUrl} download="doorstep-logo">
                {a.downloadLogo}
              </a>
            </p>
          </Card>
          <Card>
            <h2 className="affiliate__title">{a.shortDescription}</h2>
            <p className="affiliate-assets__text">{assets.data.shortDescription}</p>
          </Card>
          <Card>
            <h2 className="affiliate__title">{a.longDescription}</h2>
            <p className="affiliate-assets__text">{assets.data.longDescription}</p>
          </Card>
          {assets.data.testimonials.length > 0 ? (
            <Card>
              <h2 className="affiliate__title">{a.testimonials}</h2>
              {assets.data.testimonials.map((t) => (
                <blockquote className="affiliate-assets__quote" key={t}>
                  {t}
                </blockquote>
              ))}
            </Card>
          ) : null}
        </div>
      )}
    </div>
  );
}
