import { copy } from "@doorstep/shared/copy";
import { useId } from "react";
import { useParams } from "react-router";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button, ButtonLink } from "../../../components/ui/button.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { imageAtWidth } from "../../../lib/format.ts";
import { useProperty } from "../../../api/properties/get-property.ts";
import { useUpdateProperty } from "../api/update-property.ts";
import { inactiveMessage } from "../components/inactive-message.ts";
import { PropertyLoadError } from "../components/property-load-error.tsx";
import { CopyLinkButton } from "../components/link-block.tsx";
import "../../../components/ui/text-field.css";
import "./property-pages.css";
import "./setup.css";

/**
 * /property/:propertyId/setup-complete (PROP-38): "{title} is live!", cover, the guide, a shareable link, the
 * dashboard. "is live!" is said only when it is true; otherwise the page says what stops it (PROP-17…20).
 */
export function SetupCompletePage() {
  const { propertyId = "" } = useParams();
  const linkId = useId();
  const property = useProperty(propertyId);
  const update = useUpdateProperty();
  if (property.isPending) return <LoadingScreen />;
  if (property.isError) {
    return (
      <div className="narrow-page">
        <PropertyLoadError error={property.error} onRetry={() => void property.refetch()} />
      </div>
    );
  }
  const p = property.data;
  return (
    <div className="narrow-page setup-complete">
      <p className="setup-step">{copy.setup.step(4, 4)}</p>
      {p.coverImageUrl ? (
        <img
          className="setup-complete__cover"
          src={imageAtWidth(p.coverImageUrl, 900)}
          alt={copy.properties.coverAlt(p.title)}
        />
      ) : null}
      <h1>{p.live ? copy.setup.liveTitle(p.title) : p.title}</h1>
      {p.live ? (
        <p className="muted">{copy.setup.completeIntro}</p>
      ) : (
        <>
          <Alert>{inactiveMessage(p.inactiveReason)}</Alert>
          {/* A draft that reached here another way is published from here too (decision 020). */}
          {p.inactiveReason === "hidden" ? (
            <div>
              <Button
                onClick={() => update.mutate({ propertyId: p.propertyId, body: { published: true } })}
                disabled={update.isPending}
                busy={update.isPending}
              >
                {update.isPending ? copy.properties.publishing : copy.properties.publish}
              </Button>
            </div>
          ) : null}
          {update.isError ? <Alert>{copy.common.genericError}</Alert> : null}
        </>
      )}
      <p>
        <a href={p.guideUrl} target="_blank" rel="noopener noreferrer" className="setup-complete__guide">
          {copy.setup.viewGuidebook} <span aria-hidden="true">↗</span>
        </a>
      </p>
      <div className="field setup-complete__share">
        <label className="field__label" htmlFor={linkId}>
          {copy.setup.shareableLink}
        </label>
        <div className="setup-complete__share-row">
          <input
            id={linkId}
            className="field__input"
            readOnly
            value={p.guideUrl}
            onFocus={(event) => event.target.select()}
          />
          <CopyLinkButton url={p.guideUrl} label={copy.setup.copyLink} confirmation={copy.setup.linkCopied} />
        </div>
      </div>
      <div>
        <ButtonLink to="/">{copy.setup.goToDashboard}</ButtonLink>
      </div>
    </div>
  );
}
