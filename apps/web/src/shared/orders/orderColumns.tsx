import type { OrderItem, OrderState } from '@huoke/contracts';
import { Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../format';

const STATE_COLOR: Record<OrderState, string> = {
  unpaid: 'warning',
  paid: 'success',
  cancelled: 'default',
  refunded: 'error',
};

/** An order's state as a coloured tag: 待支付 orange, 已支付 green, 已取消 grey, 已退款 red. */
export function OrderStateTag({ state }: { state: OrderState }) {
  const { t } = useTranslation('orders');
  return <Tag color={STATE_COLOR[state]}>{t(`states.${state}`)}</Tag>;
}

/** The name of an order state (a status switch's choice). */
export function useOrderStateLabel() {
  const { t } = useTranslation('orders');
  return (state: OrderState) => t(`states.${state}`);
}

type Column = ColumnType<OrderItem>;

/**
 * The columns every order table shows, by name, for a table to place among its own (the operator's adds the
 * company, each its actions): the same heads, amount with two decimals, state tag and order time everywhere.
 */
export function useOrderColumns(): Record<'number' | 'product' | 'amount' | 'state' | 'createTime', Column> {
  const { t } = useTranslation('orders');
  return {
    number: { title: t('number'), dataIndex: 'number' },
    product: { title: t('product'), dataIndex: 'productName' },
    amount: { title: t('amount'), dataIndex: 'amount', render: (v: number) => formatMoney(v) },
    state: { title: t('state'), dataIndex: 'state', render: (s: OrderState) => <OrderStateTag state={s} /> },
    createTime: {
      title: t('createTime'),
      dataIndex: 'createTime',
      className: 'time-col',
      render: (v: string | null) => formatDateTime(v),
    },
  };
}
