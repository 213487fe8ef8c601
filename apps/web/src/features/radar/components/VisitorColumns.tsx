import { UserOutlined } from '@ant-design/icons';
import type { Visitor } from '@huoke/contracts';
import { Avatar, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { PhoneLink } from '../../../shared/PhoneLink';
import { visitorLabel } from '../../../shared/visitorLabel';
import { avatarUrl } from '../avatar';
import { sourceLabel } from '../source';
import { ScoreBadge } from './ScoreBadge';

/** The visitor list's columns; 线索分 sorts (descending only) when `sorted`. */
export function useVisitorColumns(sorted: boolean): ColumnsType<Visitor> {
  const { t } = useTranslation('radar');
  return [
    {
      title: t('col.visitor'),
      render: (_v, r) => (
        <Space>
          <Avatar src={avatarUrl(r.headimgurl)} icon={<UserOutlined />} />
          {visitorLabel(r.nickname, r.id, t('anonymous'))}
        </Space>
      ),
    },
    {
      key: 'score',
      title: t('col.score'),
      sorter: true,
      sortDirections: ['descend'],
      sortOrder: sorted ? 'descend' : null,
      render: (_v, r) => <ScoreBadge score={r.score} />,
    },
    {
      key: 'stage',
      title: t('col.stage'),
      render: (_v, r) => (r.stage ? t(`stage.${r.stage}`) : t('stage.new')),
    },
    { title: t('col.phone'), dataIndex: 'phone', render: (phone: string) => <PhoneLink phone={phone} /> },
    { title: t('col.company'), dataIndex: 'company' },
    {
      title: t('col.source'),
      render: (_v, r) => sourceLabel(t, r.clueSource, r.customerClueSourceString),
    },
    { title: t('col.owner'), dataIndex: 'createByName' },
    { title: t('col.lastSeen'), className: 'time-col', render: (_v, r) => formatDateTime(r.lastSeenAt) },
  ];
}
