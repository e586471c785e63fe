// The auth feature's face to the shell (app/feature-slots.tsx). Keep this file light: it is loaded
// with the lobby; the dialogs behind it load on first open.
export { AuthModals } from './components/auth-modals';
