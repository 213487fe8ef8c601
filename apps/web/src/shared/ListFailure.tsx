import { WarningOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** A list call's failure: the query's isError and refetch, as PagedTable and the other lists take it. */
export const failureOf = (query: { isError: boolean; refetch: () => unknown }) => ({
  error: query.isError,
  onRetry: query.refetch,
});

/**
 * What a list (or a chart: `of`) whose call failed shows where its empty state would be: 列表加载失败 with 重试. Not the empty box,
 * whose picture is titled 暂无数据 too: after the error's toast an empty list told the reader there was nothing.
 */
export function ListFailure({ onRetry, of = 'list' }: { onRetry?: () => unknown; of?: 'list' | 'chart' }) {
  const { t } = useTranslation();
  return (
    <Empty
      image={<WarningOutlined style={{ fontSize: 36, color: '#faad14' }} />}
      styles={{ image: { height: 40 } }}
      description={t(of === 'chart' ? 'list.chartFailed' : 'list.loadFailed')}
    >
      {onRetry && <Button onClick={() => void onRetry()}>{t('list.retry')}</Button>}
    </Empty>
  );
}
