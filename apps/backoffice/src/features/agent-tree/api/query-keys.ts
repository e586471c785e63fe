/** Query keys of the downline tree page, per brand. */
export const agentTreeKeys = {
  all: (brand: string) => ['agent-tree', brand] as const,
  list: (brand: string, query: object) => [...agentTreeKeys.all(brand), 'list', query] as const,
  children: (brand: string, memberId: number) => [...agentTreeKeys.all(brand), 'children', memberId] as const,
};
