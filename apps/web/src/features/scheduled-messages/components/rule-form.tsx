import { copy } from "@doorstep/shared/copy";
import { languageName } from "@doorstep/shared/languages";
import {
  MESSAGE_TRIGGERS,
  messageDetailToken,
  TRIGGERS_WITH_DAYS,
  type MessageDetail,
  type MessageTrigger,
} from "@doorstep/shared/rules/scheduled-messages";
import {
  MessageRuleInput,
  type MessagePreviewResponse,
  type MessageRuleDto,
  type MessageRuleListResponse,
} from "@doorstep/shared/schemas/scheduled-messages";
import { useId, useRef, useState, type ReactNode } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useMe } from "../../../lib/session.ts";
import { previewMessage, useSaveRule } from "../api/rules.ts";

const c = copy.scheduledMessages;
const f = c.fields;

type Texts = Record<string, { subject: string; body: string }>;

interface Values {
  name: string;
  trigger: MessageTrigger;
  days: string;
  atTime: string;
  allProperties: boolean;
  propertyIds: string[];
  channel: "email" | "sms";
  texts: Texts;
  active: boolean;
}

/**
 * The form's values for a rule (or a new one). A member limited to chosen properties picks among theirs, never
 * all properties (decision 061): a new rule starts on their property when they have one.
 */
function valuesOf(rule: MessageRuleDto | null, options: MessageRuleListResponse, limited: boolean): Values {
  const { languages, properties } = options;
  const texts: Texts = {};
  for (const l of languages) texts[l] = { subject: rule?.texts[l]?.subject ?? "", body: rule?.texts[l]?.body ?? "" };
  return {
    name: rule?.name ?? "",
    trigger: rule?.trigger ?? "before-check-in",
    days: String(rule?.days ?? 1),
    atTime: rule?.atTime ?? "10:00",
    allProperties: rule ? rule.propertyIds === null : !limited,
    propertyIds: rule?.propertyIds ?? (limited && properties.length === 1 ? [properties[0]!.propertyId] : []),
    channel: rule?.channel ?? "email",
    texts,
    active: rule?.active ?? false,
  };
}

/** A labelled <select> (the form's own: every field has a visible label). */
function Select(props: { label: string; value: string; onChange: (v: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      <select id={id} className="field__input" value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {props.children}
      </select>
    </div>
  );
}

/** One language's subject and message, with "Insert stay detail" inserting a token at the cursor. */
function LanguageText(props: {
  language: string;
  showLanguage: boolean;
  email: boolean;
  details: MessageDetail[];
  value: { subject: string; body: string };
  errors: { subject?: string; body?: string };
  onChange: (v: { subject: string; body: string }) => void;
}) {
  const bodyId = useId();
  const menuId = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const name = languageName(props.language);
  const label = (text: string) => (props.showLanguage ? `${text} (${name})` : text);
  const insert = (token: string) => {
    const el = area.current;
    const body = props.value.body;
    const at = el ? el.selectionStart : body.length;
    const end = el ? el.selectionEnd : body.length;
    props.onChange({ ...props.value, body: body.slice(0, at) + token + body.slice(end) });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + token.length, at + token.length);
    });
  };
  const detailName = (d: MessageDetail) =>
    d in c.detailNames
      ? c.detailNames[d as keyof typeof c.detailNames]
      : copy.stayDetails.names[d as keyof typeof copy.stayDetails.names];
  return (
    <fieldset className="rule-form__language">
      {props.showLanguage ? <legend>{c.inLanguage(name)}</legend> : null}
      {props.email ? (
        <TextField
          label={label(f.subject)}
          value={props.value.subject}
          error={props.errors.subject}
          onChange={(e) => props.onChange({ ...props.value, subject: e.target.value })}
        />
      ) : null}
      <div className="field">
        <label className="field__label" htmlFor={bodyId}>
          {label(f.message)}
        </label>
        <textarea
          ref={area}
          id={bodyId}
          className="field__input rule-form__body"
          rows={7}
          value={props.value.body}
          aria-invalid={props.errors.body ? true : undefined}
          aria-describedby={props.errors.body ? `${bodyId}-error` : undefined}
          onChange={(e) => props.onChange({ ...props.value, body: e.target.value })}
        />
        {props.errors.body ? (
          <p className="field__error" id={`${bodyId}-error`}>
            {props.errors.body}
          </p>
        ) : null}
      </div>
      <div className="rule-form__insert">
        <label htmlFor={menuId}>{label(copy.stayDetails.insert)}</label>
        <select
          id={menuId}
          value=""
          onChange={(e) => {
            if (e.target.value) insert(messageDetailToken(e.target.value as MessageDetail));
          }}
        >
          <option value="">{copy.stayDetails.choose}</option>
          {props.details.map((d) => (
            <option key={d} value={d}>
              {detailName(d)}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}

/**
 * "New message" or a rule's edit (decision 050): when, for which properties, by which channel, the subject and
 * message in each of the account's guide languages with "Insert stay detail", "Preview" and "Active".
 */
export function RuleForm(props: {
  rule: MessageRuleDto | null;
  options: MessageRuleListResponse;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const { options } = props;
  const limited = useMe().data?.user.propertyLimited ?? false;
  const [values, setValues] = useState(() => valuesOf(props.rule, options, limited));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<MessagePreviewResponse["items"] | null>(null);
  const save = useSaveRule();
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const withDays = TRIGGERS_WITH_DAYS.includes(values.trigger);
  const timed = values.trigger !== "booked";

  const body = () => ({
    name: values.name,
    trigger: values.trigger,
    days: withDays ? Number(values.days) || 0 : 0,
    atTime: values.atTime,
    propertyIds: values.allProperties ? null : values.propertyIds,
    channel: values.channel,
    texts: values.texts,
    active: values.active,
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setErrors({});
    const parsed = MessageRuleInput.safeParse(body());
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join(".")] ??= issue.message;
      return setErrors(found);
    }
    try {
      await save.mutateAsync({ id: props.rule?.id ?? null, body: body() });
      props.onDone(c.saved);
    } catch (cause) {
      if (cause instanceof ApiError) {
        const found: Record<string, string> = {};
        for (const issue of (cause.issues ?? []) as { path: (string | number)[]; message: string }[])
          found[issue.path.join(".")] ??= issue.message;
        setErrors(found);
        setFailure(cause.message);
      } else setFailure(copy.common.genericError);
    }
  };

  const showPreview = async () => {
    try {
      const propertyId = values.allProperties ? undefined : values.propertyIds[0];
      setPreview((await previewMessage({ texts: values.texts, ...(propertyId ? { propertyId } : {}) })).items);
    } catch (cause) {
      setFailure(cause instanceof ApiError ? cause.message : copy.common.genericError);
    }
  };

  return (
    <form
      className="rule-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={props.rule ? c.editMessage : c.newMessage}
    >
      {failure ? <Alert>{failure}</Alert> : null}
      <TextField
        label={f.name}
        value={values.name}
        error={errors.name}
        onChange={(e) => set({ name: e.target.value })}
      />
      <div className="rule-form__row">
        <Select label={f.send} value={values.trigger} onChange={(v) => set({ trigger: v as MessageTrigger })}>
          {MESSAGE_TRIGGERS.map((t) => (
            <option key={t} value={t}>
              {c.triggers[t]}
            </option>
          ))}
        </Select>
        {withDays ? (
          <TextField
            label={f.days}
            type="number"
            min={0}
            max={365}
            inputMode="numeric"
            value={values.days}
            error={errors.days}
            onChange={(e) => set({ days: e.target.value })}
          />
        ) : null}
        {timed ? (
          <TextField
            label={f.at}
            type="time"
            hint={f.atHint}
            value={values.atTime}
            error={errors.atTime}
            onChange={(e) => set({ atTime: e.target.value })}
          />
        ) : null}
      </div>
      <fieldset className="rule-form__properties">
        <legend>{f.properties}</legend>
        {limited ? null : (
          <>
            <label className="rule-form__choice">
              <input type="radio" checked={values.allProperties} onChange={() => set({ allProperties: true })} />{" "}
              {f.allProperties}
            </label>
            <label className="rule-form__choice">
              <input type="radio" checked={!values.allProperties} onChange={() => set({ allProperties: false })} />{" "}
              {f.chosenProperties}
            </label>
          </>
        )}
        {values.allProperties && !limited ? null : (
          <div className="rule-form__property-list">
            {options.properties.map((p) => (
              <label key={p.propertyId} className="rule-form__choice">
                <input
                  type="checkbox"
                  checked={values.propertyIds.includes(p.propertyId)}
                  onChange={(e) =>
                    set({
                      propertyIds: e.target.checked
                        ? [...values.propertyIds, p.propertyId]
                        : values.propertyIds.filter((id) => id !== p.propertyId),
                    })
                  }
                />{" "}
                {p.title}
              </label>
            ))}
            {errors.propertyIds ? <p className="field__error">{errors.propertyIds}</p> : null}
          </div>
        )}
      </fieldset>
      <Select label={f.channel} value={values.channel} onChange={(v) => set({ channel: v as "email" | "sms" })}>
        <option value="email">{c.channels.email}</option>
        {options.smsAvailable ? <option value="sms">{c.channels.sms}</option> : null}
      </Select>
      {errors.texts ? <Alert>{errors.texts}</Alert> : null}
      {options.languages.map((language) => (
        <LanguageText
          key={language}
          language={language}
          showLanguage={options.languages.length > 1}
          email={values.channel === "email"}
          details={options.details}
          value={values.texts[language] ?? { subject: "", body: "" }}
          errors={{ subject: errors[`texts.${language}.subject`], body: errors[`texts.${language}.body`] }}
          onChange={(v) => set({ texts: { ...values.texts, [language]: v } })}
        />
      ))}
      <label className="rule-form__choice rule-form__active">
        <input type="checkbox" checked={values.active} onChange={(e) => set({ active: e.target.checked })} /> {f.active}
      </label>
      {preview ? (
        <section className="rule-form__preview" aria-label={c.previewTitle}>
          <h3>{c.previewTitle}</h3>
          {preview.length === 0 ? <p className="muted">{c.previewEmpty}</p> : null}
          {preview.map((p) => (
            <article key={p.language} lang={p.language}>
              {options.languages.length > 1 ? <h4>{languageName(p.language)}</h4> : null}
              {values.channel === "email" ? <p className="rule-form__preview-subject">{p.subject}</p> : null}
              <p className="rule-form__preview-body">{p.body}</p>
            </article>
          ))}
        </section>
      ) : null}
      <div className="rule-form__actions">
        <Button variant="secondary" onClick={props.onCancel}>
          {c.cancel}
        </Button>
        <Button variant="secondary" onClick={() => void showPreview()}>
          {c.preview}
        </Button>
        <Button type="submit" busy={save.isPending} disabled={save.isPending}>
          {c.save}
        </Button>
      </div>
    </form>
  );
}
