import { copy } from "@doorstep/shared/copy";
import type { MediaKind } from "@doorstep/shared/rules/content";
import { CreateContentItemRequest, type ContentItemDto } from "@doorstep/shared/schemas/content";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ContentItemResponse } from "@doorstep/shared/schemas/content";
import { apiRequest, hasErrorCode } from "../../../lib/api-client.ts";
import { fieldProblem } from "../../../lib/schema-form.ts";
import { contentKeys, contentPaths } from "../../../api/content/keys.ts";
import {
  createContentItem,
  removeContentMedia,
  updateContentItem,
  uploadContentMedia,
} from "../api/save-content-item.ts";
import { uploadErrorCopy } from "../../../components/ui/use-image-upload.ts";
import {
  createRequest,
  draftFromItem,
  rebaseDraft,
  snapshot,
  subItemMediaKind,
  updateRequest,
  type ItemDraft,
  type MediaDraft,
} from "./editor-draft.ts";

export type SaveStatus = "idle" | "saving" | "error";

interface SaveTarget {
  propertyId: string;
  categoryLabel: string;
  templateLabel: string | null;
  languages: readonly string[];
}

/** The draft without its files: what the item's PATCH sends. */
function fieldsOnly(draft: ItemDraft): string {
  const bare: MediaDraft = { url: null, file: null, remove: false };
  return snapshot({
    ...draft,
    image: bare,
    video: bare,
    document: bare,
    subItems: draft.subItems.map((s) => ({ ...s, media: bare })),
  });
}

/**
 * The editor's save (CONT-23/24/30): one POST or PATCH for the item with its translations and sub-items,
 * then the files that changed; the draft is kept on any failure so nothing typed is lost.
 */
export function useSaveItem(target: SaveTarget, initial: ContentItemDto | null) {
  const queryClient = useQueryClient();
  const [item, setItem] = useState<ContentItemDto | null>(initial);
  const [status, setStatus] = useState<SaveStatus>("idle");
  const [error, setError] = useState<string | null>(null);

  /**
   * ok: everything saved. draft: the draft to continue with (null keeps the editor's own); after a file failed
   * it is the saved item's draft with the files still to send, so a second Save creates nothing twice.
   */
  const save = async (draft: ItemDraft): Promise<{ ok: boolean; draft: ItemDraft | null }> => {
    setError(null);
    // CONT-17: nothing is saved without an English title (the request's rule and its message).
    const titleProblem = fieldProblem(CreateContentItemRequest.shape.title, draft.en.title);
    if (titleProblem) {
      setError(titleProblem);
      setStatus("error");
      return { ok: false, draft: null };
    }
    setStatus("saving");
    const { propertyId, languages } = target;
    let current = draft;
    let saved = item;
    try {
      if (!saved) {
        saved = await createContentItem(propertyId, createRequest(draft, target.categoryLabel, target.templateLabel));
        current = rebaseDraft(saved, languages, draft);
      } else if (fieldsOnly(draft) !== fieldsOnly(draftFromItem(saved, languages))) {
        saved = await updateContentItem(propertyId, saved.id, updateRequest(draft, saved.contentVersion));
        current = rebaseDraft(saved, languages, draft);
      }
      setItem(saved);
    } catch (cause) {
      setError(
        hasErrorCode(cause, "CONFLICT")
          ? copy.content.conflict
          : hasErrorCode(cause, "VALIDATION_FAILED") && cause.message
            ? cause.message
            : copy.content.saveError,
      );
      setStatus("error");
      return { ok: false, draft: null };
    }

    const itemId = saved.id;
    let failed: unknown = null;
    const send = async (kind: MediaKind, media: MediaDraft, subItemId?: string): Promise<MediaDraft> => {
      if (failed) return media;
      try {
        if (media.remove && media.url) await removeContentMedia(propertyId, itemId, kind, subItemId);
        if (media.file) await uploadContentMedia(propertyId, itemId, kind, media.file, subItemId);
        return { url: media.file ? "" : media.remove ? null : media.url, file: null, remove: false };
      } catch (cause) {
        failed = cause;
        return media;
      }
    };
    const changed = (m: MediaDraft) => m.file !== null || (m.remove && m.url !== null);
    const anyMedia =
      changed(current.image) ||
      changed(current.video) ||
      changed(current.document) ||
      current.subItems.some((s) => changed(s.media));
    if (anyMedia) {
      current = { ...current, video: await send("video", current.video) };
      current = { ...current, image: await send("image", current.image) };
      current = { ...current, document: await send("document", current.document) };
      const subItems = [];
      for (const s of current.subItems) {
        const kind = subItemMediaKind(s.type);
        subItems.push(kind && s.id && changed(s.media) ? { ...s, media: await send(kind, s.media, s.id) } : s);
      }
      current = { ...current, subItems };
      // Files change the stored item (URLs and ContentVersion): read it again.
      try {
        saved = (await apiRequest(contentPaths.item(propertyId, itemId), { schema: ContentItemResponse })).item;
        setItem(saved);
        if (!failed) current = draftFromItem(saved, languages);
      } catch {
        // The item itself is saved; the next save reads it again.
      }
    }
    void queryClient.invalidateQueries({ queryKey: contentKeys.all });
    if (failed) {
      setError(
        hasErrorCode(failed, "VIDEO_EXISTS")
          ? copy.content.videoExists
          : `${copy.content.uploadError} ${uploadErrorCopy(failed)}`,
      );
      setStatus("error");
      return { ok: false, draft: current };
    }
    setStatus("idle");
    return { ok: true, draft: current };
  };

  return { item, status, error, save, setError };
}
