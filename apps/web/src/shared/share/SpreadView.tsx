import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton, Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartOption, EChart } from '../chart/EChart';
import { ListTable } from '../ListTable';
import { usePhone } from '../phone';
import { visitorLabel } from '../visitorLabel';
import { shareApi } from './api';
import { spreadData } from './spreadData';

/** Widest name of the tree, in px (about 13 Chinese characters): two columns of a five-level chain at 800 px. */
const LABEL_WIDTH = 160;

type TreeItem = ReturnType<typeof spreadData>;

/** A short figure with its unit (第 2 层, 3 人), never broken across lines. */
const oneLine = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;

/** The tree's leaves (the lines it is drawn on) and its depth (the columns). */
function shapeOf(n: TreeItem, depth = 1): { leaves: number; columns: number } {
  if (!n.children.length) return { leaves: 1, columns: depth };
  const parts = n.children.map((c) => shapeOf(c, depth + 1));
  return { leaves: parts.reduce((a, p) => a + p.leaves, 0), columns: Math.max(...parts.map((p) => p.columns)) };
}

/** The tree with every other level's names below their nodes. */
const staggered = (n: TreeItem, depth = 0): TreeItem & { label?: object } => ({
  ...n,
  ...(depth % 2 ? { label: { position: 'bottom', verticalAlign: 'top' } } : {}),
  children: n.children.map((c) => staggered(c, depth + 1)),
});

/** Spread of one content: the tree (ECharts `tree`), people per level and the top spreaders. */
export function SpreadView({ kind, contentId, title }: { kind: number; contentId: number; title: string }) {
  const { t } = useTranslation('radar');
  const phone = usePhone();
  const q = useQuery({
    queryKey: ['radar', 'spread', kind, contentId],
    queryFn: () => shareApi.contentSpread(kind, contentId),
  });
  const labelWidth = phone ? 110 : LABEL_WIDTH;
  const drawn = useMemo(() => {
    if (!q.data?.nodes.length) return null;
    const tree = spreadData(q.data, title, t('anonymous'));
    // Each name sits above its node and every other level's below it (staggered), centred, so that two
    // neighbouring levels' names have two columns' width and do not run into each other. Names left of their nodes
    // ran into the next level's on a long chain (an article forwarded three times: five columns in 800 px), and the
    // last leaf's name ran past the chart's edge.
    const label = {
      position: 'top',
      verticalAlign: 'bottom',
      align: 'center',
      fontSize: phone ? 11 : 12,
      width: labelWidth,
      overflow: 'truncate',
    };
    const option = {
      // ECharts' own template (its {b} is escaped): 王五：累计带来 2 人, where it said 王五: 2.
      tooltip: { trigger: 'item', formatter: t('chains.reachTip') },
      series: [
        {
          type: 'tree',
          data: [staggered(tree)],
          orient: 'LR',
          top: 28,
          // Half a name's width at each end (a longer name is cut with an ellipsis; the tooltip holds it).
          left: labelWidth / 2 + 8,
          bottom: 28,
          right: labelWidth / 2 + 8,
          symbolSize: 10,
          initialTreeDepth: -1,
          expandAndCollapse: true,
          label,
          leaves: { label },
          animationDuration: 300,
        },
      ],
    } as ChartOption;
    return { option, ...shapeOf(tree) };
  }, [q.data, title, t, phone, labelWidth]);

  if (q.isPending) return <Skeleton active />;
  // 图表加载失败 with 重试 where the tree would be, as every chart of the console says it (it said 加载失败 alone).
  if (q.isError) return <EChart option={{}} height={240} failed onRetry={q.refetch} testId="spread-chart" />;
  const tree = q.data;
  // Content nobody shared yet is told apart from a share nobody opened (both said 分享出去后还没有人打开过).
  if (!tree.nodes.length)
    return <Empty description={t(tree.sharers.length ? 'chains.spreadEmpty' : 'chains.neverShared')} />;
  // As high as its lines (a 16-level chain is one line, not 16 lines of empty canvas), and at least as wide as its
  // levels at half a name each, since every other level's names share a row: a deep chain scrolls sideways where
  // its names ran into each other in the modal's 800 px.
  const height = Math.min(900, Math.max(240, (drawn?.leaves ?? 0) * 32 + 56));
  const minWidth = drawn ? (drawn.columns - 1) * (labelWidth / 2 + 8) + labelWidth + 16 : undefined;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="spread-view">
      {drawn && (
        <div style={{ overflowX: 'auto' }} data-testid="spread-scroll">
          <EChart option={drawn.option} height={height} style={{ minWidth }} testId="spread-chart" />
        </div>
      )}
      {tree.truncated && (
        <Typography.Text type="secondary">{t('chains.truncated', { n: tree.nodes.length })}</Typography.Text>
      )}
      <Typography.Text strong>{t('chains.levels')}</Typography.Text>
      {/* What 第 1 层 counts: the sharer is not a level, its link's readers are. */}
      <Typography.Text type="secondary">{t('chains.levelsHint')}</Typography.Text>
      <Space wrap data-testid="spread-levels">
        {tree.levels.map((l) => (
          <Tag key={l.depth} color={l.depth === 1 ? 'blue' : 'purple'}>
            {t('chains.level', { depth: l.depth })} · {t('chains.people', { count: l.reach })}
          </Tag>
        ))}
      </Space>
      <Typography.Text strong>{t('chains.topSpreaders')}</Typography.Text>
      <ListTable
        size="small"
        rowKey="visitorId"
        pagination={false}
        data-testid="top-spreaders"
        // `children` would be read as tree rows by the table: the count travels as `direct`.
        dataSource={tree.topSpreaders.map(({ children, ...s }) => ({ ...s, direct: children }))}
        locale={{ emptyText: t('chains.noSpreaders') }}
        columns={[
          {
            title: t('chains.visitor'),
            dataIndex: 'name',
            render: (n: string, s: { visitorId: number }) => visitorLabel(n, s.visitorId, t('anonymous')),
          },
          // 第 2 层, as the levels above say it (a bare 2 beside 1 人 and 2 人 read as a count); each kept on one line,
          // which a phone's narrow columns broke into 第 2 / 层.
          {
            title: t('chains.depth'),
            dataIndex: 'depth',
            render: (d: number) => oneLine(t('chains.level', { depth: d })),
          },
          {
            title: t('chains.children'),
            dataIndex: 'direct',
            render: (n: number) => oneLine(t('chains.people', { count: n })),
          },
          {
            title: t('chains.reach'),
            dataIndex: 'reach',
            render: (n: number) => oneLine(t('chains.people', { count: n })),
          },
        ]}
      />
    </Space>
  );
}
