// What a call is: its method and its path, as the server registers it and the site sends it. Zod-free, so
// the site's start-up code can import the tables (decision 0008). The tables, one per area beside its
// schemas, are exported as namespaces from calls.ts; docs/product/calls.md describes each call.

export type CallMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One call: the server registers `path` (a Fastify pattern, `:name` for a parameter) under `method`. */
export interface ApiCall<Path extends string = string> {
  readonly method: CallMethod;
  readonly path: Path;
}

/** Every call's path starts with one of these; the server takes the brand of such a request from its host. */
export const CALL_PATH_PREFIXES = ['/wps/', '/lgw/', '/lotto/'] as const;

/**
 * Every back-office call's path starts with this (BACKOFFICE_CALLS). No brand is taken from such a request's
 * host: a brand-scoped call names its brand in the path, and the operator's session says which it may act on.
 */
export const BACKOFFICE_PATH_PREFIX = '/bo/api/';
