// Signing in and out, and accepting an invitation. Code outside this feature imports this file only.
export { SignInFlow } from './components/sign-in-flow';
export { InvitationForm } from './components/invitation-form';
export { useSignOut } from './api/sign-out';
