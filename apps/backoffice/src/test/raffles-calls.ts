import {
  BACKOFFICE_CALLS,
  BoRaffleDrawResponseSchema,
  BoRafflePageResponseSchema,
  BoRaffleResponseSchema,
} from '@parlay/contract';

/** The raffles page's calls with the schemas of their answers (docs/decisions/0055-raffles.md), for `answer` in tests. */
export const RAFFLES_TEST_CALLS = {
  raffles: { ...BACKOFFICE_CALLS.raffles, schema: BoRafflePageResponseSchema },
  createRaffle: { ...BACKOFFICE_CALLS.createRaffle, schema: BoRaffleResponseSchema },
  updateRaffle: { ...BACKOFFICE_CALLS.updateRaffle, schema: BoRaffleResponseSchema },
  deactivateRaffle: { ...BACKOFFICE_CALLS.deactivateRaffle, schema: BoRaffleResponseSchema },
  raffleDraw: { ...BACKOFFICE_CALLS.raffleDraw, schema: BoRaffleDrawResponseSchema },
} as const;
