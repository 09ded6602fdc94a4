import { copy } from "@doorstep/shared/copy";
import type { ContentItemSummary } from "@doorstep/shared/schemas/content";
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { ItemRow } from "./item-row.tsx";

const c = copy.content;

interface SortableItemsProps {
  items: ContentItemSummary[];
  /** Sends the new order (one server call, CONT-34); resolves when it settled. */
  onReorder: (itemIds: string[]) => Promise<unknown>;
  saving: boolean;
  onEdit: (item: ContentItemSummary) => void;
}

/**
 * The reorderable list of custom items (CONT-32/33): Move up / Move down (the first cannot move up, the last
 * cannot move down) and drag and drop with the pointer or the keyboard (dnd-kit).
 */
export function SortableItems({ items, onReorder, saving, onEdit }: SortableItemsProps) {
  const [order, setOrder] = useState(items);
  // The server's order wins whenever it arrives.
  useEffect(() => setOrder(items), [items]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const commit = (next: ContentItemSummary[]) => {
    setOrder(next);
    void onReorder(next.map((i) => i.id));
  };
  const move = (index: number, by: -1 | 1) => commit(arrayMove(order, index, index + by));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = order.findIndex((i) => i.id === active.id);
    const to = order.findIndex((i) => i.id === over.id);
    if (from >= 0 && to >= 0) commit(arrayMove(order, from, to));
  };

  return (
    <>
      <p className="visually-hidden" id="drag-instructions">
        {c.dragInstructions}
      </p>
      {saving ? (
        <p className="content-status" role="status">
          {c.savingOrder}
        </p>
      ) : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ screenReaderInstructions: { draggable: c.dragInstructions } }}
      >
        <SortableContext items={order.map((i) => i.id)} strategy={verticalListSortingStrategy}>
          <ul className="content-list" aria-label={c.customHeading}>
            {order.map((item, index) => (
              <SortableRow key={item.id} item={item}>
                <Button variant="ghost" size="sm" disabled={index === 0 || saving} onClick={() => move(index, -1)}>
                  {c.moveUp} <span className="visually-hidden">{item.title}</span>
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={index === order.length - 1 || saving}
                  onClick={() => move(index, 1)}
                >
                  {c.moveDown} <span className="visually-hidden">{item.title}</span>
                </Button>
                <Button variant="secondary" size="sm" onClick={() => onEdit(item)}>
                  {c.edit} <span className="visually-hidden">{item.title}</span>
                </Button>
              </SortableRow>
            ))}
          </ul>
        </SortableContext>
      </DndContext>
    </>
  );
}

function SortableRow({ item, children }: { item: ContentItemSummary; children: React.ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
  });
  const style = { transform: CSS.Transform.toString(transform), transition };
  return (
    <li ref={setNodeRef} style={style} className={`content-row${isDragging ? " content-row--dragging" : ""}`}>
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="content-row__handle"
        {...attributes}
        {...listeners}
        aria-label={c.dragHandle(item.title)}
        aria-describedby="drag-instructions"
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <ItemRow item={item} />
      <div className="content-row__actions">{children}</div>
    </li>
  );
}
