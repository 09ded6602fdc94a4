import { copy } from "@doorstep/shared/copy";
import type { StayFeedDto } from "@doorstep/shared/schemas/stay-feeds";
import { useState } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { countsLine, errorLine, syncedLine, triedLine } from "./feed-status.ts";
import { useRemoveStayFeed, useSyncStayFeed } from "./stay-feeds-api.ts";

const c = copy.stayFeeds;

/** One feed: its channel and shortened link, its last sync in plain words, "Sync now", "Edit" and "Remove". */
export function StayFeedRow({ feed, onEdit }: { feed: StayFeedDto; onEdit: () => void }) {
  const sync = useSyncStayFeed();
  const remove = useRemoveStayFeed();
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState(false);
  const error = errorLine(feed);
  const counts = countsLine(feed);

  const run = async (action: () => Promise<unknown>) => {
    setFailed(false);
    try {
      await action();
    } catch {
      setFailed(true);
    }
  };

  return (
    <li className="stay-feed">
      <div className="stay-feed__main">
        <p className="stay-feed__channel">{feed.channel}</p>
        <p className="stay-feed__link muted">{feed.urlHint}</p>
        <p className="stay-feed__status" aria-live="polite">
          {sync.isPending ? c.syncing : syncedLine(feed)}
        </p>
        {counts && !sync.isPending ? <p className="stay-feed__counts muted">{counts}</p> : null}
        {error && !sync.isPending ? (
          <p className="stay-feed__error">
            {error} <span className="muted">{triedLine(feed)}</span>
          </p>
        ) : null}
        {failed ? <Alert>{copy.common.genericError}</Alert> : null}
      </div>
      <div className="stay-feed__actions">
        <Button
          variant="secondary"
          size="sm"
          busy={sync.isPending}
          disabled={sync.isPending}
          onClick={() => void run(() => sync.mutateAsync(feed.id))}
        >
          {sync.isPending ? c.syncing : c.syncNow}
        </Button>
        <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`${c.edit} ${feed.channel}`}>
          {c.edit}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setConfirming(true)}
          aria-label={`${c.remove} ${feed.channel}`}
        >
          {c.remove}
        </Button>
      </div>
      <Dialog
        open={confirming}
        title={c.removeTitle(feed.channel)}
        onClose={() => setConfirming(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={remove.isPending}>
              {c.cancel}
            </Button>
            <Button
              variant="danger"
              busy={remove.isPending}
              disabled={remove.isPending}
              onClick={() => void run(() => remove.mutateAsync(feed.id)).then(() => setConfirming(false))}
            >
              {c.removeConfirm}
            </Button>
          </>
        }
      >
        <p>{c.removeBody}</p>
      </Dialog>
    </li>
  );
}
