import { defineErrors } from './define';

/** Errors of the seamless-wallet protocol (vendor → platform). */
export const vendorErrors = defineErrors({
  /** The x-vendor-code header names no active vendor. */
  VENDOR_UNKNOWN: { status: 401, ko: '알 수 없는 게임사입니다.', en: 'Unknown vendor.' },
  /**
   * The x-signature header is missing or is not the HMAC-SHA256 of `walletSigningText(x-timestamp, raw body)`
   * (a catalogue feed: of the raw body) with the vendor's secret.
   */
  VENDOR_SIGNATURE_INVALID: { status: 401, ko: '서명이 올바르지 않습니다.', en: 'The signature is not valid.' },
  /**
   * The x-timestamp header of a wallet call is missing or more than 5 minutes before or after the platform's
   * clock: a call is signed when it is sent, so an old one is refused (a retry is signed again). Nothing moved.
   */
  VENDOR_SIGNATURE_EXPIRED: {
    status: 401,
    ko: '서명 시각이 없거나 허용 범위(5분)를 벗어났습니다. 요청마다 현재 시각으로 다시 서명해 주세요.',
    en: 'The signature has no time or is more than 5 minutes from the platform clock; sign each request when it is sent.',
  },
  /** The playerId is not a member of a brand this vendor serves. */
  VENDOR_PLAYER_UNKNOWN: { status: 404, ko: '알 수 없는 플레이어입니다.', en: 'Unknown player.' },
  /** The launch session has ended; debits need a live session (credits and rollbacks do not). */
  VENDOR_SESSION_EXPIRED: { status: 401, ko: '게임 세션이 만료되었습니다.', en: 'The game session has expired.' },
  /** The debit is larger than the balance; `value.balanceMinor` is the balance. */
  INSUFFICIENT_FUNDS: { status: 409, ko: '잔액이 부족합니다.', en: 'Not enough money.' },
  /** This transactionId was rolled back (perhaps before it arrived) and can never be applied. */
  VENDOR_TRANSACTION_ROLLED_BACK: {
    status: 409,
    ko: '이미 취소된 거래입니다.',
    en: 'This transaction has been rolled back.',
  },
  /** The requestId or transactionId was used before with a different body. */
  VENDOR_IDEMPOTENCY_CONFLICT: {
    status: 409,
    ko: '같은 요청 번호로 다른 요청이 이미 처리되었습니다.',
    en: 'This id was already used for a different request.',
  },
  /** The currency is not the player's wallet currency. */
  VENDOR_CURRENCY_MISMATCH: { status: 422, ko: '통화가 일치하지 않습니다.', en: 'The currency does not match.' },
  /** The round is already settled or cancelled. */
  VENDOR_ROUND_CLOSED: { status: 409, ko: '이미 종료된 라운드입니다.', en: 'The round is already closed.' },
  /** A rollback named a credit; only debits can be rolled back. */
  VENDOR_ROLLBACK_NOT_DEBIT: {
    status: 409,
    ko: '지급 거래는 취소할 수 없습니다.',
    en: 'Only a debit can be rolled back.',
  },
  /**
   * A credit (creditType absent or 'round') for a round this player was never debited in: no such round,
   * or one with no stake. Only a promotion or tournament credit pays without a debit. Nothing moved.
   */
  VENDOR_CREDIT_WITHOUT_DEBIT: {
    status: 409,
    ko: '베팅하지 않은 라운드에는 지급할 수 없습니다. 프로모션이나 토너먼트 지급은 creditType을 지정해 주세요.',
    en: 'This round has no debit of the player; a promotion or tournament win must say so in creditType.',
  },
  /**
   * A promotion or tournament credit would take the brand's total of such credits from this vendor today
   * (the brand's time zone) past the cap its operator set (0: none accepted). Nothing moved.
   */
  VENDOR_PROMOTION_CAP_REACHED: {
    status: 409,
    ko: '오늘 이 게임사의 프로모션 지급 한도를 넘습니다.',
    en: "This vendor's promotion credits for the brand would pass today's cap.",
  },
  /** The game code is not in this vendor's catalogue. */
  VENDOR_GAME_UNKNOWN: { status: 404, ko: '알 수 없는 게임입니다.', en: 'Unknown game.' },
});
