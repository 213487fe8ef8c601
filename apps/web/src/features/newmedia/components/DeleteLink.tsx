import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { submitHandler } from '../../../shared/form';

/** 删除 behind the 「是否执行此操作?」 confirmation; a refused delete is shown by the request client, never left uncaught. */
export function DeleteLink({ onConfirm }: { onConfirm: () => Promise<unknown> }) {
  const { t } = useTranslation('newmedia');
  return (
    <Popconfirm title={t('confirmTitle')} description={t('confirmDelete')} onConfirm={submitHandler(onConfirm)}>
      <Button type="link" danger size="small">
        {t('delete')}
      </Button>
    </Popconfirm>
  );
}
