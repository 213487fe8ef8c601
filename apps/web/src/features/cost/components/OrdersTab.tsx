import { ORDER_STATES, type OrderItem, type OrderState } from '@huoke/contracts';
import { Alert, Button, Descriptions, Form, Modal, message, Radio, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmAction } from '../../../shared/confirm';
import { FormDialog } from '../../../shared/FormDialog';
import { formatDateTime, formatMoney } from '../../../shared/format';
import { OrderStateTag, useOrderColumns, useOrderStateLabel } from '../../../shared/orders/orderColumns';
import { PagedTable } from '../../../shared/PagedTable';
import { RowActions } from '../../../shared/RowActions';
import { useAuthState } from '../../../shared/useAuthState';
import { usePagedFilters } from '../../../shared/usePagedFilters';
import { useCancelOrder, useCreateOrder, useOrder, useOrders, usePackage, useProducts } from '../queries';
import { ConsultReceivedDialog } from './ConsultReceivedDialog';

export function OrdersTab() {
  const { t } = useTranslation('cost');
  const { filters, setFilter, pageIndex, pageSize, pager } = usePagedFilters({ state: 'all' });
  const { state } = filters;
  const [detailId, setDetailId] = useState<number | null>(null);
  const [buying, setBuying] = useState(false);
  const [consulted, setConsulted] = useState(false);
  const { data, isFetching } = useOrders({
    pageIndex,
    pageSize,
    state: state === 'all' ? undefined : (state as OrderState),
  });
  const cancel = useCancelOrder();
  const order = useOrderColumns();
  const stateLabel = useOrderStateLabel();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Segmented
          aria-label={t('common:choice.status')}
          value={state}
          onChange={(v) => setFilter('state', String(v))}
          options={[
            { value: 'all', label: t('orders.all') },
            ...ORDER_STATES.map((s) => ({ value: s, label: stateLabel(s) })),
          ]}
        />
        <Button type="primary" onClick={() => setBuying(true)}>
          {t('orders.create')}
        </Button>
      </Space>
      <PagedTable<OrderItem>
        loading={isFetching}
        page={data}
        {...pager}
        columns={[
          order.number,
          order.product,
          order.amount,
          order.state,
          order.createTime,
          {
            title: t('orders.actions'),
            key: 'actions',
            render: (_: unknown, o) => (
              <RowActions>
                <Button size="small" type="link" onClick={() => setDetailId(o.id)}>
                  {t('orders.detail')}
                </Button>
                {o.state === 'unpaid' && (
                  <Button
                    size="small"
                    type="link"
                    danger
                    onClick={async () => {
                      // Named, with 保留订单 on the other button: 提示 / 是否执行此操作? offered 取消 to someone cancelling.
                      const ok = await confirmAction(
                        t('orders.cancelConfirm'),
                        t('orders.cancelTitle', { number: o.number }),
                        {
                          ok: t('orders.cancel'),
                          cancel: t('orders.keep'),
                          danger: true,
                        },
                      );
                      if (!ok) return;
                      await cancel.mutateAsync(o.id);
                      message.success(t('success'));
                    }}
                  >
                    {t('orders.cancel')}
                  </Button>
                )}
              </RowActions>
            ),
          },
        ]}
      />
      <OrderDetail id={detailId} onClose={() => setDetailId(null)} />
      <BuyDialog open={buying} onClose={() => setBuying(false)} onDone={() => setConsulted(true)} />
      <ConsultReceivedDialog open={consulted} onClose={() => setConsulted(false)} />
    </Space>
  );
}

function OrderDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('cost');
  const { data: o } = useOrder(id);
  return (
    <Modal title={t('orders.detailTitle')} open={id !== null} onCancel={onClose} footer={null} destroyOnHidden>
      {o && (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('orders:number')}>{o.number}</Descriptions.Item>
          <Descriptions.Item label={t('orders:product')}>{o.productName}</Descriptions.Item>
          <Descriptions.Item label={t('orders:amount')}>{formatMoney(o.amount)}</Descriptions.Item>
          <Descriptions.Item label={t('orders.seats')}>{o.seats}</Descriptions.Item>
          <Descriptions.Item label={t('orders.duration')}>{o.durationDays}</Descriptions.Item>
          <Descriptions.Item label={t('orders:state')}>
            <OrderStateTag state={o.state} />
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.createBy')}>{o.createByName}</Descriptions.Item>
          <Descriptions.Item label={t('orders:createTime')}>{formatDateTime(o.createTime)}</Descriptions.Item>
          {o.paidTime && (
            <Descriptions.Item label={t('orders.paidTime')}>{formatDateTime(o.paidTime)}</Descriptions.Item>
          )}
          {o.cancelledTime && (
            <Descriptions.Item label={t('orders.cancelledTime')}>{formatDateTime(o.cancelledTime)}</Descriptions.Item>
          )}
          {o.refundedTime && (
            <Descriptions.Item label={t('orders.refundedTime')}>{formatDateTime(o.refundedTime)}</Descriptions.Item>
          )}
        </Descriptions>
      )}
    </Modal>
  );
}

function BuyDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('cost');
  const [form] = Form.useForm<{ productId: number }>();
  const products = useProducts();
  const create = useCreateOrder();
  const auth = useAuthState();
  // One package at a time: while one runs, only renewing it may be ordered (the server refuses another).
  const pkg = usePackage();
  const running = pkg.data?.status === 1 && pkg.data.productName ? pkg.data.productName : null;
  return (
    <FormDialog
      title={t('orders.create')}
      open={open}
      form={form}
      onClose={onClose}
      onSubmit={async ({ productId }) => {
        await create.mutateAsync(productId);
        onClose();
        onDone();
      }}
      formProps={{ layout: 'vertical' }}
      after={
        // Buying needs real-name certification (the banner says so): the order may go in first, and is paid and
        // opened once the company is certified (the operator cannot confirm it before).
        auth.data && !auth.data.authenticated ? (
          <Alert
            type="warning"
            showIcon
            title={<Trans t={t} i18nKey="orders.certifyFirst" components={{ auth: <Link to="/enterprise/auth" /> }} />}
          />
        ) : (
          <Alert type="info" showIcon title={t('orders.payHint')} />
        )
      }
    >
      <Form.Item
        name="productId"
        label={t('orders.chooseProduct')}
        rules={[{ required: true, message: t('orders.productRequired') }]}
      >
        <Radio.Group>
          <Space orientation="vertical">
            {(products.data?.data ?? []).map((p) => {
              const blocked = running !== null && p.name !== running;
              return (
                <Radio key={p.id} value={p.id} disabled={blocked}>
                  {p.name} ·{' '}
                  {t('orders.perYear', { price: formatMoney(p.price), days: p.durationDays, count: p.seats })}
                  {blocked && (
                    <Typography.Text type="secondary" style={{ display: 'block' }}>
                      {t('orders.otherWhileRunning', { name: running })}
                    </Typography.Text>
                  )}
                </Radio>
              );
            })}
          </Space>
        </Radio.Group>
      </Form.Item>
    </FormDialog>
  );
}
