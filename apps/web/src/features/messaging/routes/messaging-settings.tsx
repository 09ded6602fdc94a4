import { copy } from "@doorstep/shared/copy";
import { PropertyResponse } from "@doorstep/shared/schemas/property";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useParams } from "react-router";
import { propertyKeys } from "../../../api/properties/keys.ts";
import { BackLink } from "../../../components/ui/back-link.tsx";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { apiRequest, hasErrorCode } from "../../../lib/api-client.ts";
import { useMessagingProperties } from "../api/messaging.ts";
import { ConversationList } from "../components/conversation-list.tsx";
import { MessagingToggle } from "../components/messaging-toggle.tsx";
import "./messaging.css";

const m = copy.messaging;

function SettingsRow({ propertyId, title, checked }: { propertyId: string; title: string; checked: boolean }) {
  const headingId = useId();
  return (
    <li className="messaging-settings__row" aria-labelledby={headingId}>
      <h2 id={headingId} className="messaging-settings__title">
        {title}
      </h2>
      <MessagingToggle propertyId={propertyId} checked={checked} />
    </li>
  );
}

/** /messaging-settings (MSG-02): "Messaging Settings", every property with its tick box. */
export function MessagingSettingsPage() {
  const list = useMessagingProperties();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="messaging-page">
      <BackLink to="/messaging">{m.allMessages}</BackLink>
      <h1>{m.settingsTitle}</h1>
      <p className="muted">{m.settingsIntro}</p>
      {list.isPending ? (
        <LoadingScreen />
      ) : list.isError && !list.data ? (
        <Alert>{copy.common.genericError}</Alert>
      ) : items.length === 0 ? (
        <EmptyState>{copy.properties.empty}</EmptyState>
      ) : (
        <ul className="messaging-settings">
          {items.map((p) => (
            <SettingsRow key={p.propertyId} propertyId={p.propertyId} title={p.title} checked={p.messagingActive} />
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <div>
          <Button variant="secondary" onClick={() => void list.fetchNextPage()} busy={list.isFetchingNextPage}>
            {copy.properties.loadMore}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** /property/:propertyId/messaging (MSG-17): the property's tick box and its conversations. */
export function PropertyMessagingPage() {
  const { propertyId = "" } = useParams();
  const property = useQuery({
    queryKey: propertyKeys.detail(propertyId),
    queryFn: async ({ signal }) =>
      (await apiRequest(`/api/properties/${encodeURIComponent(propertyId)}`, { schema: PropertyResponse, signal }))
        .property,
  });
  return (
    <div className="messaging-page">
      <BackLink to={`/property/${encodeURIComponent(propertyId)}`}>{copy.basicSetup.backToProperty}</BackLink>
      {property.isPending ? (
        <LoadingScreen />
      ) : property.isError ? (
        hasErrorCode(property.error, "NOT_FOUND") ? (
          <h1>{copy.properties.notFound}</h1>
        ) : (
          <Alert>{copy.common.genericError}</Alert>
        )
      ) : (
        <>
          <div>
            <h1>{m.title}</h1>
            <p className="muted">{property.data.title}</p>
          </div>
          <Card>
            <MessagingToggle propertyId={propertyId} checked={property.data.inboundMessagingActive} />
          </Card>
          <h2>{m.propertyConversations}</h2>
          <ConversationList propertyId={propertyId} />
        </>
      )}
    </div>
  );
}
