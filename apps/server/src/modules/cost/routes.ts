import { PERMISSION } from '@huoke/contracts';
import { costRoutes as routes } from '@huoke/contracts/routes/cost';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../lib/audit.js';
import { langOf } from '../../lib/lang.js';
import { routesOf } from '../../lib/route.js';
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
  const serve = routesOf(app, tags);
  serve(routes.account, { summary: '账户：套餐、剩余天数、到期日、余额', config: money }, async (req) =>
    getCustomerAccount(app, req.ctx),
  );
  serve(routes.details, { summary: '账户详情：套餐权益、席位、订单与消费合计', config: money }, async (req) =>
    getAccountDetails(app, req.ctx),
  );
  serve(routes.consume, { summary: '消费记录（分页，时间范围与类型筛选）', config: money }, async (req) =>
    getConsumePage(app, req.ctx, req.query, { lang: langOf(req.headers['accept-language']) }),
  );
  serve(routes.stats, { summary: '消费统计（按类型）', config: money }, async (req) =>
    consumeStatistics(app, req.ctx, req.query),
  );
  serve(routes.top, { summary: '消费最多的成员（前 10）', config: money }, async (req) => ({
    data: await topConsumers(app, req.ctx, req.query.customerId),
  }));

  serve(
    routes.myConsume,
    {
      summary: '我的消费记录（本人在本企业的消费，分页，时间范围与类型筛选）',
      description: '员工只看到本人的消费；企业的全部消费、余额与订单只对管理员开放（答 403）。',
      config: view,
    },
    async (req) =>
      getConsumePage(app, req.ctx, req.query, { mine: true, lang: langOf(req.headers['accept-language']) }),
  );
}

/** Products and the company's own orders (create, cancel). */
async function orderRoutes(app: FastifyInstance) {
  const serve = routesOf(app, tags);
  serve(routes.products, '可购买的套餐', async () => ({
    data: await listProducts(app),
  }));
  serve(routes.orders, { summary: '订单列表（状态筛选）', config: money }, async (req) =>
    listOrders(app, req.ctx, req.query),
  );
  serve(routes.order, { summary: '订单详情', config: money }, async (req) => orderDetail(app, req.ctx, req.params.id));
  serve(routes.createOrder, { summary: '为套餐下单（待支付）', config: { admin: true } }, async (req) => {
    const o = await createOrder(app, req.ctx, req.body.productId);
    await auditOrder(app, req, { ...o, companyId: req.ctx.companyId }, 'order.create', {
      product: o.product,
      amount: o.amountCents / 100,
      state: 'unpaid',
    });
    return { id: o.id };
  });
  serve(routes.cancelOrder, { summary: '取消待支付订单', config: { admin: true } }, async (req) => {
    const o = await cancelOrder(app, req.ctx, req.params.id);
    await auditOrder(app, req, { id: req.params.id, number: o.number, companyId: req.ctx.companyId }, 'order.cancel', {
      state: { from: 'unpaid', to: 'cancelled' },
    });
    return ok;
  });
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
  const serve = routesOf(app, tags);
  serve(routes.operatorOrders, { summary: '平台运营：全部订单', config: { operator: true } }, async (req) =>
    listAllOrders(app, req.query),
  );
  serve(
    routes.markPaid,
    { summary: '平台运营：标记已支付（开通套餐并记录消费）', config: { operator: true } },
    async (req) => {
      await settle(app, req, req.params.id, 'paid', (o) => ({
        state: { from: 'unpaid', to: 'paid' },
        product: o.product,
        amount: o.amountCents / 100,
        expiresAt: o.expiresAt,
      }));
      return ok;
    },
  );
  serve(routes.refund, { summary: '平台运营：退款（收回套餐时长并记录）', config: { operator: true } }, async (req) => {
    await settle(app, req, req.params.id, 'refunded', (o) => ({
      state: { from: 'paid', to: 'refunded' },
      amount: -o.amountCents / 100,
      expiresAt: o.expiresAt,
    }));
    return ok;
  });
}

type Settled = Awaited<ReturnType<typeof settleOrder>>;

/** An operator settles an order (paid or refunded); its audit row records the `changes` of the result. */
async function settle(
  app: FastifyInstance,
  req: FastifyRequest,
  id: number,
  to: 'paid' | 'refunded',
  changes: (o: Settled) => Record<string, unknown>,
) {
  const o = await settleOrder(app, id, to);
  req.wroteFor = o.companyId;
  const action = to === 'paid' ? 'order.pay' : 'order.refund';
  await auditOrder(app, req, { ...o, id }, action, changes(o), 'operator');
}
