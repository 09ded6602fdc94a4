import { copy } from "@doorstep/shared/copy";
import {
  MAX_MESSAGE_FILES,
  MESSAGE_FILE_ACCEPT,
  MESSAGE_FILE_MAX_BYTES,
  MESSAGE_FILE_MAX_MB,
} from "@doorstep/shared/rules/messaging";
import type { ConversationResponse, MessageDto } from "@doorstep/shared/schemas/messaging";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link } from "../../../components/ui/link.tsx";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useMarkRead, useReply, useSetBlocked } from "../api/messaging.ts";
import { formatMessageTime } from "./message-time.ts";
import "../../../components/ui/text-field.css";

const m = copy.messaging;

function DocumentIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5" />
    </svg>
  );
}

/** MSG-08: images and videos preview; other files show a document icon. */
function Attachments({ message }: { message: MessageDto }) {
  if (message.files.length === 0) return null;
  return (
    <div className="message__files">
      {message.files.map((file) =>
        file.kind === "image" ? (
          <a key={file.id} href={file.url} target="_blank" rel="noopener" aria-label={m.openFile(file.name)}>
            <img src={file.url} alt={file.name} loading="lazy" />
          </a>
        ) : file.kind === "video" ? (
          <video key={file.id} src={file.url} controls preload="metadata" aria-label={file.name} />
        ) : (
          <a key={file.id} className="message__doc" href={file.url} target="_blank" rel="noopener">
            <DocumentIcon />
            <span>{file.name}</span>
            <span className="visually-hidden">{m.document}</span>
          </a>
        ),
      )}
    </div>
  );
}

function Message({ message }: { message: MessageDto }) {
  return (
    <li className={`message message--${message.inbound ? "in" : "out"}`}>
      <p className="message__meta">
        <span>{message.inbound ? message.senderName : m.you}</span>
        <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
      </p>
      {message.text ? <p className="message__text">{message.text}</p> : null}
      <Attachments message={message} />
    </li>
  );
}

function filesProblem(files: File[]): string | undefined {
  if (files.length > MAX_MESSAGE_FILES) return m.tooManyFiles(MAX_MESSAGE_FILES);
  if (files.some((f) => f.size > MESSAGE_FILE_MAX_BYTES)) return m.fileTooLarge(MESSAGE_FILE_MAX_MB);
  return undefined;
}

/** The reply box (MSG-07, MSG-09, MSG-12, OPEN-52): any failure keeps the typed text and says why. */
function ReplyBox({ conversationId }: { conversationId: string }) {
  const textId = useId();
  const filesId = useId();
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const reply = useReply(conversationId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tooMany = filesProblem(files);
    if (tooMany) return setProblem(tooMany);
    if (!text.trim() && files.length === 0) return setProblem(m.emptyReply);
    setProblem(undefined);
    reply.mutate(
      { text: text.trim(), files },
      {
        onSuccess: () => {
          setText("");
          setFiles([]);
          if (fileInput.current) fileInput.current.value = "";
        },
        onError: (error) =>
          setProblem(
            error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : m.sendFailed,
          ),
      },
    );
  };

  return (
    <form className="reply-box" onSubmit={submit} noValidate aria-label={m.reply}>
      <div className="field">
        <label className="field__label" htmlFor={textId}>
          {m.replyLabel}
        </label>
        <textarea
          id={textId}
          className="field__input"
          rows={3}
          maxLength={5000}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={filesId}>
          {m.attach}
        </label>
        <input
          ref={fileInput}
          id={filesId}
          type="file"
          multiple
          accept={MESSAGE_FILE_ACCEPT}
          aria-describedby={`${filesId}-hint`}
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            setFiles(chosen);
            setProblem(filesProblem(chosen));
          }}
        />
        <p className="field__hint" id={`${filesId}-hint`}>
          {m.attachHint(MAX_MESSAGE_FILES, MESSAGE_FILE_MAX_MB)}
        </p>
      </div>
      {problem ? <Alert>{problem}</Alert> : null}
      <div>
        <Button type="submit" busy={reply.isPending} disabled={reply.isPending}>
          {reply.isPending ? m.sending : m.send}
        </Button>
      </div>
    </form>
  );
}

/** MSG-06…10: the thread oldest first, unread inbound messages marked read once shown, the reply box. */
export function ConversationView({ data }: { data: ConversationResponse }) {
  const { conversation, messages } = data;
  const markRead = useMarkRead(conversation.id);
  const block = useSetBlocked(conversation.id);
  const marked = useRef(new Set<string>());
  const end = useRef<HTMLLIElement>(null);

  const unread = messages.filter((message) => message.inbound && !message.read && !marked.current.has(message.id));
  const unreadKey = unread.map((message) => message.id).join(",");
  useEffect(() => {
    if (!unreadKey) return;
    const ids = unreadKey.split(",");
    for (const id of ids) marked.current.add(id);
    markRead.mutate(ids);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per new set of unread messages
  }, [unreadKey]);
  useEffect(() => {
    // Braces: Chromium's scrollIntoView returns a promise now, and an effect may return only its cleanup.
    void end.current?.scrollIntoView({ block: "end" });
  }, [messages.length]);

  return (
    <div className="conversation">
      <ol className="conversation__thread">
        {messages.map((message) => (
          <Message key={message.id} message={message} />
        ))}
        <li ref={end} aria-hidden="true" className="conversation__end" />
      </ol>
      {conversation.blocked ? <p className="conversation__blocked">{m.blocked}</p> : null}
      {conversation.replyAllowed ? (
        <ReplyBox conversationId={conversation.id} />
      ) : (
        <div className="stack">
          <p className="muted">{m.replyOff}</p>
          <div>
            <Link to={`/property/${encodeURIComponent(conversation.propertyId)}/messaging`}>{m.turnOnMessages}</Link>
          </div>
        </div>
      )}
      <div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => block.mutate(!conversation.blocked)}
          busy={block.isPending}
          disabled={block.isPending}
        >
          {conversation.blocked ? m.unblock : m.block}
        </Button>
      </div>
    </div>
  );
}
