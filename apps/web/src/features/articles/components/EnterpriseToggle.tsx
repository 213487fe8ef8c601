import { Button, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../shared/confirm';
import { useToggleShare } from '../queries';

type ToggledArticle = { id: number; title: string; isShareToEnterprise: boolean; canEdit: boolean };

/**
 * 设为企业文章 / 取消企业文章 (the drawer's button, the list row's 更多 item): `shown` whether it is offered (hidden in
 * the company view while the article is not shared: SPEC §4), `label` what it says, `run` asks first (`question`:
 * it names the article and who will see it, since it changes what the whole company sees), then calls
 * SetArticleShare (`apply`); the label flips only after it succeeds.
 */
export function useEnterpriseToggle(onChanged?: (isShareToEnterprise: boolean) => void) {
  const { t } = useTranslation('articles');
  const toggle = useToggleShare();
  const label = (a: ToggledArticle) => (a.isShareToEnterprise ? t('cancelEnterprise') : t('setEnterprise'));
  const question = (a: ToggledArticle) =>
    t(a.isShareToEnterprise ? 'enterpriseOffConfirm' : 'enterpriseOnConfirm', { title: a.title });
  const apply = (a: ToggledArticle) =>
    toggle.mutate(a.id, {
      onSuccess: (r) => {
        message.success(t('success'));
        onChanged?.(r.isShareToEnterprise);
      },
    });
  return {
    pending: toggle.isPending,
    shown: (a: ToggledArticle, company?: boolean) => a.canEdit && !(company && !a.isShareToEnterprise),
    label,
    /** The question asked first (the row's 更多 asks it itself, then calls `apply`). */
    question,
    apply,
    run: async (a: ToggledArticle) => {
      if (await confirmAction(question(a), undefined, { ok: label(a) })) apply(a);
    },
  };
}

interface EnterpriseToggleProps {
  article: ToggledArticle;
  /** Company view: the button is hidden while the article is not shared (SPEC §4). */
  company?: boolean;
  onChanged?: (isShareToEnterprise: boolean) => void;
  size?: 'small' | 'middle';
}

/** The toggle as a link button (the article drawer). */
export function EnterpriseToggle({ article, company, onChanged, size = 'small' }: EnterpriseToggleProps) {
  const toggle = useEnterpriseToggle(onChanged);
  if (!toggle.shown(article, company)) return null;
  return (
    <Button size={size} type="link" loading={toggle.pending} onClick={() => toggle.run(article)}>
      {toggle.label(article)}
    </Button>
  );
}
