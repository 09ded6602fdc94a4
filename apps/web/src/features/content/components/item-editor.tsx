import { copy } from "@doorstep/shared/copy";
import { languageName } from "@doorstep/shared/languages";
import { CreateContentItemRequest, type ContentItemDto, type TemplateDto } from "@doorstep/shared/schemas/content";
import { useMemo, useState } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { fieldProblem } from "../../../lib/schema-form.ts";
import { can } from "../../../lib/permissions.ts";
import { useMe } from "../../../lib/session.ts";
import { useContentItem } from "../api/get-content-item.ts";
import { draftFromItem, draftFromTemplate, snapshot, type ItemDraft } from "./editor-draft.ts";
import { DeleteItemDialog } from "./delete-item-dialog.tsx";
import { NotShownNote, PlaceholdersDialog, draftPlaceholders } from "./editor-placeholders.tsx";
import { EditorTexts } from "./editor-texts.tsx";
import { MediaField } from "./media-field.tsx";
import { RestrictedCheck } from "./restricted-check.tsx";
import { SubItemsEditor } from "./sub-items-editor.tsx";
import { useLeaveGuard } from "./use-leave-guard.ts";
import { useSaveItem } from "./use-save-item.ts";
import "./item-editor.css";

const c = copy.content;

/** What the editor opens: a stored item, or a new one (custom, or "Add" on a template). */
export interface EditorTarget {
  itemId: string | null;
  template: TemplateDto | null;
}

export interface ItemEditorProps {
  propertyId: string;
  categoryLabel: string;
  /** Editing the account's shared content: deleting removes it everywhere (SHARED-13). */
  isShared: boolean;
  /** The property's LanguageTranslations; English is the item itself (CONT-18). */
  languages: readonly string[];
  target: EditorTarget;
  onClose: () => void;
  /** After every successful save, with the saved title: the page confirms it once the editor has closed. */
  onSaved?: (title: string) => void;
}

/** The content edit popup (CONT-14); loads the stored item first so the draft starts from the latest version. */
export function ItemEditor(props: ItemEditorProps) {
  const loaded = useContentItem(props.propertyId, props.target.itemId);
  if (props.target.itemId !== null && !loaded.data) {
    return (
      <Dialog
        open
        title={c.editorNewTitle}
        onClose={props.onClose}
        size="md"
        actions={
          <Button variant="secondary" onClick={props.onClose}>
            {c.close}
          </Button>
        }
      >
        {loaded.isError ? <Alert>{c.loadError}</Alert> : <Spinner />}
      </Dialog>
    );
  }
  return <ItemEditorForm {...props} initial={loaded.data ?? null} />;
}

function ItemEditorForm({
  propertyId,
  categoryLabel,
  isShared,
  languages: allLanguages,
  target,
  onClose,
  onSaved,
  initial,
}: ItemEditorProps & { initial: ContentItemDto | null }) {
  const languages = useMemo(() => allLanguages.filter((l) => l !== "en"), [allLanguages]);
  const template = initial?.template ?? target.template;
  const [draft, setDraft] = useState<ItemDraft>(() =>
    initial ? draftFromItem(initial, languages) : draftFromTemplate(template, languages),
  );
  const [baseline] = useState(() => snapshot(draft));
  const [tab, setTab] = useState("en");
  const [confirmClose, setConfirmClose] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [placeholders, setPlaceholders] = useState<string[]>([]);
  const [webLinkError, setWebLinkError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const saver = useSaveItem(
    { propertyId, categoryLabel, templateLabel: initial?.templateLabel ?? template?.label ?? null, languages },
    initial,
  );
  // Decision 056: a viewer reads the item and changes nothing, so the editor has no Save or Delete for them.
  const me = useMe();
  const canWrite = !me.data || can(me.data.user, "properties:write");
  const dirty = canWrite && snapshot(draft) !== baseline;
  const saving = saver.status === "saving";
  const labels = template?.labels;
  // CONT-16 beyond Close: a reload, a closed tab or a navigation away asks too.
  const leave = useLeaveGuard(dirty && !saved);

  const update = (fn: (d: ItemDraft) => ItemDraft) => setDraft((d) => fn(d));
  const requestClose = () => {
    if (saving) return;
    // CONT-16: after any change, closing asks first.
    if (dirty) setConfirmClose(true);
    else onClose();
  };
  const save = async (anyway = false) => {
    setConfirmClose(false);
    setPlaceholders([]);
    // Decision 023: text still holding [bracketed] bits is saved only once the host says so.
    const found = anyway ? [] : draftPlaceholders(draft);
    if (found.length > 0) {
      leave.stay();
      return setPlaceholders(found);
    }
    // CONT-20: an http(s) address or blank, as the request's own rule says; the hint's copy says what to type.
    if (fieldProblem(CreateContentItemRequest.shape.webLink, draft.webLink)) {
      setWebLinkError(c.webLinkHint);
      return;
    }
    setWebLinkError(undefined);
    const result = await saver.save(draft);
    if (result.draft) setDraft(result.draft);
    if (!result.ok) return leave.stay();
    setSaved(true);
    onSaved?.((result.draft ?? draft).en.title);
    // Saved from the prompt a navigation raised: go where the host was going; otherwise just close.
    if (leave.blocked) leave.proceed();
    else onClose();
  };
  const discard = () => {
    if (leave.blocked) leave.proceed();
    else onClose();
  };
  const keepEditing = () => {
    setConfirmClose(false);
    leave.stay();
  };

  const title = saver.item
    ? c.editorEditTitle(saver.item.title)
    : template
      ? `${c.add} ${template.defaults.title || template.labels.title}`
      : c.editorNewTitle;
  const showMedia = template?.showMedia ?? true;

  return (
    <>
      <Dialog
        open
        size="md"
        title={title}
        onClose={requestClose}
        actions={
          <>
            {saver.item && canWrite ? (
              <Button
                variant="danger"
                className="editor__delete"
                disabled={saving}
                onClick={() => setConfirmDelete(true)}
              >
                {c.deleteItem}
              </Button>
            ) : null}
            <Button variant="secondary" disabled={saving} onClick={requestClose}>
              {c.close}
            </Button>
            {canWrite ? (
              <Button busy={saving} disabled={saving} onClick={() => void save()}>
                {saving ? c.saving : c.save}
              </Button>
            ) : null}
          </>
        }
      >
        <div className="editor">
          <NotShownNote draft={draft} template={template} />
          {languages.length > 0 ? (
            <div className="editor__tabs" role="tablist" aria-label={c.languageTabs}>
              {["en", ...languages].map((language) => (
                <button
                  key={language}
                  type="button"
                  role="tab"
                  id={`editor-tab-${language}`}
                  aria-selected={tab === language}
                  aria-controls="editor-tabpanel"
                  className="editor__tab"
                  onClick={() => setTab(language)}
                >
                  {language === "en" ? c.english : languageName(language)}
                </button>
              ))}
            </div>
          ) : null}
          <div
            id="editor-tabpanel"
            role={languages.length > 0 ? "tabpanel" : undefined}
            aria-labelledby={languages.length > 0 ? `editor-tab-${tab}` : undefined}
          >
            {/* Decision 056: a viewer reads the item; every field is disabled (no Save either). */}
            <fieldset className="editor__fields" disabled={!canWrite}>
              <EditorTexts
                key={tab}
                language={tab}
                draft={draft}
                template={template}
                onChange={update}
                readOnly={!canWrite}
              />
            </fieldset>
          </div>

          <fieldset className="editor__fields" disabled={!canWrite}>
            {showMedia ? (
              <fieldset className="editor__group">
                <legend>{labels?.media ?? c.imageLabel}</legend>
                <MediaField
                  kind="image"
                  label={c.imageLabel}
                  value={draft.image}
                  onChange={(image) => update((d) => ({ ...d, image }))}
                />
                <MediaField
                  kind="video"
                  label={c.videoLabel}
                  value={draft.video}
                  onChange={(video) => update((d) => ({ ...d, video }))}
                />
                <MediaField
                  kind="document"
                  label={c.documentLabel}
                  value={draft.document}
                  onChange={(document) => update((d) => ({ ...d, document }))}
                />
              </fieldset>
            ) : null}

            {(template?.showWebLink ?? true) ? (
              <TextField
                label={labels?.webLink ?? c.webLinkLabel}
                hint={c.webLinkHint}
                type="url"
                value={draft.webLink}
                placeholder={template?.defaults.webLink ?? undefined}
                error={webLinkError}
                aria-invalid={webLinkError ? true : undefined}
                onChange={(event) => update((d) => ({ ...d, webLink: event.target.value }))}
              />
            ) : null}

            <TextField
              label={c.what3wordsLabel}
              hint={c.what3wordsHint}
              value={draft.what3words}
              onChange={(event) => update((d) => ({ ...d, what3words: event.target.value }))}
            />
            <label className="editor__check">
              <input
                type="checkbox"
                checked={draft.showWhat3words}
                onChange={(event) => update((d) => ({ ...d, showWhat3words: event.target.checked }))}
              />
              {c.showWhat3words}
            </label>
            {(template?.showFeatured ?? true) ? (
              <label className="editor__check">
                <input
                  type="checkbox"
                  checked={draft.featured}
                  onChange={(event) => update((d) => ({ ...d, featured: event.target.checked }))}
                />
                {labels?.featured ?? c.featuredLabel}
              </label>
            ) : null}

            <RestrictedCheck
              draft={draft}
              onChange={update}
              wifi={(initial?.templateLabel ?? template?.label) === "wifi" || initial?.label === "wifi"}
            />
            <SubItemsEditor draft={draft} onChange={update} />
          </fieldset>
          {saver.error ? <Alert>{saver.error}</Alert> : null}
        </div>
      </Dialog>

      <Dialog
        open={confirmClose || leave.blocked}
        title={c.unsavedChanges}
        onClose={keepEditing}
        actions={
          <>
            <Button variant="secondary" onClick={discard}>
              {c.discard}
            </Button>
            <Button onClick={() => void save()}>{c.save}</Button>
          </>
        }
      >
        {null}
      </Dialog>

      <PlaceholdersDialog
        tokens={placeholders}
        template={template}
        onSave={() => void save(true)}
        onEdit={() => setPlaceholders([])}
      />

      <DeleteItemDialog
        open={confirmDelete}
        propertyId={propertyId}
        itemId={saver.item?.id ?? null}
        isShared={isShared}
        onKeep={() => setConfirmDelete(false)}
        onDeleted={onClose}
      />
    </>
  );
}
