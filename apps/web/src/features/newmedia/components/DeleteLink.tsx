import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { submitHandler } from '../../../shared/form';

/**
 * 删除 behind a confirmation that names what goes (确定删除关键词「…」？, as every other delete of the console names
 * its item); a refused delete is shown by the request client, never left uncaught.
 */
export function DeleteLink({ question, onConfirm }: { question: string; onConfirm: () => Promise<unknown> }) {
  const { t } = useTranslation('newmedia');
  return (
    <Popconfirm title={t('confirmTitle')} description={question} onConfirm={submitHandler(onConfirm)}>
      <Button type="link" danger size="small">
        {t('delete')}
      </Button>
    </Popconfirm>
  );
}
