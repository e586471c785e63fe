/**
 * Messages the platform's game page posts to the game in its frame, addressed to the launch URL's origin.
 * They carry no amount: a game reads its balance from its own server, so a page can make a game read
 * sooner but never make it show a balance.
 * - `balanceChanged`: the member's balance moved (a round in another game or tab, a deposit, an operator
 *   adjustment). A real-money game reads its balance again.
 */
export const GAME_FRAME_MESSAGES = { balanceChanged: 'parlay:balance-changed' } as const;
