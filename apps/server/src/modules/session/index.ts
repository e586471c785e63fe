// Session tokens: issued, checked, ended; the sign-ins that opened them. Code outside session imports this file only.
export {
  FREE_PLAY_SECONDS,
  SIGN_IN_HISTORY_RETENTION_DAYS,
  SessionService,
  type AuthenticatedMember,
  type SessionEndReason,
  type SignInClient,
} from './session.service';
