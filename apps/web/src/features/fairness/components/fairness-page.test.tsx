import { hashServerSeed } from '@parlay/fairness';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index';
import { renderWithShell } from '../../../test/render-with-shell';
import { FairnessPage } from './fairness-page';

// The first of the fairness package's fixed vectors (packages/fairness/src/vectors.ts), computed apart in Python.
const serverSeed = '3f5c8e2a9b7d4c1e6f0a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f70';
const clientSeed = 'lucky-player';
const nonce = 0;
const vector = { dice: 75.0, mines: { 3: [2, 8, 18] } };

describe(FairnessPage.name, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('recomputes a round the address names, and says its seed is the one whose hash was shown', async () => {
    const query = new URLSearchParams({
      game: 'dice',
      serverSeed,
      clientSeed,
      nonce: String(nonce),
      serverSeedHash: hashServerSeed(serverSeed),
    });
    renderWithShell(<FairnessPage />, { route: `/fairness?${query}` });
    const result = await screen.findByRole('region', { name: 'Result' });
    expect(within(result).getByText('Roll').nextSibling).toHaveTextContent(vector.dice.toFixed(2));
    expect(within(result).getByRole('status')).toHaveTextContent("The server seed's hash matches");
  });

  it('draws the mines of a round typed in, and refuses a field it cannot read without a result', async () => {
    const user = userEvent.setup();
    renderWithShell(<FairnessPage />, { route: '/fairness' });
    await user.selectOptions(await screen.findByLabelText('Game'), 'mines');
    await user.type(screen.getByLabelText('Server seed (revealed)'), serverSeed);
    await user.type(screen.getByLabelText('Client seed'), clientSeed);
    await user.clear(screen.getByLabelText('Mines'));
    await user.type(screen.getByLabelText('Mines'), '25');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('From 1 to 24 mines.')).toBeInTheDocument();
    expect(screen.getByText("Enter a round's seeds and press Verify.")).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Mines'));
    await user.type(screen.getByLabelText('Mines'), '3');
    await user.type(screen.getByLabelText('Server seed hash you were shown'), '00'.repeat(32));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const result = screen.getByRole('region', { name: 'Result' });
    const expected = vector.mines[3].map((tile) => tile + 1).join(', ');
    expect(within(result).getByText('Mines on tiles').nextSibling).toHaveTextContent(expected);
    expect(within(result).getByRole('status')).toHaveTextContent('differs from the one you were shown');
  });
});
