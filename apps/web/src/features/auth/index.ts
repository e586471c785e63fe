// The auth feature's face to the shell (app/feature-slots.tsx). Keep this file light: it is loaded
// with the lobby; the dialogs behind it load on first open. The header's signed-in area stays the
// shell's (it already has the balance slot, the avatar menu and logout).
import { addKoreanTexts } from '../../i18n';
import texts from '../../i18n/locales/ko/auth.json';

// The Korean texts of its dialogs come in this chunk, not with the lobby's first load (decision 0008).
addKoreanTexts('auth', texts);

export { AuthModals } from './components/auth-modals';
export { LoginPanel } from './components/login-panel';
