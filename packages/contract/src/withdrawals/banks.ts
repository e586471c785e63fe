// The fixed lists of banks a brand pays to when it keeps no list of its own, by the country of its currency.

export interface DefaultBank {
  code: string;
  ko: string;
  en: string;
}

const KOREAN_BANKS: readonly DefaultBank[] = [
  { code: 'KB', ko: 'KB국민은행', en: 'KB Kookmin Bank' },
  { code: 'SHINHAN', ko: '신한은행', en: 'Shinhan Bank' },
  { code: 'WOORI', ko: '우리은행', en: 'Woori Bank' },
  { code: 'HANA', ko: '하나은행', en: 'Hana Bank' },
  { code: 'NH', ko: 'NH농협은행', en: 'NongHyup Bank' },
  { code: 'IBK', ko: 'IBK기업은행', en: 'IBK Industrial Bank' },
  { code: 'SC', ko: 'SC제일은행', en: 'SC First Bank' },
  { code: 'KAKAO', ko: '카카오뱅크', en: 'KakaoBank' },
  { code: 'TOSS', ko: '토스뱅크', en: 'Toss Bank' },
  { code: 'KBANK', ko: '케이뱅크', en: 'K Bank' },
  { code: 'BUSAN', ko: '부산은행', en: 'Busan Bank' },
  { code: 'POST', ko: '우체국', en: 'Korea Post' },
];

const BANKS_BY_CURRENCY: Readonly<Record<string, readonly DefaultBank[]>> = { KRW: KOREAN_BANKS };

/** The fixed list of the country whose currency the brand uses; empty when there is none (the brand sets its own). */
export function defaultBanksOf(currency: string): readonly DefaultBank[] {
  return BANKS_BY_CURRENCY[currency] ?? [];
}
