import { copy } from "@doorstep/shared/copy";
import { useParams } from "react-router";
import { BackLink } from "../../../components/ui/back-link.tsx";
import { LoadError } from "../../../components/load-error.tsx";
import { ButtonLink } from "../../../components/ui/button.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { hasErrorCode } from "../../../lib/api-client.ts";
import { useConversation } from "../api/messaging.ts";
import { ConversationList } from "../components/conversation-list.tsx";
import { ConversationView } from "../components/conversation-view.tsx";
import "./messaging.css";

const m = copy.messaging;

/** /messaging (MSG-01): "Messaging", the conversations latest first, and the way to the settings. */
export function MessagingPage() {
  return (
    <div className="messaging-page">
      <div className="messaging-page__head">
        <h1>{m.title}</h1>
        <ButtonLink to="/messaging-settings" variant="secondary" size="sm">
          {m.settingsTitle}
        </ButtonLink>
      </div>
      <ConversationList />
    </div>
  );
}

/** /messaging/:conversationId (MSG-06): the conversation and property titles, "All Messages", the thread. */
export function ConversationPage() {
  const { messageId = "" } = useParams();
  const conversation = useConversation(messageId);
  return (
    <div className="messaging-page">
      <BackLink to="/messaging">{m.allMessages}</BackLink>
      {conversation.isPending ? (
        <LoadingScreen label={m.loading} />
      ) : conversation.isError && !conversation.data ? (
        hasErrorCode(conversation.error, "NOT_FOUND", "VALIDATION_FAILED") ? (
          <h1>{m.notFound}</h1>
        ) : (
          <LoadError onRetry={() => void conversation.refetch()} />
        )
      ) : (
        <>
          <div className="messaging-page__head">
            <div>
              <h1>{conversation.data.conversation.title}</h1>
              <p className="muted">{conversation.data.conversation.propertyTitle}</p>
            </div>
          </div>
          <ConversationView data={conversation.data} />
        </>
      )}
    </div>
  );
}
