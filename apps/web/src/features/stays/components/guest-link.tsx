import { copy } from "@doorstep/shared/copy";
import type { StayDto } from "@doorstep/shared/schemas/stays";
import { useId, useState } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { hasErrorCode } from "../../../lib/api-client.ts";
import { useCopyText } from "../../../lib/use-copy-text.ts";
import { stayLinkQrUrl, useNewStayLink, useReleaseStay, useSendStayLink, useStayLink } from "../api/stay-link.ts";
import { formatInstant } from "../lib/format-stay.ts";

const c = copy.stayLink;

/**
 * The stay's "Guest link" block (decision 042): the link, "Copy link", "Download QR code", "Send to guest",
 * "New link" (asked first), "Show details now", and whether the guest has opened it.
 */
export function GuestLink({ stay, onDone }: { stay: StayDto; onDone: (message: string) => void }) {
  const link = useStayLink(stay.id);
  const renew = useNewStayLink(stay.id);
  const release = useReleaseStay(stay.id);
  const send = useSendStayLink(stay.id);
  const { copied, failed: copyFailed, copy: copyLink } = useCopyText();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  if (stay.status === "cancelled") return null;
  if (!link.data) return null;
  const l = link.data;

  const run = async (action: () => Promise<unknown>, done: string) => {
    setError(null);
    try {
      await action();
      onDone(done);
    } catch (caught) {
      setError(hasErrorCode(caught, "CONFLICT") ? c.noEmail : copy.common.genericError);
    }
  };
  const revealed = new Date(l.revealAt) <= new Date();

  return (
    <section className="stay-block guest-link" aria-labelledby={headingId}>
      <h2 id={headingId}>{c.title}</h2>
      <p className="muted">{c.intro}</p>
      <div className="guest-link__row">
        <code className="guest-link__url" aria-label={c.linkLabel}>
          {l.url}
        </code>
      </div>
      <div className="guest-link__actions">
        <Button variant="secondary" size="sm" onClick={() => copyLink(l.url)}>
          {c.copy}
        </Button>
        <a className="btn btn--secondary btn--sm" href={stayLinkQrUrl(stay.id)} download>
          {c.downloadQr}
        </a>
        <Button
          variant="secondary"
          size="sm"
          disabled={!stay.guestEmail || send.isPending}
          busy={send.isPending}
          title={stay.guestEmail ? undefined : c.noEmail}
          onClick={() => void run(() => send.mutateAsync(), c.sent(stay.guestEmail ?? ""))}
        >
          {c.send}
        </Button>
        {revealed ? null : (
          <Button
            variant="secondary"
            size="sm"
            disabled={release.isPending}
            busy={release.isPending}
            onClick={() => void run(() => release.mutateAsync(), c.shownNow)}
          >
            {c.showNow}
          </Button>
        )}
        <Button variant="secondary" size="sm" onClick={() => setAsking(true)}>
          {c.newLink}
        </Button>
        <span className="guest-link__status" role="status">
          {copied ? c.copied : ""}
        </span>
      </div>
      <p className="guest-link__opened">
        {l.lastOpenedAt ? c.opened(formatInstant(l.lastOpenedAt), l.openedCount) : c.notOpened}
        {l.releasedAt ? <span className="muted"> · {c.released}</span> : null}
      </p>
      {copyFailed || error ? <Alert>{error ?? copy.common.genericError}</Alert> : null}
      <Dialog
        open={asking}
        title={c.newLink}
        onClose={() => setAsking(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setAsking(false)} disabled={renew.isPending}>
              {c.keepLink}
            </Button>
            <Button
              variant="danger"
              disabled={renew.isPending}
              busy={renew.isPending}
              onClick={() =>
                void run(async () => {
                  await renew.mutateAsync();
                  setAsking(false);
                }, c.newLinkDone)
              }
            >
              {c.newLinkConfirmButton}
            </Button>
          </>
        }
      >
        <p>{c.newLinkConfirm}</p>
      </Dialog>
    </section>
  );
}
