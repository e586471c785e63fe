import type { PlayerProfile } from '@parlay/contract';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useKeysetList, type KeysetList } from '../../../hooks/use-keyset-list';
import type { PlayerRef } from '../api/query-keys';
import { PlayerLedger } from './player-ledger';
import { PlayerNotes } from './player-notes';
import { PlayerRounds } from './player-rounds';
import { PlayerSessions } from './player-sessions';
import { PlayerSignIns } from './player-sign-ins';
import styles from './players.module.css';

export const PLAYER_TABS = ['ledger', 'rounds', 'sessions', 'signIns', 'notes'] as const;
export type PlayerTab = (typeof PLAYER_TABS)[number];
const FILTERS = ['tab', 'status', 'vendor'] as const;

/** What a tab's list needs: the player, the currency's decimals, and its page and filters in the address. */
export interface TabProps {
  playerRef: PlayerRef;
  player: PlayerProfile;
  list: KeysetList<(typeof FILTERS)[number]>;
}

/**
 * The player's lists, one tab each. The tab, its filters and its page are in the address (useKeysetList), so a
 * colleague opens the same ledger page from a link; another tab starts at its first page.
 */
export function PlayerTabs({ playerRef, player }: { playerRef: PlayerRef; player: PlayerProfile }) {
  const { t } = useTranslation('players');
  const list = useKeysetList(FILTERS);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const current: PlayerTab = (PLAYER_TABS as readonly string[]).includes(list.filters.tab)
    ? (list.filters.tab as PlayerTab)
    : 'ledger';
  const choose = (tab: PlayerTab) => list.setFilters({ tab: tab === 'ledger' ? '' : tab, status: '', vendor: '' });

  // Arrow keys move between tabs, as a tab list does (WAI-ARIA authoring practices).
  function onKeyDown(event: KeyboardEvent) {
    const index = PLAYER_TABS.indexOf(current);
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    let next: number | undefined;
    if (step !== undefined) next = (index + step + PLAYER_TABS.length) % PLAYER_TABS.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = PLAYER_TABS.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    const tab = PLAYER_TABS[next] ?? 'ledger';
    choose(tab);
    tabs.current[next]?.focus();
  }

  const props: TabProps = { playerRef, player, list };
  return (
    <section className={styles.tabsSection}>
      <div role="tablist" aria-label={t('tabs.label')} className={styles.tabs} onKeyDown={onKeyDown}>
        {PLAYER_TABS.map((tab, index) => (
          <button
            key={tab}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`player-tab-${tab}`}
            aria-selected={tab === current}
            // Only the chosen tab's panel is drawn: a reference to an absent one would be broken.
            aria-controls={tab === current ? `player-panel-${tab}` : undefined}
            tabIndex={tab === current ? 0 : -1}
            className={styles.tab}
            onClick={() => tab !== current && choose(tab)}
          >
            {t(`tabs.${tab}`)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`player-panel-${current}`}
        aria-labelledby={`player-tab-${current}`}
        className={styles.panel}
      >
        {current === 'ledger' && <PlayerLedger {...props} />}
        {current === 'rounds' && <PlayerRounds {...props} />}
        {current === 'sessions' && <PlayerSessions {...props} />}
        {current === 'signIns' && <PlayerSignIns {...props} />}
        {current === 'notes' && <PlayerNotes {...props} />}
      </div>
    </section>
  );
}
