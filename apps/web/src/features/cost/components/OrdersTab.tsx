import { ORDER_STATES, type OrderItem, type OrderState } from '@huoke/contracts';
import { Button, Descriptions, Modal, message, Segmented, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../shared/confirm';
import { formatDateTime, formatMoney } from '../../../shared/format';
import { OrderStateTag, useOrderColumns, useOrderStateLabel } from '../../../shared/orders/orderColumns';
import { failureOf, PagedTable } from '../../../shared/PagedTable';
import { RowActions } from '../../../shared/RowActions';
import { usePagedFilters } from '../../../shared/usePagedFilters';
import { useCancelOrder, useOrder, useOrders } from '../queries';
import { BuyPackageDialog } from './BuyPackageDialog';
import { ConsultReceivedDialog } from './ConsultReceivedDialog';

export function OrdersTab() {
  const { t } = useTranslation('cost');
  const { filters, setFilter, pageIndex, pageSize, pager } = usePagedFilters({ state: 'all' });
  const { state } = filters;
  const [detailId, setDetailId] = useState<number | null>(null);
  const [buying, setBuying] = useState(false);
  const [consulted, setConsulted] = useState(false);
  const { data, isFetching, ...list } = useOrders({
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
        {...failureOf(list)}
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
      <BuyPackageDialog open={buying} onClose={() => setBuying(false)} onDone={() => setConsulted(true)} />
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
