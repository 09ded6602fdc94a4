import { copy } from "@doorstep/shared/copy";
import { Link } from "../../../components/ui/link.tsx";
import { useStayConversations } from "../../../api/messaging/stay-conversations.ts";

const m = copy.messaging;

/** The stay's conversation (decision 050): what the guest wrote from their link and the messages sent them. */
export function StayConversation({ stayId }: { stayId: string }) {
  const list = useStayConversations(stayId);
  const items = list.data?.items ?? [];
  return (
    <section className="stay-block" aria-labelledby="stay-conversation">
      <h2 id="stay-conversation">{m.stayConversations}</h2>
      {list.isPending ? null : items.length === 0 ? (
        <p className="muted">{m.stayNoConversation}</p>
      ) : (
        <ul className="stay-conversation">
          {items.map((c) => (
            <li key={c.id}>
              <Link to={`/messaging/${c.id}`}>{m.openConversation}</Link> <span className="muted">{c.lastMessage}</span>
              {c.unreadCount > 0 ? <span> · {m.unread(c.unreadCount)}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
