import { copy } from "@doorstep/shared/copy";
import { hasStayDetail } from "@doorstep/shared/rules/stay-details";
import type { ItemDraft } from "./editor-draft.ts";

const c = copy.stayDetails;

/**
 * "Only for booked guests, during their stay" (decision 042). Ticked and fixed while the text holds a stay
 * detail: the public guide has no stay to fill it from, so the server restricts such an item anyway.
 */
export function RestrictedCheck({
  draft,
  onChange,
  wifi = false,
}: {
  draft: ItemDraft;
  onChange: (update: (draft: ItemDraft) => ItemDraft) => void;
  /** The Wi-Fi item: its password alone can be kept for booked guests (decision 046). */
  wifi?: boolean;
}) {
  const texts = [draft.en, ...Object.values(draft.translations)];
  const byDetail = texts.some((t) =>
    [t.detailText, t.describe, t.locate, t.operate].some((v) => hasStayDetail(v ?? "")),
  );
  return (
    <div className="editor__restricted">
      <label className="editor__check">
        <input
          type="checkbox"
          checked={draft.restricted || byDetail}
          disabled={byDetail}
          onChange={(event) => onChange((d) => ({ ...d, restricted: event.target.checked }))}
        />
        {c.restricted}
      </label>
      <p className="field__hint">{byDetail ? c.restrictedByDetail : c.restrictedHint}</p>
      {wifi ? (
        <>
          <label className="editor__check">
            <input
              type="checkbox"
              checked={draft.passwordRestricted}
              onChange={(event) => onChange((d) => ({ ...d, passwordRestricted: event.target.checked }))}
            />
            {c.passwordRestricted}
          </label>
          <p className="field__hint">{c.passwordRestrictedHint}</p>
        </>
      ) : null}
    </div>
  );
}
