import type { OrderItem, OrderState, ReviewItem } from '@huoke/contracts';
import { Button, Card, Form, Input, message, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditLog } from '../../../shared/AuditLog';
import { FormDialog } from '../../../shared/FormDialog';
import { submitHandler } from '../../../shared/form';
import { formatDateTime, formatMoney } from '../../../shared/format';
import { useOrderColumns, useOrderStateLabel } from '../../../shared/orders/orderColumns';
import { failureOf } from '../../../shared/PagedTable';
import { PageTabs } from '../../../shared/PageTabs';
import { StatusPagedTable, useStatusPaging } from '../../../shared/StatusPagedTable';
import type { ReviewStatus } from '../api';
import { useOperatorOrders, useReview, useReviews, useSettleOrder } from '../queries';
import { authTagColor } from '../status';

/** The platform operator's review list: certifications to approve or reject, orders to mark paid or refund. */
export default function OperatorReviewPage() {
  const { t } = useTranslation('certification');
  return (
    <Card title={t('review.title')} variant="borderless">
      <PageTabs
        destroyOnHidden
        items={[
          { key: 'auth', label: t('review.tabs.auth'), children: <AuthReviews /> },
          { key: 'orders', label: t('review.tabs.orders'), children: <OperatorOrders /> },
          { key: 'audit', label: t('review.tabs.audit'), children: <AuditLog operator /> },
        ]}
      />
    </Card>
  );
}

function AuthReviews() {
  const { t } = useTranslation('certification');
  const paging = useStatusPaging<ReviewStatus>('pending');
  const [rejecting, setRejecting] = useState<ReviewItem | null>(null);
  const { data, isFetching, ...list } = useReviews(paging.query);
  const review = useReview();
  return (
    <StatusPagedTable<ReviewItem, ReviewStatus>
      {...paging.table}
      statuses={['pending', 'approved', 'rejected']}
      label={(s) => (s === 'all' ? t('review.all') : t(`states.${s}`))}
      loading={isFetching}
      page={data}
      {...failureOf(list)}
      columns={[
        { title: t('review.customer'), dataIndex: 'customerName' },
        { title: t('review.companyName'), dataIndex: 'companyName' },
        { title: t('review.creditCode'), dataIndex: 'creditCode' },
        { title: t('review.legalPerson'), dataIndex: 'legalPerson' },
        {
          title: t('review.licence'),
          dataIndex: 'licenceUrl',
          render: (u: string) => (
            <a href={u} target="_blank" rel="noreferrer noopener">
              {t('review.view')}
            </a>
          ),
        },
        {
          title: t('review.status'),
          dataIndex: 'state',
          render: (s: string, r) => (
            <Space orientation="vertical" size={0}>
              <Tag color={authTagColor(s)}>{t(`states.${r.status}`, { defaultValue: s })}</Tag>
              {r.reason && <span style={{ color: '#999' }}>{r.reason}</span>}
            </Space>
          ),
        },
        {
          title: t('review.submitTime'),
          dataIndex: 'submitTime',
          className: 'time-col',
          render: (v: string) => formatDateTime(v),
        },
        {
          title: t('review.actions'),
          key: 'actions',
          render: (_: unknown, r) =>
            r.status === 'pending' ? (
              <Space>
                <Popconfirm
                  title={t('confirmTitle')}
                  description={t('confirm')}
                  okText={t('ok')}
                  cancelText={t('cancel')}
                  onConfirm={async () => {
                    await review.mutateAsync({ id: r.id, approve: true });
                    message.success(t('success'));
                  }}
                >
                  <Button size="small" type="primary">
                    {t('review.approve')}
                  </Button>
                </Popconfirm>
                <Button size="small" danger onClick={() => setRejecting(r)}>
                  {t('review.reject')}
                </Button>
              </Space>
            ) : null,
        },
      ]}
    >
      <RejectDialog item={rejecting} onClose={() => setRejecting(null)} />
    </StatusPagedTable>
  );
}

function RejectDialog({ item, onClose }: { item: ReviewItem | null; onClose: () => void }) {
  const { t } = useTranslation('certification');
  const [form] = Form.useForm<{ reason: string }>();
  const review = useReview();
  return (
    <FormDialog
      title={t('review.rejectTitle')}
      open={Boolean(item)}
      form={form}
      onClose={onClose}
      onSubmit={async ({ reason }) => {
        if (!item) return;
        await review.mutateAsync({ id: item.id, approve: false, reason: reason.trim() });
        message.success(t('success'));
        onClose();
      }}
      formProps={{ layout: 'vertical' }}
    >
      <Form.Item
        name="reason"
        label={t('reason')}
        rules={[{ required: true, whitespace: true, message: t('review.reasonRequired') }]}
      >
        <Input.TextArea maxLength={200} showCount rows={3} />
      </Form.Item>
    </FormDialog>
  );
}

function OperatorOrders() {
  const { t } = useTranslation('certification');
  const paging = useStatusPaging<OrderState>('unpaid');
  const { pageIndex, pageSize, status: state } = paging.query;
  const { data, isFetching, ...list } = useOperatorOrders({ pageIndex, pageSize, state });
  const settle = useSettleOrder();
  // A refusal (an uncertified company's 409, say) is shown by the request client; nothing is left uncaught.
  const act = submitHandler(async (id: number, to: 'paid' | 'refunded') => {
    await settle.mutateAsync({ id, to });
    message.success(t('success'));
  });
  const order = useOrderColumns();
  const stateLabel = useOrderStateLabel();
  return (
    <StatusPagedTable<OrderItem, OrderState>
      {...paging.table}
      statuses={['unpaid', 'paid', 'cancelled', 'refunded']}
      label={(s) => (s === 'all' ? t('review.all') : stateLabel(s))}
      loading={isFetching}
      page={data}
      {...failureOf(list)}
      columns={[
        order.number,
        { title: t('orders.customer'), dataIndex: 'customerName' },
        order.product,
        order.amount,
        order.state,
        order.createTime,
        {
          title: t('orders.actions'),
          key: 'actions',
          render: (_: unknown, o) => {
            if (o.state !== 'unpaid' && o.state !== 'paid') return null;
            const to = o.state === 'unpaid' ? 'paid' : 'refunded';
            return (
              <Popconfirm
                title={t('confirmTitle')}
                description={t(to === 'paid' ? 'orders.markPaidConfirm' : 'orders.refundConfirm', {
                  number: o.number,
                  company: o.customerName,
                  amount: formatMoney(o.amount),
                })}
                okText={t('ok')}
                cancelText={t('cancel')}
                onConfirm={() => act(o.id, to)}
              >
                <Button size="small" type={to === 'paid' ? 'primary' : 'default'} danger={to === 'refunded'}>
                  {to === 'paid' ? t('orders.markPaid') : t('orders.refund')}
                </Button>
              </Popconfirm>
            );
          },
        },
      ]}
    />
  );
}
