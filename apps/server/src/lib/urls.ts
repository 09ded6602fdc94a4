import type { AppContext } from "../app-context.ts";

/** The public URL path of a stored file. */
export const fileUrl = (key: string | null) => (key ? `/files/${key}` : null);

/** The stable address printed QR codes point to. */
export const qrTarget = (ctx: AppContext, propertyId: string) => `${ctx.config.publicUrl}/q/${propertyId}`;

/** The guide's public address: /{PropertyID} on GUIDE_HOST when one is configured (OPEN-58), else /g/{PropertyID}. */
export function guideUrl(ctx: AppContext, propertyId: string): string {
  const host = ctx.config.guide.host;
  return host
    ? `${new URL(ctx.config.publicUrl).protocol}//${host}/${propertyId}`
    : `${ctx.config.publicUrl}/g/${propertyId}`;
}
