import { SANDBOX_HEADERS, requestSigningText, sign, timestampOf } from '../signature';

/** Calls the sandbox's API as a merchant, signed at `nowMs` (the sandbox's clock unless a test says otherwise). */
export async function callApi(
  baseUrl: string,
  merchant: { key: string; secret: string },
  request: { method: 'GET' | 'POST'; path: string; body?: unknown; nowMs: number; tamper?: (body: string) => string },
): Promise<{ status: number; json: Record<string, unknown> }> {
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  const timestamp = timestampOf(request.nowMs);
  const signature = sign(merchant.secret, requestSigningText(timestamp, request.method, request.path, body));
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers: {
      ...(body === '' ? {} : { 'content-type': 'application/json' }),
      [SANDBOX_HEADERS.merchant]: merchant.key,
      [SANDBOX_HEADERS.timestamp]: timestamp,
      [SANDBOX_HEADERS.signature]: signature,
    },
    ...(body === '' ? {} : { body: request.tamper ? request.tamper(body) : body }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}
