import { BROADCAST_TYPE, type DailyShareDescription, type Message } from '@huoke/contracts';
import { Button, Image, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { HotText } from '../../../shared/HotText';
import { ItemRow, ItemText } from '../../../shared/ItemList';

/** The visitor id after 'id=' in a radar message's route link. */
function visitorIdOf(routeLink: string): number | null {
  const m = /id=(\d+)/.exec(routeLink);
  return m ? Number(m[1]) : null;
}

function parseShare(description: string): Partial<DailyShareDescription> {
  try {
    return JSON.parse(description);
  } catch {
    return {};
  }
}

/** A radar message: what the visitor did, and 立即查看 (the visitor's lead, or the workbench for the daily brief). */
export function RadarMessageItem({
  m,
  markRead,
  go,
}: {
  m: Message;
  markRead: (m: Message) => void;
  go: (to: string) => void;
}) {
  const { t } = useTranslation('messages');
  return (
    <ItemRow
      testId="radar-message"
      extra={
        <Button
          type="link"
          size="small"
          data-testid="view-now"
          onClick={() => {
            markRead(m);
            const id = visitorIdOf(m.routeLink);
            // The daily brief leads to the workbench (its routeLink is a console path, no visitor).
            const to = id ? `/private-guest/radar?id=${id}` : m.routeLink === '/home' ? '/home' : null;
            if (!to) return;
            go(to);
          }}
        >
          {t('viewNow')}
        </Button>
      }
    >
      <ItemText
        title={<HotText text={m.title} />}
        description={
          m.description && m.description !== m.title ? (
            <>
              <span className="item-list-line" data-testid="message-description">
                {m.description}
              </span>
              {formatDateTime(m.createTime)}
            </>
          ) : (
            formatDateTime(m.createTime)
          )
        }
      />
    </ItemRow>
  );
}

/** A daily-share message (an article or a poster to share); a click opens it. */
export function ShareMessageItem({
  m,
  markRead,
  openPoster,
  openArticle,
}: {
  m: Message;
  markRead: (m: Message) => void;
  openPoster: (imageUrl: string) => void;
  openArticle: (id: number) => void;
}) {
  const { t } = useTranslation('messages');
  const d = parseShare(m.description);
  const isPoster = d.BroadcastType === BROADCAST_TYPE.poster;
  return (
    <ItemRow
      testId="share-message"
      onOpen={() => {
        markRead(m);
        if (isPoster) openPoster(d.ImageUrl ?? '');
        else openArticle(m.id);
      }}
      extra={d.ImageUrl ? <Image src={d.ImageUrl} width={72} preview={false} alt="" /> : undefined}
    >
      <ItemText
        title={
          <>
            <Tag>{isPoster ? t('poster') : t('article')}</Tag>
            {d.Title || m.title}
          </>
        }
        description={
          <>
            <span className="item-list-line">{d.ShortContent}</span>
            <span className="item-list-line">{formatDateTime(m.createTime)}</span>
          </>
        }
      />
    </ItemRow>
  );
}

/** An official (system) message; a click opens it in full. */
export function SystemMessageItem({ m, open }: { m: Message; open: (m: Message) => void }) {
  const { t } = useTranslation('messages');
  return (
    <ItemRow testId="system-message" onOpen={() => open(m)}>
      <ItemText
        title={
          <span data-testid="system-message-title">
            <Tag color="blue" style={{ marginInlineEnd: 8 }}>
              {t('official')}
            </Tag>{' '}
            {m.title}
          </span>
        }
        description={
          <>
            <span className="item-list-line">{formatDateTime(m.createTime)}</span>
            <span className="item-list-clamp">{m.description.replace(/<[^>]*>/g, '')}</span>
          </>
        }
      />
    </ItemRow>
  );
}
