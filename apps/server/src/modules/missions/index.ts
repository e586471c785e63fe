// Missions (missionLeaderboard; decision 0054): the brand's missions, the settlement feed's `missions` consumer, the
// sign-in count, the member's summary and claim, the back office's missions. Code outside missions imports this file
// only.
export { MissionService, MissionsFeedConsumer, MISSIONS_CONSUMER, type MissionOwner } from './missions.service';
export { missionsRoutes } from './missions.routes';
export { missionsBackofficeRoutes } from './missions.bo-routes';
export { missionPromotionStates } from './promotion-states';
