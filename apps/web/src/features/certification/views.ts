export const views = {
  enterpriseAuth: () => import('./pages/CertificationPage'),
  operatorReview: () => import('./pages/OperatorReviewPage'),
};
