// Leaderboards (missionLeaderboard; decision 0056): the brand's boards, the settlement feed's `leaderboards` consumer,
// the payout of finished periods, the member's standings, the back office's boards and standings. Code outside
// leaderboards imports this file only.
export {
  LeaderboardService,
  LeaderboardsFeedConsumer,
  LEADERBOARDS_CONSUMER,
  type LeaderboardOwner,
} from './leaderboards.service';
export { leaderboardsRoutes } from './leaderboards.routes';
export { leaderboardsBackofficeRoutes } from './leaderboards.bo-routes';
