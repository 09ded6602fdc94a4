import { copy } from "@doorstep/shared/copy";
import { languageName } from "@doorstep/shared/languages";
import { textOf } from "@doorstep/shared/rules/placeholders";
import type { TemplateDto } from "@doorstep/shared/schemas/content";
import { useId, type ReactNode } from "react";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useConfig } from "../../../lib/config.ts";
import type { ItemDraft, TextsDraft } from "./editor-draft.ts";
import { PlaceholderWarning } from "./editor-placeholders.tsx";
import { RichTextEditor } from "./rich-text-editor.tsx";

const c = copy.content;

interface EditorTextsProps {
  /** "en" edits the item; another code edits that translation (CONT-18, CONT-28). */
  language: string;
  draft: ItemDraft;
  template: TemplateDto | null;
  onChange: (update: (draft: ItemDraft) => ItemDraft) => void;
  /** A viewer's editor: the rich text is shown read-only (the other fields sit in a disabled fieldset). */
  readOnly?: boolean;
}

/**
 * A field of a translation tab with the English it translates beside it (below it on a phone), so the host
 * translates from the text itself rather than from memory. On the English tab the field stands alone.
 */
function Translating({ english, children }: { english: string | null; children: ReactNode }) {
  if (english === null) return <>{children}</>;
  return (
    <div className="editor__pair">
      <aside className="editor__original" lang="en">
        <span className="editor__original-label">{c.englishOriginal}</span>
        {english.trim() ? (
          <p className="editor__original-text">{english}</p>
        ) : (
          <p className="editor__original-text editor__original-text--empty">{c.englishOriginalEmpty}</p>
        )}
      </aside>
      <div className="editor__pair-field">{children}</div>
    </div>
  );
}

/** The translated fields of one language tab: title, text and the template's describe/locate/operate (CONT-15). */
export function EditorTexts({ language, draft, template, onChange, readOnly }: EditorTextsProps) {
  const english = language === "en";
  const texts: TextsDraft | undefined = english ? draft.en : draft.translations[language];
  const describeId = useId();
  const config = useConfig();
  if (!texts) return null;
  const set = (patch: Partial<TextsDraft>) =>
    onChange((d) => {
      if (english) return { ...d, en: { ...d.en, ...patch } };
      const current = d.translations[language];
      return current ? { ...d, translations: { ...d.translations, [language]: { ...current, ...patch } } } : d;
    });
  const labels = template?.labels;
  // Decision 023: the template's samples are grey examples in the English fields, never values.
  const samples = english ? template?.defaults : undefined;
  // One line per paragraph or list item: the example's words, not its layout.
  const textSample = samples?.detailText
    ? textOf(samples.detailText)
        .replace(/\s*\n\s*/g, "\n")
        .trim()
    : "";
  const hasSamples = Boolean(textSample || samples?.describe || samples?.locate || samples?.operate);
  // The English of each field, shown beside its translation (null on the English tab).
  const original = (field: keyof TextsDraft): string | null => {
    if (english) return null;
    return field === "detailText" ? textOf(draft.en.detailText).trim() : draft.en[field];
  };
  const plain: [keyof TextsDraft, string | null | undefined][] = [
    ["describe", labels?.describe],
    ["locate", labels?.locate],
    ["operate", labels?.operate],
  ];

  return (
    <div className="editor__texts">
      {english ? null : (
        <p className="field__hint" id={describeId}>
          {c.translationHint(languageName(language), config.data?.machineTranslation ?? false)}
        </p>
      )}
      {hasSamples ? <p className="field__hint">{c.sampleHint}</p> : null}
      {(template?.showTitle ?? true) ? (
        <Translating english={original("title")}>
          <TextField
            label={labels?.title ?? c.titleLabel}
            value={texts.title}
            required={english}
            placeholder={english ? undefined : draft.en.title}
            onChange={(event) => set({ title: event.target.value })}
          />
          <PlaceholderWarning field={labels?.title ?? c.titleLabel} value={texts.title} />
        </Translating>
      ) : null}
      <Translating english={original("detailText")}>
        <RichTextEditor
          label={c.textLabel}
          value={texts.detailText}
          placeholder={textSample || undefined}
          onChange={(detailText) => set({ detailText })}
          readOnly={readOnly}
        >
          <PlaceholderWarning field={c.textLabel} value={texts.detailText} />
        </RichTextEditor>
      </Translating>
      {plain.map(([field, label]) =>
        label ? (
          <Translating english={original(field)} key={field}>
            <div className="field">
              <label className="field__label" htmlFor={`${describeId}-${field}`}>
                {label}
              </label>
              <textarea
                id={`${describeId}-${field}`}
                className="field__input"
                rows={3}
                value={texts[field]}
                placeholder={samples?.[field] ?? undefined}
                onChange={(event) => set({ [field]: event.target.value })}
              />
              <PlaceholderWarning field={label} value={texts[field]} />
            </div>
          </Translating>
        ) : null,
      )}
    </div>
  );
}
