// A member's info, avatar and language; operators' actions on an account. Code outside member imports this file only.
export { MemberAdminService } from './member-admin.service';
export type { MemberSearchField, MemberSearchRow } from './member.repository';
export { memberRoutes } from './member.routes';
export { MemberService } from './member.service';
export { PlayerNoteService } from './player-notes.service';
export { playersBackofficeRoutes } from './players.bo-routes';
export { PlayerService, type PlayerRef } from './players.service';
