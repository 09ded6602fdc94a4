import { copy } from "@doorstep/shared/copy";
import type { LocalAreaPageResponse } from "@doorstep/shared/schemas/local-area";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { Link } from "../../../components/ui/link.tsx";
import { Alert } from "../../../components/ui/banner.tsx";
import { BackLink } from "../../../components/ui/back-link.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { hasErrorCode } from "../../../lib/api-client.ts";
import { useSavedToggle } from "../../../lib/use-saved-toggle.ts";
import { useAttachProfile, useDeleteProfile, useLocalAreaPage } from "../api/local-area.ts";
import { PlaceCategories } from "../components/place-categories.tsx";
import { usePageTitle } from "./profiles.tsx";
import "./local-area.css";

const c = copy.localArea;

/** /property/:propertyId/local-area (LOCAL-01/02): the account's profiles to attach, then the place categories. */
export function PropertyLocalAreaPage() {
  const { propertyId = "" } = useParams();
  const page = useLocalAreaPage({ kind: "property", key: propertyId });
  usePageTitle(c.propertyTitle);
  const back = `/property/${encodeURIComponent(propertyId)}`;
  if (page.isPending) return <LoadingScreen />;
  if (page.isError)
    return (
      <div className="local-area-page">
        <BackLink to={back}>{copy.common.back}</BackLink>
        <Alert>{hasErrorCode(page.error, "NOT_FOUND") ? copy.properties.notFound : copy.common.genericError}</Alert>
      </div>
    );
  return (
    <div className="local-area-page">
      <BackLink to={back}>{page.data.owner.title}</BackLink>
      <div className="page-header">
        <h1>{c.propertyTitle}</h1>
      </div>
      <AttachedProfiles propertyId={propertyId} page={page.data} />
      <p className="local-area-tips">
        {c.ownTips} <Link to={`/property/${encodeURIComponent(propertyId)}/content/local-area`}>{c.ownTipsLink}</Link>
      </p>
      <PlaceCategories page={page.data} />
    </div>
  );
}

/** LOCAL-02, SHARED-06: tick a profile to show its places in this guide. */
function AttachedProfiles({ propertyId, page }: { propertyId: string; page: LocalAreaPageResponse }) {
  return (
    <fieldset className="attached-profiles">
      <legend>{c.profilesOnProperty}</legend>
      {page.profiles.length === 0 ? (
        <p className="field__hint">
          {c.noProfilesYet} <Link to="/create-local-area-profile">{c.createProfile}</Link>
        </p>
      ) : (
        <>
          <p className="field__hint">{c.profilesOnPropertyHint}</p>
          <ul className="attached-profiles__list">
            {page.profiles.map((p) => (
              <li key={p.id}>
                <ProfileToggle propertyId={propertyId} profile={p} />
              </li>
            ))}
          </ul>
          <p>
            <Link to="/local-area-profiles">{c.manageProfiles}</Link>
          </p>
        </>
      )}
    </fieldset>
  );
}

/** One profile's tick box, saved as soon as it changes. */
function ProfileToggle({
  propertyId,
  profile,
}: {
  propertyId: string;
  profile: LocalAreaPageResponse["profiles"][number];
}) {
  const attach = useAttachProfile(propertyId);
  const toggle = useSavedToggle(profile.attached);
  return (
    <>
      <label className="check">
        <input
          type="checkbox"
          checked={toggle.checked}
          disabled={attach.isPending}
          onChange={(e) => {
            const on = e.target.checked;
            toggle.ask(on);
            attach.mutate({ profileId: profile.id, attach: on }, { onError: () => toggle.reset() });
          }}
        />
        <span>
          {c.attachProfile(profile.title)} <span className="muted">({c.placeCount(profile.placeCount)})</span>
        </span>
      </label>
      {attach.isError ? <Alert>{copy.common.genericError}</Alert> : null}
    </>
  );
}

/** /local-area-profile/:label (LOCAL-01/03/23): the profile's place categories and, at the end, its deletion. */
export function ProfileLocalAreaPage() {
  const { sharedProfileLabel: label = "" } = useParams();
  const page = useLocalAreaPage({ kind: "profile", key: label });
  const title = page.data ? c.profileTitle(page.data.owner.title) : c.profilesTitle;
  usePageTitle(title);
  if (page.isPending) return <LoadingScreen />;
  if (page.isError)
    return (
      <div className="local-area-page">
        <BackLink to="/local-area-profiles">{c.backToProfiles}</BackLink>
        <Alert>{hasErrorCode(page.error, "NOT_FOUND") ? c.profileNotFound : copy.common.genericError}</Alert>
      </div>
    );
  return (
    <div className="local-area-page">
      <BackLink to="/local-area-profiles">{c.backToProfiles}</BackLink>
      <div className="page-header">
        <h1>{title}</h1>
      </div>
      <PlaceCategories page={page.data} />
      <DeleteProfile label={label} title={page.data.owner.title} />
    </div>
  );
}

/** LOCAL-23/24: "cannot be undone", then Delete or Keep; success goes to /local-area-profile-deleted. */
function DeleteProfile({ label, title }: { label: string; title: string }) {
  const navigate = useNavigate();
  const remove = useDeleteProfile();
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="danger-zone" aria-labelledby="delete-profile-h">
      <h2 id="delete-profile-h">{c.deleteProfile}</h2>
      {confirming ? (
        <>
          <p>{c.deleteProfileConfirm(title)}</p>
          <div className="danger-zone__actions">
            <Button
              variant="danger"
              busy={remove.isPending}
              disabled={remove.isPending}
              onClick={() => remove.mutate(label, { onSuccess: () => void navigate("/local-area-profile-deleted") })}
            >
              {c.delete}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {c.keep}
            </Button>
          </div>
          {remove.isError ? <Alert>{copy.common.genericError}</Alert> : null}
        </>
      ) : (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {c.deleteProfile}
        </Button>
      )}
    </section>
  );
}
