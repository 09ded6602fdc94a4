/** @jsxRuntime automatic */
/** @jsxImportSource react */
// Explicit: tsx (esbuild) runs the server from the repository root, whose tsconfig has no "jsx" setting.
import { guideLabels, textDirection } from "@doorstep/shared/guide-i18n/catalogue";
import { MAX_MESSAGE_FILES, MESSAGE_FILE_ACCEPT, MESSAGE_FILE_MAX_MB } from "@doorstep/shared/rules/messaging";
import type { MessageDto } from "@doorstep/shared/schemas/messaging";
import { useContext, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { GuideLabelsContext } from "./guide-labels.ts";
import { guideCsp, securityHeaders } from "./guide-render.tsx";
import { guideStylesheet } from "./guide-styles.ts";
import type { GuideTheme } from "./guide-theme.ts";

/** The guest messaging labels of the page being rendered, in its language. */
const useMessagingLabels = () => useContext(GuideLabelsContext).messaging;

export interface MessagesPageModel {
  basePath: string;
  /** The guest's language (the guide's ?lang, else their browser's among the guide's languages). */
  language: string;
  propertyId: string;
  title: string;
  theme: GuideTheme | null;
  messages: MessageDto[];
  /** The guide takes messages now. */
  open: boolean;
  /** Just sent (the page after a form post without JavaScript). */
  sent: boolean;
  values: { firstName: string; lastName: string; message: string; email: string };
  errors: Partial<Record<"firstName" | "lastName" | "message" | "email" | "files", string>>;
  formError: string | null;
  scriptUrl: string;
  /** The VAPID public key the page's script subscribes with (public by design). */
  pushKey: string;
  /** Where the page's script reads the thread (JSON) and hears it live (server-sent events). */
  threadUrl: string;
  eventsUrl: string;
}

const STYLES = `
.thread{list-style:none;padding:0;margin:16px 0;display:flex;flex-direction:column;gap:10px}
.msg{max-width:85%;background:#fff;border-radius:12px;padding:10px 14px;box-shadow:0 1px 2px rgba(0,0,0,.08)}
.msg.mine{align-self:flex-end;background:var(--p);color:var(--on-p)}
.msg .meta{font-size:.8rem;opacity:.85;margin:0 0 4px}
.msg p.text{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
.msg .files{display:flex;flex-wrap:wrap;gap:8px;margin-top:8px}
.msg .files img,.msg .files video{width:160px;height:120px;object-fit:cover;border-radius:8px;background:#e8e8e4}
.msg .files a.doc{display:inline-flex;align-items:center;gap:6px;padding:6px 10px;border-radius:8px;background:#f0f0ee;color:#1c1c1c}
.compose{background:#fff;border-radius:12px;padding:16px;margin:16px 0}
.compose .row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
@media (max-width:480px){.compose .row{grid-template-columns:1fr}}
.compose label{display:block;font-weight:600;margin:12px 0 4px}
.compose input,.compose textarea{font:inherit;width:100%;padding:10px;border:2px solid #767676;border-radius:8px;background:#fff}
.compose textarea{min-height:84px;resize:vertical}
.who summary{cursor:pointer;padding:4px 0;color:#333}
.who summary span:last-child{text-decoration:underline}
.compose>label:first-of-type,.who+label{margin-top:8px}
.compose .hint{font-size:.85rem;color:#555;margin:4px 0 0}
.compose [aria-invalid=true]{border-color:#a50000}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.hp{position:absolute;inset-inline-start:-10000px;width:1px;height:1px;overflow:hidden}
.notice{background:#e7f4ee;border-radius:8px;padding:10px 14px;font-weight:600}
.back{display:inline-block;margin:16px 0 0}
.notify{background:#fff;border-radius:12px;padding:12px 16px;margin:16px 0}
.notify .hint{font-size:.85rem;color:#555;margin:4px 0 0}
`;

/** Plain text with web addresses made into safe links (they open outside, and tell nothing of where they came from). */
function Linked({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  const re = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/gi;
  let last = 0;
  for (const match of text.matchAll(re)) {
    const at = match.index ?? 0;
    if (at > last) parts.push(text.slice(last, at));
    parts.push(
      <a key={at} href={match[0]} target="_blank" rel="noopener noreferrer nofollow ugc">
        {match[0]}
      </a>,
    );
    last = at + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <p className="text">{parts}</p>;
}

function formatTime(iso: string, language: string): string {
  const options = { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" } as const;
  try {
    return new Intl.DateTimeFormat(language === "en" ? "en-GB" : language, options).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat("en-GB", options).format(new Date(iso));
  }
}

export function MessageItem({ message, language }: { message: MessageDto; language: string }) {
  const g = useMessagingLabels();
  // The guest's own messages are inbound to the host: "mine" here.
  return (
    <li className={`msg${message.inbound ? " mine" : ""}`} data-id={message.id}>
      <p className="meta">
        {message.inbound ? g.you : message.senderName || g.host} ·{" "}
        <time dateTime={message.createdAt}>{formatTime(message.createdAt, language)} UTC</time>
      </p>
      {message.text ? <Linked text={message.text} /> : null}
      {message.files.length > 0 ? (
        <div className="files">
          {message.files.map((f) =>
            f.kind === "image" ? (
              <a key={f.id} href={f.url} target="_blank" rel="noopener">
                <img src={f.url} alt={f.name} loading="lazy" />
              </a>
            ) : f.kind === "video" ? (
              <video key={f.id} src={f.url} controls preload="metadata" aria-label={f.name} />
            ) : (
              <a key={f.id} className="doc" href={f.url} target="_blank" rel="noopener">
                <span aria-hidden="true">📄</span> {f.name}
              </a>
            ),
          )}
        </div>
      ) : null}
    </li>
  );
}

function Field(props: {
  id: "firstName" | "lastName" | "email";
  label: string;
  model: MessagesPageModel;
  type?: string;
  autoComplete: string;
  required?: boolean;
}) {
  const error = props.model.errors[props.id];
  return (
    <div>
      <label htmlFor={`m-${props.id}`}>{props.label}</label>
      <input
        id={`m-${props.id}`}
        name={props.id}
        type={props.type ?? "text"}
        defaultValue={props.model.values[props.id]}
        autoComplete={props.autoComplete}
        required={props.required}
        maxLength={props.id === "email" ? 254 : 60}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `m-${props.id}-error` : undefined}
      />
      {error ? (
        <p className="error" id={`m-${props.id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The guest's name and email: asked with their first message, then folded under "Writing as {name}". */
function Who({ model }: { model: MessagesPageModel }) {
  const g = useMessagingLabels();
  const fields = (
    <>
      <div className="row">
        <Field id="firstName" label={g.firstName} model={model} autoComplete="given-name" required />
        <Field id="lastName" label={g.lastName} model={model} autoComplete="family-name" required />
      </div>
      <Field id="email" label={g.email} model={model} type="email" autoComplete="email" />
      <p className="hint">{g.emailHint}</p>
    </>
  );
  const { firstName, lastName } = model.values;
  const hasError = Boolean(model.errors.firstName || model.errors.lastName || model.errors.email);
  // Known from their thread (a sealed cookie): the fields stay in the form, folded, and open on an error.
  return firstName && lastName ? (
    <details className="who" data-who="" open={hasError || undefined}>
      <summary>
        <span data-who-name="">{g.writingAs(`${firstName} ${lastName}`)}</span> · <span>{g.changeDetails}</span>
      </summary>
      {fields}
    </details>
  ) : (
    <div className="who" data-who="">
      {fields}
    </div>
  );
}

/** The one composer, under the thread: the message, files and Send (the name only until the guest has given it). */
function Compose({ model }: { model: MessagesPageModel }) {
  const g = useMessagingLabels();
  const { errors } = model;
  // The script folds the name away once the first message is sent, in the page's words ({name} swapped).
  const namePlaceholder = "{name}";
  return (
    <form
      className="compose"
      method="post"
      action={`${model.basePath}/messages?lang=${encodeURIComponent(model.language)}`}
      encType="multipart/form-data"
      data-compose=""
      data-sent={g.sent}
      data-failed={g.failed}
      data-writing-as={g.writingAs(namePlaceholder)}
      data-change={g.changeDetails}
      noValidate
    >
      <Who model={model} />
      <label htmlFor="m-message">{g.message}</label>
      <textarea
        id="m-message"
        name="message"
        required
        maxLength={5000}
        rows={3}
        defaultValue={model.values.message}
        aria-invalid={errors.message ? true : undefined}
        aria-describedby={errors.message ? "m-message-error" : undefined}
      />
      {errors.message ? (
        <p className="error" id="m-message-error">
          {errors.message}
        </p>
      ) : null}
      <label htmlFor="m-files">{g.attach}</label>
      <input
        id="m-files"
        name="files"
        type="file"
        multiple
        accept={MESSAGE_FILE_ACCEPT}
        aria-describedby="m-files-hint"
        aria-invalid={errors.files ? true : undefined}
      />
      <p className="hint" id="m-files-hint">
        {g.attachHint(MAX_MESSAGE_FILES, MESSAGE_FILE_MAX_MB)}
      </p>
      {errors.files ? <p className="error">{errors.files}</p> : null}
      <div className="hp" aria-hidden="true">
        <label htmlFor="m-website">{g.honeypot}</label>
        <input id="m-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <p className="error" role="alert" data-form-error="">
        {model.formError ?? ""}
      </p>
      <button type="submit" className="btn" data-sending={g.sending}>
        {g.send}
      </button>
    </form>
  );
}

function MessagesDocument({ model, stylesheet }: { model: MessagesPageModel; stylesheet: string }) {
  const labels = guideLabels(model.language);
  const g = labels.messaging;
  const dir = textDirection(model.language);
  return (
    <html lang={model.language} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${g.title} · ${model.title}`}</title>
        {model.theme ? <meta name="theme-color" content={model.theme.primary} /> : null}
        <style dangerouslySetInnerHTML={{ __html: stylesheet }} />
        <script src={model.scriptUrl} defer />
      </head>
      <body
        data-property={model.propertyId}
        data-base={model.basePath}
        data-thread={model.threadUrl}
        data-events={model.eventsUrl}
        data-new-reply={g.newReply}
        data-you={g.you}
        data-push-key={model.pushKey}
      >
        <GuideLabelsContext.Provider value={labels}>
          <a className="skip" href="#main">
            {labels.guide.skipToContent}
          </a>
          <header>
            <div className="cover">
              <div className="wrap">
                <p>{model.title}</p>
                <h1>{g.title}</h1>
              </div>
            </div>
          </header>
          <main id="main" className="wrap">
            <a className="back" href={`${model.basePath}?lang=${encodeURIComponent(model.language)}`}>
              {dir === "rtl" ? "→" : "←"} {g.backToGuide}
            </a>
            <p>{g.intro}</p>
            {model.sent ? (
              <p className="notice" role="status">
                {g.sent}
              </p>
            ) : null}
            <section aria-labelledby="thread-h">
              <h2 id="thread-h" className="vh">
                {g.title}
              </h2>
              {model.messages.length === 0 ? <p data-empty="">{g.noMessages}</p> : null}
              <ol className="thread" aria-live="polite">
                {model.messages.map((m) => (
                  <MessageItem key={m.id} message={m} language={model.language} />
                ))}
              </ol>
            </section>
            {/* One composer, right under the thread (a chat); the offer of notifications after it. */}
            {model.open ? <Compose model={model} /> : <p className="notice">{g.off}</p>}
            {model.messages.length > 0 ? (
              // Shown by the script where the browser can take push notifications (IMPL-08).
              <div className="notify" data-notify="" hidden>
                <button
                  type="button"
                  className="btn alt"
                  data-notify-on={g.notifyOn}
                  data-notify-blocked={g.notifyBlocked}
                  data-notify-failed={g.notifyFailed}
                >
                  {g.notify}
                </button>
                <p className="hint">{g.notifyHint}</p>
                <p role="status" data-notify-status="" />
              </div>
            ) : null}
          </main>
        </GuideLabelsContext.Provider>
      </body>
    </html>
  );
}

/** The guest's messages page: personal, so never cached or stored offline. */
export function renderMessagesPage(model: MessagesPageModel): { html: string; headers: Record<string, string> } {
  const stylesheet = guideStylesheet(model.theme) + STYLES;
  const html = `<!doctype html>${renderToString(<MessagesDocument model={model} stylesheet={stylesheet} />)}`;
  return {
    html,
    headers: {
      ...securityHeaders(guideCsp(stylesheet)),
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
      "X-Guide-Offline": "skip",
    },
  };
}
