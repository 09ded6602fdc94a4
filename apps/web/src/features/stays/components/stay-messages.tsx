import { copy } from "@doorstep/shared/copy";
import type { ScheduledMessageDto } from "@doorstep/shared/schemas/scheduled-messages";
import { useRetryStayMessage, useStayMessages } from "../../../api/scheduled-messages/stay-messages.ts";
import { Banner } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Link } from "../../../components/ui/link.tsx";
import { formatInstant } from "../lib/format-stay.ts";

const c = copy.scheduledMessages;

function detail(m: ScheduledMessageDto): string {
  if (m.status === "sent") {
    const sent = c.sentAt(formatInstant(m.sentAt ?? m.dueAt));
    return m.delivery ? `${sent} · ${c.delivery(c.deliveries[m.delivery] ?? m.delivery)}` : sent;
  }
  if (m.status === "skipped") return c.skipReasons[m.reason as keyof typeof c.skipReasons] ?? m.reason ?? "";
  if (m.status === "failed") return c.failedBecause(m.reason ?? "");
  return c.scheduledFor(formatInstant(m.dueAt));
}

/**
 * The stay's scheduled messages (decision 050): each scheduled (with its time), sent (with the time and the
 * provider's answer), skipped (with the reason) or failed (with "Retry").
 */
export function StayMessages({ stayId, onDone }: { stayId: string; onDone: (message: string) => void }) {
  const timeline = useStayMessages(stayId);
  const retry = useRetryStayMessage(stayId);
  if (!timeline.data) return null;
  const { items, noContact, unsubscribed } = timeline.data;
  return (
    <section className="stay-block" aria-labelledby="stay-messages">
      <h2 id="stay-messages">{c.timelineTitle}</h2>
      {noContact ? (
        <Banner tone="warning" label={c.noContact}>
          {c.noContact}
        </Banner>
      ) : null}
      {unsubscribed ? <p className="muted">{c.unsubscribed}</p> : null}
      {items.length === 0 ? (
        <p className="muted">{c.timelineEmpty}</p>
      ) : (
        <ol className="stay-messages">
          {items.map((m) => (
            <li key={m.id} className={`stay-messages__item stay-messages__item--${m.status}`}>
              <span className="stay-messages__name">{m.ruleName}</span>
              <span className="stay-messages__status">{c.statuses[m.status]}</span>
              <span className="stay-messages__detail muted">{detail(m)}</span>
              {m.status === "failed" ? (
                <Button
                  size="sm"
                  variant="secondary"
                  busy={retry.isPending && retry.variables === m.id}
                  onClick={() => void retry.mutateAsync(m.id).then(() => onDone(c.retried))}
                  aria-label={`${c.retry}: ${m.ruleName}`}
                >
                  {c.retry}
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <p>
        <Link to="/scheduled-messages">{c.manage}</Link>
      </p>
    </section>
  );
}
