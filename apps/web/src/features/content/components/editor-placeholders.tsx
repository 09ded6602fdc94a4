import { copy } from "@doorstep/shared/copy";
import { findPlaceholders, guideHiddenReason, untouchedPlaceholders } from "@doorstep/shared/rules/placeholders";
import type { TemplateDto } from "@doorstep/shared/schemas/content";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { normaliseRichText, type ItemDraft, type TextsDraft } from "./editor-draft.ts";

const c = copy.content;

const textsOf = (t: TextsDraft) => [t.title, t.detailText, t.describe, t.locate, t.operate];

/** Every [bracketed] bit the draft would save, in any language and sub-item (decision 023). */
export function draftPlaceholders(draft: ItemDraft): string[] {
  const values = [
    ...textsOf(draft.en),
    ...Object.values(draft.translations).flatMap(textsOf),
    ...draft.subItems.flatMap((s) => [s.detailText, s.buttonLabel, s.internalLinkLabel]),
  ];
  return [...new Set(values.flatMap((v) => findPlaceholders(v)))];
}

/** Under a field: the bracketed bits it still holds, so none reaches a guest unnoticed. */
export function PlaceholderWarning({ field, value }: { field: string; value: string }) {
  const tokens = findPlaceholders(value);
  if (tokens.length === 0) return null;
  return (
    <p className="field__warning" role="status">
      {c.placeholdersFound(field, tokens)}
    </p>
  );
}

/** Asked before saving text with bracketed bits: save anyway, or go back and replace them. */
export function PlaceholdersDialog({
  tokens,
  template,
  onSave,
  onEdit,
}: {
  tokens: string[];
  template: TemplateDto | null;
  onSave: () => void;
  onEdit: () => void;
}) {
  // Only a template's own blanks keep an item out of the guide; other brackets are published as written.
  const d = template?.defaults;
  const hidden = d ? untouchedPlaceholders(tokens, [d.title, d.detailText, d.describe, d.locate, d.operate]) : [];
  return (
    <Dialog
      open={tokens.length > 0}
      title={c.placeholdersConfirmTitle}
      onClose={onEdit}
      actions={
        <>
          <Button variant="secondary" onClick={onEdit}>
            {c.backToEditing}
          </Button>
          <Button onClick={onSave}>{c.saveAnyway}</Button>
        </>
      }
    >
      <p>{c.placeholdersConfirm(tokens, hidden.length > 0)}</p>
    </Dialog>
  );
}

/** Says honestly when guests will not see this template item as it stands (what the guide checks). */
export function NotShownNote({ draft, template }: { draft: ItemDraft; template: TemplateDto | null }) {
  if (!template) return null;
  const reason = guideHiddenReason(
    {
      title: draft.en.title,
      detailText: normaliseRichText(draft.en.detailText),
      describe: draft.en.describe,
      locate: draft.en.locate,
      operate: draft.en.operate,
      webLink: draft.webLink,
      subItemTexts: draft.subItems.flatMap((s) => [s.detailText, s.buttonLabel, s.internalLinkLabel]),
      hasMediaOrSubItems:
        draft.subItems.length > 0 ||
        [draft.image, draft.video, draft.document].some((m) => (m.url !== null && !m.remove) || m.file !== null),
    },
    template.defaults,
  );
  if (reason === null) return null;
  return (
    <p className="editor__not-shown" role="status">
      {reason === "placeholders" ? c.notShownPlaceholders : c.notShownNothingWritten}
    </p>
  );
}
