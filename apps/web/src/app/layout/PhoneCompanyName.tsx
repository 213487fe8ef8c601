import { SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCompanyChoice } from '../../shared/companyChoice';

/**
 * The current company in the phone header, which had no room for its name (someone in several companies could not
 * tell which one they were in): the space left between the links and the icons, ending in … when that is short.
 * A tap opens 选择企业, as the account menu's 切换企业 does. The name is data, in whatever language it was registered
 * (`data-user-content`: the English walk looks for Chinese interface words outside data).
 */
export function PhoneCompanyName({ name }: { name: string }) {
  const { t } = useTranslation();
  const ask = useCompanyChoice((s) => s.ask);
  return (
    <button
      type="button"
      data-testid="current-company"
      data-user-content
      title={name}
      aria-label={t('nav.currentCompany', { name })}
      aria-haspopup="dialog"
      onClick={() => ask('switch')}
      style={{
        flex: '1 1 0',
        minWidth: 0,
        display: 'flex',
        alignItems: 'center',
        gap: 4,
        border: 0,
        background: 'none',
        padding: 0,
        font: 'inherit',
        fontSize: 13,
        color: 'rgba(0,0,0,0.65)',
        cursor: 'pointer',
      }}
    >
      <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{name}</span>
      <SwapOutlined style={{ fontSize: 11, flex: 'none' }} />
    </button>
  );
}
