import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSystemStatus } from '../test/fixtures';
import { BrandProvider } from './brand';

const token = (name: string) => document.documentElement.style.getPropertyValue(name);

describe(BrandProvider.name, () => {
  afterEach(() => document.documentElement.removeAttribute('style'));

  it("puts the brand's colours over the platform's, with the text colour that reads on both", () => {
    const status = buildSystemStatus();
    status.brand.primaryColor = '#1f3a93';
    status.brand.secondaryColor = '#5b3fd6';
    const view = render(<BrandProvider status={status}>site</BrandProvider>);
    expect(token('--brand-1')).toBe('#1f3a93');
    expect(token('--brand-2')).toBe('#5b3fd6');
    expect(token('--brand-gradient')).toBe('linear-gradient(135deg, #1f3a93 0%, #5b3fd6 100%)');
    expect(token('--on-brand')).toBe('#ffffff');
    view.unmount();
    expect(token('--brand-1')).toBe('');
  });

  it('leaves the tokens alone for a brand without colours of its own', () => {
    render(<BrandProvider status={buildSystemStatus()}>site</BrandProvider>);
    expect(token('--brand-1')).toBe('');
    expect(token('--on-brand')).toBe('');
  });
});
