import type { OperatorListQuery } from '@parlay/contract';

export const operatorKeys = {
  all: ['operators'] as const,
  list: (query: Partial<OperatorListQuery>) => ['operators', 'list', query] as const,
  detail: (operatorId: number) => ['operators', 'detail', operatorId] as const,
};
