import type { HouseOrigin } from './catalogue';

/**
 * The verifier page's address on the vendor's public origin ({publicUrl}{basePath}/verify) with a round's
 * public inputs: what a betting record links to, for a seeded round and a crash bet alike.
 */
export function verifierUrl(origin: HouseOrigin, inputs: Readonly<Record<string, string>>): string {
  return `${origin.publicUrl}${origin.basePath}/verify?${new URLSearchParams(inputs).toString()}`;
}
