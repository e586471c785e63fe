import { defineErrors } from './define';

/** Errors of the game catalogue and launch calls (docs/product/constants.md#messages). */
export const gamesErrors = defineErrors({
  /** The game (or room) does not exist or is not offered by this brand. */
  GAME_NOT_FOUND: { status: 404, ko: '게임을 찾을 수 없습니다.', en: 'The game was not found.' },
  /** No vendor has this code, or the brand is not offered it. */
  GAME_VENDOR_NOT_FOUND: {
    status: 404,
    ko: '해당 게임 공급사를 찾을 수 없습니다.',
    en: 'The game vendor was not found.',
  },
  /**
   * The game or its vendor is under maintenance (docs/product/games-and-wallet.md#game-maintenance); the
   * client suggests other games.
   */
  GAME_MAINTENANCE: {
    status: 503,
    ko: '게임 점검 중입니다. 다른 게임을 이용해 주세요.',
    en: 'Game maintenance. Please try other games.',
  },
  /** A free trial was asked for a game that offers none (supportPlay is not 0). */
  GAME_TRIAL_NOT_SUPPORTED: {
    status: 422,
    ko: '이 게임은 무료 체험을 지원하지 않습니다.',
    en: 'This game has no free trial.',
  },
  /** The launch request names neither gameId, roomId nor gameCode with vassalage. */
  GAME_LAUNCH_TARGET_MISSING: {
    status: 400,
    ko: '실행할 게임을 지정해 주세요.',
    en: 'Say which game to launch.',
  },
  /** A launch names a nodeId or vassalage that is not the game's own (an old or altered link). */
  GAME_LAUNCH_MISMATCH: {
    status: 400,
    ko: '게임 정보가 맞지 않습니다. 게임 목록에서 다시 선택해 주세요.',
    en: "The game's details do not match. Choose the game again from the list.",
  },
  /** A lottery launch asks for a prize mode this brand does not offer. */
  GAME_PRIZE_MODE_UNAVAILABLE: {
    status: 422,
    ko: '이 사이트에서 제공하지 않는 당첨 방식입니다.',
    en: 'This site does not offer that prize mode.',
  },
  /**
   * The vendor's stored launch address is not one a feed may name now (findFeedUrlProblem: a `javascript:`
   * or other scheme, plain http off this machine), written before feeds were checked (decision 0028). No
   * session is opened; an operator imports the vendor's feed again.
   */
  GAME_LAUNCH_URL_INVALID: {
    status: 503,
    ko: '이 게임의 실행 주소가 올바르지 않아 열 수 없습니다. 다른 게임을 이용해 주세요.',
    en: "This game cannot be opened: its vendor's address is not allowed. Please try other games.",
  },
  /** The launch's backUrl leads off the site the member launched from. */
  GAME_BACK_URL_INVALID: {
    status: 400,
    ko: '돌아갈 주소는 이 사이트의 주소여야 합니다.',
    en: 'The return address must be on this site.',
  },
  /** The lottery vendor's results could not be read (down, slow, or no lottery vendor configured). */
  GAME_LOTTERY_RESULTS_UNAVAILABLE: {
    status: 503,
    ko: '추첨 결과를 불러올 수 없습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The draw results cannot be loaded. Please try again shortly.',
  },
  /** The cursor of a paged list is not one this server gave. */
  GAME_CURSOR_INVALID: { status: 400, ko: '페이지 정보가 올바르지 않습니다.', en: 'The page cursor is not valid.' },
  /** Catalogue sync of a vendor that publishes no feed address (its feed has no `catalogueUrl`). */
  GAME_CATALOGUE_SOURCE_MISSING: {
    status: 404,
    ko: '이 공급사는 게임 목록 주소를 제공하지 않습니다.',
    en: 'This vendor publishes no catalogue address.',
  },
  /**
   * The vendor's feed could not be read (unreachable, an error answer, too slow or too large); the
   * catalogue stays as it was. `value.reason` says what happened.
   */
  GAME_CATALOGUE_SYNC_FAILED: {
    status: 503,
    ko: '공급사의 게임 목록을 읽지 못했습니다. 기존 목록을 유지합니다.',
    en: "The vendor's catalogue could not be read. The catalogue stays as it was.",
  },
  /** A catalogue feed does not match the contract; `value.issues` lists where. */
  GAME_FEED_INVALID: {
    status: 422,
    ko: '게임 목록 파일이 올바르지 않습니다.',
    en: 'The catalogue feed is not valid.',
  },
});
