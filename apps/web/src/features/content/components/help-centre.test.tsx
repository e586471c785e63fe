import type { HelpItem } from '@parlay/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { answer } from '../../../test/api';
import { server } from '../../../test/server';
import { renderWithContent } from '../test/render-with-content';
import { HelpCentre } from './help-centre';

function item(id: number, category: string, title: string): HelpItem {
  return { id, category, title, content: `<p>${title} text</p>` } as HelpItem;
}

const items = [
  item(1, 'privacy', 'Privacy policy'),
  item(2, 'faq', 'How do I sign up?'),
  item(3, 'terms', 'Scope'),
  item(4, 'terms', 'Eligibility'),
  item(5, 'faq', 'I forgot my password.'),
];

async function renderHelp(route: string) {
  server.use(answer('helpCenter', { list: items }));
  return renderWithContent(<HelpCentre />, { route });
}

describe(HelpCentre.name, () => {
  afterEach(cleanup);

  it('shows the FAQ first as an accordion, then the terms, then the other policies', async () => {
    await renderHelp('/help');
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Frequently asked questions',
      'General terms and conditions',
      'Privacy policy',
    ]);
    const faq = document.getElementById('faq')!;
    expect(within(faq).getByRole('button', { name: 'How do I sign up?' })).toHaveAttribute('aria-expanded', 'false');
    const terms = document.getElementById('terms')!;
    expect(
      within(terms)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Scope', 'Eligibility']);
    expect(screen.getByRole('link', { name: 'General terms and conditions' })).toHaveAttribute('href', '#terms');
  });

  it('scrolls to the terms on /help#terms once they have loaded', async () => {
    // jsdom does no layout, so it has no scrollIntoView: record where the page was asked to go.
    const scrolled: string[] = [];
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: Element) {
        scrolled.push(this.id);
      },
    });
    try {
      await renderHelp('/help#terms');
      await waitFor(() => expect(scrolled).toEqual(['terms']));
      expect(document.activeElement).toBe(document.getElementById('terms'));
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });
});
