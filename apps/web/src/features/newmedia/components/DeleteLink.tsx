import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

/** 删除 behind the 「是否执行此操作?」 confirmation. */
export function DeleteLink({ onConfirm }: { onConfirm: () => Promise<unknown> }) {
  const { t } = useTranslation('newmedia');
  return (
    <Popconfirm title={t('confirmTitle')} description={t('confirmDelete')} onConfirm={onConfirm}>
      <Button type="link" danger size="small">
        {t('delete')}
      </Button>
    </Popconfirm>
  );
}
