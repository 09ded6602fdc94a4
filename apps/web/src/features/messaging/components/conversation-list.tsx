import { copy } from "@doorstep/shared/copy";
import { Link } from "../../../components/ui/link.tsx";
import { LoadError } from "../../../components/load-error.tsx";
import { LoadMore } from "../../../components/load-more.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { useConversations } from "../api/messaging.ts";
import { formatMessageTime } from "./message-time.ts";
import { formatStayDays } from "./stay-days.ts";

const m = copy.messaging;

/** The conversations, latest first (MSG-01, MSG-03): guest, property, last message, time, unread. */
export function ConversationList({ propertyId = null }: { propertyId?: string | null }) {
  const list = useConversations(propertyId);
  if (list.isPending) return <LoadingScreen label={m.loading} />;
  if (list.isError && !list.data) {
    return <LoadError onRetry={() => void list.refetch()} />;
  }
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyState>{m.empty}</EmptyState>;
  return (
    <>
      <ul className="conversation-list" aria-label={m.conversationList}>
        {items.map((c) => (
          <li key={c.id}>
            <Link
              to={`/messaging/${c.id}`}
              className={`conversation-row${c.unreadCount > 0 ? " conversation-row--unread" : ""}`}
            >
              <span className="conversation-row__top">
                <span className="conversation-row__name">{c.guestName}</span>
                <time className="conversation-row__time" dateTime={c.latestMessageAt}>
                  {formatMessageTime(c.latestMessageAt)}
                </time>
              </span>
              <span className="conversation-row__property">{c.propertyTitle}</span>
              {c.stay ? (
                <span className="conversation-row__stay">
                  {m.stayLabel(c.stay.guestName, formatStayDays(c.stay.checkInDate, c.stay.checkOutDate))}
                </span>
              ) : null}
              <span className="conversation-row__preview">{c.lastMessage}</span>
              {c.unreadCount > 0 ? <span className="conversation-row__badge">{m.unread(c.unreadCount)}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
      <LoadMore list={list} label={m.loadMore} />
    </>
  );
}
