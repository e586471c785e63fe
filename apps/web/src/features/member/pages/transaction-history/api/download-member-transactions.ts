import type { ErrorCode } from '@parlay/contract';
import { WALLET_CALLS } from '@parlay/contract/constants';
import { ApiError } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { getStoredLanguage } from '../../../../../lib/storage';
import type { TransactionsFilter } from './get-member-transactions';

/**
 * GET /wps/member/transactions/export: the movements the filter matches as CSV, which the server streams; saved
 * under the name the server gives. The session travels as a header, so this is a fetch and not a link.
 */
export async function downloadMemberTransactions(filter: TransactionsFilter): Promise<string> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, String(value));
  const token = useSessionStore.getState().token;
  const response = await fetch(`${WALLET_CALLS.memberTransactionsExport.path}?${params.toString()}`, {
    headers: { language: getStoredLanguage(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const envelope = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError(
      (envelope.code ?? 'SYSTEM_ERROR') as ErrorCode,
      envelope.message ?? response.statusText,
      response.status,
    );
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'transactions.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}
