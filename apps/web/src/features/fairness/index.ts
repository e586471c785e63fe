import { addKoreanTexts } from '../../i18n/index';
import texts from '../../i18n/locales/ko/fairness.json';

// The page's Korean texts come with its chunk, not with the site's first load (catalogue-ko.ts).
addKoreanTexts('fairness', texts);

export { FairnessPage } from './components/fairness-page';
