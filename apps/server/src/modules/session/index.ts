// Session tokens: issued, checked, ended. Code outside session imports this file only.
export { FREE_PLAY_SECONDS, SessionService, type AuthenticatedMember } from './session.service';
