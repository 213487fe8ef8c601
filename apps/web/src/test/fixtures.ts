import type { CompanyListItem, CustomerInfo, LeadSource, OrderItem, UserInfo, Visitor } from '@huoke/contracts';

/** A signed-in staff member of the demo company (no permissions); `profile` overrides who it is. */
export const staffInfo = (profile: Partial<UserInfo['profile']> = {}): UserInfo => ({
  profile: {
    id: 3,
    account: 'staff1',
    name: '李员工',
    avatar: '',
    phone: '13800000003',
    companyId: 1,
    companyName: '演示科技有限公司',
    role: 'staff',
    ...profile,
  },
  permissions: [],
  roles: ['staff'],
  codes: [],
  customerId: 1,
  isAdmin: false,
  isOperator: false,
});

/** One company of 赵多企's 选择企业 list. */
export const companyItem = (id: number, customerName: string, current: boolean): CompanyListItem => ({
  id,
  customerId: id,
  customerName,
  name: '赵多企',
  logo: '',
  proName: '获客通旗舰版',
  status: 1,
  days: 30,
  current,
  hotUnread: 0,
});

/** An order of the demo company for 获客通标准版, placed 2026-12-04 10:30 China time, numbered HK2026120400<id>. */
export const orderItem = (id: number, state: OrderItem['state'], amount: number): OrderItem => ({
  id,
  number: `HK2026120400${id}`,
  customerId: 1,
  customerName: '演示科技有限公司',
  productId: 1,
  productName: '获客通标准版',
  amount,
  durationDays: 365,
  seats: 10,
  state,
  stateName: '',
  createByName: '王管理',
  createTime: '2026-12-04T02:30:00.000Z',
  paidTime: null,
  cancelledTime: null,
  refundedTime: null,
});

/** A lead of the demo company (陈先生, brought by 李员工's card); `v` overrides any field. */
export const visitorItem = (v: Partial<Visitor> = {}): Visitor => ({
  id: 7,
  weChatUserInfoId: v.id ?? 7,
  unionid: null,
  nickname: '陈先生',
  headimgurl: '',
  position: '',
  company: '',
  phone: '',
  tel: '',
  description: '',
  ownerId: 1,
  createByName: '李员工',
  clueSource: 1,
  customerClueSourceString: '名片',
  firstSeenAt: '2026-11-20T02:00:00Z',
  lastSeenAt: '2026-11-26T02:00:00Z',
  ...v,
});

/** A lead that came straight from a share (no forward): 来源 says nothing of a forwarder. */
export const NO_LEAD_SOURCE: LeadSource = {
  via: 'none',
  forwarderId: null,
  forwarderName: null,
  depth: null,
  sharerName: null,
  shareCode: null,
  title: null,
  kind: null,
};

/** GetMyCustomer of the demo company before any package was bought; `c` overrides. */
export const customerInfo = (c: Partial<CustomerInfo> = {}): CustomerInfo => ({
  productName: '',
  productId: null,
  reDays: 0,
  endDate: null,
  customerName: '演示科技有限公司',
  customerId: 1,
  status: -1,
  companyNumber: '100001',
  ...c,
});
