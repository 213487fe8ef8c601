import { useSortable } from '@dnd-kit/sortable';
import type { CSSProperties, ReactNode } from 'react';

/** One draggable row: the handle carries the drag listeners (keyboard too: Space, arrows, Space). */
export function SortableRow({ id, handleLabel, children }: { id: number; handleLabel: string; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  const style: CSSProperties = {
    transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
    transition,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: 12,
    padding: '12px 16px',
    background: isDragging ? '#e6f4ff' : '#fff',
    borderBottom: '1px solid #f0f0f0',
    position: 'relative',
    zIndex: isDragging ? 1 : undefined,
  };
  return (
    <li ref={setNodeRef} style={style} data-testid={`website-${id}`} data-user-content>
      <button
        type="button"
        aria-label={handleLabel}
        {...attributes}
        {...listeners}
        style={{ cursor: 'grab', border: 0, background: 'none', fontSize: 18, padding: 4, touchAction: 'none' }}
      >
        ⠿
      </button>
      {children}
    </li>
  );
}
