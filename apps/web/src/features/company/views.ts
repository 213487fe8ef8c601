export const views = {
  companyManage: () => import('./pages/CompanyManagePage'),
};
