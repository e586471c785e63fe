// The member centre's face to the shell (app/feature-slots.tsx): the panel; each page is its own chunk
// (pages.ts). Loaded the first time the panel opens, not with the lobby.
import { addKoreanTexts } from '../../i18n';
import texts from '../../i18n/locales/ko/member.json';

// The Korean texts of the panel come in this chunk, not with the lobby's first load (decision 0008).
addKoreanTexts('member', texts);

export { MemberCentrePanel as MemberCentre } from './components/member-centre-panel';
