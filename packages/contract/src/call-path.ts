// Fills a call's path pattern. Zod-free, yet only in the main entry (`@parlay/contract`): every module of the
// constants entry loads with the lobby (decision 0008), and the site fills a pattern only after start-up.
import type { ApiCall } from './call';

/** The names of a pattern's parameters: `'/a/:x/:y'` → `'x' | 'y'`. */
export type PathParamName<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamName<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<Path extends string> = Record<PathParamName<Path>, string | number>;

/**
 * The call at a concrete path: each `:name` of its pattern replaced by `params[name]`, URL-encoded, so a
 * value with a `/` or a `?` stays one segment.
 */
export function callWithParams<Path extends string>(call: ApiCall<Path>, params: PathParams<Path>): ApiCall {
  const values: Record<string, string | number> = params;
  return {
    method: call.method,
    path: call.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name]))),
  };
}
