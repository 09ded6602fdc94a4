import { copy } from "@doorstep/shared/copy";
import type { StayFeedDto } from "@doorstep/shared/schemas/stay-feeds";
import { useState } from "react";
import { LoadError } from "../../../components/load-error.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { StayFeedDialog } from "./stay-feed-dialog.tsx";
import { StayFeedRow } from "./stay-feed-row.tsx";
import { useStayFeeds } from "./stay-feeds-api.ts";
import { useConfig } from "../../../lib/config.ts";
import "./stay-feeds.css";

const c = copy.stayFeeds;

/** "Calendar feeds" on a property's stays page: its feeds with their last sync, and "Add calendar feed". */
export function StayFeeds({ propertyId }: { propertyId: string }) {
  const feeds = useStayFeeds(propertyId);
  const config = useConfig();
  const [editing, setEditing] = useState<StayFeedDto | "new" | null>(null);

  return (
    <section className="stay-feeds" id="calendar-feeds" aria-labelledby="stay-feeds-heading">
      <div className="stay-feeds__head">
        <h2 id="stay-feeds-heading">{c.heading}</h2>
        <Button variant="secondary" onClick={() => setEditing("new")}>
          {c.add}
        </Button>
      </div>
      {config.data ? <p className="muted stay-feeds__intro">{c.intro(config.data.stayFeedPollMinutes)}</p> : null}
      {feeds.isError ? <LoadError onRetry={() => void feeds.refetch()} /> : null}
      {feeds.data && feeds.data.length === 0 ? <p className="muted">{c.empty}</p> : null}
      {feeds.data && feeds.data.length > 0 ? (
        <ul className="stay-feeds__list">
          {feeds.data.map((feed) => (
            <StayFeedRow key={feed.id} feed={feed} onEdit={() => setEditing(feed)} />
          ))}
        </ul>
      ) : null}
      <StayFeedDialog
        open={editing !== null}
        propertyId={propertyId}
        feed={editing === "new" || editing === null ? undefined : editing}
        onClose={() => setEditing(null)}
        onSaved={() => setEditing(null)}
      />
    </section>
  );
}
