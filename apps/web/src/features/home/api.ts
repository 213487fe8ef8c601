import type { CustomerInfo } from '@huoke/contracts';
import { get } from '../../shared/request';

export const fetchMyCustomer = () => get<CustomerInfo>('/cus/customer/GetMyCustomer', { silent: true });
