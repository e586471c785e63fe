// The points mall (decision 0045): products, redemptions and their exchanges, conversions of points to money, and
// the operator's products and exchange orders. Code outside point-mall imports this file only.
export {
  PointMallService,
  conversionAmount,
  exchangeReferenceNo,
  conversionReferenceNo,
  type PointLedger,
  type PointMovement,
  type PaymentPasswordCheck,
} from './point-mall.service';
export { PointMallAdminService } from './point-mall-admin.service';
export { pointMallRoutes } from './point-mall.routes';
export { pointMallBackofficeRoutes } from './point-mall.bo-routes';
