import { AUDIT_ACTIONS, type AuditAction, type AuditItem } from '@huoke/contracts';
import { auditRoutes } from '@huoke/contracts/routes/company';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { call } from './call';
import { formatDateTime } from './format';
import { failureOf } from './ListFailure';
import { ListTable } from './ListTable';
import { usePagedFilters } from './usePagedFilters';

const ROLE_COLOR = { admin: 'blue', staff: 'default', operator: 'purple' } as const;

/**
 * 操作日志, newest first, 10 a page, filtered by person and action. For a company administrator: this company's
 * log (/cus/audit/GetPageList). With `operator`: the platform operators' own actions over every company.
 */
export function AuditLog({ operator = false }: { operator?: boolean }) {
  const { t } = useTranslation();
  const { filters, setFilter, pageIndex, pageSize, pager } = usePagedFilters<{
    actorId?: number;
    action?: AuditAction;
  }>({});
  const { actorId, action } = filters;
  const q = { pageIndex, pageSize, actorId, action };
  const list = useQuery({
    queryKey: ['audit', operator, q],
    queryFn: () => call(operator ? auditRoutes.operatorPage : auditRoutes.page, { query: q }),
    placeholderData: keepPreviousData,
  });
  const actors = useQuery({
    queryKey: ['audit', 'actors'],
    queryFn: () => call(auditRoutes.actors),
    enabled: !operator,
  });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        {!operator && (
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('audit.allPeople')}
            aria-label={t('audit.actor')}
            style={{ width: 200 }}
            value={actorId}
            onChange={(v) => setFilter('actorId', v)}
            options={(actors.data?.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
          />
        )}
        <Select
          allowClear
          placeholder={t('audit.allActions')}
          aria-label={t('audit.action')}
          style={{ width: 200 }}
          value={action}
          onChange={(v) => setFilter('action', v)}
          options={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`audit.actions.${a}`) }))}
        />
      </Space>
      <ListTable<AuditItem>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        {...failureOf(list)}
        dataSource={list.data?.data ?? []}
        pagination={{
          current: pageIndex,
          pageSize,
          total: list.data?.totalCount ?? 0,
          showQuickJumper: true,
          showSizeChanger: false,
          showTotal: (n) => t('audit.total', { n }),
          onChange: pager.onPage,
          style: list.data?.totalCount ? undefined : { display: 'none' },
        }}
        columns={[
          ...(operator ? [{ title: t('audit.customer'), dataIndex: 'customerName' }] : []),
          {
            title: t('audit.time'),
            dataIndex: 'createTime',
            className: 'time-col',
            render: (v: string) => formatDateTime(v, 'second'),
          },
          {
            title: t('audit.actor'),
            dataIndex: 'actorName',
            render: (v: string, r) => (
              <Space size={4}>
                {v}
                <Tag color={ROLE_COLOR[r.actorRole]}>{t(`roles.${r.actorRole}`)}</Tag>
              </Space>
            ),
          },
          {
            title: t('audit.action'),
            dataIndex: 'action',
            render: (a: string, r) => t(`audit.actions.${a}`, { defaultValue: r.actionName }),
          },
          { title: t('audit.target'), dataIndex: 'targetName', render: (_: string, r) => targetText(t, r) },
          {
            title: t('audit.changes'),
            dataIndex: 'changes',
            render: (c: Record<string, unknown>) => (Object.keys(c).length ? <ChangeList changes={c} /> : '- -'),
          },
          { title: t('audit.ip'), dataIndex: 'ip', render: (v: string) => v || '- -' },
        ]}
      />
    </Space>
  );
}

/** Targets the log names by their kind alone: one of each per company. */
const NAMED_BY_KIND = new Set(['leadSettings', 'editorSettings', 'dataview', 'aikey']);

/**
 * The target in words: a binding's kind (微信公众号; the log stores its key, wechatOfficial) and the company's lead
 * score and editor settings, data view public link and AI detection key by name; a person, phone or company as
 * stored. The link and the key were stored in Chinese words (数据看板公开链接, AI检测密钥) before the log kept their kind
 * alone; such rows, never rewritten (the log is append-only), are named by their kind too.
 */
function targetText(t: TFunction, r: AuditItem): string {
  if (r.targetKind === 'binding') return t(`audit.targets.binding.${r.targetName}`, { defaultValue: r.targetName });
  if (NAMED_BY_KIND.has(r.targetKind)) return t(`audit.targets.${r.targetKind}`);
  return r.targetName || '- -';
}

/**
 * Fields whose stored values are codes, and where their words are: a role, an order's state, a certification's, the
 * editor's tools and watermark position, the fields a password reset changed. The codes read as English otherwise
 * (工具栏：undo, redo, … , 水印位置：4 → 2, 状态：paid).
 */
const VALUE_WORDS: Record<string, string> = {
  role: 'roles',
  state: 'orders:states',
  status: 'certification:states',
  tools: 'company:editor.tools',
  watermarkPoint: 'company:editor.points',
  fields: 'audit.fields',
};

/**
 * What an action changed, a line a field in words, in the reader's language: 角色：员工 → 管理员, 手机号：138…. It
 * showed the stored JSON ({"role":"staff","phone":"…"}).
 */
function ChangeList({ changes }: { changes: Record<string, unknown> }) {
  const { t } = useTranslation();
  const shown = (key: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return '- -';
    const words = VALUE_WORDS[key];
    if (words && (typeof v === 'string' || typeof v === 'number'))
      return t(`${words}.${v}`, { defaultValue: String(v) });
    if (key === 'expiresAt' && typeof v === 'string') return formatDateTime(v);
    if (typeof v === 'boolean') return t(v ? 'audit.yes' : 'audit.no');
    // A list (the editor's toolbar tools) as its items, not as JSON.
    if (Array.isArray(v)) return v.length ? v.map((x) => shown(key, x)).join(t('audit.listSeparator')) : '- -';
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  };
  return (
    <Space orientation="vertical" size={0}>
      {Object.entries(changes).map(([key, v]) => {
        const fromTo = v && typeof v === 'object' && 'to' in v ? (v as { from?: unknown; to: unknown }) : null;
        return (
          // A long address or code breaks where it must; words stay whole (break-all cut Headings into Hea / dings).
          <Typography.Text key={key} style={{ overflowWrap: 'anywhere' }}>
            {t('audit.change', {
              // A lead score settings row names its point codes, whose words are the score settings' own.
              field: t([`audit.fields.${key}`, `radar:settings.code.${key}`], { defaultValue: key }),
              value: fromTo ? `${shown(key, fromTo.from)} → ${shown(key, fromTo.to)}` : shown(key, v),
            })}
          </Typography.Text>
        );
      })}
    </Space>
  );
}
