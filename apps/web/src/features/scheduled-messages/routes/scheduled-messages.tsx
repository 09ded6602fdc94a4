import { copy } from "@doorstep/shared/copy";
import type { MessageRuleDto } from "@doorstep/shared/schemas/scheduled-messages";
import { useEffect, useState } from "react";
import { LoadError } from "../../../components/load-error.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { Toast, useToast } from "../../../components/ui/toast.tsx";
import { useDeleteRule, useMessageRules } from "../api/rules.ts";
import { RuleForm } from "../components/rule-form.tsx";
import "./scheduled-messages.css";

const c = copy.scheduledMessages;

function formatTime(time: string): string {
  const [h, m] = time.split(":").map(Number);
  return new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(
    new Date(Date.UTC(2000, 0, 1, h ?? 0, m ?? 0)),
  );
}

/**
 * /scheduled-messages (decision 050): the account's message rules, each with when it goes, to which properties
 * and whether it is on; "New message" and a rule's "Edit" open the form in place of the list.
 */
export function ScheduledMessagesPage() {
  const rules = useMessageRules();
  const remove = useDeleteRule();
  const toast = useToast();
  const [editing, setEditing] = useState<MessageRuleDto | "new" | null>(null);
  useEffect(() => {
    document.title = `${c.title} · ${copy.brand}`;
    return () => {
      document.title = copy.brand;
    };
  }, []);

  if (rules.isPending) return <LoadingScreen label={c.loading} />;
  if (rules.isError) return <LoadError onRetry={() => void rules.refetch()} />;
  const options = rules.data;
  const titleOf = (ids: string[] | null) =>
    ids === null
      ? c.fields.allProperties
      : ids.map((id) => options.properties.find((p) => p.propertyId === id)?.title ?? id).join(", ");

  return (
    <div className="scheduled-page">
      <div className="scheduled-page__head">
        <h1>{c.title}</h1>
        {editing ? null : <Button onClick={() => setEditing("new")}>{c.newMessage}</Button>}
      </div>
      <p className="muted scheduled-page__intro">{c.intro}</p>
      {editing ? (
        <section className="scheduled-page__form" aria-labelledby="rule-form-title">
          <h2 id="rule-form-title">{editing === "new" ? c.newMessage : c.editMessage}</h2>
          <RuleForm
            key={editing === "new" ? "new" : editing.id}
            rule={editing === "new" ? null : editing}
            options={options}
            onCancel={() => setEditing(null)}
            onDone={(message) => {
              setEditing(null);
              toast.show(message);
            }}
          />
        </section>
      ) : options.items.length === 0 ? (
        <p>{c.empty}</p>
      ) : (
        <ul className="rule-list" aria-label={c.title}>
          {options.items.map((rule) => (
            <li key={rule.id} className="rule-row">
              <div className="rule-row__main">
                <h2 className="rule-row__name">{rule.name}</h2>
                <p className="rule-row__when">
                  {c.when(rule.trigger, rule.days, formatTime(rule.atTime))} · {c.channels[rule.channel]} ·{" "}
                  {titleOf(rule.propertyIds)}
                </p>
                {rule.suggestion && !rule.active ? <p className="muted">{c.suggestedHint}</p> : null}
              </div>
              <span className={`rule-row__state${rule.active ? " rule-row__state--on" : ""}`}>
                {rule.active ? c.on : c.off}
              </span>
              {rule.active && rule.scheduling ? (
                <span className="rule-row__state" role="status">
                  {c.scheduling}
                </span>
              ) : null}
              <div className="rule-row__actions">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setEditing(rule)}
                  aria-label={`${c.editMessage}: ${rule.name}`}
                >
                  {c.editMessage}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`${c.delete}: ${rule.name}`}
                  onClick={() => {
                    if (!window.confirm(c.deleteConfirm)) return;
                    void remove.mutateAsync(rule.id).then(() => toast.show(c.deleted));
                  }}
                >
                  {c.delete}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Toast message={toast.message} />
    </div>
  );
}
