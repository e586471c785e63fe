import { findFeedUrlProblem, SUPPORT_PLAY_FREE_TRIAL, type LaunchGame, type LaunchGameRequest } from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { LaunchSessionService } from '../vendors/index';
import * as repository from './catalogue.repository';
import type { BrandContext, PlayerContext } from './catalogue.service';

/**
 * A member launches a game: the request checked against the game and the brand, then a launch session
 * opened with the vendor (LaunchSessionService) and the game added to the member's recent games.
 */
export class LaunchService {
  constructor(
    private readonly db: Database,
    private readonly launchSessions: LaunchSessionService,
  ) {}

  /**
   * Opens a launch session with the vendor and answers the URL for the /game iframe. A game or vendor
   * that is down answers GAME_MAINTENANCE; a free trial needs supportPlay 0 and plays with play money.
   */
  async launch(
    brand: BrandContext,
    member: PlayerContext,
    request: LaunchGameRequest,
    /** `host`: the host the member launched from; a `backUrl` must lead back to it. */
    { language, host }: { language: string; host: string },
  ): Promise<LaunchGame> {
    let game: repository.GameRow | undefined;
    const id = request.gameId ?? request.roomId;
    if (id !== undefined) {
      [game] = await repository.findGamesByIds(this.db, brand.id, [id]);
    } else if (request.gameCode && request.vassalage) {
      game = await repository.findGameByCode(this.db, brand.id, request.vassalage, request.gameCode);
    } else {
      throw new AppError('GAME_LAUNCH_TARGET_MISSING');
    }
    // A room is a PVP game (GLS2_roomList): a roomId naming any other game names no room.
    if (!game || (request.gameId === undefined && request.roomId !== undefined && game.gameType !== 'PVP')) {
      throw new AppError('GAME_NOT_FOUND');
    }
    if (game.status !== 'active' || game.vendorStatus !== 'active' || !game.vendorLaunchUrl) {
      throw new AppError('GAME_MAINTENANCE');
    }
    // The launch payload (docs/product/games-and-wallet.md#game-launch) names the game's node and vassalage
    // beside its id: they must be the game's own, or the link was altered or belongs to a game since moved.
    if (
      (request.nodeId !== undefined && request.nodeId !== game.vendorId) ||
      (request.vassalage !== undefined && request.vassalage !== game.vendorCode)
    ) {
      throw new AppError('GAME_LAUNCH_MISMATCH');
    }
    // A feed is checked before it is written (findFeedUrlProblem); a row written before that check could
    // still hold a `javascript:` address, answered to the client with a session token in it.
    if (findFeedUrlProblem(game.vendorLaunchUrl, { path: true })) throw new AppError('GAME_LAUNCH_URL_INVALID');
    if (request.playMode === 'trial' && game.supportPlay !== SUPPORT_PLAY_FREE_TRIAL) {
      throw new AppError('GAME_TRIAL_NOT_SUPPORTED');
    }
    if (request.prizeMode !== undefined && !(brand.prizeModes ?? []).includes(request.prizeMode)) {
      throw new AppError('GAME_PRIZE_MODE_UNAVAILABLE');
    }
    // The game's back button must not lead off the site: a back address is only ever a page of the host
    // the member is on.
    if (request.backUrl !== undefined && new URL(request.backUrl).host !== host) {
      throw new AppError('GAME_BACK_URL_INVALID');
    }
    const session = await this.launchSessions.createLaunchSession({
      merchantId: brand.id,
      memberId: member.id,
      currency: brand.currency,
      currencyExponent: brand.currencyExponent,
      currencySymbol: brand.currencySymbol,
      vendorId: game.vendorId,
      vendorLaunchUrl: game.vendorLaunchUrl,
      gameId: game.id,
      gameCode: game.code,
      mode: request.playMode,
      practice: member.isFreePlay === true,
      language,
      launchHosts: brand.launchGameCDNs,
      roomId: request.roomId,
      merchantCode: brand.code,
      vendorCode: game.vendorCode,
      memberSessionId: member.sessionId,
      backUrl: request.backUrl,
      lottery:
        request.launchMode === 'LOTT'
          ? {
              lottoArea: request.lottoArea,
              prizeMode: request.prizeMode,
              lottoView: request.lottoView,
              device: request.device,
            }
          : undefined,
    });
    await repository.touchRecent(this.db, member.id, game.id);
    return {
      game_url: session.url,
      ...(game.gameType === 'PVP' ? { content: session.url } : {}),
      playMode: request.playMode,
      sessionExpiresAt: session.expiresAt.toISOString(),
    };
  }
}
