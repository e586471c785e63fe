// The lottery vendor's back office (issue 38, decision 0070): each game's settings per brand and its draws with the
// brand's figures. The vendor's player calls are modules/lottery's. Code outside lottery-admin imports this file only.
export { LotteryAdminService, type LotteryBrand } from './lottery-admin.service';
export { lotteryAdminBackofficeRoutes } from './lottery-admin.bo-routes';
