/**
 * The token of the e-mailed reset link (`/?resetPasswordToken=…`, docs/product/accounts.md#recovery-by-e-mail).
 * It is read once, when the site opens, before the router's redirects drop the query, and taken out of the address so
 * it stays out of the history and of links to other sites.
 *
 * The name is RESET_PASSWORD_QUERY of the contract, written out so the shell's first bundle does not
 * take in the zod module that holds it (reset-link.test.ts checks they agree).
 */
export const RESET_QUERY = 'resetPasswordToken';

export function takeResetTokenFrom(location: Pick<Location, 'href'>, history: Pick<History, 'replaceState' | 'state'>) {
  const url = new URL(location.href);
  const token = url.searchParams.get(RESET_QUERY);
  if (token === null) return null;
  url.searchParams.delete(RESET_QUERY);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return token.trim() || null;
}

/** The token the site was opened with, or null. */
export const resetTokenAtStart: string | null =
  typeof window === 'undefined' ? null : takeResetTokenFrom(window.location, window.history);
