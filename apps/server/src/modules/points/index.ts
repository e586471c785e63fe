// Points (decision 0044): the ledger, the settlement feed's accrual consumer 'points', the brand's configuration,
// the member's and the back office's calls. Code outside points imports this file only.
export {
  PointsFeedConsumer,
  PointsService,
  POINTS_CONSUMER,
  type PointMoveInput,
  type PointMoveResult,
  type PointOwner,
} from './points.service';
export { pointsRoutes } from './points.routes';
export { pointsBackofficeRoutes } from './points.bo-routes';
