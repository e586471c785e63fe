/** Query keys of the raffles page, per brand. */
export const raffleKeys = {
  all: (brand: string) => ['raffles', brand] as const,
  list: (brand: string, query: object) => [...raffleKeys.all(brand), 'list', query] as const,
  draw: (brand: string, raffleId: number) => [...raffleKeys.all(brand), 'draw', raffleId] as const,
};
