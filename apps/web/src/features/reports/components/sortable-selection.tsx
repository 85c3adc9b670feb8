/**
 * The ordered selection of the custom column dialog (spec §2): drag to reorder with the mouse, touch
 * or keyboard (Space to pick up, arrows to move, Space to drop), remove one. Items carry
 * `data-testid="selected-<field>"`, their handles `drag-<field>`, remove buttons `remove-<field>`.
 */

import { CloseOutlined, HolderOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

type Item = { field: string; title: string };

function SortableRow(props: { item: Item; onRemove: (field: string) => void }) {
  const { t } = useTranslation('reports');
  const { field, title } = props.item;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: field });
  return (
    <li
      ref={setNodeRef}
      className={`column-selection-item${isDragging ? ' is-dragging' : ''}`}
      data-testid={`selected-${field}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="column-drag-handle"
        data-testid={`drag-${field}`}
        aria-label={t('columns.dragHandle', { title })}
        {...attributes}
        {...listeners}
      >
        <HolderOutlined />
      </button>
      <span className="column-selection-title">{title}</span>
      <Button
        type="text"
        size="small"
        icon={<CloseOutlined />}
        aria-label={t('columns.remove', { title })}
        data-testid={`remove-${field}`}
        onClick={() => props.onRemove(field)}
      />
    </li>
  );
}

/** The sortable list; `onChange` gets the new order. */
export function SortableSelection(props: {
  items: Item[];
  onChange: (fields: string[]) => void;
  onRemove: (field: string) => void;
}) {
  const { t } = useTranslation('reports');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = props.items.map((i) => i.field);
  const titleOf = (id: unknown) => props.items.find((i) => i.field === id)?.title ?? String(id);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    props.onChange(arrayMove(ids, from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('columns.dragInstructions') },
        announcements: {
          onDragStart: ({ active }) => t('columns.announce.start', { title: titleOf(active.id) }),
          onDragOver: ({ active, over }) =>
            over ? t('columns.announce.over', { title: titleOf(active.id), target: titleOf(over.id) }) : '',
          onDragEnd: ({ active, over }) =>
            over ? t('columns.announce.end', { title: titleOf(active.id), target: titleOf(over.id) }) : '',
          onDragCancel: ({ active }) => t('columns.announce.cancel', { title: titleOf(active.id) }),
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="column-selection" data-testid="column-selection">
          {props.items.map((item) => (
            <SortableRow key={item.field} item={item} onRemove={props.onRemove} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
