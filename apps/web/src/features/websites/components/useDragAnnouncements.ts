import type { DragCancelEvent, DragEndEvent, DragOverEvent, DragStartEvent, UniqueIdentifier } from '@dnd-kit/core';
import type { Website } from '@huoke/contracts';
import { useTranslation } from 'react-i18next';

/** What a screen reader says while a mini-site row is dragged with the keyboard (dnd-kit's own words are English). */
export function useDragAnnouncements(items: Website[]) {
  const { t } = useTranslation('websites');
  const titleOf = (id: UniqueIdentifier | undefined) => items.find((w) => w.id === id)?.title ?? '';
  return {
    screenReaderInstructions: { draggable: t('dragInstructions') },
    announcements: {
      onDragStart: ({ active }: DragStartEvent) => t('dragStart', { title: titleOf(active.id) }),
      onDragOver: ({ active, over }: DragOverEvent) =>
        over
          ? t('dragOver', { title: titleOf(active.id), over: titleOf(over.id) })
          : t('dragOutside', { title: titleOf(active.id) }),
      onDragEnd: ({ active, over }: DragEndEvent) =>
        over
          ? t('dragEnd', { title: titleOf(active.id), over: titleOf(over.id) })
          : t('dragCancel', { title: titleOf(active.id) }),
      onDragCancel: ({ active }: DragCancelEvent) => t('dragCancel', { title: titleOf(active.id) }),
    },
  };
}
