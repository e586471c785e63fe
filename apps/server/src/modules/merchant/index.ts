// The brand of a host, its site address, region rules and settings, and operators' uploaded images. Code outside merchant imports this file only.
export {
  MerchantAdminService,
  type ChangeOptions,
  type MaintenanceChange,
  type RegionRule,
} from './merchant-admin.service';
export { isUnderMaintenance, MerchantService, type Merchant } from './merchant.service';
export { MediaService, mediaUrl } from './media.service';
export { acceptImageUploads } from './media-upload';
export { checkImage, type CheckedImage } from './image-check';
export { merchantBackofficeRoutes } from './merchant.bo-routes';
export { createIpMatcher, parseIpRule } from './region';
export { buildSiteLink } from './site-link';
