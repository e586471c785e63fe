// Cashback (manualRebate; decision 0051): the settlement feed's `rebates` consumer, the brand's periods and auto-pay,
// the member's claim, the back office's settings and paid rebates. Code outside rebates imports this file only.
export {
  RebateService,
  RebatesFeedConsumer,
  REBATES_CONSUMER,
  REBATE_GRACE_MINUTES,
  rebatesPaidBetween,
  type RebateOwner,
} from './rebates.service';
export { rebatesRoutes } from './rebates.routes';
export { rebatesBackofficeRoutes } from './rebates.bo-routes';
export { cashbackPromotionStates } from './promotion-states';
