/** The calls of cost: the account, consumption, products and orders (the operators' order desk too). */
import {
  accountDetails,
  consumePage,
  consumeQuery,
  consumeStats,
  consumeStatsQuery,
  createOrderBody,
  customerAccount,
  customerInfoAnswer,
  idAnswer,
  idParam,
  okResult,
  orderItem,
  orderListQuery,
  orderPage,
  productList,
  topStatsAnswer,
  topStatsQuery,
} from '../index.js';
import { apiRoute } from '../route.js';

const ACCOUNT = '/cus/customersaccount';

export const costRoutes = {
  account: apiRoute({ method: 'GET', path: `${ACCOUNT}/GetCustomersAccount`, answer: customerAccount }),
  details: apiRoute({ method: 'GET', path: `${ACCOUNT}/GetCustomerAccountDetails`, answer: accountDetails }),
  consume: apiRoute({
    method: 'GET',
    path: `${ACCOUNT}/GetCurrCustomerConsumePageList`,
    query: consumeQuery,
    answer: consumePage,
  }),
  /** Staff: only the caller's own consumption in this company. */
  myConsume: apiRoute({
    method: 'GET',
    path: `${ACCOUNT}/GetMyConsumePageList`,
    query: consumeQuery,
    answer: consumePage,
  }),
  /** The package and its expiry, open to every member. */
  customer: apiRoute({ method: 'GET', path: '/cus/customer/GetMyCustomer', answer: customerInfoAnswer }),
  stats: apiRoute({
    method: 'GET',
    path: `${ACCOUNT}/GetStatisticalCustomerRecords`,
    query: consumeStatsQuery,
    answer: consumeStats,
  }),
  top: apiRoute({
    method: 'GET',
    path: `${ACCOUNT}/GetTopCustomerStatisticsList`,
    query: topStatsQuery,
    answer: topStatsAnswer,
  }),
  products: apiRoute({ method: 'GET', path: '/cus/product/GetList', answer: productList }),
  orders: apiRoute({ method: 'GET', path: '/cus/order/GetPageList', query: orderListQuery, answer: orderPage }),
  order: apiRoute({ method: 'GET', path: '/cus/order/:id', params: idParam, answer: orderItem }),
  createOrder: apiRoute({ method: 'POST', path: '/cus/order/Create', body: createOrderBody, answer: idAnswer }),
  cancelOrder: apiRoute({ method: 'POST', path: '/cus/order/Cancel/:id', params: idParam, answer: okResult }),
  /** Operators: every company's orders. */
  operatorOrders: apiRoute({
    method: 'GET',
    path: '/cus/order/OperatorList',
    query: orderListQuery,
    answer: orderPage,
  }),
  markPaid: apiRoute({ method: 'POST', path: '/cus/order/MarkPaid/:id', params: idParam, answer: okResult }),
  refund: apiRoute({ method: 'POST', path: '/cus/order/Refund/:id', params: idParam, answer: okResult }),
};
