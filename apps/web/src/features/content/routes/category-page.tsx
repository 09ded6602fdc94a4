import { copy } from "@doorstep/shared/copy";
import type { CategoryPageResponse } from "@doorstep/shared/schemas/content";
import { lazy, Suspense, useEffect, useState } from "react";
import { Navigate, useParams } from "react-router";
import { Link } from "../../../components/ui/link.tsx";
import { ContentSections } from "../../../components/content-sections.tsx";
import { Alert } from "../../../components/ui/banner.tsx";
import { BackLink } from "../../../components/ui/back-link.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { Toast, useToast } from "../../../components/ui/toast.tsx";
import { hasErrorCode } from "../../../lib/api-client.ts";
import { useAttachSharedItem } from "../api/attach-shared-item.ts";
import { useCategoryPage } from "../api/get-category-page.ts";
import { useReorderContent } from "../api/reorder-content.ts";
import type { EditorTarget } from "../components/item-editor.tsx";
import { AttachToMany } from "../components/attach-to-many.tsx";
import { ItemRow } from "../components/item-row.tsx";
import { SortableItems } from "../components/sortable-items.tsx";
import "./content.css";

// The editor (TipTap) is its own chunk, loaded when a host opens it.
const ItemEditor = lazy(() => import("../components/item-editor.tsx").then((m) => ({ default: m.ItemEditor })));

const c = copy.content;

export type ContentScope = "property" | "shared";

/** The path of a property's (or the shared-content property's) pages. */
export function scopeBase(scope: ContentScope, propertyId: string): string {
  return `/${scope === "shared" ? "shared-content" : "property"}/${encodeURIComponent(propertyId)}`;
}

/**
 * /property/:propertyId/content/[:parentLabel/]:categoryLabel and the same under /shared-content (CONT-01,
 * CONT-12/13, OPEN-42/43, SHARED-03/06): sub-categories, templates with Add or Edit, custom items in
 * order, shared items with Add/Remove, and "Add custom content" where items are listed.
 */
export function CategoryPage({ scope }: { scope: ContentScope }) {
  const { propertyId = "", categoryLabel = "", parentLabel } = useParams();
  const page = useCategoryPage(propertyId, categoryLabel);
  const [editing, setEditing] = useState<EditorTarget | null>(null);
  const toast = useToast();

  useEffect(() => {
    if (page.data) document.title = `${page.data.category.title} · ${copy.brand}`;
    return () => {
      document.title = copy.brand;
    };
  }, [page.data]);

  const base = scopeBase(scope, propertyId);
  if (page.isPending) return <LoadingScreen />;
  if (page.isError) {
    return (
      <div className="content-page">
        <BackLink to={base}>{scope === "shared" ? c.backToShared : c.backToProperty}</BackLink>
        {hasErrorCode(page.error, "NOT_FOUND") ? <h1>{c.notFound}</h1> : <Alert>{c.loadError}</Alert>}
      </div>
    );
  }

  const data = page.data;
  const categoryPath = data.parent
    ? `${base}/content/${encodeURIComponent(data.parent.label)}/${encodeURIComponent(data.category.label)}`
    : `${base}/content/${encodeURIComponent(data.category.label)}`;
  // OPEN-42: one address per category. A sub-category reached without its parent goes to its own
  // address; a parent segment that is not its parent is a page that does not exist.
  if (parentLabel === undefined && data.parent) return <Navigate to={categoryPath} replace />;
  if (parentLabel !== undefined && parentLabel !== data.parent?.label) {
    return (
      <div className="content-page">
        <BackLink to={base}>{scope === "shared" ? c.backToShared : c.backToProperty}</BackLink>
        <h1>{c.notFound}</h1>
      </div>
    );
  }
  const back = data.parent
    ? { to: `${base}/content/${encodeURIComponent(data.parent.label)}`, text: c.backToSection(data.parent.title) }
    : { to: base, text: scope === "shared" ? c.backToShared : c.backToProperty };

  return (
    <div className="content-page">
      <BackLink to={back.to}>{back.text}</BackLink>
      <header className="content-page__head">
        <p className="muted">{data.property.title}</p>
        <h1>{data.category.title}</h1>
        {data.category.shortDescription ? <p className="muted">{data.category.shortDescription}</p> : null}
      </header>

      {data.children.length > 0 ? (
        <section aria-labelledby="sub-categories">
          <h2 id="sub-categories">{c.subCategories}</h2>
          <ContentSections
            look="cards"
            categories={data.children}
            to={(child) => `${categoryPath}/${encodeURIComponent(child.label)}`}
          />
        </section>
      ) : null}

      {data.templates.length > 0 ? (
        <section aria-labelledby="templates-heading">
          <h2 id="templates-heading">{c.templatesHeading}</h2>
          <ul className="content-list">
            {data.templates.map(({ template, item, notShown }) => (
              <li key={template.label} className="content-row">
                <ItemRow
                  item={item}
                  fallbackTitle={template.defaults.title || template.labels.title}
                  recommended={template.isRequired}
                  notShown={notShown}
                />
                <div className="content-row__actions">
                  {/* CONT-35: Edit opens the stored item; Add starts from the template's defaults. */}
                  <Button
                    variant={item ? "secondary" : "primary"}
                    size="sm"
                    onClick={() => setEditing({ itemId: item?.id ?? null, template })}
                    aria-label={item ? undefined : c.addSuggestedName(template.defaults.title || template.labels.title)}
                  >
                    {item ? (
                      <>
                        {c.edit} <span className="visually-hidden">{item.title}</span>
                      </>
                    ) : (
                      c.add
                    )}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {data.canAddCustom || data.customItems.length > 0 ? (
        <CustomItems data={data} propertyId={propertyId} onEdit={setEditing} />
      ) : null}

      {scope === "property" && data.canAddCustom ? <SharedItems data={data} propertyId={propertyId} /> : null}
      {scope === "shared" && data.customItems.length > 0 ? <AttachToMany items={data.customItems} /> : null}

      {editing ? (
        <Suspense fallback={null}>
          <ItemEditor
            propertyId={propertyId}
            categoryLabel={data.category.label}
            isShared={data.property.isShared}
            languages={data.property.languageTranslations}
            target={editing}
            onClose={() => setEditing(null)}
            onSaved={(title) => toast.show(c.itemSaved(title))}
          />
        </Suspense>
      ) : null}
      <Toast message={toast.message} />
    </div>
  );
}

function CustomItems({
  data,
  propertyId,
  onEdit,
}: {
  data: CategoryPageResponse;
  propertyId: string;
  onEdit: (target: EditorTarget) => void;
}) {
  const reorder = useReorderContent(propertyId);
  return (
    <section aria-labelledby="custom-heading">
      <div className="content-page__section-head">
        <h2 id="custom-heading">{c.customHeading}</h2>
        {/* OPEN-43: shown where items are listed, not on pages of sub-categories only, nor while loading. */}
        {data.canAddCustom ? (
          <Button size="sm" onClick={() => onEdit({ itemId: null, template: null })}>
            {c.addCustomContent}
          </Button>
        ) : null}
      </div>
      {reorder.isError ? <Alert>{c.orderError}</Alert> : null}
      {data.customItems.length > 0 ? (
        <SortableItems
          items={data.customItems}
          saving={reorder.isPending}
          onReorder={(itemIds) =>
            reorder.mutateAsync({ categoryLabel: data.category.label, itemIds }).catch(() => undefined)
          }
          onEdit={(item) => onEdit({ itemId: item.id, template: null })}
        />
      ) : (
        <p className="muted">{c.emptyCustom}</p>
      )}
    </section>
  );
}

function SharedItems({ data, propertyId }: { data: CategoryPageResponse; propertyId: string }) {
  const attach = useAttachSharedItem(propertyId);
  const pendingId = attach.isPending ? attach.variables.itemId : null;
  return (
    <section aria-labelledby="shared-heading">
      <h2 id="shared-heading">{c.sharedHeading}</h2>
      <p className="muted">{c.sharedIntro}</p>
      {/* SHARED-02 hides the home tile until shared content exists; /shared-content creates it on first use (OPEN-59). */}
      <p>
        <Link to="/shared-content">{c.sharedContentTitle}</Link>
      </p>
      {attach.isError ? <Alert>{c.attachError}</Alert> : null}
      <ul className="content-list">
        {data.sharedItems.map(({ item, attached }) => (
          <li key={item.id} className="content-row">
            <ItemRow item={item} />
            <div className="content-row__actions">
              {/* SHARED-06/07: Add or Remove; "updating..." while the call runs. */}
              <Button
                variant={attached ? "secondary" : "primary"}
                size="sm"
                disabled={pendingId !== null}
                onClick={() => attach.mutate({ itemId: item.id, attach: !attached })}
                aria-label={
                  pendingId === item.id
                    ? undefined
                    : attached
                      ? c.removeSharedName(item.title)
                      : c.addSharedName(item.title)
                }
              >
                {pendingId === item.id ? c.updating : attached ? c.remove : c.add}
                {pendingId === item.id ? <span className="visually-hidden"> {item.title}</span> : null}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function PropertyCategoryPage() {
  return <CategoryPage scope="property" />;
}

export function SharedCategoryPage() {
  return <CategoryPage scope="shared" />;
}
