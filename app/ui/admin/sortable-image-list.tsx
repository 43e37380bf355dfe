import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical } from "lucide-react";
import { useId, useRef } from "react";

// A list whose rows are reordered by dragging a handle (@dnd-kit): with the mouse or a finger, or with the
// keyboard (focus the handle, Space to pick the row up, the arrow keys to move it, Space to drop it, Escape to
// put it back), each step announced to screen readers. The list says what the new order is; saving it is the
// caller's (onReorder gets every id, first to last).

export interface SortableEntry {
  id: string;
}

export interface RowParts {
  /** The drag handle, to place in the row. */
  handle: React.ReactNode;
  /** 0-based. */
  index: number;
  dragging: boolean;
}

export function SortableImageList<T extends SortableEntry>({
  items,
  layout,
  describe,
  onReorder,
  disabled = false,
  renderItem,
  label,
  className = "",
}: {
  items: readonly T[];
  /** A column of rows, or a grid of cards (the arrow keys then move across and down). */
  layout: "list" | "grid";
  /** How a row is named to screen readers ("the logo Utsab emblem"). */
  describe: (item: T) => string;
  onReorder: (ids: string[]) => void;
  /** While a change is being saved. */
  disabled?: boolean;
  renderItem: (item: T, parts: RowParts) => React.ReactNode;
  /** The list's accessible name. */
  label: string;
  className?: string;
}) {
  // A stable id: the handles' aria-describedby must be the same in the server's HTML and after hydration.
  const id = useId();
  const sensors = useSensors(
    // A few pixels of movement first, so a click or a tap on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((item) => item.id);
  const count = items.length;
  // Positions are told in the order the drag started from: the new order is shown (and the list drawn again)
  // before the drop is announced.
  const orderAtStart = useRef<string[]>(ids);
  const position = (itemId: UniqueIdentifier) => orderAtStart.current.indexOf(String(itemId)) + 1;
  const name = (itemId: UniqueIdentifier) => {
    const item = items.find((i) => i.id === String(itemId));
    return item ? describe(item) : "the item";
  };
  // Where the row being moved was last announced: moving "over" the place it already is says nothing, so the
  // announcement of picking it up is not replaced at once.
  const announcedAt = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      orderAtStart.current = ids;
      announcedAt.current = active.id;
      return `Picked up ${name(active.id)}. It is in position ${position(active.id)} of ${count}.`;
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === announcedAt.current) return undefined;
      announcedAt.current = over?.id ?? null;
      return over
        ? `${capitalise(name(active.id))} was moved into position ${position(over.id)} of ${count}.`
        : `${capitalise(name(active.id))} is no longer over the list.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${capitalise(name(active.id))} was dropped at position ${position(over.id)} of ${count}.`
        : `${capitalise(name(active.id))} was dropped.`,
    onDragCancel: ({ active }) =>
      `Moving was cancelled. ${capitalise(name(active.id))} went back to position ${position(active.id)} of ${count}.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(ids, from, to));
  };

  return (
    <DndContext
      id={id}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "To pick up an item, press Space or Enter. Use the arrow keys to move it, then press Space or Enter to drop it in its new place, or Escape to cancel.",
        },
      }}
    >
      <SortableContext items={ids} strategy={layout === "grid" ? rectSortingStrategy : verticalListSortingStrategy}>
        <ol aria-label={label} className={className}>
          {items.map((item, index) => (
            <SortableRow key={item.id} id={item.id} disabled={disabled} handleLabel={`Reorder ${describe(item)}`}>
              {(handle, dragging) => renderItem(item, { handle, index, dragging })}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  id,
  disabled,
  handleLabel,
  children,
}: {
  id: string;
  disabled: boolean;
  handleLabel: string;
  children: (handle: React.ReactNode, dragging: boolean) => React.ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
  });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={handleLabel}
      title="Drag to reorder"
      data-drag-handle
      className="grid size-9 shrink-0 cursor-grab touch-none place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-ink-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none active:cursor-grabbing aria-disabled:cursor-wait aria-disabled:opacity-50"
    >
      <GripVertical aria-hidden className="size-5" />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      data-item-id={id}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`relative ${isDragging ? "z-10" : ""}`}
    >
      {children(handle, isDragging)}
    </li>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
