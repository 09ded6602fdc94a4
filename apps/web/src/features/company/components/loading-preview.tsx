import { copy } from "@doorstep/shared/copy";
import type { ColourValues } from "../../../components/ui/colours-item.tsx";
import { imageAtWidth } from "../../../lib/format.ts";

/** A small live picture of the guide's loading screen in the chosen background and font colours (CO-01). */
export function LoadingPreview({
  values,
  brandName,
  logoUrl,
}: {
  values: ColourValues;
  brandName: string;
  logoUrl: string | null;
}) {
  const background = values.backgroundHex ?? "#FFFFFF";
  const font = values.fontHex ?? "#1C2421";
  return (
    <figure className="loading-preview" aria-label={copy.company.loadingPreview}>
      <div className="loading-preview__screen" style={{ background, color: font }}>
        {logoUrl ? <img src={imageAtWidth(logoUrl, 80)} alt="" width={48} height={48} /> : null}
        <span className="loading-preview__brand">{brandName}</span>
        <span
          className="loading-preview__dots"
          aria-hidden="true"
          style={{ borderColor: font, borderRightColor: "transparent" }}
        />
        <span>{copy.loadingScreen}</span>
      </div>
      <figcaption className="field__hint">{copy.company.loadingPreview}</figcaption>
    </figure>
  );
}
