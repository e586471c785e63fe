import { BACKOFFICE_CALLS, callWithParams, type OperatorDetail } from '@parlay/contract';
import { apiRequest } from '../../../lib/api-client';
import { useOperatorChange } from './use-operator-change';

export function setOperatorBrands(input: {
  operatorId: number;
  allBrands: boolean;
  brands: string[];
  version: number;
}): Promise<OperatorDetail> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.setOperatorBrands, { operatorId: input.operatorId }), {
    body: { allBrands: input.allBrands, brands: input.brands, version: input.version },
  });
}

export function useSetOperatorBrands() {
  return useOperatorChange(setOperatorBrands);
}
