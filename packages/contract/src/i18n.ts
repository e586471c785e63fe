import { z } from 'zod';
import { LANGUAGES } from './languages';

export {
  DEFAULT_LANGUAGE,
  fromAcceptLanguage,
  LANGUAGES,
  TRANSLATED_LANGUAGES,
  toTranslatedLanguage,
  type Language,
  type TranslatedLanguage,
} from './languages';

export const LanguageSchema = z.enum(LANGUAGES);
