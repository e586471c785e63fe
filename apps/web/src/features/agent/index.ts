// The agent centre's face to the shell (app/feature-slots.tsx): the panel; each page is its own chunk (pages.ts).
// Loaded the first time the panel opens, not with the lobby.
import { addKoreanTexts } from '../../i18n';
import texts from '../../i18n/locales/ko/member-agent.json';

// The Korean texts come in this chunk, not with the lobby's first load (decision 0008): the namespace is a member-*
// one, which catalogue-ko.ts leaves out.
addKoreanTexts('member-agent', texts);

export { AgentCentrePanel as AgentCentre } from './components/agent-centre-panel';
