// The promotions hub (decision 0058): every promotion row of a brand with the member's state, asked of each kind's
// provider. Code outside promotions-hub imports this file only.
export {
  PromotionHubService,
  type PromotionStateProvider,
  type PromotionStateProviders,
} from './promotions-hub.service';
export { promotionsHubRoutes } from './promotions-hub.routes';
