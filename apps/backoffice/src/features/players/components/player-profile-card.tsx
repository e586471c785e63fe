import type { PlayerProfile } from '@parlay/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { formatTime } from '../../../lib/format';
import { AgentTypeText, phoneOf, PlayerStatusBadge } from './player-labels';
import styles from './players.module.css';

/** The account: who the player is, how and where they registered and signed in, the password's state. */
export function PlayerProfileCard({ player }: { player: PlayerProfile }) {
  const { t } = useTranslation('players');
  const rows: [string, ReactNode][] = [
    [
      t('fields.status'),
      <>
        <PlayerStatusBadge status={player.status} />
        {player.statusReason && (
          <span className={styles.note}>
            {' '}
            {t('profile.statusBecause', { reason: player.statusReason, at: formatTime(player.statusChangedAt) })}
          </span>
        )}
      </>,
    ],
    [t('fields.id'), <span className="mono">{player.id}</span>],
    [
      t('fields.agentType'),
      <>
        <AgentTypeText agentType={player.agentType} />
        {player.isFreePlay && (
          <span className={styles.note}> {t('profile.freePlay', { at: formatTime(player.expiresAt) })}</span>
        )}
      </>,
    ],
    [t('fields.nickname'), player.nickname ?? '—'],
    [t('profile.fullname'), player.fullname ?? '—'],
    [t('profile.payeeName'), player.payeeName ?? '—'],
    [t('fields.phone'), phoneOf(player)],
    [t('fields.email'), player.email ?? '—'],
    [t('profile.language'), player.language ?? '—'],
    [t('profile.rankLevel'), player.rankLevel],
    [
      t('profile.labels'),
      player.labels.length > 0 ? (
        <span className={styles.badges}>
          {player.labels.map((label) => (
            <Badge key={label}>{label}</Badge>
          ))}
        </span>
      ) : (
        '—'
      ),
    ],
    [t('profile.upline'), player.upline ?? '—'],
    [t('profile.inviteCode'), player.inviteCode ?? '—'],
    [
      t('fields.registeredAt'),
      <>
        {formatTime(player.registeredAt)}
        <span className={styles.note}>
          {' '}
          {[player.registerMethod, player.registerIp, player.registerDomain].filter(Boolean).join(' · ')}
        </span>
      </>,
    ],
    [
      t('fields.lastLogin'),
      <>
        {formatTime(player.lastLoginAt)}
        {player.lastLoginIp && <span className={styles.note}> {player.lastLoginIp}</span>}
      </>,
    ],
    [t('profile.previousLogin'), formatTime(player.previousLoginAt)],
    [
      t('profile.password'),
      <>
        {player.passwordChangedAt ? t('profile.passwordChanged', { at: formatTime(player.passwordChangedAt) }) : '—'}{' '}
        <span className={styles.badges}>
          {player.passwordIsDefault && <Badge tone="warn">{t('profile.passwordDefault')}</Badge>}
          {player.passwordExpired && (
            <Badge tone="warn">
              {player.forcePasswordChange ? t('profile.passwordMustChange') : t('profile.passwordExpired')}
            </Badge>
          )}
        </span>
      </>,
    ],
    [
      t('profile.failedSignIns'),
      <>
        {player.failedSignIns}
        {player.signInWaitUntil && (
          <span className={styles.note}> {t('profile.waitUntil', { at: formatTime(player.signInWaitUntil) })}</span>
        )}
      </>,
    ],
    [
      t('profile.authenticator'),
      player.hasAuthenticator ? t('profile.authenticatorOn') : t('profile.authenticatorOff'),
    ],
  ];
  return (
    <section className={styles.card} aria-labelledby="player-profile">
      <h2 id="player-profile" className={styles.cardTitle}>
        {t('profile.title')}
      </h2>
      <dl className={styles.facts}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.fact}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
