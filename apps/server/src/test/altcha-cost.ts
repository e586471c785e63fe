import { setHarderCheckCost } from '../modules/verification/index';

/**
 * Tests make the harder proof of work at one PBKDF2 iteration a counter instead of production's 5,000
 * (decision 0030): the levels keep their counters, so what rises with failures is still tested, and
 * solving the hardest level takes milliseconds instead of seconds.
 */
export const TEST_HARDER_CHECK_COST = 1;

setHarderCheckCost(TEST_HARDER_CHECK_COST);
