/** Query keys of the missions page, per brand. */
export const missionKeys = {
  all: (brand: string) => ['missions', brand] as const,
  list: (brand: string, query: object) => [...missionKeys.all(brand), 'list', query] as const,
};
