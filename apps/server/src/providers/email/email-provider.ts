/** One email as the templates build it: both a plain-text and an HTML body. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes, when not to the sender: a support request's host. */
  replyTo?: string;
  /** Template name, for the outbox and logs. */
  template: string;
  /** Links in the email, printed to the log by the embedded provider so a local user can follow them. */
  links?: string[];
  /** Extra headers (a guest message's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

/** Sends an email; throws when the provider fails (callers decide whether that fails the request). */
export interface EmailProvider {
  readonly kind: "outbox" | "smtp";
  send(message: EmailMessage): Promise<void>;
}
