/**
 * A notice timestamp as yyyy-MM-dd hh:mm:ss (docs/product/site-shell-and-routes.md#notice-modal) in the brand's time
 * zone. The hour is on the 24-hour clock: without an AM/PM mark a 12-hour hour would be ambiguous.
 */
export function formatNoticeTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    return formatNoticeTime(iso);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts['year']}-${parts['month']}-${parts['day']} ${parts['hour']}:${parts['minute']}:${parts['second']}`;
}
