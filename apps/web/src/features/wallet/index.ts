/** What the shell's slots load from the wallet feature (app/feature-slots.tsx). */
export { BalanceAmount } from './components/balance-amount';
/** The member's balance, for the game page to pass on to the game it frames (app/routes/game.tsx). */
export { useBalance } from './api/get-balance';
