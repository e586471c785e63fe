import {
  BACKOFFICE_CALLS,
  BoLotteryDrawPageResponseSchema,
  BoLotteryGamesResponseSchema,
  BoSeaDrawsAwaitingResponseSchema,
  BoVnDrawsAwaitingResponseSchema,
  BoVoidedDrawResponseSchema,
} from '@parlay/contract';

/** The lottery pages' calls with the schemas of their answers (issue 38), for `answer` in tests. */
export const LOTTERY_TEST_CALLS = {
  lotteryGames: { ...BACKOFFICE_CALLS.lotteryGames, schema: BoLotteryGamesResponseSchema },
  setLotterySettings: { ...BACKOFFICE_CALLS.setLotterySettings, schema: BoLotteryGamesResponseSchema },
  lotteryDraws: { ...BACKOFFICE_CALLS.lotteryDraws, schema: BoLotteryDrawPageResponseSchema },
  voidLotteryDraw: { ...BACKOFFICE_CALLS.voidLotteryDraw, schema: BoVoidedDrawResponseSchema },
  vnDrawsAwaiting: { ...BACKOFFICE_CALLS.vnDrawsAwaiting, schema: BoVnDrawsAwaitingResponseSchema },
  enterVnResult: { ...BACKOFFICE_CALLS.enterVnResult, schema: BoVnDrawsAwaitingResponseSchema },
  confirmVnResult: { ...BACKOFFICE_CALLS.confirmVnResult, schema: BoVnDrawsAwaitingResponseSchema },
  seaDrawsAwaiting: { ...BACKOFFICE_CALLS.seaDrawsAwaiting, schema: BoSeaDrawsAwaitingResponseSchema },
  enterSeaResult: { ...BACKOFFICE_CALLS.enterSeaResult, schema: BoSeaDrawsAwaitingResponseSchema },
  confirmSeaResult: { ...BACKOFFICE_CALLS.confirmSeaResult, schema: BoSeaDrawsAwaitingResponseSchema },
} as const;
