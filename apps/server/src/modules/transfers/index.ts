// The transfer to the upline agent: limits, the transfer, its routes. Code outside transfers imports this file only.
export { uplineTransferRoutes } from './upline-transfer.routes';
export { UplineTransferService } from './upline-transfer.service';
