import type { VendorCard } from '@parlay/contract';
import { lazy, Suspense, type ComponentType, type CSSProperties, type ReactNode } from 'react';

/**
 * The seams where later features plug into the shell without editing it. Each feature exposes named
 * components from the file below; while the file does not exist, the shell renders its own fallback.
 *
 * features/auth/index.ts      AuthModals (login, register, forgot and change-password dialogs),
 *                             SignedInArea (the header's signed-in area), LoginPanel (/login page body)
 * features/games/index.ts     GameListPage (/rng /live /pvp /fish /hot /fav), GameLaunchPage (/game); the
 *                             lobby page imports its rows from it directly (they come in its chunk)
 * features/wallet/index.ts    BalanceAmount ({ hidden }: the balance text), WalletShortcuts
 * features/member/index.ts    MemberCentre (docs/product/member-centre.md#panel, driven by lib/member-centre-store)
 * features/agent/index.ts     AgentCentre (docs/product/agent-centre.md#panel, driven by lib/agent-centre-store)
 */
type Loader = () => Promise<Record<string, unknown>>;

const authModules = import.meta.glob<Record<string, unknown>>('../features/auth/index.ts');
const gamesModules = import.meta.glob<Record<string, unknown>>('../features/games/index.ts');
const walletModules = import.meta.glob<Record<string, unknown>>('../features/wallet/index.ts');

export interface Slot<P> {
  /** Whether the feature file exists in this build. */
  isPresent: boolean;
  Component: ComponentType<P & { fallback?: ReactNode }>;
}

function slot<P extends object>(modules: Record<string, Loader>, exportNames: string[]): Slot<P> {
  const loader = Object.values(modules)[0];
  if (!loader) {
    return { isPresent: false, Component: ({ fallback }) => <>{fallback ?? null}</> };
  }
  const Loaded = lazy(async () => {
    const module = await loader();
    const found = exportNames.map((name) => module[name]).find((value) => typeof value === 'function');
    // A feature file without this export leaves the shell's own part in place.
    const missing = ({ fallback }: { fallback?: ReactNode }) => <>{fallback ?? null}</>;
    return { default: (found as ComponentType<P & { fallback?: ReactNode }> | undefined) ?? missing };
  });
  return {
    isPresent: true,
    // While the feature's chunk loads nothing shows: its own loading state follows.
    Component: ({ fallback, ...props }) => (
      <Suspense fallback={null}>
        <Loaded {...(props as P)} fallback={fallback} />
      </Suspense>
    ),
  };
}

export const AuthModals = slot<object>(authModules, ['AuthModals']);
export const SignedInArea = slot<object>(authModules, ['SignedInArea']);
export const LoginPanel = slot<object>(authModules, ['LoginPanel']);
export const GameListPage = slot<{ category: string }>(gamesModules, ['GameListPage']);
export const GameLaunchPage = slot<object>(gamesModules, ['GameLaunchPage']);
export const BalanceAmount = slot<{ hidden: boolean }>(walletModules, ['BalanceAmount']);

const practiceModules = import.meta.glob<Record<string, unknown>>('../features/practice/index.ts');
/** features/practice/index.ts PracticeBalance: a free-play guest's practice balance in the header (decision 0072). */
export const PracticeBalance = slot<{ variant?: 'header' | 'card' }>(practiceModules, ['PracticeBalance']);

const memberModules = import.meta.glob<Record<string, unknown>>('../features/member/index.ts');
/** features/member/index.ts MemberCentre: the member-centre panel, opened through lib/member-centre-store. */
export const MemberCentre = slot<object>(memberModules, ['MemberCentre']);

const agentModules = import.meta.glob<Record<string, unknown>>('../features/agent/index.ts');
/** features/agent/index.ts AgentCentre: the agent-centre panel, opened through lib/agent-centre-store. */
export const AgentCentre = slot<object>(agentModules, ['AgentCentre']);

const gameDropdownModules = import.meta.glob<Record<string, unknown>>('../features/games/components/game-dropdown.tsx');
/** features/games/components/game-dropdown.tsx GameDropdown: a header category's vendors and their game cards. */
export const GameDropdown = slot<{
  id?: string;
  vendors: VendorCard[];
  title: string;
  className?: string;
  style?: CSSProperties;
}>(gameDropdownModules, ['GameDropdown']);

const protectionModules = import.meta.glob<Record<string, unknown>>('../features/protection/index.ts');
/** features/protection/index.ts ProtectionNotices: the reality check and why protection signed the member out. */
export const ProtectionNotices = slot<object>(protectionModules, ['ProtectionNotices']);
