import { copy } from "@doorstep/shared/copy";
import { PROFILE_TITLE_MAX } from "@doorstep/shared/rules/local-area";
import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Link } from "../../../components/ui/link.tsx";
import { AddressSearch } from "../../../components/address-search.tsx";
import { Alert } from "../../../components/ui/banner.tsx";
import { LoadMore } from "../../../components/load-more.tsx";
import { BackLink } from "../../../components/ui/back-link.tsx";
import { Button, ButtonLink } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { DeletedPage } from "../../../components/ui/deleted-page.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { imageAtWidth } from "../../../lib/format.ts";
import { useCreateProfile, useProfiles } from "../api/local-area.ts";
import "./local-area.css";

const c = copy.localArea;

export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ${copy.brand}`;
    return () => {
      document.title = copy.brand;
    };
  }, [title]);
}

/** /local-area-profiles (LOCAL-15/16, XCUT-44): profile cards with place counts, "Create new profile", "How it works". */
export function LocalAreaProfilesPage() {
  const profiles = useProfiles();
  usePageTitle(c.profilesTitle);
  return (
    <div className="local-area-page">
      <BackLink to="/">{copy.common.backToDashboard}</BackLink>
      <div className="page-header local-area-page__head">
        <h1>{c.profilesTitle}</h1>
        <ButtonLink to="/create-local-area-profile">{c.createProfile}</ButtonLink>
      </div>
      <details className="local-area-help">
        <summary>{c.howItWorks}</summary>
        <p>{c.howItWorksText}</p>
      </details>
      {profiles.isPending ? (
        <div role="status">
          <Spinner size={28} />
          <span className="visually-hidden">{copy.common.loading}</span>
        </div>
      ) : profiles.isError ? (
        <Alert>{copy.common.genericError}</Alert>
      ) : !profiles.items?.length ? (
        <p className="local-area-page__empty">{c.noProfiles}</p>
      ) : (
        <>
          <ul className="profile-grid" aria-label={c.profilesTitle}>
            {profiles.items.map((p) => (
              <li key={p.id}>
                <Link className="profile-card" to={`/local-area-profile/${encodeURIComponent(p.label)}`}>
                  {p.coverUrl ? (
                    <img className="profile-card__cover" src={imageAtWidth(p.coverUrl, 600)} alt="" />
                  ) : null}
                  <span className="profile-card__title">{p.title}</span>
                  <span className="profile-card__town">{[p.townCity, p.country].filter(Boolean).join(", ")}</span>
                  <span className="profile-card__count">{c.placeCount(p.placeCount)}</span>
                </Link>
              </li>
            ))}
          </ul>
          <LoadMore list={profiles} label={c.loadMoreProfiles} />
        </>
      )}
    </div>
  );
}

/** /create-local-area-profile (LOCAL-17…19): a name and the nearest town from the search, then the profile's page. */
export function CreateLocalAreaProfilePage() {
  const navigate = useNavigate();
  const create = useCreateProfile();
  const [title, setTitle] = useState("");
  const [town, setTown] = useState<{ placeId: string; description: string } | null>(null);
  const [missing, setMissing] = useState(false);
  usePageTitle(c.createTitle);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // LOCAL-18: a name, and a town chosen from the list.
    if (!title.trim() || !town) {
      setMissing(true);
      return;
    }
    setMissing(false);
    create.mutate(
      { title: title.trim(), placeId: town.placeId },
      { onSuccess: ({ profile }) => void navigate(`/local-area-profile/${encodeURIComponent(profile.label)}`) },
    );
  };

  return (
    <div className="local-area-page local-area-page--narrow">
      <BackLink to="/local-area-profiles">{c.backToProfiles}</BackLink>
      <div className="page-header">
        <h1>{c.createTitle}</h1>
      </div>
      <Card>
        <form className="stack" onSubmit={submit} noValidate>
          <TextField
            label={c.profileName}
            hint={c.profileNameHint}
            value={title}
            maxLength={PROFILE_TITLE_MAX}
            required
            autoFocus
            autoComplete="off"
            error={missing && !title.trim() ? copy.common.required : undefined}
            onChange={(e) => setTitle(e.target.value)}
          />
          <AddressSearch
            label={c.nearestTown}
            search={{ kind: "region" }}
            autoFocus={false}
            noMatches={c.townNoMatches}
            errorMessage={c.townError}
            onType={() => setTown(null)}
            onPick={(prediction) => setTown(prediction)}
            status={town ? <span className="field__hint">{c.townChosen(town.description)}</span> : undefined}
          />
          {missing && (!title.trim() || !town) ? <Alert>{c.enterAll}</Alert> : null}
          {create.isError ? (
            <Alert>{create.error instanceof ApiError ? create.error.message : copy.common.genericError}</Alert>
          ) : null}
          <div>
            <Button type="submit" busy={create.isPending} disabled={create.isPending}>
              {create.isPending ? c.creating : c.createButton}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}

/** /local-area-profile-deleted (LOCAL-25, XCUT-14): "Local area profile has been deleted" and the way back. */
export function LocalAreaProfileDeletedPage() {
  usePageTitle(copy.deleted.title(c.profileType));
  return <DeletedPage type={c.profileType} backTo="/local-area-profiles" backLabel={c.backToProfiles} />;
}
