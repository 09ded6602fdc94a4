import { copy } from "@doorstep/shared/copy";
import { PLACE_CATEGORIES, type PlaceCategory } from "@doorstep/shared/rules/local-area";
import type { LocalAreaPageResponse, LocalPlaceDto } from "@doorstep/shared/schemas/local-area";
import { useEffect, useMemo, useRef, useState } from "react";
import { AddressSearch } from "../../../components/address-search.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { SortableList } from "../../../components/ui/sortable-list.tsx";
import { hasErrorCode } from "../../../lib/api-client.ts";
import { useConfig } from "../../../lib/config.ts";
import { imageAtWidth } from "../../../lib/format.ts";
import { useTimedFlag } from "../../../lib/use-timed-flag.ts";
import { useAddPlace, useReorderPlaces, type PlaceOwnerRef } from "../api/local-area.ts";
import { PlaceEditor } from "./place-editor.tsx";

const c = copy.localArea;
/** LOCAL-08 / XCUT-41: the "already added" message shows for 2 seconds. */
const ALREADY_ADDED_MS = 2000;
const NO_PLACES: LocalPlaceDto[] = [];

/** LOCAL-03…12: one expandable section per place category, with its ordered places, search and custom places. */
export function PlaceCategories({ page }: { page: LocalAreaPageResponse }) {
  const owner: PlaceOwnerRef = { kind: page.owner.kind, key: page.owner.key };
  const [open, setOpen] = useState<PlaceCategory | null>(null);
  // One array per category for as long as the server's answer stands: the lists reset to it when it changes.
  const byCategory = useMemo(() => {
    const groups = new Map<string, LocalPlaceDto[]>();
    for (const place of page.places)
      groups.set(place.categoryLabel, [...(groups.get(place.categoryLabel) ?? []), place]);
    return groups;
  }, [page.places]);
  return (
    <ul className="place-categories" aria-label={c.categoriesLabel}>
      {PLACE_CATEGORIES.map((label) => (
        <CategorySection
          key={label}
          label={label}
          owner={owner}
          centre={page.owner.centre}
          languages={page.owner.languages}
          places={byCategory.get(label) ?? NO_PLACES}
          open={open === label}
          onToggle={() => setOpen((current) => (current === label ? null : label))}
        />
      ))}
    </ul>
  );
}

interface CategorySectionProps {
  label: PlaceCategory;
  owner: PlaceOwnerRef;
  centre: { lat: number; lng: number } | null;
  languages: string[];
  places: LocalPlaceDto[];
  open: boolean;
  onToggle: () => void;
}

function CategorySection({ label, owner, centre, languages, places, open, onToggle }: CategorySectionProps) {
  const { title, icon } = c.categories[label];
  const ref = useRef<HTMLLIElement>(null);
  const bodyId = `place-category-${label}`;
  const [editing, setEditing] = useState<LocalPlaceDto | "new" | null>(null);
  const reorder = useReorderPlaces(owner);

  // LOCAL-03: Edit opens the section and scrolls to it.
  useEffect(() => {
    if (open) ref.current?.scrollIntoView({ block: "start" });
    else setEditing(null);
  }, [open]);

  return (
    <li className={`place-category${open ? " place-category--open" : ""}`} ref={ref}>
      <div className="place-category__head">
        <span className="place-category__icon" aria-hidden="true">
          {icon}
        </span>
        <div className="place-category__text">
          <h2 className="place-category__title">{title}</h2>
          <span className="place-category__count">{places.length > 0 ? c.placesAdded(places.length) : c.noPlaces}</span>
        </div>
        <Button variant="secondary" size="sm" aria-expanded={open} aria-controls={bodyId} onClick={onToggle}>
          {open ? c.close : c.edit} <span className="visually-hidden">{title}</span>
        </Button>
      </div>
      {open ? (
        <div className="place-category__body" id={bodyId}>
          {places.length > 0 ? (
            <SortableList
              items={places}
              saving={reorder.isPending}
              onReorder={(placeIds) => reorder.mutateAsync({ categoryLabel: label, placeIds }).catch(() => undefined)}
              labels={{
                list: c.placesIn(title),
                moveUp: copy.content.moveUp,
                moveDown: copy.content.moveDown,
                dragHandle: c.dragHandle,
                dragInstructions: copy.content.dragInstructions,
                savingOrder: copy.content.savingOrder,
              }}
              renderRow={(place) => <PlaceRow place={place} />}
              renderActions={(place) => (
                <Button variant="secondary" size="sm" onClick={() => setEditing(place)}>
                  {c.edit} <span className="visually-hidden">{place.title}</span>
                </Button>
              )}
            />
          ) : null}
          {editing ? (
            <PlaceEditor
              key={editing === "new" ? "new" : editing.id}
              owner={owner}
              place={editing === "new" ? null : editing}
              categoryLabel={label}
              centre={centre}
              languages={languages}
              onClose={() => setEditing(null)}
            />
          ) : (
            <div className="place-category__add">
              <PlaceSearch owner={owner} categoryLabel={label} categoryTitle={title} centre={centre} />
              <Button variant="secondary" onClick={() => setEditing("new")}>
                {c.addCustom}
              </Button>
            </div>
          )}
        </div>
      ) : null}
    </li>
  );
}

function PlaceRow({ place }: { place: LocalPlaceDto }) {
  return (
    <div className="content-row__main">
      {place.imageUrl ? <img className="content-row__thumb" src={imageAtWidth(place.imageUrl, 120)} alt="" /> : null}
      <div className="content-row__text">
        <span className="content-row__title">{place.title}</span>
        <span className="content-row__badges">
          {place.lat === null ? <span className="content-badge content-badge--todo">{c.awaitingPin}</span> : null}
          {place.rating !== null ? <span className="content-badge">{c.ratingShort(place.rating)}</span> : null}
          {place.address ? <span className="place-row__address">{place.address}</span> : null}
        </span>
      </div>
    </div>
  );
}

/** LOCAL-07/08: the place search, biased to around the property or the profile's town. */
function PlaceSearch({
  owner,
  categoryLabel,
  categoryTitle,
  centre,
}: {
  owner: PlaceOwnerRef;
  categoryLabel: PlaceCategory;
  categoryTitle: string;
  centre: { lat: number; lng: number } | null;
}) {
  const config = useConfig();
  const add = useAddPlace(owner);
  const [alreadyAdded, showAlreadyAdded] = useTimedFlag(ALREADY_ADDED_MS);
  // The offline gazetteer knows towns, not cafés: say so rather than offer a search that finds nothing useful.
  if (config.data?.placesProvider === "gazetteer") return <p className="field__hint">{c.searchNeedsProvider}</p>;
  return (
    <div className="place-search">
      <AddressSearch
        label={c.searchLabel(categoryTitle)}
        search={{ kind: "establishment", near: centre }}
        autoFocus={false}
        clearAfterPick
        noMatches={c.searchNoMatches}
        errorMessage={c.searchError}
        onPick={async (prediction) => {
          try {
            await add.mutateAsync({ source: "search", categoryLabel, placeId: prediction.placeId });
          } catch (error) {
            if (!hasErrorCode(error, "PLACE_EXISTS")) throw error;
            showAlreadyAdded();
          }
        }}
      />
      {alreadyAdded ? (
        <p className="field__error" role="alert">
          {c.alreadyAdded}
        </p>
      ) : null}
    </div>
  );
}
