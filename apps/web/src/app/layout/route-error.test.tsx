import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index';
import { ChunkTimeoutError } from '../../lib/chunk-timeout';
import { RouteErrorBoundary } from './route-error';

function Failing({ error }: { error: Error }): never {
  throw error;
}

describe(RouteErrorBoundary.name, () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the slow-network message for a page chunk that timed out, and a new address clears it', async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <RouteErrorBoundary resetKey="/vip">
        <Failing error={new ChunkTimeoutError()} />
      </RouteErrorBoundary>,
    );
    expect(screen.getByText(i18n.t('errors.slowNetwork'))).toBeInTheDocument();
    rerender(
      <RouteErrorBoundary resetKey="/help">
        <p>help page</p>
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('help page')).toBeInTheDocument();
  });

  it('shows the system error for any other failure instead of throwing it further', async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <RouteErrorBoundary resetKey="/vip">
        <Failing error={new Error('boom')} />
      </RouteErrorBoundary>,
    );
    expect(screen.getByText(i18n.t('errors.system'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: i18n.t('retry') })).toBeInTheDocument();
  });
});
