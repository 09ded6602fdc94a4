import {
  ContentItemResponse,
  type ContentItemDto,
  type CreateContentItemRequest,
  type UpdateContentItemRequest,
} from "@doorstep/shared/schemas/content";
import type { MediaKind } from "@doorstep/shared/rules/content";
import { apiRequest } from "../../../lib/api-client.ts";
import { uploadFile } from "../../../lib/upload.ts";
import { contentPaths } from "../../../api/content/keys.ts";

// The editor's save is several calls in a fixed order (item first, then its files), so these are plain
// functions the editor's one mutation composes; the caller invalidates ["content"] once at the end.

/** POST …/content/items: item, translations and sub-items in one transaction (CONT-24, CONT-30). */
export async function createContentItem(propertyId: string, body: CreateContentItemRequest): Promise<ContentItemDto> {
  return (await apiRequest(contentPaths.items(propertyId), { method: "POST", body, schema: ContentItemResponse })).item;
}

/** PATCH …/content/items/:itemId: ContentVersion + 1 on the server; 409 CONFLICT when expectedVersion is stale. */
export async function updateContentItem(
  propertyId: string,
  itemId: string,
  body: UpdateContentItemRequest,
): Promise<ContentItemDto> {
  return (
    await apiRequest(contentPaths.item(propertyId, itemId), { method: "PATCH", body, schema: ContentItemResponse })
  ).item;
}

function mediaPath(propertyId: string, itemId: string, kind: MediaKind, subItemId?: string): string {
  const item = contentPaths.item(propertyId, itemId);
  return subItemId ? `${item}/sub-items/${encodeURIComponent(subItemId)}/media/${kind}` : `${item}/media/${kind}`;
}

/** PUT (multipart "file") the item's or a sub-item's image, video or PDF (CONT-23); 409 VIDEO_EXISTS (CONT-21). */
export function uploadContentMedia(
  propertyId: string,
  itemId: string,
  kind: MediaKind,
  file: File,
  subItemId?: string,
): Promise<void> {
  return uploadFile(mediaPath(propertyId, itemId, kind, subItemId), file, { method: "PUT", fieldName: "file" });
}

/** DELETE the item's or a sub-item's file. */
export async function removeContentMedia(
  propertyId: string,
  itemId: string,
  kind: MediaKind,
  subItemId?: string,
): Promise<void> {
  await apiRequest(mediaPath(propertyId, itemId, kind, subItemId), { method: "DELETE", schema: ContentItemResponse });
}
