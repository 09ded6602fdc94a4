import { copy } from "@doorstep/shared/copy";
import { Alert } from "../../../components/ui/banner.tsx";
import { LoadMore } from "../../../components/load-more.tsx";
import { BackLink } from "../../../components/ui/back-link.tsx";
import { ButtonLink } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useManagers } from "../../../api/managers/list-managers.ts";
import { ManagerCard } from "../components/manager-card.tsx";
import "./managers.css";

/** /property-managers (MGR-02, MGR-03): manager cards, "Create new manager", the empty text. */
export function PropertyManagersPage() {
  const managers = useManagers();
  return (
    <div className="managers-page">
      <BackLink to="/">{copy.common.backToDashboard}</BackLink>
      <div className="page-header managers-page__head">
        <h1>{copy.managers.title}</h1>
        <ButtonLink to="/create-manager">{copy.managers.createNew}</ButtonLink>
      </div>
      {managers.isPending ? (
        <div className="managers-page__loading" role="status">
          <Spinner size={28} />
          <span className="visually-hidden">{copy.common.loading}</span>
        </div>
      ) : managers.isError ? (
        <Alert>{copy.common.genericError}</Alert>
      ) : !managers.items?.length ? (
        <p className="managers-page__empty">{copy.managers.empty}</p>
      ) : (
        <>
          <ul className="manager-grid" aria-label={copy.managers.title}>
            {managers.items.map((manager) => (
              <li key={manager.vanityId}>
                <ManagerCard manager={manager} />
              </li>
            ))}
          </ul>
          <LoadMore list={managers} label={copy.managers.loadMore} className="managers-page__more" />
        </>
      )}
    </div>
  );
}
