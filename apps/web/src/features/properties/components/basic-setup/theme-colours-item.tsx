import { copy } from "@doorstep/shared/copy";
import type { CompanyDto } from "@doorstep/shared/schemas/company";
import { luminance } from "@doorstep/shared/rules/property";
import type { PropertyDto } from "@doorstep/shared/schemas/property";
import { useId, useState } from "react";
import { Alert } from "../../../../components/ui/banner.tsx";
import { ColoursItem, type ColourValues } from "../../../../components/ui/colours-item.tsx";
import { useUpdateProperty } from "../../api/update-property.ts";

/** Black or white, whichever reads better on `hex` (at least 4.5:1 for any colour). */
function readableOn(hex: string): string {
  const l = luminance(hex);
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? "#FFFFFF" : "#000000";
}

/** A small picture of the guide's header in the chosen colours (SETUP-19's live preview). */
function HeaderPreview({ values, title }: { values: ColourValues; title: string }) {
  const primary = values.hexPrimary ?? "#1F6F68";
  const secondary = values.hexSecondary ?? "#C2692D";
  return (
    <figure className="header-preview" aria-label={copy.basicSetup.headerPreview}>
      <div className="header-preview__bar" style={{ background: primary, color: readableOn(primary) }}>
        <span className="header-preview__title">{title}</span>
        <span className="header-preview__button" style={{ background: secondary, color: readableOn(secondary) }}>
          {copy.basicSetup.headerPreviewButton}
        </span>
      </div>
      <div className="header-preview__body">
        <span>{copy.basicSetup.headerPreviewText}</span>
        <span className="header-preview__line" style={{ background: secondary }} />
      </div>
      <figcaption className="field__hint">{copy.basicSetup.headerPreview}</figcaption>
    </figure>
  );
}

/** "Use company branding" (CO-07, SETUP-21): a tick box that saves companyProfile at once. */
function CompanyBrandingToggle({ property }: { property: PropertyDto }) {
  const id = useId();
  const update = useUpdateProperty();
  // The tick shows the new state at once (a controlled box would otherwise snap back until the
  // mutation reports pending); it returns to the saved value when the save settles or fails.
  const [requested, setRequested] = useState<boolean | null>(null);
  return (
    <div className="tick tick--standalone">
      <input
        id={id}
        type="checkbox"
        checked={requested ?? property.companyProfile}
        disabled={update.isPending}
        onChange={(event) => {
          const companyProfile = event.target.checked;
          setRequested(companyProfile);
          update.mutate(
            { propertyId: property.propertyId, body: { companyProfile } },
            { onSettled: () => setRequested(null) },
          );
        }}
      />
      <label htmlFor={id}>{copy.basicSetup.useCompanyBranding}</label>
      {update.isError ? <Alert>{copy.profile.saveError}</Alert> : null}
    </div>
  );
}

/** "Theme Colours" (SETUP-19): primary and secondary with guidance, a light-colour warning and a live preview. */
export function ThemeColoursItem({ property, company }: { property: PropertyDto; company: CompanyDto | null }) {
  const update = useUpdateProperty();
  return (
    <>
      <ColoursItem
        title={copy.basicSetup.themeColours}
        slots={[
          { key: "hexPrimary", label: copy.basicSetup.primaryColour, value: property.hexPrimary },
          { key: "hexSecondary", label: copy.basicSetup.secondaryColour, value: property.hexSecondary },
        ]}
        guidance={copy.basicSetup.colourGuidance}
        lightWarning={copy.basicSetup.tooLight}
        preview={(values) => <HeaderPreview values={values} title={property.title} />}
        save={(values) =>
          update.mutateAsync({
            propertyId: property.propertyId,
            body: { hexPrimary: values.hexPrimary ?? null, hexSecondary: values.hexSecondary ?? null },
          })
        }
      />
      {company ? <CompanyBrandingToggle property={property} /> : null}
    </>
  );
}
