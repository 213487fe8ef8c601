import type {
  AccountDetails,
  ConsumeItem,
  ConsumeStats,
  CustomerAccount,
  CustomerInfo,
  OrderItem,
  OrderState,
  Page,
  ProductItem,
} from '@huoke/contracts';
import { request } from '../../shared/request';

const qs = (params: Record<string, string | number | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') p.set(k, String(v));
  return p.toString();
};

export interface ConsumeFilter {
  kind?: string;
  startTime?: string;
  endTime?: string;
}

export interface TopConsumer {
  userId: number;
  name: string;
  count: number;
  quantity: number;
  amount: number;
}

export const costApi = {
  account: () => request<CustomerAccount>('GET', '/cus/customersaccount/GetCustomersAccount'),
  details: () => request<AccountDetails>('GET', '/cus/customersaccount/GetCustomerAccountDetails'),
  consume: (q: ConsumeFilter & { pageIndex: number; pageSize: number }) =>
    request<Page<ConsumeItem>>('GET', `/cus/customersaccount/GetCurrCustomerConsumePageList?${qs({ ...q })}`),
  /** Staff: only the caller's own consumption in this company. */
  myConsume: (q: ConsumeFilter & { pageIndex: number; pageSize: number }) =>
    request<Page<ConsumeItem>>('GET', `/cus/customersaccount/GetMyConsumePageList?${qs({ ...q })}`),
  /** The package and its expiry, open to every member. */
  customer: () => request<CustomerInfo>('GET', '/cus/customer/GetMyCustomer'),
  stats: (q: ConsumeFilter) =>
    request<ConsumeStats>(
      'GET',
      `/cus/customersaccount/GetStatisticalCustomerRecords?${qs({ startTime: q.startTime, endTime: q.endTime })}`,
    ),
  top: (customerId?: number) =>
    request<{ data: TopConsumer[] }>('GET', `/cus/customersaccount/GetTopCustomerStatisticsList?${qs({ customerId })}`),
  products: () => request<{ data: ProductItem[] }>('GET', '/cus/product/GetList'),
  orders: (q: { pageIndex: number; pageSize: number; state?: OrderState }) =>
    request<Page<OrderItem>>('GET', `/cus/order/GetPageList?${qs({ ...q })}`),
  order: (id: number) => request<OrderItem>('GET', `/cus/order/${id}`),
  createOrder: (productId: number) => request<{ id: number }>('POST', '/cus/order/Create', { productId }),
  cancelOrder: (id: number) => request<{ ok: true }>('POST', `/cus/order/Cancel/${id}`, {}),
};
