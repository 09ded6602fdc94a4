import { copy } from "@doorstep/shared/copy";
import type { ContentItemSummary } from "@doorstep/shared/schemas/content";
import { Button } from "../../../components/ui/button.tsx";
import { SortableList } from "../../../components/ui/sortable-list.tsx";
import { ItemRow } from "./item-row.tsx";

const c = copy.content;
const labels = {
  list: c.customHeading,
  moveUp: c.moveUp,
  moveDown: c.moveDown,
  dragHandle: c.dragHandle,
  dragInstructions: c.dragInstructions,
  savingOrder: c.savingOrder,
};

interface SortableItemsProps {
  items: ContentItemSummary[];
  /** Sends the new order (one server call, CONT-34); resolves when it settled. */
  onReorder: (itemIds: string[]) => Promise<unknown>;
  saving: boolean;
  onEdit: (item: ContentItemSummary) => void;
}

/** The reorderable list of custom items (CONT-32/33), with Edit on each. */
export function SortableItems({ items, onReorder, saving, onEdit }: SortableItemsProps) {
  return (
    <SortableList
      items={items}
      onReorder={onReorder}
      saving={saving}
      labels={labels}
      renderRow={(item) => <ItemRow item={item} />}
      renderActions={(item) => (
        <Button variant="secondary" size="sm" onClick={() => onEdit(item)}>
          {c.edit} <span className="visually-hidden">{item.title}</span>
        </Button>
      )}
    />
  );
}
