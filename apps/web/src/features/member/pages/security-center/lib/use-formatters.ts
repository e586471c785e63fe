import { useTranslation } from 'react-i18next';
import { useOptionalBrand } from '../../../../../lib/brand';
import { countryName, formatTime } from './describe';

/** Times in the brand's time zone and country names in the page's language. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const timeZone = useOptionalBrand()?.brand.timeZone ?? 'Asia/Seoul';
  const language = i18n.language.startsWith('ko') ? 'ko-KR' : 'en-GB';
  return {
    time: (iso: string) => formatTime(iso, language, timeZone),
    country: (code: string) => countryName(code, language),
  };
}
