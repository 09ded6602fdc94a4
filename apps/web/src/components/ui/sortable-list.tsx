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
import { useEffect, useId, useState, type ReactNode } from "react";
import { Button } from "./button.tsx";
import "./sortable-list.css";

export interface SortableListLabels {
  list: string;
  moveUp: string;
  moveDown: string;
  dragHandle: (title: string) => string;
  dragInstructions: string;
  savingOrder: string;
}

interface SortableListProps<T extends { id: string; title: string }> {
  items: T[];
  /** Sends the new order (one server call); resolves when it settled. */
  onReorder: (ids: string[]) => Promise<unknown>;
  saving: boolean;
  labels: SortableListLabels;
  /** The row's content beside the drag handle. */
  renderRow: (item: T) => ReactNode;
  /** Buttons after Move up / Move down (Edit, …). */
  renderActions?: (item: T) => ReactNode;
}

/**
 * A reorderable list (CONT-32/33, LOCAL-06): Move up / Move down (the first cannot move up, the last cannot
 * move down) and drag and drop with the pointer or the keyboard (dnd-kit). The order is sent after each move.
 */
export function SortableList<T extends { id: string; title: string }>({
  items,
  onReorder,
  saving,
  labels,
  renderRow,
  renderActions,
}: SortableListProps<T>) {
  const instructionsId = useId();
  const [order, setOrder] = useState(items);
  // The server's order wins whenever it arrives.
  useEffect(() => setOrder(items), [items]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const commit = (next: T[]) => {
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
      <p className="visually-hidden" id={instructionsId}>
        {labels.dragInstructions}
      </p>
      {/* Always there, one line high: the list does not jump under the pointer when a save starts or ends,
          and the live region exists before it speaks. */}
      <p className="content-status" role="status">
        {saving ? labels.savingOrder : null}
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ screenReaderInstructions: { draggable: labels.dragInstructions } }}
      >
        <SortableContext items={order.map((i) => i.id)} strategy={verticalListSortingStrategy}>
          <ul className="content-list" aria-label={labels.list}>
            {order.map((item, index) => (
              <SortableRow
                key={item.id}
                id={item.id}
                handleLabel={labels.dragHandle(item.title)}
                instructionsId={instructionsId}
                row={renderRow(item)}
              >
                <Button variant="ghost" size="sm" disabled={index === 0 || saving} onClick={() => move(index, -1)}>
                  {labels.moveUp} <span className="visually-hidden">{item.title}</span>
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={index === order.length - 1 || saving}
                  onClick={() => move(index, 1)}
                >
                  {labels.moveDown} <span className="visually-hidden">{item.title}</span>
                </Button>
                {renderActions?.(item)}
              </SortableRow>
            ))}
          </ul>
        </SortableContext>
      </DndContext>
    </>
  );
}

function SortableRow({
  id,
  handleLabel,
  instructionsId,
  row,
  children,
}: {
  id: string;
  handleLabel: string;
  instructionsId: string;
  row: ReactNode;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
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
        aria-label={handleLabel}
        aria-describedby={instructionsId}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      {row}
      <div className="content-row__actions">{children}</div>
    </li>
  );
}
