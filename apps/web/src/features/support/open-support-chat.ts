/**
 * Opens the support chat (docs/product/site-shell-and-routes.md#support-chat). Its code, texts and root load the
 * first time, so nothing of it is in the lobby's first load; any page can open it, with or without the site's shell.
 */
export function openSupportChat(): Promise<void> {
  return import('./components/support-chat-root').then((module) => module.showSupportChat());
}
