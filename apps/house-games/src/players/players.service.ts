import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { launchSigningText } from '@parlay/contract';
import { CLIENT_SEED_PATTERN, createClientSeed, createServerSeed, hashServerSeed } from '@parlay/fairness';
import type { HouseConfig } from '../config';
import { HouseError, type Language } from '../errors';
import { GAME_CODES, type GameCode } from '../games/rules';
import { WalletRefusedError, type WalletClient } from '../wallet/wallet-client';
import * as players from './players.repository';
import * as rounds from '../rounds/rounds.repository';

export interface HouseSession {
  playerRef: number;
  playerId: string;
  currency: string;
  platformToken: string;
  brand: string;
  gameCode: GameCode;
  mode: string;
  language: Language;
}

export interface SeedView {
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function toLanguage(value: string | undefined): Language {
  return value?.toLowerCase().startsWith('en') ? 'en' : 'ko';
}

/** Sessions opened from the platform's launch, seeds per player, and bet limits per brand. */
export class PlayersService {
  constructor(
    private readonly config: HouseConfig,
    private readonly wallet: WalletClient,
  ) {}

  private get db() {
    return this.config.database.db;
  }

  /**
   * Opens a game client session from the launch parameters. The platform vouches for the launch token
   * by answering a balance call with it; the client then holds our own token only.
   */
  async openSession(
    input: {
      sessionToken: string;
      playerId: string;
      gameCode: string;
      currency: string;
      mode: string;
      language: string;
      brand?: string | undefined;
      signature: string;
    },
    signed: Readonly<Record<string, string>>,
  ): Promise<{ token: string; balanceMinor: number; session: HouseSession }> {
    if (!(GAME_CODES as readonly string[]).includes(input.gameCode))
      throw new HouseError('HOUSE_BAD_REQUEST', { field: 'gameCode' });
    // Only the platform knows our secret: the brand and the rest of the launch are as it wrote them.
    const expected = createHmac('sha256', this.config.vendorSecret).update(launchSigningText(signed)).digest();
    const given = Buffer.from(input.signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new HouseError('HOUSE_LAUNCH_REFUSED', { reason: 'signature' });
    let balance: { balanceMinor: number; currency: string };
    try {
      balance = await this.wallet.balance({
        playerId: input.playerId,
        currency: input.currency,
        sessionToken: input.sessionToken,
      });
    } catch (error) {
      if (error instanceof WalletRefusedError) throw new HouseError('HOUSE_LAUNCH_REFUSED', { code: error.code });
      throw new HouseError('HOUSE_WALLET_UNAVAILABLE');
    }
    const serverSeed = createServerSeed();
    const player = await players.upsertPlayer(this.db, {
      playerId: input.playerId,
      currency: input.currency,
      serverSeed,
      serverSeedHash: hashServerSeed(serverSeed),
      clientSeed: createClientSeed(),
    });
    const token = randomBytes(32).toString('base64url');
    const language = toLanguage(input.language);
    const brand = input.brand ?? '*';
    await players.insertSession(this.db, {
      tokenHash: hashToken(token),
      playerRef: player.id,
      platformToken: input.sessionToken,
      brand,
      gameCode: input.gameCode,
      mode: input.mode,
      language,
      expiresAt: new Date(Date.now() + this.config.sessionTtlMs),
    });
    return {
      token,
      balanceMinor: balance.balanceMinor,
      session: {
        playerRef: player.id,
        playerId: player.playerId,
        currency: player.currency,
        platformToken: input.sessionToken,
        brand,
        gameCode: input.gameCode as GameCode,
        mode: input.mode,
        language,
      },
    };
  }

  async authenticate(token: string | undefined): Promise<HouseSession> {
    if (!token) throw new HouseError('HOUSE_SESSION_INVALID');
    const session = await players.findSession(this.db, hashToken(token));
    if (!session) throw new HouseError('HOUSE_SESSION_INVALID');
    const player = await players.findPlayerById(this.db, session.playerRef);
    if (!player) throw new HouseError('HOUSE_SESSION_INVALID');
    return {
      playerRef: player.id,
      playerId: player.playerId,
      currency: player.currency,
      platformToken: session.platformToken,
      brand: session.brand,
      gameCode: session.gameCode as GameCode,
      mode: session.mode,
      language: toLanguage(session.language),
    };
  }

  async getBalance(session: HouseSession): Promise<number> {
    try {
      const balance = await this.wallet.balance({
        playerId: session.playerId,
        currency: session.currency,
        sessionToken: session.platformToken,
      });
      return balance.balanceMinor;
    } catch (error) {
      if (error instanceof WalletRefusedError) throw new HouseError('HOUSE_SESSION_INVALID');
      throw new HouseError('HOUSE_WALLET_UNAVAILABLE');
    }
  }

  async getSeeds(session: HouseSession): Promise<SeedView> {
    const player = await players.findPlayerById(this.db, session.playerRef);
    if (!player) throw new HouseError('HOUSE_SESSION_INVALID');
    return { serverSeedHash: player.serverSeedHash, clientSeed: player.clientSeed, nextNonce: player.nextNonce };
  }

  async setClientSeed(session: HouseSession, clientSeed: string): Promise<SeedView> {
    if (!CLIENT_SEED_PATTERN.test(clientSeed)) throw new HouseError('HOUSE_CLIENT_SEED_INVALID');
    await this.assertNoUnfinishedRound(session);
    await players.updateClientSeed(this.db, session.playerRef, clientSeed);
    return this.getSeeds(session);
  }

  /**
   * A server seed by its hash, once revealed by a rotation: anyone holding a round's hash may then verify
   * it. A seed still in use (or a hash no player had) is HOUSE_SEED_NOT_REVEALED.
   */
  async revealedSeed(serverSeedHash: string): Promise<{ serverSeedHash: string; serverSeed: string }> {
    const serverSeed = await players.findRevealedSeed(this.db, serverSeedHash);
    if (serverSeed === undefined) throw new HouseError('HOUSE_SEED_NOT_REVEALED');
    return { serverSeedHash, serverSeed };
  }

  /** Reveals the server seed in use and starts a fresh pair; a round still in play keeps it from rotating. */
  async rotateSeeds(
    session: HouseSession,
    clientSeed?: string,
  ): Promise<{
    revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; noncesUsed: number };
    next: SeedView;
  }> {
    if (clientSeed !== undefined && !CLIENT_SEED_PATTERN.test(clientSeed))
      throw new HouseError('HOUSE_CLIENT_SEED_INVALID');
    await this.assertNoUnfinishedRound(session);
    const player = await players.findPlayerById(this.db, session.playerRef);
    if (!player) throw new HouseError('HOUSE_SESSION_INVALID');
    const serverSeed = createServerSeed();
    const rotated = await this.db.transaction(async (tx) =>
      players.rotateSeeds(tx, player, {
        serverSeed,
        serverSeedHash: hashServerSeed(serverSeed),
        clientSeed: clientSeed ?? player.clientSeed,
      }),
    );
    if (!rotated) throw new HouseError('HOUSE_SEED_IN_USE');
    return {
      revealed: {
        serverSeed: player.serverSeed,
        serverSeedHash: player.serverSeedHash,
        clientSeed: player.clientSeed,
        noncesUsed: player.nextNonce,
      },
      next: await this.getSeeds(session),
    };
  }

  async getLimits(brand: string, currency: string, gameCode: string): Promise<players.Limits> {
    return (await players.findLimits(this.db, brand, currency, gameCode)) ?? this.config.defaultLimits;
  }

  async setLimits(brand: string, currency: string, gameCode: GameCode, limits: players.Limits): Promise<void> {
    await players.upsertLimits(this.db, brand, currency, gameCode, limits);
  }

  private async assertNoUnfinishedRound(session: HouseSession): Promise<void> {
    if (await rounds.hasUnfinishedRound(this.db, session.playerRef)) throw new HouseError('HOUSE_SEED_IN_USE');
  }
}
