// Transfers between a member and its upline or downline (decisions 0043, 0062): limits, the transfers, their routes.
// Code outside transfers imports this file only.
export { uplineTransferRoutes } from './upline-transfer.routes';
export { UplineTransferService } from './upline-transfer.service';
export { downlineTransferRoutes } from './downline-transfer.routes';
export { DownlineTransferService } from './downline-transfer.service';
