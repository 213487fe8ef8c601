import type { CompanyStatus } from '@huoke/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Package status tag of a company: -1 not purchased, 0 expired, 1 'N days until expiry'. */
export function CompanyStatusTag({ status, days }: { status: CompanyStatus; days: number }) {
  const { t } = useTranslation('common');
  if (status === 1) return <Tag color="success">{t('company.daysLeft', { count: days })}</Tag>;
  if (status === 0) return <Tag color="error">{t('company.expired')}</Tag>;
  return <Tag>{t('company.notPurchased')}</Tag>;
}
