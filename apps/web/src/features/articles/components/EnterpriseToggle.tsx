import { Button, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../shared/confirm';
import { useToggleShare } from '../queries';

interface EnterpriseToggleProps {
  article: { id: number; isShareToEnterprise: boolean; canEdit: boolean };
  /** Company view: the button is hidden while the article is not shared (SPEC §4). */
  company?: boolean;
  onChanged?: (isShareToEnterprise: boolean) => void;
  size?: 'small' | 'middle';
}

/** 设为企业文章 / 取消企业文章: the label flips only after SetArticleShare succeeds. */
export function EnterpriseToggle({ article, company, onChanged, size = 'small' }: EnterpriseToggleProps) {
  const { t } = useTranslation('articles');
  const toggle = useToggleShare();
  if (!article.canEdit || (company && !article.isShareToEnterprise)) return null;
  return (
    <Button
      size={size}
      type="link"
      loading={toggle.isPending}
      onClick={async () => {
        // Asked like the files' and videos' enterprise toggles: it changes what the whole company sees.
        if (!(await confirmAction())) return;
        toggle.mutate(article.id, {
          onSuccess: (r) => {
            message.success(t('success'));
            onChanged?.(r.isShareToEnterprise);
          },
        });
      }}
    >
      {article.isShareToEnterprise ? t('cancelEnterprise') : t('setEnterprise')}
    </Button>
  );
}
