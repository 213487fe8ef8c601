import {
  accountDetails,
  consumePage,
  consumeQuery,
  consumeStats,
  consumeStatsQuery,
  createOrderBody,
  customerAccount,
  idAnswer,
  idParam,
  okResult,
  orderItem,
  orderListQuery,
  orderPage,
  PERMISSION,
  productList,
  topStatsAnswer,
  topStatsQuery,
} from '@huoke/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { audit } from '../../lib/audit.js';
import {
  cancelOrder,
  createOrder,
  listAllOrders,
  listOrders,
  listProducts,
  orderDetail,
  settleOrder,
} from './orders.js';
import {
  consumeStatistics,
  accountDetails as getAccountDetails,
  consumePage as getConsumePage,
  customerAccount as getCustomerAccount,
  topConsumers,
} from './service.js';

const tags = ['cost'];
const view = { permission: PERMISSION.costView };
/** Money (balance, every order, spend per member) is for the company's administrators. */
const money = { permission: PERMISSION.companyManageShow };
const ok = { ok: true as const };

/** Cost pages: account, consumption records and statistics, orders; operators settle orders. */
export async function costRoutes(app: FastifyInstance) {
  await app.register(accountRoutes);
  await app.register(orderRoutes);
  await app.register(operatorOrderRoutes);
}

/** The company account, its consumption records and statistics. */
async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/cus/customersaccount/GetCustomersAccount',
    {
      config: money,
      schema: { tags, summary: '账户：套餐、剩余天数、到期日、余额', response: { 200: customerAccount } },
    },
    async (req) => getCustomerAccount(app, req.ctx),
  );
  r.get(
    '/cus/customersaccount/GetCustomerAccountDetails',
    {
      config: money,
      schema: { tags, summary: '账户详情：套餐权益、席位、订单与消费合计', response: { 200: accountDetails } },
    },
    async (req) => getAccountDetails(app, req.ctx),
  );
  r.get(
    '/cus/customersaccount/GetCurrCustomerConsumePageList',
    {
      config: money,
      schema: {
        tags,
        summary: '消费记录（分页，时间范围与类型筛选）',
        querystring: consumeQuery,
        response: { 200: consumePage },
      },
    },
    async (req) => getConsumePage(app, req.ctx, req.query),
  );
  r.get(
    '/cus/customersaccount/GetStatisticalCustomerRecords',
    {
      config: money,
      schema: { tags, summary: '消费统计（按类型）', querystring: consumeStatsQuery, response: { 200: consumeStats } },
    },
    async (req) => consumeStatistics(app, req.ctx, req.query),
  );
  r.get(
    '/cus/customersaccount/GetTopCustomerStatisticsList',
    {
      config: money,
      schema: {
        tags,
        summary: '消费最多的成员（前 10）',
        querystring: topStatsQuery,
        response: { 200: topStatsAnswer },
      },
    },
    async (req) => ({ data: await topConsumers(app, req.ctx, req.query.customerId) }),
  );

  r.get(
    '/cus/customersaccount/GetMyConsumePageList',
    {
      config: view,
      schema: {
        tags,
        summary: '我的消费记录（本人在本企业的消费，分页，时间范围与类型筛选）',
        description: '员工只看到本人的消费；企业的全部消费、余额与订单只对管理员开放（答 403）。',
        querystring: consumeQuery,
        response: { 200: consumePage },
      },
    },
    async (req) => getConsumePage(app, req.ctx, req.query, { mine: true }),
  );
}

/** Products and the company's own orders (create, cancel). */
async function orderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/cus/product/GetList',
    { schema: { tags, summary: '可购买的套餐', response: { 200: productList } } },
    async () => ({ data: await listProducts(app) }),
  );
  r.get(
    '/cus/order/GetPageList',
    {
      config: money,
      schema: { tags, summary: '订单列表（状态筛选）', querystring: orderListQuery, response: { 200: orderPage } },
    },
    async (req) => listOrders(app, req.ctx, req.query),
  );
  r.get(
    '/cus/order/:id',
    { config: money, schema: { tags, summary: '订单详情', params: idParam, response: { 200: orderItem } } },
    async (req) => orderDetail(app, req.ctx, req.params.id),
  );
  r.post(
    '/cus/order/Create',
    {
      config: { admin: true },
      schema: { tags, summary: '为套餐下单（待支付）', body: createOrderBody, response: { 200: idAnswer } },
    },
    async (req) => {
      const o = await createOrder(app, req.ctx, req.body.productId);
      await auditOrder(app, req, { ...o, companyId: req.ctx.companyId }, 'order.create', {
        product: o.product,
        amount: o.amountCents / 100,
        state: 'unpaid',
      });
      return { id: o.id };
    },
  );
  r.post(
    '/cus/order/Cancel/:id',
    {
      config: { admin: true },
      schema: { tags, summary: '取消待支付订单', params: idParam, response: { 200: okResult } },
    },
    async (req) => {
      const o = await cancelOrder(app, req.ctx, req.params.id);
      await auditOrder(
        app,
        req,
        { id: req.params.id, number: o.number, companyId: req.ctx.companyId },
        'order.cancel',
        { state: { from: 'unpaid', to: 'cancelled' } },
      );
      return ok;
    },
  );
}

/** One audit row of an order: created, cancelled, paid or refunded. */
function auditOrder(
  app: FastifyInstance,
  req: FastifyRequest,
  o: { id: number; number: string; companyId: number },
  action: 'order.create' | 'order.cancel' | 'order.pay' | 'order.refund',
  changes: Record<string, unknown>,
  as?: 'operator',
) {
  const entry = { companyId: o.companyId, action, targetKind: 'order', targetId: o.id, targetName: o.number, changes };
  return audit(app.db, req, entry, as);
}

/** The operators' order list: marking paid, refunding. */
async function operatorOrderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/cus/order/OperatorList',
    {
      config: { operator: true },
      schema: { tags, summary: '平台运营：全部订单', querystring: orderListQuery, response: { 200: orderPage } },
    },
    async (req) => listAllOrders(app, req.query),
  );
  r.post(
    '/cus/order/MarkPaid/:id',
    {
      config: { operator: true },
      schema: {
        tags,
        summary: '平台运营：标记已支付（开通套餐并记录消费）',
        params: idParam,
        response: { 200: okResult },
      },
    },
    async (req) => {
      const o = await settleOrder(app, req.params.id, 'paid');
      await auditOrder(
        app,
        req,
        { ...o, id: req.params.id },
        'order.pay',
        {
          state: { from: 'unpaid', to: 'paid' },
          product: o.product,
          amount: o.amountCents / 100,
          expiresAt: o.expiresAt,
        },
        'operator',
      );
      return ok;
    },
  );
  r.post(
    '/cus/order/Refund/:id',
    {
      config: { operator: true },
      schema: { tags, summary: '平台运营：退款（收回套餐时长并记录）', params: idParam, response: { 200: okResult } },
    },
    async (req) => {
      const o = await settleOrder(app, req.params.id, 'refunded');
      await auditOrder(
        app,
        req,
        { ...o, id: req.params.id },
        'order.refund',
        { state: { from: 'paid', to: 'refunded' }, amount: -o.amountCents / 100, expiresAt: o.expiresAt },
        'operator',
      );
      return ok;
    },
  );
}
