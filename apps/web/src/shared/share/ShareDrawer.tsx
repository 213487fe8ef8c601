import { Drawer, Typography } from 'antd';
import { ContentSpreadButton } from './ContentSpreadButton';
import { SharePanel, type SharePanelProps } from './SharePanel';

/** The share drawer of a stored content item: its title, the share panel and the button to its spread view. */
export function ShareDrawer({
  kind,
  eventKind,
  item,
  title,
  onClose,
}: {
  kind: SharePanelProps['kind'];
  /** The content's event kind (EVENT_KIND), for the spread view. */
  eventKind: number;
  item: { id: number; title: string } | null;
  title: string;
  onClose: () => void;
}) {
  return (
    <Drawer open={!!item} title={title} size={560} onClose={onClose} destroyOnHidden>
      {item && (
        <>
          <Typography.Title level={5}>{item.title}</Typography.Title>
          <SharePanel kind={kind} id={item.id} />
          <ContentSpreadButton kind={eventKind} contentId={item.id} title={item.title} />
        </>
      )}
    </Drawer>
  );
}
