// Raffles (MCS2_claimRafflePromotion; decision 0055): the brand's raffles, the member's join, the draw job's work,
// the public proof, the promotions hub's state provider, the back office's raffles. Code outside raffles imports this
// file only.
export { RaffleService, type RaffleOwner } from './raffles.service';
export { rafflesRoutes } from './raffles.routes';
export { rafflesBackofficeRoutes } from './raffles.bo-routes';
export { rafflePromotionStates } from './raffle-states';
