import { copy } from "@doorstep/shared/copy";
import { useEffect } from "react";
import { useParams } from "react-router";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button, ButtonLink } from "../../../components/ui/button.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { hasErrorCode } from "../../../lib/api-client.ts";
import { imageAtWidth } from "../../../lib/format.ts";
import { useProperty } from "../../../api/properties/get-property.ts";
import { BackToList } from "../components/back-to-list.tsx";
import { DeleteProperty } from "../components/delete-property.tsx";
import { DuplicateProperty } from "../components/duplicate-property.tsx";
import { LinkBlock } from "../components/link-block.tsx";
import { ContentSectionsList } from "../components/content-sections-list.tsx";
import { StatusBlock } from "../components/status-block.tsx";
import "./property-overview.css";
import "./property-pages.css";
import "../../../components/ui/text-field.css";

/**
 * /property/:propertyId (PROP-15…29): status, Basic Setup, content sections, the link block, duplicate
 * and delete.
 */
export function PropertyOverviewPage() {
  const { propertyId = "" } = useParams();
  const property = useProperty(propertyId);

  useEffect(() => {
    if (property.data) document.title = `${property.data.title} · ${copy.brand}`;
    return () => {
      document.title = copy.brand;
    };
  }, [property.data]);

  if (property.isPending) return <LoadingScreen />;
  if (property.isError) {
    return (
      <div className="narrow-page stack">
        <BackToList />
        {hasErrorCode(property.error, "NOT_FOUND") ? (
          <h1>{copy.properties.notFound}</h1>
        ) : (
          <>
            <Alert>{copy.common.genericError}</Alert>
            <div>
              <Button variant="secondary" onClick={() => void property.refetch()}>
                {copy.common.tryAgain}
              </Button>
            </div>
          </>
        )}
      </div>
    );
  }

  const p = property.data;
  const basicsPath = `/property/${encodeURIComponent(p.propertyId)}/property-details`;
  return (
    <div className="overview">
      <BackToList />
      <div className="overview__hero">
        {p.coverImageUrl ? (
          <img
            className="overview__cover"
            src={imageAtWidth(p.coverImageUrl, 450)}
            alt={copy.properties.coverAlt(p.title)}
          />
        ) : null}
        <div className="overview__titles">
          <h1>{p.title}</h1>
          {p.displayAddress ? <p className="muted">{p.displayAddress}</p> : null}
        </div>
      </div>

      <div className="overview__grid">
        <div className="overview__main">
          <StatusBlock property={p} />

          <section className="overview-block" aria-labelledby="basics-heading">
            <div className="overview-block__head">
              <h2 id="basics-heading">{copy.properties.basicSetup}</h2>
              <span className={`setup-state setup-state--${p.basicSetupComplete ? "done" : "todo"}`}>
                {p.basicSetupComplete ? copy.properties.basicSetupComplete : copy.properties.basicSetupIncomplete}
              </span>
            </div>
            <p className="muted">{copy.properties.basicSetupIntro}</p>
            <div>
              <ButtonLink to={basicsPath} size="sm" variant={p.basicSetupComplete ? "secondary" : "primary"}>
                {copy.properties.openBasicSetup}
              </ButtonLink>
            </div>
          </section>

          <section className="overview-block" aria-labelledby="content-heading">
            <h2 id="content-heading">{copy.properties.contentSections}</h2>
            <p className="muted">{copy.properties.contentSectionsIntro}</p>
            <ContentSectionsList propertyId={p.propertyId} />
          </section>
        </div>

        <div className="overview__side">
          <LinkBlock property={p} />
          <section className="overview-block" aria-labelledby="messaging-heading">
            <h2 id="messaging-heading">{copy.messaging.title}</h2>
            <p className="muted">{p.inboundMessagingActive ? copy.messaging.overviewOn : copy.messaging.overviewOff}</p>
            <div>
              <ButtonLink to={`/property/${encodeURIComponent(p.propertyId)}/messaging`} size="sm" variant="secondary">
                {copy.messaging.openSettings}
              </ButtonLink>
            </div>
          </section>
          <section className="overview-block" aria-labelledby="stays-heading">
            <h2 id="stays-heading">{copy.stays.title}</h2>
            <p className="muted">{copy.stays.overviewIntro}</p>
            <div>
              <ButtonLink to={`/property/${encodeURIComponent(p.propertyId)}/stays`} size="sm" variant="secondary">
                {copy.stays.openStays}
              </ButtonLink>
            </div>
          </section>
          <DuplicateProperty propertyId={p.propertyId} />
        </div>
      </div>

      <DeleteProperty propertyId={p.propertyId} />
    </div>
  );
}
