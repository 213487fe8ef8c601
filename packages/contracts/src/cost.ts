/** Request and answer shapes of the cost area: the company account, consumption, orders and products. */
import { z } from 'zod';
import { idOf, idSchema, pageOf, paging } from './common.js';
import { PAGE_SIZE } from './constants.js';

// ---------- cost: account, consumption, orders ----------

export const CONSUME_KINDS = ['order', 'refund', 'sms', 'wordChange', 'recharge'] as const;
export type ConsumeKind = (typeof CONSUME_KINDS)[number];
export const CONSUME_KIND_NAME: Record<string, string> = {
  order: '套餐订购',
  refund: '订单退款',
  sms: '短信发送',
  wordChange: '智能改写',
  recharge: '账户充值',
};

export const customerAccount = z.object({
  customerId: z.number().int(),
  customerName: z.string(),
  companyNumber: z.string(),
  productName: z.string(),
  reDays: z.number().int(),
  endDate: z.string().nullable(),
  /** Yuan, two decimals. */
  balance: z.number(),
  seats: z.number().int(),
  seatsUsed: z.number().int(),
  status: z.union([z.literal(-1), z.literal(0), z.literal(1)]),
});
export type CustomerAccount = z.infer<typeof customerAccount>;

export const accountDetails = customerAccount.extend({
  codes: z.array(z.object({ code: z.string(), name: z.string() })),
  /** Yuan spent on paid orders minus refunds. */
  totalPaid: z.number(),
  orderCount: z.number().int(),
  consumeCount: z.number().int(),
});
export type AccountDetails = z.infer<typeof accountDetails>;

export const consumeQuery = paging(PAGE_SIZE.list).extend({
  kind: z.enum(CONSUME_KINDS).optional(),
  /** ISO date or date-time, inclusive. */
  startTime: z.string().max(40).optional(),
  endTime: z.string().max(40).optional(),
});
const consumeItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  kindName: z.string(),
  amount: z.number(),
  quantity: z.number().int(),
  note: z.string(),
  userName: z.string(),
  createTime: z.string(),
});
export type ConsumeItem = z.infer<typeof consumeItem>;
export const consumePage = pageOf(consumeItem);

export const consumeStatsQuery = z.object({
  startTime: z.string().max(40).optional(),
  endTime: z.string().max(40).optional(),
});
export const consumeStats = z.object({
  total: z.object({ count: z.number().int(), amount: z.number(), quantity: z.number().int() }),
  byKind: z.array(
    z.object({
      kind: z.string(),
      kindName: z.string(),
      count: z.number().int(),
      amount: z.number(),
      quantity: z.number().int(),
    }),
  ),
});
export type ConsumeStats = z.infer<typeof consumeStats>;

export const topStatsQuery = z.object({ customerId: idSchema.optional() });
const topStatsItem = z.object({
  userId: z.number().int(),
  name: z.string(),
  count: z.number().int(),
  quantity: z.number().int(),
  amount: z.number(),
});
export const topStatsAnswer = z.object({ data: z.array(topStatsItem) });

export const ORDER_STATES = ['unpaid', 'paid', 'cancelled', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const ORDER_STATE_NAME: Record<OrderState, string> = {
  unpaid: '待支付',
  paid: '已支付',
  cancelled: '已取消',
  refunded: '已退款',
};
export const orderListQuery = paging(PAGE_SIZE.list).extend({ state: z.enum(ORDER_STATES).optional() });
export const orderItem = z.object({
  id: z.number().int(),
  number: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  /** Yuan. */
  amount: z.number(),
  durationDays: z.number().int(),
  seats: z.number().int(),
  state: z.enum(ORDER_STATES),
  stateName: z.string(),
  createByName: z.string(),
  createTime: z.string(),
  paidTime: z.string().nullable(),
  cancelledTime: z.string().nullable(),
  refundedTime: z.string().nullable(),
});
export type OrderItem = z.infer<typeof orderItem>;
export const orderPage = pageOf(orderItem);
export const createOrderBody = z.object({
  productId: idOf('请选择套餐'),
});
const productItem = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number(),
  seats: z.number().int(),
  durationDays: z.number().int(),
  codes: z.array(z.string()),
});
export type ProductItem = z.infer<typeof productItem>;
export const productList = z.object({ data: z.array(productItem) });
