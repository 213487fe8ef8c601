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
import { GET, POST } from '../route.js';

const ACCOUNT = '/cus/customersaccount';

export const costRoutes = {
  account: GET(`${ACCOUNT}/GetCustomersAccount`, { answer: customerAccount }),
  details: GET(`${ACCOUNT}/GetCustomerAccountDetails`, { answer: accountDetails }),
  consume: GET(`${ACCOUNT}/GetCurrCustomerConsumePageList`, { query: consumeQuery, answer: consumePage }),
  /** Staff: only the caller's own consumption in this company. */
  myConsume: GET(`${ACCOUNT}/GetMyConsumePageList`, { query: consumeQuery, answer: consumePage }),
  /** The package and its expiry, open to every member. */
  customer: GET('/cus/customer/GetMyCustomer', { answer: customerInfoAnswer }),
  stats: GET(`${ACCOUNT}/GetStatisticalCustomerRecords`, { query: consumeStatsQuery, answer: consumeStats }),
  top: GET(`${ACCOUNT}/GetTopCustomerStatisticsList`, { query: topStatsQuery, answer: topStatsAnswer }),
  products: GET('/cus/product/GetList', { answer: productList }),
  orders: GET('/cus/order/GetPageList', { query: orderListQuery, answer: orderPage }),
  order: GET('/cus/order/:id', { params: idParam, answer: orderItem }),
  createOrder: POST('/cus/order/Create', { body: createOrderBody, answer: idAnswer }),
  cancelOrder: POST('/cus/order/Cancel/:id', { params: idParam, answer: okResult }),
  /** Operators: every company's orders. */
  operatorOrders: GET('/cus/order/OperatorList', { query: orderListQuery, answer: orderPage }),
  markPaid: POST('/cus/order/MarkPaid/:id', { params: idParam, answer: okResult }),
  refund: POST('/cus/order/Refund/:id', { params: idParam, answer: okResult }),
};
