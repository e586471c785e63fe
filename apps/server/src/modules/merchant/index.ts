// The brand of a host, its site address and region rules. Code outside merchant imports this file only.
export { MerchantAdminService, type RegionRule } from './merchant-admin.service';
export { MerchantService, type Merchant } from './merchant.service';
export { createIpMatcher, parseIpRule } from './region';
export { buildSiteLink } from './site-link';
