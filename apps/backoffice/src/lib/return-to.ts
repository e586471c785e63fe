/**
 * The page to go back to after signing in: a path of the back office, as the router knows it (without the
 * /backoffice base). Anything else, another site included (`//evil.example`), goes to the start page.
 */
export function safeReturnPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next.startsWith('/sign-in') || next.startsWith('/invitation')) return '/';
  return next;
}
