import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { sha256Hex } from '../../lib/crypto/token';
import type { SecretService } from '../auth/keys.service';
import * as repository from './verification.repository';

const SECRET_NAME = 'altcha-hmac';
/** A challenge must be solved and used within this time. */
export const ALTCHA_TTL_SECONDS = 10 * 60;
// SHA-256 proof of work: the solver tries counters up to this bound (well under a second in a browser).
const ALTCHA_MIN_COUNTER = 2_000;
const ALTCHA_MAX_COUNTER = 25_000;

interface AltchaPayload {
  challenge: Challenge;
  solution: { counter: number; derivedKey: string; time?: number };
}

function readPayload(encoded: string): AltchaPayload | null {
  try {
    const json: unknown = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
    if (typeof json !== 'object' || json === null) return null;
    const { challenge, solution } = json as Partial<AltchaPayload>;
    if (typeof challenge !== 'object' || challenge === null || typeof challenge.parameters !== 'object') return null;
    if (typeof challenge.signature !== 'string') return null;
    if (typeof solution !== 'object' || solution === null) return null;
    if (!Number.isInteger(solution.counter) || typeof solution.derivedKey !== 'string') return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

/**
 * The self-hosted behaviour check (ALTCHA proof of work) that takes the place of the spec's slider.
 * Challenges are signed (stateless); a solved one is accepted once.
 */
export class AltchaService {
  constructor(
    private readonly db: Database,
    private readonly secrets: SecretService,
  ) {}

  async createChallenge(): Promise<{ parameters: Record<string, unknown>; signature?: string }> {
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: randomInt(ALTCHA_MIN_COUNTER, ALTCHA_MAX_COUNTER),
      deriveKey,
      expiresAt: new Date(Date.now() + ALTCHA_TTL_SECONDS * 1000),
      hmacSignatureSecret: await this.secrets.getSecret(SECRET_NAME),
    });
    return { parameters: { ...challenge.parameters }, signature: challenge.signature };
  }

  /** Accepts a solved, signed, unexpired and unused challenge; anything else is VERIFICATION_INCOMPLETE. */
  async verify(encoded: string | undefined): Promise<void> {
    const payload = encoded ? readPayload(encoded) : null;
    if (!payload) throw new AppError('VERIFICATION_INCOMPLETE');
    let verified = false;
    try {
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: await this.secrets.getSecret(SECRET_NAME),
      });
      verified = result.verified;
    } catch {
      verified = false;
    }
    if (!verified) throw new AppError('VERIFICATION_INCOMPLETE');
    const spent = await repository.spendAltcha(
      this.db,
      sha256Hex(payload.challenge.signature ?? ''),
      new Date(Date.now() + ALTCHA_TTL_SECONDS * 1000),
    );
    if (!spent) throw new AppError('VERIFICATION_INCOMPLETE');
  }
}
