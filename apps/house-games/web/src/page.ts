import { createApi } from './api';
import { h } from './dom';
import { translator, type Language, type TextKey } from './i18n';
import { formatAmount } from './money';

/** What every part of the page shares: the launch parameters, the language, the vendor's API. */
export const params = new URLSearchParams(location.search);
export const language: Language = (params.get('language') ?? navigator.language).toLowerCase().startsWith('en')
  ? 'en'
  : 'ko';
export const t = translator(language);
export const app = document.getElementById('app')!;
export const api = createApi(language);

/** An amount with the brand's symbol the platform's launch named (`currencySymbol`), else the currency code. */
export function money(amount: number | null, currency: string): string {
  return formatAmount(amount, currency, params.get('currencySymbol'), language);
}

export interface NumberField {
  field: HTMLLabelElement;
  input: HTMLInputElement;
}

export function numberField(label: TextKey, value: number, attrs: Record<string, unknown> = {}): NumberField {
  const input = h('input', { type: 'number', value: String(value), inputMode: 'decimal', ...attrs });
  return { field: h('label', {}, t(label), input), input };
}

/** The page's theme, passed on to the verifier a history entry links to. */
export function theme(): string {
  return document.documentElement.dataset.theme ?? 'dark';
}
