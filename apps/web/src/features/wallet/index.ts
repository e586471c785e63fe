import { addKoreanTexts } from '../../i18n';
import texts from '../../i18n/locales/ko/wallet.json';

// The Korean texts of the wallet come in this chunk, not with the lobby's first load (decision 0008).
addKoreanTexts('wallet', texts);

/** What the shell's slots load from the wallet feature (app/feature-slots.tsx). */
export { BalanceAmount } from './components/balance-amount';
/** The member's balance, for the game page to pass on to the game it frames (app/routes/game.tsx). */
export { useBalance } from './api/get-balance';
