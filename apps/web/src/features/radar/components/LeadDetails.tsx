import type { Visitor } from '@huoke/contracts';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { PhoneLink } from '../../../shared/PhoneLink';
import { visitorLabel } from '../../../shared/visitorLabel';
import { orDash } from '../avatar';
import { sourceLabel } from '../source';

/** 线索明细: name, owner, clue source, mobile, landline, company, position, remark. */
export function LeadDetails({ visitor: v }: { visitor: Visitor }) {
  const { t } = useTranslation('radar');
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      data-testid="lead-details"
      items={[
        { key: 'name', label: t('field.name'), children: visitorLabel(v.nickname, v.id, t('anonymous')) },
        { key: 'owner', label: t('field.owner'), children: v.createByName },
        {
          key: 'source',
          label: t('field.clueSource'),
          children: sourceLabel(t, v.clueSource, v.customerClueSourceString),
        },
        { key: 'mobile', label: t('field.mobile'), children: <PhoneLink phone={v.phone} /> },
        { key: 'tel', label: t('field.tel'), children: v.tel ? <PhoneLink phone={v.tel} /> : orDash(v.tel) },
        { key: 'company', label: t('field.company'), children: orDash(v.company) },
        { key: 'position', label: t('field.position'), children: orDash(v.position) },
        { key: 'remark', label: t('field.remark'), children: v.description },
      ]}
    />
  );
}
