import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import styles from './games.module.css';

export interface SortableListProps<T> {
  /** Names the list for screen readers. */
  label: string;
  items: readonly T[];
  getId: (item: T) => string;
  /** The item's name, read out as it moves ("Evolution moved to place 2 of 5"). */
  getName: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  onReorder: (items: T[]) => void;
  /** false: the order is shown, not changed (an operator whose roles only read). */
  canMove?: boolean;
}

/**
 * An order the operator changes by dragging a row by its handle (mouse, touch), by the keyboard on the handle
 * (Space lifts, the arrows move, Space drops: dnd-kit), or with the up and down buttons. Nothing is saved here:
 * `onReorder` gets the new order and the page saves it as one change.
 */
export function SortableList<T>({
  label,
  items,
  getId,
  getName,
  renderItem,
  onReorder,
  canMove = true,
}: SortableListProps<T>) {
  const { t } = useTranslation('games');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(getId);
  const nameOf = (id: string | number) => {
    const item = items.find((candidate) => getId(candidate) === String(id));
    return item ? getName(item) : String(id);
  };
  const placeOf = (id: string | number | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('order.picked', { name: nameOf(active.id), place: placeOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('order.over', { name: nameOf(active.id), place: placeOf(over.id), count: ids.length }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('order.dropped', { name: nameOf(active.id), place: placeOf(over.id), count: ids.length }) : undefined,
    onDragCancel: ({ active }) => t('order.cancelled', { name: nameOf(active.id) }),
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    onReorder(arrayMove([...items], from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('order.instructions') } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className={styles.sortable} aria-label={label}>
          {items.map((item, index) => (
            <SortableRow
              key={getId(item)}
              id={getId(item)}
              name={getName(item)}
              place={index + 1}
              count={items.length}
              canMove={canMove}
              onMove={(step) => move(index, index + step)}
            >
              {renderItem(item)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  id,
  name,
  place,
  count,
  canMove,
  onMove,
  children,
}: {
  id: string;
  name: string;
  place: number;
  count: number;
  canMove: boolean;
  onMove: (step: -1 | 1) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('games');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: !canMove,
  });
  return (
    <li
      ref={setNodeRef}
      className={styles.sortItem}
      data-dragging={isDragging}
      data-testid="sortable-row"
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {canMove ? (
        <button
          type="button"
          ref={setActivatorNodeRef}
          className={styles.handle}
          {...attributes}
          {...listeners}
          aria-label={t('order.drag', { name })}
        >
          <Icon name="grip" size={18} />
        </button>
      ) : (
        <span />
      )}
      <span className={styles.position} aria-hidden="true">
        {place}
      </span>
      <div className={styles.sortContent}>{children}</div>
      {canMove ? (
        <div className={styles.arrows}>
          <button
            type="button"
            className={styles.arrow}
            disabled={place === 1}
            aria-label={t('order.up', { name })}
            onClick={() => onMove(-1)}
          >
            <Icon name="arrowUp" size={16} />
          </button>
          <button
            type="button"
            className={styles.arrow}
            disabled={place === count}
            aria-label={t('order.down', { name })}
            onClick={() => onMove(1)}
          >
            <Icon name="arrowDown" size={16} />
          </button>
        </div>
      ) : (
        <span />
      )}
    </li>
  );
}
