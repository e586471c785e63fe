// Player protection's face to the shell (app/feature-slots.tsx): the reality check at the member's interval, and
// the notice of a session that protection ended (decision 0042). Loaded once someone is signed in.
import { addKoreanTexts } from '../../i18n';
import texts from '../../i18n/locales/ko/member-protection.json';

// The Korean texts come in this chunk, not with the lobby's first load (decision 0008).
addKoreanTexts('member-protection', texts);

export { ProtectionNotices } from './components/protection-notices';
