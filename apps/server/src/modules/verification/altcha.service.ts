import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey as derivePbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import { deriveKey as deriveSha } from 'altcha-lib/algorithms/sha';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { sha256Hex } from '../../lib/crypto/token';
import type { SecretService } from '../secrets/index';
import { checkShape, clampLevel, PRODUCTION_HARDER_CHECK_COST } from './altcha-levels';
import * as repository from './verification.repository';

const SECRET_NAME = 'altcha-hmac';
/** A challenge must be solved and used within this time. */
export const ALTCHA_TTL_SECONDS = 10 * 60;

// Process-wide, like the password hash cost: tests solve the harder levels at a low cost (src/test/altcha-cost.ts).
let harderCheckCost = PRODUCTION_HARDER_CHECK_COST;

/** The PBKDF2 iterations per counter of challenges made from now on; lower only in tests. */
export function setHarderCheckCost(cost: number): void {
  if (!Number.isInteger(cost) || cost < 1) throw new RangeError(`harder check cost ${cost}`);
  harderCheckCost = cost;
}

const DERIVERS = { 'SHA-256': deriveSha, 'PBKDF2/SHA-256': derivePbkdf2 } as const;

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
 * The self-hosted proof of work (ALTCHA) that takes the place of the spec's slider and, at its harder
 * levels, of the image captcha (decision 0030). Challenges are signed (stateless) and carry their level
 * in their signed data; a solved one is accepted once.
 */
export class AltchaService {
  constructor(
    private readonly db: Database,
    private readonly secrets: SecretService,
  ) {}

  /** A challenge of `level` (0, the behaviour check, unless the client's failures ask for more). */
  async createChallenge(level = 0): Promise<{ parameters: Record<string, unknown>; signature?: string }> {
    const clamped = clampLevel(level);
    const shape = checkShape(clamped, harderCheckCost);
    const challenge = await createChallenge({
      algorithm: shape.algorithm,
      cost: shape.cost,
      counter: randomInt(shape.maxCounter, shape.minCounter),
      deriveKey: DERIVERS[shape.algorithm],
      data: { level: clamped },
      expiresAt: new Date(Date.now() + ALTCHA_TTL_SECONDS * 1000),
      hmacSignatureSecret: await this.secrets.getSecret(SECRET_NAME),
    });
    return { parameters: { ...challenge.parameters }, signature: challenge.signature };
  }

  /**
   * Accepts a solved, signed, unexpired and unused challenge and answers its level; anything else is
   * VERIFICATION_INCOMPLETE. Whether the level is enough is the caller's rule.
   */
  async verify(encoded: string | undefined): Promise<number> {
    const payload = encoded ? readPayload(encoded) : null;
    if (!payload) throw new AppError('VERIFICATION_INCOMPLETE');
    const { algorithm } = payload.challenge.parameters;
    const deriveKey = Object.hasOwn(DERIVERS, algorithm) ? DERIVERS[algorithm as keyof typeof DERIVERS] : null;
    if (!deriveKey) throw new AppError('VERIFICATION_INCOMPLETE');
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
    // Signed with the challenge, so it is the level the server chose; challenges made before levels are 0.
    const level = payload.challenge.parameters.data?.['level'];
    return typeof level === 'number' ? clampLevel(level) : 0;
  }
}

/**
 * The refusal of a proof of work easier than the attempt needs: the behaviour check alone is
 * CAPTCHA_REQUIRED, a harder check that is no longer hard enough (failures were counted since it was
 * fetched) CAPTCHA_INVALID. Either way the client fetches a harder challenge, solves it and tries again.
 */
export function harderCheckRefusal(sentLevel: number): AppError {
  return new AppError(sentLevel === 0 ? 'CAPTCHA_REQUIRED' : 'CAPTCHA_INVALID', { captchaRequired: true });
}
