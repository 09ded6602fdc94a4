import { copy } from "@doorstep/shared/copy";
import { useEffect } from "react";
import { Navigate, useNavigate, useParams } from "react-router";
import { Alert } from "../../../components/ui/banner.tsx";
import { BackLink } from "../../../components/ui/back-link.tsx";
import { Button, ButtonLink } from "../../../components/ui/button.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { hasErrorCode } from "../../../lib/api-client.ts";
import { useMe } from "../../../lib/session.ts";
import { useCreateSharedContent } from "../api/create-shared-content.ts";
import { useContentOverview } from "../../../api/content/get-content-overview.ts";
import { ContentSections } from "../../../components/content-sections.tsx";
import { scopeBase } from "./category-page.tsx";
import "./content.css";

const c = copy.content;

/** /shared-content/:propertyId (SHARED-01…05): the sections of the account's shared content. */
export function SharedContentPage() {
  const { propertyId = "" } = useParams();
  const overview = useContentOverview(propertyId);
  useEffect(() => {
    document.title = `${c.sharedContentTitle} · ${copy.brand}`;
    return () => {
      document.title = copy.brand;
    };
  }, []);

  return (
    <div className="content-page">
      <BackLink to="/">{copy.common.backToDashboard}</BackLink>
      <header className="content-page__head">
        <h1>{c.sharedContentTitle}</h1>
        <p className="muted">{c.sharedIntroPage}</p>
        {/* SHARED-04: shared local-area profiles live beside shared content. */}
        <p>
          <ButtonLink variant="secondary" size="sm" to="/local-area-profiles">
            {copy.home.tiles.localAreaProfiles}
          </ButtonLink>
        </p>
      </header>
      {overview.isPending ? <LoadingScreen /> : null}
      {overview.isError ? (
        hasErrorCode(overview.error, "NOT_FOUND") ? (
          <h2>{c.notFound}</h2>
        ) : (
          <Alert>{c.loadError}</Alert>
        )
      ) : null}
      {overview.data ? (
        <section aria-labelledby="shared-sections">
          <h2 id="shared-sections">{c.sectionsHeading}</h2>
          <ContentSections
            look="cards"
            categories={overview.data.categories}
            to={(category) => `${scopeBase("shared", propertyId)}/content/${encodeURIComponent(category.label)}`}
          />
        </section>
      ) : null}
    </div>
  );
}

/** /shared-content: opens the user's shared content, or creates it on first use (OPEN-59). */
export function SharedContentStartPage() {
  const me = useMe();
  const create = useCreateSharedContent();
  const navigate = useNavigate();
  const existing = me.data?.user.sharedContentPropertyId;
  if (existing) return <Navigate to={scopeBase("shared", existing)} replace />;
  return (
    <div className="content-page">
      <BackLink to="/">{copy.common.backToDashboard}</BackLink>
      <header className="content-page__head">
        <h1>{c.sharedContentTitle}</h1>
        <p className="muted">{c.sharedIntroPage}</p>
      </header>
      <p>{c.sharedNone}</p>
      {create.isError ? <Alert>{copy.common.genericError}</Alert> : null}
      <div>
        <Button
          busy={create.isPending}
          disabled={create.isPending}
          onClick={() =>
            create.mutate(undefined, { onSuccess: ({ propertyId }) => void navigate(scopeBase("shared", propertyId)) })
          }
        >
          {create.isPending ? c.creatingShared : c.createShared}
        </Button>
      </div>
    </div>
  );
}
