import { copy } from "@doorstep/shared/copy";
import { useId } from "react";
import { LoadError } from "../../../components/load-error.tsx";
import { LoadMore } from "../../../components/load-more.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { usePropertyChoices } from "../../../api/properties/list-property-choices.ts";
import { useInfiniteStays } from "../api/list-stays.ts";
import { useStayListUrl } from "../lib/use-stay-list-url.ts";
import { StayRow } from "./stay-row.tsx";
import { STAY_TABPANEL_ID, StayTabs, stayTabId } from "./stay-tabs.tsx";
import "../../../components/ui/text-field.css";

const c = copy.stays;

/**
 * The stays list: tabs, the property filter (unless the list is one property's), the guest-name search and
 * the rows a page at a time. Its state is in the address (use-stay-list-url.ts).
 */
export function StayList({ propertyId }: { propertyId?: string }) {
  const searchId = useId();
  const propertyFilterId = useId();
  const url = useStayListUrl();
  const { tab, q } = url.params;
  const filterProperty = propertyId ?? url.params.propertyId;
  const list = useInfiniteStays({ tab, propertyId: filterProperty, q });
  const choices = usePropertyChoices();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = q !== "" || (!propertyId && url.params.propertyId !== null);
  const busy = url.searchPending || (list.isFetching && !list.isFetchingNextPage);

  return (
    <div className="stay-list">
      <StayTabs value={tab} onChange={url.setTab} />
      <div className="stay-list__filters">
        {propertyId ? null : (
          <div className="field stay-list__property">
            <label className="field__label" htmlFor={propertyFilterId}>
              {c.propertyFilter}
            </label>
            <select
              id={propertyFilterId}
              className="field__input"
              value={url.params.propertyId ?? ""}
              onChange={(event) => url.setPropertyId(event.target.value || null)}
            >
              <option value="">{c.allProperties}</option>
              {(choices.data ?? []).map((p) => (
                <option key={p.propertyId} value={p.propertyId}>
                  {p.title}
                </option>
              ))}
              {/* A property the address names before the choices load (or beyond them) stays selectable. */}
              {url.params.propertyId && !choices.data?.some((p) => p.propertyId === url.params.propertyId) ? (
                <option value={url.params.propertyId}>{url.params.propertyId}</option>
              ) : null}
            </select>
          </div>
        )}
        <div className="field stay-list__search" role="search">
          <label className="field__label" htmlFor={searchId}>
            {c.search}
          </label>
          <div className="stay-list__search-box">
            <input
              id={searchId}
              className="field__input"
              type="search"
              value={url.searchText}
              onChange={(event) => url.setSearchText(event.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
            {busy ? (
              <span className="stay-list__busy" role="status">
                <Spinner size={18} />
                <span className="visually-hidden">{c.searching}</span>
              </span>
            ) : null}
          </div>
        </div>
      </div>

      <div id={STAY_TABPANEL_ID} role="tabpanel" aria-labelledby={stayTabId(tab)} className="stay-list__panel">
        {list.isPending ? (
          <div className="stay-list__loading" role="status">
            <Spinner size={28} />
            <span className="visually-hidden">{copy.common.loading}</span>
          </div>
        ) : list.isError && !list.data ? (
          <LoadError onRetry={() => void list.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState role="status">{filtered ? c.noMatches : tab === "upcoming" ? c.empty : c.emptyTab}</EmptyState>
        ) : (
          <>
            <ul className="stay-list__rows" aria-label={c.tabs[tab]}>
              {items.map((stay) => (
                <StayRow key={stay.id} stay={stay} showProperty={!propertyId} />
              ))}
            </ul>
            <LoadMore list={list} label={c.showMore} />
          </>
        )}
      </div>
    </div>
  );
}
