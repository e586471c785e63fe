import type { DownlineMember } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SendMoneyDialog } from './components/send-money-dialog';
import { TeamList } from './components/team-list';
import { TeamTree } from './components/team-tree';
import styles from './downline-managment-view.module.css';

const TABS = ['list', 'tree'] as const;
type Tab = (typeof TABS)[number];

/**
 * downlineManagmentView, team management (docs/product/agent-centre.md#team-and-reports): the agent's downline as a
 * searchable list and as a tree that opens a member at a time; from either, money sent to a member (its dialog).
 */
export default function DownlineManagementPage() {
  const { t } = useTranslation('member-agent');
  const [tab, setTab] = useState<Tab>('list');
  const [sendTo, setSendTo] = useState<DownlineMember | null>(null);
  return (
    <div className={styles.page}>
      <h2 className={styles.title}>{t('team.title')}</h2>
      <div role="tablist" aria-label={t('team.title')} className={styles.tabs}>
        {TABS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`agent-team-tab-${key}`}
            aria-selected={tab === key}
            aria-controls={`agent-team-panel-${key}`}
            tabIndex={tab === key ? 0 : -1}
            className={styles.tab}
            onClick={() => setTab(key)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
              const next = TABS[(TABS.indexOf(key) + 1) % TABS.length]!;
              setTab(next);
              document.getElementById(`agent-team-tab-${next}`)?.focus();
            }}
          >
            {t(`team.tabs.${key}`)}
          </button>
        ))}
      </div>
      <section role="tabpanel" id={`agent-team-panel-${tab}`} aria-labelledby={`agent-team-tab-${tab}`}>
        {tab === 'list' ? <TeamList onSend={setSendTo} /> : <TeamTree onSend={setSendTo} />}
      </section>
      {/* Mounted for each opening: a new request id, the overview read again. */}
      {sendTo && <SendMoneyDialog key={sendTo.id} member={sendTo} onClose={() => setSendTo(null)} />}
    </div>
  );
}
