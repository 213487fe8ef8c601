import { EVENT_KIND } from '@huoke/contracts';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { visitorLabel } from '../../../shared/visitorLabel';
import { chainsApi } from '../api';

/**
 * "来源：李员工 分享的《白皮书》", "来源：王五 转发（第 2 层）·《白皮书》": how the lead reached us and through which
 * content, its title quoted as the rest of the radar quotes titles (nothing while loading or when unknown). A direct
 * visit reads as one phrase with its title (the sharer's share *of* the content), a forward keeps the form.
 * The forwarder opens their own lead (an anonymous one named 匿名访客 #id, as the spread view names them). A business
 * card has no title: the line names it as one ("王管理 分享的名片"), not as a bare link.
 */
export function LeadSourceLine({ id }: { id: number }) {
  const { t } = useTranslation('radar');
  const q = useQuery({ queryKey: ['radar', 'source', id], queryFn: () => chainsApi.source(id) });
  // A failed call says so with 重试: no line at all read as a lead that came through no share.
  if (q.isError)
    return (
      <Typography.Text type="secondary" data-testid="lead-source">
        {t('chains.source')}
        {t('chains.sourceFailed')}
        <Typography.Link onClick={() => void q.refetch()} style={{ marginInlineStart: 8 }}>
          {t('chains.retry')}
        </Typography.Link>
      </Typography.Text>
    );
  const data = q.data;
  if (!data || data.via === 'none') return null;
  // A card's share is named as the card, its title or not (「李员工 分享的《李员工的名片》」 said the name twice).
  const card = data.kind === EVENT_KIND.card;
  const title = card ? undefined : data.title || undefined;
  /** The key for a titled share, a business card, or neither. */
  const which = (titled: string, carded: string, plain: string) => (title ? titled : card ? carded : plain);
  let text: React.ReactNode;
  if (data.via === 'forward') {
    const id = data.forwarderId;
    const suffix = which('chains.titled', 'chains.cardSuffix', '');
    const name = id ? visitorLabel(data.forwarderName ?? '', id, t('anonymous')) : data.forwarderName || t('anonymous');
    text = (
      <>
        <Trans
          t={t}
          i18nKey="chains.forwardedBy"
          values={{ name, depth: data.depth }}
          components={{
            who: id ? <Link to={`/private-guest/radar?id=${id}`} data-testid="lead-source-forwarder" /> : <span />,
          }}
        />
        {suffix ? t(suffix, { title }) : ''}
      </>
    );
  } else if (data.sharerName)
    text = t(which('chains.directTitled', 'chains.directCard', 'chains.direct'), { sharer: data.sharerName, title });
  else text = t(which('chains.directNoSharerTitled', 'chains.directNoSharerCard', 'chains.directNoSharer'), { title });
  return (
    <Typography.Text type="secondary" data-testid="lead-source">
      {t('chains.source')}
      {text}
    </Typography.Text>
  );
}
