import type { OperatorSession } from '@parlay/contract';
import { useParams } from 'react-router';
import { readLocal, writeLocal } from './storage';

/**
 * The brand the operator is working on: the `:brand` of the address on a brand's page, else the one chosen last
 * (if still one of the operator's), else the first. Null for an operator of no brand.
 */
export function pickBrand(session: OperatorSession, fromUrl: string | undefined): string | null {
  const codes = session.brands.map((brand) => brand.code);
  if (fromUrl && codes.includes(fromUrl)) return fromUrl;
  const stored = readLocal('brand');
  if (stored && codes.includes(stored)) return stored;
  return codes[0] ?? null;
}

export function useCurrentBrand(session: OperatorSession): string | null {
  const { brand } = useParams();
  return pickBrand(session, brand);
}

export function rememberBrand(code: string): void {
  writeLocal('brand', code);
}
