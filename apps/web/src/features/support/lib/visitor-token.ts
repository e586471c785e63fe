/** Where a visitor's support token is kept, so the conversation outlives a reload (a member's is by session). */
const KEY = 'supportVisitorToken';

export function readVisitorToken(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function storeVisitorToken(token: string | null): void {
  try {
    if (token) window.localStorage.setItem(KEY, token);
    else window.localStorage.removeItem(KEY);
  } catch {
    // Private mode without storage: the conversation lasts as long as the page.
  }
}
