export interface Envelope<T> {
  success: boolean;
  code?: string;
  message?: string;
  value: T;
}

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Calls the vendor's API with our session token; errors carry the translated message. */
export function createApi(language: string) {
  let token = '';
  return {
    setToken(value: string) {
      token = value;
    },
    async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
      const response = await fetch(`/house/api/${path}`, {
        method,
        headers: {
          language,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const envelope = (await response.json()) as Envelope<T>;
      if (!envelope.success) throw new ApiError(envelope.code ?? 'ERROR', envelope.message ?? 'Error');
      return envelope.value;
    },
  };
}
export type Api = ReturnType<typeof createApi>;
