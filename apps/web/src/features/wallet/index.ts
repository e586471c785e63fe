/** What the shell's slots load from the wallet feature (app/feature-slots.tsx). */
export { BalanceAmount } from './components/balance-amount';
