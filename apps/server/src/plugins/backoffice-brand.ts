import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import type { Merchant } from '../modules/merchant/index';

/**
 * The brand of a back-office call under /bo/api/brands/:brand/, which plugins/backoffice.ts checked the operator
 * may act on before the handler ran; BO_BRAND_DENIED when the route has no such brand.
 */
export function brandOf(request: FastifyRequest): Merchant {
  if (!request.brand) throw new AppError('BO_BRAND_DENIED');
  return request.brand;
}
