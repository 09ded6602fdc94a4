import { copy } from "@doorstep/shared/copy";
import { useId, useState } from "react";
import { useSearchParams } from "react-router";
import { usePropertyChoices } from "../../../api/properties/list-property-choices.ts";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { useMe } from "../../../lib/session.ts";
import { useContactSupport } from "../api/contact-support.ts";

const s = copy.support;

/**
 * /support (PROP-20): "Subject", "Message", the account and property filled in (`?property=` from the
 * deactivated-property banner); the answer comes by email.
 */
export function SupportPage() {
  const id = useId();
  const [params] = useSearchParams();
  const me = useMe();
  const properties = usePropertyChoices();
  const send = useContactSupport();
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const [propertyId, setPropertyId] = useState(params.get("property") ?? "");
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (send.isPending || !subject.trim() || !message.trim()) return;
    send.mutate({ subject, message, propertyId: propertyId || null });
  };
  return (
    <div className="support-page stack">
      <div className="page-header">
        <h1>{s.title}</h1>
      </div>
      {send.isSuccess ? (
        <Alert tone="success">{s.sent}</Alert>
      ) : (
        <Card>
          <form className="stack" onSubmit={submit} noValidate>
            <p>{s.intro}</p>
            <div className="field">
              <span className="field__label">{s.accountLabel}</span>
              <p>{me.data?.user.email}</p>
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-property`}>
                {s.propertyLabel}
              </label>
              <select
                id={`${id}-property`}
                className="field__input"
                value={propertyId}
                onChange={(e) => setPropertyId(e.target.value)}
              >
                <option value="">{s.noProperty}</option>
                {(properties.data ?? []).map((p) => (
                  <option key={p.propertyId} value={p.propertyId}>
                    {p.title}
                  </option>
                ))}
                {propertyId && properties.data && !properties.data.some((p) => p.propertyId === propertyId) ? (
                  <option value={propertyId}>{propertyId}</option>
                ) : null}
              </select>
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-subject`}>
                {s.subjectLabel}
              </label>
              <input
                id={`${id}-subject`}
                className="field__input"
                required
                maxLength={200}
                value={subject}
                onChange={(e) => setSubject(e.target.value)}
              />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-message`}>
                {s.messageLabel}
              </label>
              <textarea
                id={`${id}-message`}
                className="field__input"
                required
                rows={8}
                maxLength={5000}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
              />
            </div>
            {send.isError ? <Alert>{copy.common.genericError}</Alert> : null}
            <div>
              <Button type="submit" busy={send.isPending} disabled={!subject.trim() || !message.trim()}>
                {send.isPending ? s.sending : s.send}
              </Button>
            </div>
          </form>
        </Card>
      )}
    </div>
  );
}
