import { randomUUID } from 'node:crypto';
import { CAPTCHA_TTL_SECONDS, type Captcha } from '@parlay/contract';
import svgCaptcha from 'svg-captcha';
import type { Database } from '../../db/client';
import { hmacHex, safeEqualHex } from '../../lib/crypto/token';
import type { SecretService } from '../auth/keys.service';
import * as repository from './verification.repository';

const SECRET_NAME = 'captcha-hmac';

/** Image captchas: only the answer's HMAC is stored; one use, CAPTCHA_TTL_SECONDS to answer. */
export class CaptchaService {
  constructor(
    private readonly db: Database,
    private readonly secrets: SecretService,
  ) {}

  async createCaptcha(ip: string): Promise<Captcha> {
    const { text, data } = svgCaptcha.create({ size: 4, noise: 2, color: true, ignoreChars: '0oO1ilI' });
    const id = randomUUID();
    const secret = await this.secrets.getSecret(SECRET_NAME);
    await repository.insertCaptcha(this.db, {
      id,
      answerHash: hmacHex(secret, `${id}:${text.toLowerCase()}`),
      ip,
      expiresAt: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000),
    });
    return {
      captchaId: id,
      image: `data:image/svg+xml;base64,${Buffer.from(data, 'utf8').toString('base64')}`,
      expiresInSeconds: CAPTCHA_TTL_SECONDS,
    };
  }

  /** True when the answer fits a live captcha. The captcha is spent either way, so a guess costs a new image. */
  async checkCaptcha(id: string | undefined, answer: string | undefined): Promise<boolean> {
    if (!id || !answer || !/^[0-9a-f-]{36}$/i.test(id)) return false;
    const stored = await repository.consumeCaptcha(this.db, id);
    if (!stored) return false;
    const secret = await this.secrets.getSecret(SECRET_NAME);
    return safeEqualHex(stored, hmacHex(secret, `${id}:${answer.trim().toLowerCase()}`));
  }
}
