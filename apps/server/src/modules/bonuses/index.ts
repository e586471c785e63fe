// Bonuses with wagering (decision 0050): promotions, member bonuses paid into the main balance under a wagering
// lock, the settlement feed's consumer 'bonuses', forfeit and expiry; the member's and the back office's calls.
// Code outside bonuses imports this file only.
export { BonusFeedConsumer, BonusService, BONUSES_CONSUMER, type SignupAbuseCheck } from './bonuses.service';
export { BonusAdminService } from './bonuses-admin.service';
export { bonusesRoutes } from './bonuses.routes';
export { bonusesBackofficeRoutes } from './bonuses.bo-routes';
export { bonusPromotionStates } from './promotion-states';
