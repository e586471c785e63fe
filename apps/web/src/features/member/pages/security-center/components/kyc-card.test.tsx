import { KYC_CALLS, KycStateResponseSchema, type KycState } from '@parlay/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../../../i18n/index';
import { useSessionStore } from '../../../../../lib/session-store';
import { fail, ok } from '../../../../../test/api';
import { renderWithShell } from '../../../../../test/render-with-shell';
import { server } from '../../../../../test/server';
import { KycCard } from './kyc-card';

const state = (changes: Partial<KycState> = {}): KycState => ({
  enabled: true,
  status: 'none',
  reason: null,
  documents: [],
  submittedAt: null,
  reviewedAt: null,
  withdrawalThresholdMinor: 1_000_000,
  ...changes,
});

describe('KycCard', () => {
  beforeEach(async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo01' });
    await i18n.changeLanguage('en');
  });
  afterEach(() => cleanup());

  it('shows nothing where the brand does not check identities', async () => {
    let asked = false;
    server.use(
      http.get(KYC_CALLS.kycStatus.path, () => {
        asked = true;
        return ok(KycStateResponseSchema, state({ enabled: false }));
      }),
    );
    const { container } = renderWithShell(<KycCard />);
    await expect.poll(() => asked).toBe(true);
    expect(container.querySelector('section')).toBeNull();
  });

  it("uploads a document and shows the review; a rejection shows the operator's reason", async () => {
    const sent: string[] = [];
    server.use(
      http.get(KYC_CALLS.kycStatus.path, () =>
        ok(KycStateResponseSchema, state({ status: 'rejected', reason: 'The photo is blurry' })),
      ),
      http.post(KYC_CALLS.uploadKycDocument.path, async ({ request }) => {
        sent.push(await request.text());
        return ok(
          KycStateResponseSchema,
          state({
            status: 'pending',
            documents: [{ id: 7, contentType: 'application/pdf', sizeBytes: 2048, uploadedAt: '2026-11-27T10:00:00Z' }],
          }),
        );
      }),
    );
    renderWithShell(<KycCard />);
    const card = await screen.findByRole('region', { name: /Identity verification/ });
    expect(within(card).getByText('Rejected')).toBeVisible();
    expect(within(card).getByText('Reason: The photo is blurry')).toBeVisible();
    const input = card.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['%PDF-1.4 %%EOF'], 'id.pdf', { type: 'application/pdf' }));
    expect(await within(card).findByText('Under review')).toBeVisible();
    expect(within(card).getByText('1. PDF, 2 KB')).toBeVisible();
    expect(sent).toEqual(['%PDF-1.4 %%EOF']);
  });

  it('refuses a file over 5 MB before sending it, and shows the server’s refusal of the content', async () => {
    let posts = 0;
    server.use(
      http.get(KYC_CALLS.kycStatus.path, () => ok(KycStateResponseSchema, state())),
      http.post(KYC_CALLS.uploadKycDocument.path, () => {
        posts += 1;
        return fail('KYC_DOCUMENT_INVALID');
      }),
    );
    renderWithShell(<KycCard />);
    const card = await screen.findByRole('region', { name: /Identity verification/ });
    const input = card.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('The file is larger than 5 MB.');
    expect(posts).toBe(0);
    await userEvent.upload(input, new File(['not an image'], 'x.png', { type: 'image/png' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Only PNG, JPEG or PDF files can be uploaded.');
    expect(posts).toBe(1);
  });
});
