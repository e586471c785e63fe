import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SanitizedHtml, sanitizeHtml } from './sanitized-html';

describe(sanitizeHtml.name, () => {
  it('strips script elements and keeps the text around them', () => {
    const clean = sanitizeHtml('<p>Hello</p><script>window.hacked = true</script><p>World</p>');
    expect(clean).not.toMatch(/script/i);
    expect(clean).toContain('<p>Hello</p>');
    expect(clean).toContain('<p>World</p>');
  });

  it('strips on* event handlers from every element', () => {
    const clean = sanitizeHtml(
      '<img src="/a.png" onerror="alert(1)"><p onclick="alert(2)" onmouseover="alert(3)">Hi</p><svg onload="alert(4)"></svg>',
    );
    expect(clean).not.toMatch(/\bon\w+=/i);
    expect(clean).toContain('src="/a.png"');
    expect(clean).toContain('>Hi</p>');
  });

  it('removes javascript: links, forms and inline styles', () => {
    const clean = sanitizeHtml(
      '<a href="javascript:alert(1)">x</a><form action="/steal"><input name="p"></form><p style="position:fixed">y</p>',
    );
    expect(clean).not.toMatch(/javascript:/i);
    expect(clean).not.toMatch(/<form|<input|style=/i);
  });

  it('opens links to other sites in a new tab without access to ours', () => {
    const clean = sanitizeHtml('<a href="https://example.org/x">out</a><a href="/help" target="_blank">in</a>');
    const holder = document.createElement('div');
    holder.innerHTML = clean;
    const [outside, inside] = holder.querySelectorAll('a');
    expect(outside).toHaveAttribute('target', '_blank');
    expect(outside).toHaveAttribute('rel', 'noopener noreferrer');
    expect(inside).not.toHaveAttribute('target');
  });
});

describe(SanitizedHtml.name, () => {
  afterEach(cleanup);

  it('renders the cleaned markup, never the dangerous parts', () => {
    const { container } = render(
      <SanitizedHtml html={'<h3>Notice</h3><img src="/x.png" onerror="alert(1)"><script>alert(2)</script>'} />,
    );
    expect(container.querySelector('h3')).toHaveTextContent('Notice');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).not.toHaveAttribute('onerror');
  });
});
