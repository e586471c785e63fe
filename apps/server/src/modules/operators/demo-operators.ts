import type { RoleName } from '@parlay/contract';

/**
 * The demo operators' password and authenticator secret, listed in README: for the demo only. Any
 * authenticator app takes the secret, or `npm run admin -- operators totp demo-owner` prints the code now.
 */
export const DEMO_OPERATOR_PASSWORD = 'parlay-demo-operator';
export const DEMO_TOTP_SECRET = 'PARLAYDEMOTOTPSECRETNOTFORPROD22';

/** One demo operator per role; the owner acts on every brand, the others on the demo brand. */
export const DEMO_OPERATORS: readonly { login: string; name: string; role: RoleName }[] = [
  { login: 'demo-owner', name: 'Demo Owner', role: 'owner' },
  { login: 'demo-admin', name: 'Demo Admin', role: 'admin' },
  { login: 'demo-finance', name: 'Demo Finance', role: 'finance' },
  { login: 'demo-risk', name: 'Demo Risk', role: 'risk' },
  { login: 'demo-support', name: 'Demo Support', role: 'support' },
  { login: 'demo-content', name: 'Demo Content', role: 'content' },
  { login: 'demo-readonly', name: 'Demo Read-only', role: 'readOnly' },
];
