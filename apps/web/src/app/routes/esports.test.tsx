import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index';
import { BrandProvider } from '../../lib/brand';
import { buildSystemStatus } from '../../test/fixtures';
import { Component as EsportsPage } from './esports';

describe('/esports', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('tells a player of a brand with no e-sports that betting is not open yet, not how the operator adds it', () => {
    render(
      <BrandProvider status={buildSystemStatus()}>
        <EsportsPage />
      </BrandProvider>,
    );
    expect(screen.getByText('E-sports betting is not open yet. Please check back soon.')).toBeInTheDocument();
    expect(screen.queryByText(/operator/)).not.toBeInTheDocument();
  });
});
