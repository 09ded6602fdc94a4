import { useMe } from "../../lib/session.ts";
import { can } from "../../lib/permissions.ts";
import { shellCopy } from "@doorstep/shared/copy/shell";
import type { PreviewLinkResponse } from "@doorstep/shared/schemas/guide";
import type { MouseEvent } from "react";
import { useMatch } from "react-router";
import { Link } from "../../components/ui/link.tsx";
import { apiRequestTrusted } from "../../lib/api-client.ts";
import { useProperty } from "../../api/properties/get-property.ts";

/**
 * GUIDE-06 / OPEN-57: the preview opens through a short-lived signed link that shows the owner the guide
 * even when inactive or passcode-protected. The tab opens at once (popup blockers allow it only inside the
 * click), then goes to the link; the plain guide address stays as the href for middle-click and no-JS.
 */
function openGuidePreview(event: MouseEvent<HTMLAnchorElement>, propertyId: string) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  const fallback = event.currentTarget.href;
  const tab = window.open("", "_blank");
  if (tab) tab.opener = null;
  apiRequestTrusted<PreviewLinkResponse>(`/api/properties/${encodeURIComponent(propertyId)}/preview-link`, {
    method: "POST",
    body: {},
  })
    .then((link) => (tab ? tab.location.replace(link.url) : window.open(link.url, "_blank", "noopener")))
    .catch(() => (tab ? tab.location.replace(fallback) : window.open(fallback, "_blank", "noopener")));
}

/** The header's page action (HOME-18…20): "Preview guide" with a property selected, "Create property" on the list. */
export function HeaderAction({ pathname }: { pathname: string }) {
  const match = useMatch("/property/:propertyId/*");
  const propertyId = match?.params.propertyId;
  const property = useProperty(propertyId);
  const me = useMe();
  if (propertyId) {
    return (
      <a
        className="header__action"
        href={property.data?.guideUrl ?? `/g/${encodeURIComponent(propertyId)}`}
        target="_blank"
        rel="noopener noreferrer"
        onClick={(event) => openGuidePreview(event, propertyId)}
      >
        <span className="label-long">{shellCopy.header.previewGuide}</span>
        <span className="label-short">{shellCopy.header.preview}</span>
      </a>
    );
  }
  // Creating a property is for owners and admins (decision 056).
  if (pathname === "/properties" && (!me.data || can(me.data.user, "properties:manage"))) {
    return (
      <Link className="header__action" to="/create-property">
        <span className="label-long">{shellCopy.header.createProperty}</span>
        <span className="label-short">{shellCopy.header.create}</span>
      </Link>
    );
  }
  return null;
}
