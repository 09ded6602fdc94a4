import type { AppContext } from "../../app-context.ts";
import { fileUrl } from "../../lib/urls.ts";
import { findManagerById } from "./manager.repository.ts";

/** The manager as a guest guide shows it: the host's name and the ways to reach them. */
export interface GuideHost {
  name: string;
  photoUrl: string | null;
  email: string | null;
  tel: string | null;
  messageAppName: string | null;
  messageAppLink: string | null;
}

const blank = (v: string | null) => (v && v.trim() ? v.trim() : null);

/** Gets the host card of a guide's manager; null when the property has no manager. */
export async function getGuideHost(ctx: AppContext, managerId: string | null): Promise<GuideHost | null> {
  const m = managerId ? await findManagerById(ctx.db, managerId) : null;
  if (!m) return null;
  return {
    name: [m.firstName, m.lastName].filter((p) => p && p.trim()).join(" "),
    photoUrl: fileUrl(m.photoKey),
    email: blank(m.email),
    tel: blank(m.tel),
    messageAppName: blank(m.messageAppName),
    messageAppLink: blank(m.messageAppLink),
  };
}
