// The auth feature's face to the shell (app/feature-slots.tsx). Keep this file light: it is loaded
// with the lobby; the dialogs behind it load on first open. The header's signed-in area stays the
// shell's (it already has the balance slot, the avatar menu and logout).
export { AuthModals } from './components/auth-modals';
export { LoginPanel } from './components/login-panel';
