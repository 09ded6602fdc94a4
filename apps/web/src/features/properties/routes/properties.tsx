import { can } from "../../../lib/permissions.ts";
import { useMe } from "../../../lib/session.ts";
import { copy } from "@doorstep/shared/copy";
import { useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { LoadError } from "../../../components/load-error.tsx";
import { LoadMore } from "../../../components/load-more.tsx";
import { ButtonLink } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { PropertyCard, PropertyGrid } from "../../../components/ui/property-card.tsx";
import { LoadingScreen, Spinner } from "../../../components/ui/spinner.tsx";
import { rememberPropertyListRoute } from "../../../lib/back-route.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { useInfiniteProperties } from "../api/list-properties.ts";
import { SelectBox, SelectionBar, usePropertySelection } from "../components/selection-bar.tsx";
import "../../../components/ui/text-field.css";
import "./properties.css";

const SEARCH_DEBOUNCE_MS = 250;

/**
 * /properties (PROP-04, PROP-05, HOME-21): search as you type (server-side, so 1,000 properties stay fast),
 * cards with Live/Inactive, a page at a time with "Show more properties"; with more than one property, tick
 * boxes and "Select all" feed a bulk update.
 */
export function PropertiesPage() {
  const searchId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const [search, setSearch] = useState(() => searchParams.get("search") ?? "");
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useInfiniteProperties(term);
  const selection = usePropertySelection();
  const me = useMe();
  const canManage = !me.data || can(me.data.user, "properties:manage");

  useEffect(() => rememberPropertyListRoute("/properties"), []);
  // The search survives a reload and the back button.
  useEffect(() => {
    setSearchParams(term ? { search: term } : {}, { replace: true });
  }, [term, setSearchParams]);

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const searching = search.trim() !== term || (list.isFetching && !list.isFetchingNextPage);

  return (
    <div className="properties-page">
      <div className="properties-page__head">
        <div>
          <h1>{copy.properties.title}</h1>
          {list.data && total > 0 ? <p className="muted">{copy.properties.count(total)}</p> : null}
        </div>
        <div className="properties-page__actions">
          {total > 1 && canManage ? (
            <ButtonLink to="/bulk-updates" variant="secondary">
              {copy.bulkUpdates.title}
            </ButtonLink>
          ) : null}
          {canManage ? <ButtonLink to="/create-property">{copy.properties.createNew}</ButtonLink> : null}
        </div>
      </div>

      {list.data && total === 0 ? null : (
        <div className="properties-search field" role="search">
          <label className="field__label" htmlFor={searchId}>
            {copy.properties.searchLabel}
          </label>
          <div className="properties-search__box">
            <input
              id={searchId}
              className="field__input"
              type="search"
              placeholder={copy.properties.search}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
            {searching ? (
              <span className="properties-search__busy" role="status">
                <Spinner size={18} />
                <span className="visually-hidden">{copy.properties.searching}</span>
              </span>
            ) : null}
          </div>
        </div>
      )}

      {list.isPending ? (
        <LoadingScreen label={copy.common.loading} />
      ) : list.isError && !list.data ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : total === 0 ? (
        <EmptyState>{copy.properties.empty}</EmptyState>
      ) : items.length === 0 ? (
        <EmptyState role="status">{copy.properties.noMatches}</EmptyState>
      ) : (
        <>
          {total > 1 ? <SelectionBar selection={selection} search={term} total={total} /> : null}
          <PropertyGrid label={copy.properties.title}>
            {items.map((property) => (
              <li key={property.propertyId} className="properties-page__item">
                <PropertyCard property={property} headingLevel={2} />
                {total > 1 ? (
                  <SelectBox
                    title={property.title}
                    checked={selection.selected.has(property.propertyId)}
                    onChange={(on) => selection.toggle(property.propertyId, on)}
                  />
                ) : null}
              </li>
            ))}
          </PropertyGrid>
          <LoadMore list={list} label={copy.properties.loadMore} />
        </>
      )}
    </div>
  );
}
