import type { BoLotteryGame, BoLotterySettingsRow } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/empty-state';
import { SelectField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import dataTable from '../../../components/ui/data-table.module.css';
import { formatMoney } from '../../../lib/money';
import { useCan, useOperatorSession } from '../../../lib/session';
import { useLotteryGames } from '../api/lottery';
import { SettingsDialog, type Editing } from './settings-dialog';
import styles from './lottery.module.css';

/**
 * The families the list filters on: the fast lotteries, the e-lottery, the Vietnamese regional draws, the SEA 4D
 * draws.
 */
const FAMILIES = ['fast', 'keno', 'vn', 'sea'] as const;

/** What a game bets under now: its own settings, else every brand's default, else the rules'. */
function appliedOf(game: BoLotteryGame): { row: BoLotterySettingsRow | null; source: 'own' | 'default' | 'rules' } {
  if (game.own) return { row: game.own, source: 'own' };
  if (game.fallback) return { row: game.fallback, source: 'default' };
  return { row: null, source: 'rules' };
}

/**
 * The brand's lottery games (issue 38): for each, whether it takes bets, how long before the draw betting
 * closes, the most the brand may owe on one number of one draw, and which prize modes' odds it sets. The brand's
 * own settings where it has them, else every brand's default ones, else the rules'; an operator of every brand
 * also changes the default ones. Saved with the version opened and audited by the server.
 */
export function LotteryGamesPage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('lottery');
  const canWrite = useCan('games.write');
  const session = useOperatorSession();
  const query = useLotteryGames(brand);
  const [family, setFamily] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);

  const header = <PageHeader title={t('games.title')} subtitle={t('games.subtitle', { brand: brandName })} />;
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <>
        {header}
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  const { currency, games } = query.data;
  const shown = family ? games.filter((game) => game.family === family) : games;
  // The dialog follows the game as the page now has it (after a save, another operator's change).
  const editedGame = editing && games.find((game) => game.code === editing.game.code);

  return (
    <>
      {header}
      <p className={styles.note}>{t('games.howTo')}</p>
      <div className={styles.filters}>
        <SelectField label={t('games.family')} value={family} onChange={(event) => setFamily(event.target.value)}>
          <option value="">{t('games.allFamilies')}</option>
          {FAMILIES.map((value) => (
            <option key={value} value={value}>
              {t(`families.${value}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className={dataTable.scroller}>
        <table className={dataTable.table}>
          <caption className="visually-hidden">{t('games.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('games.game')}</th>
              <th scope="col">{t('games.applies')}</th>
              <th scope="col">{t('games.status')}</th>
              <th scope="col">
                <span className={styles.number}>{t('games.close')}</span>
              </th>
              <th scope="col">
                <span className={styles.number}>{t('games.liability')}</span>
              </th>
              <th scope="col">{t('games.odds')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('games.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((game) => {
              const { row, source } = appliedOf(game);
              const modes = row ? Object.keys(row.odds) : [];
              const enabled = row?.enabled ?? true;
              return (
                <tr key={game.code}>
                  <td>
                    <span className={`${styles.name} ${styles.gameName}`}>
                      <strong>{game.name}</strong>
                      <span className={styles.code}>
                        {game.code} ·{' '}
                        {game.region
                          ? t('games.daily', { region: t(`regions.${game.region}`) })
                          : game.family === 'sea'
                            ? t('games.seaDays')
                            : t('games.every', { count: game.intervalMinutes })}
                      </span>
                    </span>
                  </td>
                  <td>
                    {source === 'own' ? (
                      <Badge tone="ok">{t('games.own')}</Badge>
                    ) : source === 'default' ? (
                      <Badge>{t('games.default')}</Badge>
                    ) : (
                      <Badge tone="warn">{t('games.rules')}</Badge>
                    )}
                  </td>
                  <td>
                    <Badge tone={enabled ? 'ok' : 'off'}>{enabled ? t('games.on') : t('games.off')}</Badge>
                  </td>
                  <td>
                    <span className={styles.number}>
                      {t('games.seconds', { count: row?.closeSeconds ?? game.defaultCloseSeconds })}
                    </span>
                  </td>
                  <td>
                    <span className={styles.number}>
                      {formatMoney(row?.maxLiabilityMinor ?? game.defaultMaxLiabilityMinor, currency)}
                    </span>
                  </td>
                  <td>
                    {modes.length > 0 ? modes.join(', ') : <span className={styles.muted}>{t('games.rulesOdds')}</span>}
                  </td>
                  <td>
                    {canWrite && (
                      <span className={styles.rowActions}>
                        <Button
                          variant="secondary"
                          size="small"
                          aria-label={t('games.editOwnOf', { game: game.name })}
                          onClick={() => setEditing({ game, scope: 'brand' })}
                        >
                          {game.own ? t('games.editOwn') : t('games.setOwn')}
                        </Button>
                        {session.allBrands && (
                          <Button
                            variant="secondary"
                            size="small"
                            aria-label={t('games.editDefaultOf', { game: game.name })}
                            onClick={() => setEditing({ game, scope: 'default' })}
                          >
                            {t('games.editDefault')}
                          </Button>
                        )}
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {editing && editedGame && (
        <SettingsDialog
          brand={brand}
          brandName={brandName}
          currency={currency}
          editing={{ ...editing, game: editedGame }}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
