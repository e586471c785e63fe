// Application promotions (decision 0052): the member applies with a comment and images, an operator approves (the
// reward paid as a bonus) or rejects with a reason. Code outside applications imports this file only.
export { ApplicationService } from './applications.service';
export { applicationsRoutes } from './applications.routes';
export { applicationsBackofficeRoutes } from './applications.bo-routes';
export { applicationPromotionStates } from './promotion-states';
