import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button } from '@/editor-kit/controls/button.tsx';
import { moveItem } from '../schedule-time.ts';
import type { MediaAsset } from '@/api/schema.gen.ts';

/**
 * The slideshow's images in order. Reorder by dragging a handle, or from the keyboard: focus a
 * handle, Space to pick up, arrows to move, Space to drop, Escape to cancel (dnd-kit announces
 * each step to screen readers). Move up / down buttons do the same in one press.
 */
export function SlideshowOrder({
  images,
  onChange,
}: {
  images: readonly MediaAsset[];
  onChange: (next: MediaAsset[]) => void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: unknown) => images.find((image) => image.id === id)?.name ?? 'image';
  const positionOf = (id: unknown) => images.findIndex((image) => image.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)} of ${images.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} is over position ${positionOf(over.id)} of ${images.length}.`
        : `${nameOf(active.id)} is no longer over a position.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Dropped ${nameOf(active.id)} at position ${positionOf(over.id)} of ${images.length}.`
        : `Dropped ${nameOf(active.id)}.`,
    onDragCancel: ({ active }) => `Cancelled. ${nameOf(active.id)} stays where it was.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = images.findIndex((image) => image.id === active.id);
    const to = images.findIndex((image) => image.id === over.id);
    onChange(moveItem(images, from, to));
  };

  if (images.length === 0) {
    return <p className="text-sm text-slate-600">Choose images above; their order shows here.</p>;
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To reorder, press Space to pick up the image, use the arrow keys to move it, Space to drop it, or Escape to cancel.',
        },
      }}
    >
      <SortableContext
        items={images.map((image) => image.id)}
        strategy={verticalListSortingStrategy}
      >
        <ol aria-label="Slideshow order" className="flex flex-col gap-2">
          {images.map((image, index) => (
            <SortableImage
              key={image.id}
              image={image}
              index={index}
              count={images.length}
              onMove={(to) => onChange(moveItem(images, index, to))}
              onRemove={() => onChange(images.filter((other) => other.id !== image.id))}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableImage({
  image,
  index,
  count,
  onMove,
  onRemove,
}: {
  image: MediaAsset;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: image.id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex items-center gap-3 rounded-md border bg-white p-2 ${isDragging ? 'z-10 border-indigo-500 shadow-lg' : 'border-slate-200'}`}
      aria-label={`${index + 1}. ${image.name}`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${image.name}, position ${index + 1} of ${count}`}
        className="cursor-grab touch-none rounded px-2 py-1 text-slate-600 hover:bg-slate-100 active:cursor-grabbing"
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <span className="w-6 text-right text-sm font-semibold text-slate-700">{index + 1}</span>
      {image.thumbnail_url ? (
        <img
          src={image.thumbnail_url}
          alt=""
          className="h-10 w-10 rounded bg-slate-200 object-cover"
        />
      ) : null}
      <span className="flex-1 truncate text-sm">{image.name}</span>
      <Button
        variant="ghost"
        className="px-2 py-1 text-xs"
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        Up<span className="sr-only"> {image.name}</span>
      </Button>
      <Button
        variant="ghost"
        className="px-2 py-1 text-xs"
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        Down<span className="sr-only"> {image.name}</span>
      </Button>
      <Button variant="ghost" className="px-2 py-1 text-xs" onClick={onRemove}>
        Remove<span className="sr-only"> {image.name}</span>
      </Button>
    </li>
  );
}
