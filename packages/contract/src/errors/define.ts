/** One entry of the error catalogue: the HTTP status class and the text in each shipped language. */
export interface ErrorDefinition {
  readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;
  readonly ko: string;
  readonly en: string;
}

export function defineErrors<const T extends Record<string, ErrorDefinition>>(errors: T): T {
  return errors;
}
