/** Query keys of the points mall's pages, per brand. */
export const pointMallKeys = {
  all: (brand: string) => ['point-mall', brand] as const,
  products: (brand: string, query: object) => [...pointMallKeys.all(brand), 'products', query] as const,
  exchanges: (brand: string, query: object) => [...pointMallKeys.all(brand), 'exchanges', query] as const,
};
