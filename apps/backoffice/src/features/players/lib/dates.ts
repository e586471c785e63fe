import i18next from 'i18next';

const locale = () => (i18next.language === 'en' ? 'en-GB' : 'ko-KR');

/** A day of the API's time (registration) in the operator's time zone, for a list's narrow column. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(locale(), { dateStyle: 'medium' }).format(date);
}

/** A time to the minute, for a list's narrow column; the player's page shows it to the second. */
export function formatMinute(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'short', timeStyle: 'short' }).format(date);
}
