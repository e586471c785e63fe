import { create } from 'zustand';
import { configureApiClient } from './api-client';
import { noteSessionEnd } from './session-end';
import { clearSession, readSession, writeSession } from './storage';

/** Member info (docs/product/accounts.md#member-info), as far as the shell reads it. */
export interface SessionMember {
  id: number;
  account: string;
  nickname?: string | null;
  /** Agent type: 1, 2, 41, 42 agents; 4 a trial (non-real) account. */
  type: number;
  toUpline?: boolean;
  clubLabel?: { labelName: string; rankLevel: number } | null;
  memberLabel?: { labelName: string }[];
  /** A free-play guest: practice money only (decision 0072). */
  isFreePlay?: boolean;
}

export interface SessionStart {
  token: string;
  isAgent: number;
  account: string;
}

interface SessionState {
  token: string | null;
  /** Numeric agent type, kept under the spec's key 'isAgent'. */
  isAgent: number | null;
  account: string | null;
  merchant: string | null;
  merchantCode: string | null;
  member: SessionMember | null;
  /** Signed in means a session token is stored (docs/product/accounts.md#sessions). */
  isSignedIn: boolean;
  /** Stores the token after a sign-in; member info follows with `setMember`. */
  startSession: (session: SessionStart) => void;
  setMember: (member: SessionMember) => void;
  /** Remembers the brand so a logout can restore merchant and merchantCode. */
  setBrand: (merchant: string, merchantCode: string) => void;
  /**
   * Clears session storage and restores merchant and merchantCode from the brand
   * (docs/product/site-shell-and-routes.md#logout).
   */
  endSession: () => void;
}

const AGENT_AREA_TYPES = [1, 2, 41, 42];
const NON_REAL_TYPE = 4;

function readNumber(key: 'isAgent'): number | null {
  const raw = readSession(key);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isInteger(value) ? value : null;
}

let brandMerchant: { merchant: string; merchantCode: string } | null = null;

export const useSessionStore = create<SessionState>()((set) => {
  const token = readSession('token');
  return {
    token,
    isAgent: readNumber('isAgent'),
    account: readSession('account'),
    merchant: readSession('merchant'),
    merchantCode: readSession('merchantCode'),
    member: null,
    isSignedIn: token !== null,
    startSession: ({ token: next, isAgent, account }) => {
      writeSession('token', next);
      writeSession('isAgent', String(isAgent));
      writeSession('account', account);
      set({ token: next, isAgent, account, isSignedIn: true });
    },
    setMember: (member) => {
      writeSession('isAgent', String(member.type));
      writeSession('account', member.account);
      set({ member, isAgent: member.type, account: member.account });
    },
    setBrand: (merchant, merchantCode) => {
      brandMerchant = { merchant, merchantCode };
      writeSession('merchant', merchant);
      writeSession('merchantCode', merchantCode);
      set({ merchant, merchantCode });
    },
    endSession: () => {
      clearSession();
      if (brandMerchant) {
        writeSession('merchant', brandMerchant.merchant);
        writeSession('merchantCode', brandMerchant.merchantCode);
      }
      set({
        token: null,
        isAgent: null,
        account: null,
        member: null,
        isSignedIn: false,
        merchant: brandMerchant?.merchant ?? null,
        merchantCode: brandMerchant?.merchantCode ?? null,
      });
    },
  };
});

/** A trial account (type 4) is not real: protected actions are refused and the member centre hidden. */
export function isRealAccount(isAgent: number | null | undefined): boolean {
  return isAgent !== NON_REAL_TYPE;
}

/**
 * A free-play guest (decision 0072): it plays the house games with practice money, and every real-money action is
 * refused as a trial account's is.
 */
export function isFreePlayGuest(member: Pick<SessionMember, 'isFreePlay'> | null | undefined): boolean {
  return member?.isFreePlay === true;
}

/** Agent types 1, 2, 41 and 42 see the agent area. */
export function canSeeAgentArea(isAgent: number | null | undefined): boolean {
  return isAgent !== null && isAgent !== undefined && AGENT_AREA_TYPES.includes(isAgent);
}

/** The API client reads the token from this store; a refused token ends the session here. */
export function connectSessionToApiClient(): void {
  configureApiClient({
    getToken: () => useSessionStore.getState().token,
    onUnauthorised: (value) => {
      noteSessionEnd(value);
      useSessionStore.getState().endSession();
    },
  });
}
