export const views = {
  enterpriseAuth: () => import('./pages/EnterpriseAuthPage'),
  operatorReview: () => import('./pages/OperatorReviewPage'),
};
