import i18next from 'i18next';

/** A time of the API (ISO) in the operator's own time zone and language, to the second. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(i18next.language === 'en' ? 'en-GB' : 'ko-KR', {
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(date);
}

/** A `datetime-local` input's value (the operator's local time) as an ISO time, or undefined when empty or bad. */
export function localInputToIso(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** An ISO time as a `datetime-local` input's value, in the operator's local time. */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
