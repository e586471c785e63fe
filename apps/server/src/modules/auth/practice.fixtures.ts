import { CompactEncrypt, importJWK, type JWK } from 'jose';
import type { App } from '../../app';

/** The practice balance the player site reads (decision 0072): null for an account without practice money. */
export interface PracticeBalanceAnswer {
  balanceMinor: number;
  currency: string;
  currencyExponent: number;
}

/** Signs in a free-play guest as the player site does: the random string encrypted with the brand's key. */
export async function signInGuest(app: App, remoteAddress: string): Promise<{ authorization: string; id: number }> {
  const { key } = (await app.inject({ method: 'GET', url: '/wps/system/publicKey' })).json<{
    value: { key: JWK & { kid: string } };
  }>().value;
  const random = await new CompactEncrypt(new TextEncoder().encode('practice-random-string-of-32-chars'))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: key.kid })
    .encrypt(await importJWK(key, 'RSA-OAEP-256'));
  const response = await app.inject({
    method: 'POST',
    url: '/wps/session/login/freeplay',
    payload: { os: 'Windows', platform: 'W', random, gatewayVersion: 3 },
    remoteAddress,
  });
  if (response.statusCode !== 200) throw new Error(`free play failed: ${response.body}`);
  const guest = response.json<{ value: { token: string; id: number } }>().value;
  return { authorization: `Bearer ${guest.token}`, id: guest.id };
}

/** GET /wps/session/practice-balance. */
export async function practiceBalanceOf(app: App, authorization: string): Promise<PracticeBalanceAnswer | null> {
  const response = await app.inject({
    method: 'GET',
    url: '/wps/session/practice-balance',
    headers: { authorization },
  });
  if (response.statusCode !== 200) throw new Error(`practice balance failed: ${response.body}`);
  return response.json<{ value: PracticeBalanceAnswer | null }>().value;
}
