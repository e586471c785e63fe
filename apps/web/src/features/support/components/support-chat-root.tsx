import { createRoot } from 'react-dom/client';
import { useSupportChatStore } from '../support-chat-store';
import { SupportChat } from './support-chat';

let isMounted = false;

/**
 * Shows the chat panel: the first time in a root of its own at the end of the body (it needs no router or query
 * client, and the theme and language are the page's), then by its open state, so the conversation survives a close.
 */
export function showSupportChat(): void {
  useSupportChatStore.getState().open();
  if (isMounted) return;
  isMounted = true;
  const container = document.createElement('div');
  container.id = 'support-chat';
  document.body.append(container);
  createRoot(container).render(<SupportChat />);
}
