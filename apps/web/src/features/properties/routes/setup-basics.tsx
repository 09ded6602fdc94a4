import { copy } from "@doorstep/shared/copy";
import { UpdateManagerRequest } from "@doorstep/shared/schemas/manager";
import { formatPhone } from "@doorstep/shared/rules/phone";
import { UpdatePropertyRequest, type PropertyDto } from "@doorstep/shared/schemas/property";
import { useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import "../../../components/ui/button.css";
import { Alert } from "../../../components/ui/banner.tsx";
import { ImageUpload } from "../../../components/ui/image-upload.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { coverImageUrl, useRefreshProperties } from "../api/cover-image.ts";
import { useProperty } from "../../../api/properties/get-property.ts";
import { managerPhotoUrl } from "../../../api/managers/manager-photo.ts";
import { useUpdateManager } from "../../../api/managers/update-manager.ts";
import { useUpdateProperty } from "../api/update-property.ts";
import { ColoursForm } from "../components/setup/colours-form.tsx";
import { HostNameForm } from "../components/setup/host-name-form.tsx";
import { PropertyLoadError } from "../components/property-load-error.tsx";
import { LocationForm } from "../components/setup/location-form.tsx";
import { SetupSection } from "../components/setup/setup-section.tsx";
import { TextSectionForm } from "../components/setup/text-section-form.tsx";
import { PhoneSectionForm } from "../components/setup/phone-section-form.tsx";
import { countryFromName } from "../../../components/phone-field.tsx";
import "../../../components/ui/text-field.css";
import "./property-pages.css";
import "./setup.css";

/** The sections of PROP-32, in order. */
const SECTIONS = ["title", "cover", "location", "hostName", "hostPhoto", "hostEmail", "hostTel", "colours"] as const;
type SectionKey = (typeof SECTIONS)[number];

function doneMap(p: PropertyDto): Record<SectionKey, boolean> {
  const m = p.manager;
  return {
    title: p.title.trim() !== "",
    cover: p.coverImageUrl !== null,
    location: p.address !== null,
    hostName: Boolean(m?.firstName && m.lastName),
    hostPhoto: Boolean(m?.photoUrl),
    hostEmail: Boolean(m?.email),
    hostTel: Boolean(m?.tel),
    colours: Boolean(p.hexPrimary || p.hexSecondary),
  };
}

/** The first unfinished section after `from` (or from the start), skipping those without a manager. */
function nextOpen(
  done: Record<SectionKey, boolean>,
  from: SectionKey | null,
  available: (key: SectionKey) => boolean,
): SectionKey | null {
  const start = from ? SECTIONS.indexOf(from) + 1 : 0;
  return SECTIONS.slice(start).find((key) => available(key) && !done[key]) ?? null;
}

/** /property/:propertyId/setup-basics (PROP-32, PROP-33): each section saves on its own; the next unfinished one opens. */
export function SetupBasicsPage() {
  const { propertyId = "" } = useParams();
  const navigate = useNavigate();
  const property = useProperty(propertyId);
  const updateProperty = useUpdateProperty();
  const updateHost = useUpdateManager();
  const refresh = useRefreshProperties();
  const [open, setOpen] = useState<SectionKey | null | undefined>(undefined);
  const completeRef = useRef<HTMLButtonElement>(null);
  const [publishing, setPublishing] = useState(false);
  const [publishFailed, setPublishFailed] = useState(false);

  if (property.isPending) return <LoadingScreen />;
  if (property.isError) {
    return (
      <div className="narrow-page">
        <PropertyLoadError error={property.error} onRetry={() => void property.refetch()} />
      </div>
    );
  }

  const p = property.data;
  const vanityId = p.manager?.vanityId;
  const available = (key: SectionKey) => Boolean(vanityId) || !key.startsWith("host");
  const done = doneMap(p);
  // PROP-33: on arrival the first unfinished section is open.
  const current = open === undefined ? nextOpen(done, null, available) : open;

  const advance = (from: SectionKey) => {
    const next = nextOpen(done, from, available);
    setOpen(next);
    if (!next) requestAnimationFrame(() => completeRef.current?.focus());
  };
  const toggle = (key: SectionKey) => setOpen(current === key ? null : key);
  const patch = (body: Parameters<typeof updateProperty.mutateAsync>[0]["body"]) =>
    updateProperty.mutateAsync({ propertyId, body });
  // Decision 020: the property is a draft until here; "Complete setup" publishes it, then payment follows.
  const complete = async () => {
    setPublishFailed(false);
    setPublishing(true);
    try {
      if (!property.data.published) await patch({ published: true });
      void navigate(`/property/${encodeURIComponent(propertyId)}/setup-payment`);
    } catch {
      setPublishFailed(true);
    } finally {
      setPublishing(false);
    }
  };
  const patchHost = (body: Parameters<typeof updateHost.mutateAsync>[0]["body"]) =>
    updateHost.mutateAsync({ vanityId: vanityId ?? "", body });
  const section = (
    key: SectionKey,
    number: number,
    title: string,
    summary: React.ReactNode,
    children: React.ReactNode,
  ) => (
    <SetupSection
      key={key}
      number={number}
      title={title}
      done={done[key]}
      summary={summary}
      open={current === key}
      onToggle={() => toggle(key)}
    >
      {children}
    </SetupSection>
  );
  const skip = (key: SectionKey) => () => advance(key);
  const m = p.manager;
  const empty = <span className="item__empty">{copy.common.notEntered}</span>;
  const notUploaded = <span className="item__empty">{copy.common.notUploaded}</span>;

  return (
    <div className="narrow-page setup-basics">
      <p className="setup-step">{copy.setup.step(2, 4)}</p>
      <div className="page-header">
        <h1>{copy.setup.basicsTitle}</h1>
        <p>{copy.setup.basicsIntro}</p>
      </div>
      <div className="setup-sections">
        {section(
          "title",
          1,
          copy.basicSetup.propertyTitle,
          p.title,
          <TextSectionForm
            label={copy.basicSetup.propertyTitle}
            initial={p.title}
            schema={UpdatePropertyRequest.shape.title}
            maxLength={120}
            save={async (title) => {
              await patch({ title });
              advance("title");
            }}
          />,
        )}
        {section(
          "cover",
          2,
          copy.basicSetup.coverImage,
          p.coverImageUrl ? copy.uploads.uploaded : notUploaded,
          <>
            <ImageUpload
              label={copy.basicSetup.coverImage}
              hint={copy.basicSetup.coverHint}
              currentUrl={p.coverImageUrl}
              alt={copy.properties.coverAlt(p.title)}
              uploadUrl={coverImageUrl(propertyId)}
              onDone={async (outcome) => {
                await refresh();
                if (outcome === "uploaded") advance("cover");
              }}
            />
            <SkipButton onSkip={skip("cover")} />
          </>,
        )}
        {section(
          "location",
          3,
          copy.setup.location,
          p.address?.formatted ?? empty,
          <LocationForm
            current={p.address?.formatted ?? null}
            save={async (address) => {
              await patch({ address });
              advance("location");
            }}
            onSkip={skip("location")}
          />,
        )}
        {m && vanityId ? (
          <>
            {section(
              "hostName",
              4,
              copy.setup.hostName,
              `${m.firstName} ${m.lastName}`.trim() || empty,
              <HostNameForm
                firstName={m.firstName}
                lastName={m.lastName}
                save={async (names) => {
                  await patchHost(names);
                  advance("hostName");
                }}
                onSkip={skip("hostName")}
              />,
            )}
            {section(
              "hostPhoto",
              5,
              copy.setup.hostPhoto,
              m.photoUrl ? copy.uploads.uploaded : notUploaded,
              <>
                <ImageUpload
                  label={copy.setup.hostPhoto}
                  currentUrl={m.photoUrl}
                  alt={`${m.firstName} ${m.lastName}`}
                  shape="round"
                  uploadUrl={managerPhotoUrl(vanityId)}
                  onDone={async (outcome) => {
                    await refresh();
                    if (outcome === "uploaded") advance("hostPhoto");
                  }}
                />
                <SkipButton onSkip={skip("hostPhoto")} />
              </>,
            )}
            {section(
              "hostEmail",
              6,
              copy.setup.hostEmail,
              m.email ?? empty,
              <TextSectionForm
                label={copy.setup.hostEmail}
                initial={m.email ?? ""}
                schema={UpdateManagerRequest.shape.email}
                type="email"
                autoComplete="email"
                hint={copy.managers.blankHidesHint}
                save={async (email) => {
                  await patchHost({ email: email === "" ? null : email });
                  advance("hostEmail");
                }}
                onSkip={skip("hostEmail")}
              />,
            )}
            {section(
              "hostTel",
              7,
              copy.setup.hostTel,
              m.tel ? formatPhone(m.tel) : empty,
              <PhoneSectionForm
                label={copy.setup.hostTel}
                initial={m.tel ?? ""}
                schema={UpdateManagerRequest.shape.tel}
                defaultCountry={countryFromName(p.address?.country)}
                hint={copy.managers.blankHidesHint}
                save={async (tel) => {
                  await patchHost({ tel: tel === "" ? null : tel });
                  advance("hostTel");
                }}
                onSkip={skip("hostTel")}
              />,
            )}
          </>
        ) : null}
        {section(
          "colours",
          8,
          copy.basicSetup.themeColours,
          <ColourSummary primary={p.hexPrimary} secondary={p.hexSecondary} />,
          <ColoursForm
            primary={p.hexPrimary}
            secondary={p.hexSecondary}
            save={async (colours) => {
              await patch(colours);
              advance("colours");
            }}
            onSkip={skip("colours")}
          />,
        )}
      </div>
      <div className="setup-basics__complete">
        <button
          ref={completeRef}
          type="button"
          className="btn btn--primary btn--md"
          disabled={publishing}
          aria-busy={publishing || undefined}
          onClick={() => void complete()}
        >
          {copy.setup.completeSetup}
        </button>
        {publishFailed ? <Alert>{copy.common.genericError}</Alert> : null}
      </div>
    </div>
  );
}

function SkipButton({ onSkip }: { onSkip: () => void }) {
  return (
    <div className="setup-section__actions">
      <button type="button" className="btn btn--ghost btn--sm" onClick={onSkip}>
        {copy.setup.skip}
      </button>
    </div>
  );
}

function ColourSummary({ primary, secondary }: { primary: string | null; secondary: string | null }) {
  if (!primary && !secondary) return <span className="item__empty">{copy.common.notEntered}</span>;
  return (
    <span className="colour-summary">
      {[primary, secondary].filter(Boolean).map((hex) => (
        <span key={hex} className="colour-summary__chip">
          <span className="colour-summary__swatch" style={{ background: hex ?? undefined }} aria-hidden="true" />
          {hex}
        </span>
      ))}
    </span>
  );
}
