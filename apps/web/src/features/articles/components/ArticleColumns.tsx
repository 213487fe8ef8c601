import type { ArticleListItem, ContentStat } from '@huoke/contracts';
import { Button, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { contentColumns } from '../../../shared/content-stats/components/statColumns';
import { RowActions } from '../../../shared/RowActions';
import { EDIT_PATH } from '../paths';
import { useEnterpriseToggle } from './EnterpriseToggle';

interface ArticleActions {
  open: (id: number) => void;
  stats: (a: ArticleListItem) => void;
  remove: (a: ArticleListItem) => Promise<unknown>;
}

/**
 * The article table's columns: title (opens the reader), category, author, time, figures, actions (查看 数据 编辑, and
 * under 更多 the enterprise toggle and 删除).
 */
export function useArticleColumns(
  company: boolean,
  stats: Map<number, ContentStat>,
  act: ArticleActions,
): ColumnsType<ArticleListItem> {
  const { t } = useTranslation('articles');
  const navigate = useNavigate();
  const toggle = useEnterpriseToggle();
  return [
    {
      title: t('col.title'),
      dataIndex: 'title',
      // Sized by its column, not by its title (contain): a long title, on one line up to 360 px, made the column claim
      // 400 px and squeezed the actions into three lines in English. It takes the room the others leave (190 px at
      // least) and ends in …; on a phone's card, the room beside its label (flex).
      render: (title: string, a) => (
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 190, contain: 'inline-size', flex: 1 }}>
          {a.thumbnail && (
            <img src={a.thumbnail} alt="" style={{ width: 48, height: 36, objectFit: 'cover', flex: 'none' }} />
          )}
          <Typography.Link ellipsis onClick={() => act.open(a.id)} style={{ maxWidth: 360 }} title={title}>
            {title}
          </Typography.Link>
          {a.isShareToEnterprise && !company && <Tag color="blue">{t('enterpriseTag')}</Tag>}
        </div>
      ),
    },
    // An article of no category shows '- -', as the other empty cells do (it was blank).
    { title: t('col.type'), dataIndex: 'sstTypeString', width: 96, render: (v: string) => v || '- -' },
    ...contentColumns<ArticleListItem>(t, stats, { author: 80, createTime: 136 }),
    {
      title: t('col.actions'),
      key: 'actions',
      width: 200,
      render: (_, a) => (
        <RowActions
          more={[
            ...(toggle.shown(a, company)
              ? [
                  {
                    key: 'enterprise',
                    label: toggle.label(a),
                    confirm: toggle.question(a),
                    onClick: () => toggle.apply(a),
                  },
                ]
              : []),
            ...(a.canEdit
              ? [
                  {
                    key: 'delete',
                    label: t('delete'),
                    danger: true,
                    confirm: t('deleteConfirm', { title: a.title }),
                    onClick: () => act.remove(a),
                  },
                ]
              : []),
          ]}
        >
          <Button size="small" type="link" onClick={() => act.open(a.id)}>
            {t('view')}
          </Button>
          <Button size="small" type="link" onClick={() => act.stats(a)}>
            {t('content-stats:stats')}
          </Button>
          {a.canEdit && (
            <Button size="small" type="link" onClick={() => navigate(`${EDIT_PATH}?id=${a.id}`)}>
              {t('edit')}
            </Button>
          )}
        </RowActions>
      ),
    },
  ];
}
