import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import styles from './sanitized-html.module.css';

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** One purifier of our own, so our link hook never changes what another user of DOMPurify gets. */
function getPurifier() {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A' || !node.hasAttribute('href')) return;
    let url: URL;
    try {
      url = new URL(node.getAttribute('href') ?? '', window.location.href);
    } catch {
      node.removeAttribute('href');
      return;
    }
    // A link off the site opens in a new tab that cannot reach back into ours (reverse tabnabbing).
    if (url.origin !== window.location.origin) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('target');
    }
  });
  return purifier;
}

/**
 * Makes operator HTML safe to render: no scripts, no event handlers, no javascript: links, no
 * forms, and no inline styles (they would fight the dark and light themes).
 */
export function sanitizeHtml(html: string): string {
  return getPurifier().sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    ALLOW_DATA_ATTR: false,
  });
}

export interface SanitizedHtmlProps {
  html: string;
  className?: string;
}

/** Renders server HTML (notices, help, promotions) only after DOMPurify has cleaned it. */
export function SanitizedHtml({ html, className }: SanitizedHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      className={className ? `${styles.prose} ${className}` : styles.prose}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
