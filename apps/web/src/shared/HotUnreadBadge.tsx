import { BADGE_CAP } from '@huoke/contracts/constants';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { HotFlame } from './HotText';

/** Unread 🔥 hot messages of the user in one company (the company switcher's cards); nothing when none. */
export function HotUnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation('common');
  if (count <= 0) return null;
  const label = t('company.hot', { count });
  return (
    <span role="status" aria-label={label} title={label} style={{ whiteSpace: 'nowrap' }}>
      <HotFlame /> <Badge count={count} overflowCount={BADGE_CAP} />
    </span>
  );
}
