// The Korean texts of the download and join-us pages (namespace `guides`) come with those pages' chunks,
// not with the lobby's first load (decision 0008); English, loaded whole when chosen, has them already.
import { addKoreanTexts } from '../../../i18n';
import texts from '../../../i18n/locales/ko/guides.json';

addKoreanTexts('guides', texts);
