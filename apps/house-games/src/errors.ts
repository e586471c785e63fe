/** The house vendor's own error codes, translated for its game clients (KO default, EN). */
export const HOUSE_ERRORS = {
  /** The game client's session is missing, unknown or expired: relaunch the game from the platform. */
  HOUSE_SESSION_INVALID: {
    status: 401,
    ko: '게임 세션이 만료되었습니다. 게임을 다시 실행해 주세요.',
    en: 'The game session has expired. Please launch the game again.',
  },
  /** The platform did not accept the launch (session ended, unknown player, currency). */
  HOUSE_LAUNCH_REFUSED: { status: 401, ko: '게임을 시작할 수 없습니다.', en: 'The game could not be started.' },
  /** The request does not follow the game's rules (target, mines, tile, amount). */
  HOUSE_BAD_REQUEST: { status: 400, ko: '요청이 올바르지 않습니다.', en: 'The request is not valid.' },
  /** No such address or method in the vendor's API. */
  HOUSE_NOT_FOUND: { status: 404, ko: '요청한 기능을 찾을 수 없습니다.', en: 'The requested address was not found.' },
  /** The stake is outside the brand's bet limits for this game. */
  HOUSE_BET_OUT_OF_LIMITS: { status: 422, ko: '베팅 한도를 벗어났습니다.', en: 'The stake is outside the bet limits.' },
  /** The slot stake must divide evenly over its paylines. */
  HOUSE_STAKE_STEP: {
    status: 422,
    ko: '베팅 금액 단위가 올바르지 않습니다.',
    en: 'The stake must be a multiple of the bet step.',
  },
  /** The platform refused the stake: not enough money. */
  HOUSE_INSUFFICIENT_FUNDS: { status: 409, ko: '잔액이 부족합니다.', en: 'Not enough money.' },
  /** The platform refused the stake: it would take the player past their own loss limit (responsible gaming). */
  HOUSE_LOSS_LIMIT: {
    status: 409,
    ko: '설정하신 손실 한도에 도달하여 베팅할 수 없습니다. 내 계정의 책임 있는 게임에서 한도를 확인하세요.',
    en: 'This bet would take you past your loss limit. See Responsible gaming in your account.',
  },
  /** The platform refused the stake: it would take the player past their own wager limit. */
  HOUSE_WAGER_LIMIT: {
    status: 409,
    ko: '설정하신 베팅 한도에 도달하여 베팅할 수 없습니다. 내 계정의 책임 있는 게임에서 한도를 확인하세요.',
    en: 'This bet would take you past your wager limit. See Responsible gaming in your account.',
  },
  /** The platform refused the stake for another reason; nothing was taken. */
  HOUSE_WALLET_REFUSED: { status: 409, ko: '베팅이 거절되었습니다.', en: 'The bet was refused.' },
  /** The platform did not answer; the stake, if it was taken, is given back. */
  HOUSE_WALLET_UNAVAILABLE: {
    status: 503,
    ko: '지갑 서버가 응답하지 않아 베팅이 취소되었습니다.',
    en: 'The wallet did not answer; the bet was cancelled.',
  },
  /** No such round for this player. */
  HOUSE_ROUND_NOT_FOUND: { status: 404, ko: '라운드를 찾을 수 없습니다.', en: 'The round was not found.' },
  /** The round is already finished. */
  HOUSE_ROUND_CLOSED: { status: 409, ko: '이미 종료된 라운드입니다.', en: 'The round is already finished.' },
  /** An unfinished round of this game must be finished first. */
  HOUSE_ROUND_OPEN: { status: 409, ko: '진행 중인 라운드를 먼저 끝내 주세요.', en: 'Finish the round in play first.' },
  /** A mines round can be cashed out only after one safe tile. */
  HOUSE_NOTHING_TO_CASH_OUT: {
    status: 409,
    ko: '먼저 타일을 하나 이상 여세요.',
    en: 'Reveal at least one tile first.',
  },
  /** Client seeds: 1 to 64 letters, digits, dot, colon, dash or underscore. */
  HOUSE_CLIENT_SEED_INVALID: {
    status: 400,
    ko: '클라이언트 시드 형식이 올바르지 않습니다.',
    en: 'The client seed is not valid.',
  },
  /** The verifier asked for a server seed that is still in use (or that no player ever had). */
  HOUSE_SEED_NOT_REVEALED: {
    status: 404,
    ko: '아직 공개되지 않은 서버 시드입니다. 게임에서 시드 쌍을 바꾸면 공개됩니다.',
    en: 'This server seed is not revealed yet. Change the seed pair in the game to reveal it.',
  },
  /** The verifier asked for a crash game that has not crashed yet (or does not exist). */
  HOUSE_GAME_NOT_ENDED: {
    status: 404,
    ko: '아직 끝나지 않은 크래시 게임입니다. 게임이 끝나면 검증할 수 있습니다.',
    en: 'This crash game has not ended yet. It can be verified once it ends.',
  },
  /** The seed pair cannot change while a round played under it is unfinished. */
  HOUSE_SEED_IN_USE: {
    status: 409,
    ko: '진행 중인 라운드가 있어 시드를 바꿀 수 없습니다.',
    en: 'The seeds cannot change while a round is in play.',
  },
  /** Crash: the player already has a bet in this game or the next. */
  HOUSE_CRASH_ALREADY_BET: { status: 409, ko: '이미 베팅했습니다.', en: 'You have already placed a bet.' },
  /** Crash: no running bet to cash out. */
  HOUSE_CRASH_NO_BET: { status: 409, ko: '캐시아웃할 베팅이 없습니다.', en: 'There is no bet to cash out.' },
  /** Crash: the game has already crashed. */
  HOUSE_CRASH_TOO_LATE: { status: 409, ko: '이미 종료되었습니다.', en: 'Too late: the game has crashed.' },
  /** Crash: the instance that runs the game did not answer a cash-out sent on to it. */
  HOUSE_CRASH_UNAVAILABLE: {
    status: 503,
    ko: '게임 서버가 응답하지 않습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The game server did not answer. Please try again.',
  },
  /** Lottery: no such draw of the game. */
  LOTTERY_DRAW_NOT_FOUND: { status: 404, ko: '회차를 찾을 수 없습니다.', en: 'The draw was not found.' },
  /** Lottery: betting on the draw has not begun yet. */
  LOTTERY_DRAW_NOT_OPEN: {
    status: 409,
    ko: '아직 베팅이 시작되지 않은 회차입니다.',
    en: 'Betting on this draw has not opened yet.',
  },
  /** Lottery: betting on the draw has closed (on the vendor's clock). */
  LOTTERY_DRAW_CLOSED: {
    status: 409,
    ko: '베팅이 마감된 회차입니다. 다음 회차에 베팅해 주세요.',
    en: 'Betting on this draw has closed. Please bet on the next draw.',
  },
  /** Lottery: a bet of the slip breaks the game's rules (bet type, selection, stake, odds). */
  LOTTERY_BET_INVALID: { status: 422, ko: '베팅 내용이 올바르지 않습니다.', en: 'A bet on the slip is not valid.' },
  /** Lottery: the slip would take what the draw could pay on a number past the brand's limit. */
  LOTTERY_LIABILITY_LIMIT: {
    status: 409,
    ko: '이 번호의 베팅 한도가 찼습니다. 금액을 줄이거나 다른 번호를 선택해 주세요.',
    en: 'This number has reached its betting limit for the draw. Lower the stake or choose another.',
  },
  /** Lottery: the brand has switched the game off. */
  LOTTERY_GAME_DISABLED: {
    status: 409,
    ko: '현재 이용할 수 없는 게임입니다.',
    en: 'This game is not available now.',
  },
  /** Lottery (operators): the Vietnamese draw has not taken place yet; its result cannot be entered. */
  LOTTERY_VN_NOT_DRAWN_YET: {
    status: 409,
    ko: '아직 추첨 시각이 지나지 않은 회차입니다.',
    en: 'This draw has not taken place yet.',
  },
  /** Lottery (operators): the result entered is not a result of its region's shape (the detail names the tier). */
  LOTTERY_VN_RESULT_INVALID: {
    status: 422,
    ko: '입력한 당첨 번호의 형식이 올바르지 않습니다.',
    en: 'The result entered is not valid.',
  },
  /** Lottery (operators): the result names another company, region or date than the draw's. */
  LOTTERY_VN_RESULT_MISMATCH: {
    status: 422,
    ko: '입력한 결과의 지역, 회사 또는 날짜가 회차와 다릅니다.',
    en: "The result's region, company or date is not the draw's.",
  },
  /** Lottery (operators): the draw's result is published already: it never changes (a draw can only be voided). */
  LOTTERY_VN_RESULT_PUBLISHED: {
    status: 409,
    ko: '이미 발표된 결과는 변경할 수 없습니다. 필요하면 회차를 무효 처리하세요.',
    en: 'The result is published and cannot be changed; the draw can only be voided.',
  },
  /** Lottery (operators): no result has been entered for the draw yet: there is nothing to confirm. */
  LOTTERY_VN_NO_ENTRY: {
    status: 409,
    ko: '확인할 입력 결과가 없습니다.',
    en: 'No result has been entered for this draw.',
  },
  /** Lottery (operators): the operator who entered the result cannot confirm it. */
  LOTTERY_VN_SAME_OPERATOR: {
    status: 409,
    ko: '결과를 입력한 운영자는 확인할 수 없습니다. 다른 운영자가 확인해야 합니다.',
    en: 'The operator who entered the result cannot confirm it; another operator must.',
  },
  /** Lottery (operators): the entry changed since it was opened, or differs from the result the confirmer typed. */
  LOTTERY_VN_ENTRY_CHANGED: {
    status: 409,
    ko: '확인하려는 결과가 입력된 결과와 다릅니다. 다시 불러와 확인하세요.',
    en: 'The result to confirm differs from the one entered. Reload and check it again.',
  },
  /** Lottery (operators): the game is not a Vietnamese regional draw. */
  LOTTERY_NOT_VN_GAME: {
    status: 400,
    ko: '베트남 지역 추첨 게임이 아닙니다.',
    en: 'This game is not a Vietnamese regional draw.',
  },
  /** Lottery (operators): the game is not a SEA 4D draw. */
  LOTTERY_NOT_SEA_GAME: {
    status: 400,
    ko: '동남아 4D 추첨 게임이 아닙니다.',
    en: 'This game is not a SEA 4D draw.',
  },
  /** Lottery (operators): the draw is void. */
  LOTTERY_DRAW_VOID: { status: 409, ko: '무효 처리된 회차입니다.', en: 'This draw is void.' },
  /** Lottery (operators): payouts of the draw are written or paid: it can no longer be voided. */
  LOTTERY_DRAW_PAID: {
    status: 409,
    ko: '이미 정산이 시작된 회차는 무효 처리할 수 없습니다.',
    en: 'Payouts of this draw have been made; it can no longer be voided.',
  },
  /** Anything unexpected; details go to the log only. */
  HOUSE_SYSTEM_ERROR: {
    status: 500,
    ko: '일시적인 오류가 발생했습니다.',
    en: 'Something went wrong. Please try again.',
  },
} as const;

export type HouseErrorCode = keyof typeof HOUSE_ERRORS;
export type Language = 'ko' | 'en';

export class HouseError extends Error {
  constructor(
    readonly code: HouseErrorCode,
    readonly value?: unknown,
  ) {
    super(code);
    this.name = 'HouseError';
  }

  get status(): number {
    return HOUSE_ERRORS[this.code].status;
  }
}

export function translate(code: HouseErrorCode, language: Language): string {
  return HOUSE_ERRORS[code][language];
}

export function isHouseErrorCode(code: unknown): code is HouseErrorCode {
  return typeof code === 'string' && Object.hasOwn(HOUSE_ERRORS, code);
}

/**
 * The player's error for a stake the platform refused: not enough money, a launch session that has ended
 * (the game must be launched again), the player's own loss or wager limit, or another refusal.
 */
export function refusalCode(walletCode: string): HouseErrorCode {
  if (walletCode.includes('INSUFFICIENT')) return 'HOUSE_INSUFFICIENT_FUNDS';
  if (walletCode === 'VENDOR_SESSION_EXPIRED') return 'HOUSE_SESSION_INVALID';
  if (walletCode === 'PROTECTION_LOSS_LIMIT') return 'HOUSE_LOSS_LIMIT';
  if (walletCode === 'PROTECTION_WAGER_LIMIT') return 'HOUSE_WAGER_LIMIT';
  return 'HOUSE_WALLET_REFUSED';
}
