import { HOUSE_GAME_CODES, SetHouseLimitRequestSchema, type HouseLimit } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorState } from '../../../components/ui/empty-state';
import { FormError, TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { messageOf } from '../../../lib/form';
import { useCan, useOperatorSession } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import dataTable from '../../../components/ui/data-table.module.css';
import { useHouseLimits } from '../api/get-house-limits';
import { useSetHouseLimit } from '../api/set-house-limit';
import { formatMoney, minorToInput, parseMajor } from '../../../lib/money';
import styles from './games.module.css';

type GameCode = (typeof HOUSE_GAME_CODES)[number];
type Scope = HouseLimit['scope'];

interface Editing {
  gameCode: GameCode;
  scope: Scope;
  /** The limit opened (its values and version), or null when there is none of this scope yet. */
  opened: HouseLimit | null;
  /** The values the form starts from: the limit opened, else the one the game bets under now. */
  start: HouseLimit | null;
}

/**
 * The house games' bet limits and maximum wins for the brand, in its currency: its own where set, else the
 * default ones of every brand, else the house games' built-in limits. An operator of every brand also changes
 * the default ones.
 */
export function HouseLimits({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('games');
  const canWrite = useCan('games.write');
  const session = useOperatorSession();
  const query = useHouseLimits(brand);
  const [editing, setEditing] = useState<Editing | null>(null);

  const header = <PageHeader title={t('limits.title')} subtitle={t('limits.subtitle', { brand: brandName })} />;
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <>
        {header}
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  const { currency, limits } = query.data;
  const find = (gameCode: GameCode, scope: Scope) =>
    limits.find((limit) => limit.gameCode === gameCode && limit.scope === scope) ?? null;
  const money = (minor: number) => formatMoney(minor, currency);

  return (
    <>
      {header}
      <p className={styles.note}>{t('limits.howTo', { currency })}</p>
      <div className={dataTable.scroller}>
        <table className={dataTable.table}>
          <caption className="visually-hidden">{t('limits.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('limits.game')}</th>
              <th scope="col">{t('limits.applies')}</th>
              <th scope="col">
                <span className={styles.number}>{t('limits.minBet')}</span>
              </th>
              <th scope="col">
                <span className={styles.number}>{t('limits.maxBet')}</span>
              </th>
              <th scope="col">
                <span className={styles.number}>{t('limits.maxWin')}</span>
              </th>
              <th scope="col">
                <span className="visually-hidden">{t('limits.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {HOUSE_GAME_CODES.map((gameCode) => {
              const own = find(gameCode, 'brand');
              const fallback = find(gameCode, 'default');
              const applied = own ?? fallback;
              const name = t(`houseGames.${gameCode}`);
              return (
                <tr key={gameCode}>
                  <td>
                    <span className={styles.name}>
                      <strong>{name}</strong>
                      <span className={styles.code}>{gameCode}</span>
                    </span>
                  </td>
                  <td>
                    {own ? (
                      <Badge tone="ok">{t('limits.own')}</Badge>
                    ) : fallback ? (
                      <Badge>{t('limits.default')}</Badge>
                    ) : (
                      <Badge tone="warn">{t('limits.builtIn')}</Badge>
                    )}
                  </td>
                  <td>
                    <span className={styles.number}>{applied ? money(applied.minBetMinor) : '—'}</span>
                  </td>
                  <td>
                    <span className={styles.number}>{applied ? money(applied.maxBetMinor) : '—'}</span>
                  </td>
                  <td>
                    <span className={styles.number}>{applied ? money(applied.maxWinMinor) : '—'}</span>
                  </td>
                  <td>
                    {canWrite && (
                      <span className={styles.rowActions}>
                        <Button
                          variant="secondary"
                          size="small"
                          aria-label={t('limits.editOwnOf', { game: name })}
                          onClick={() => setEditing({ gameCode, scope: 'brand', opened: own, start: applied })}
                        >
                          {own ? t('limits.editOwn') : t('limits.setOwn')}
                        </Button>
                        {session.allBrands && (
                          <Button
                            variant="secondary"
                            size="small"
                            aria-label={t('limits.editDefaultOf', { game: name })}
                            onClick={() =>
                              setEditing({ gameCode, scope: 'default', opened: fallback, start: fallback ?? own })
                            }
                          >
                            {t('limits.editDefault')}
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
      {editing && (
        <LimitDialog
          brand={brand}
          brandName={brandName}
          currency={currency}
          editing={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

type Field = 'minBetMinor' | 'maxBetMinor' | 'maxWinMinor';
const FIELDS: readonly Field[] = ['minBetMinor', 'maxBetMinor', 'maxWinMinor'];

function LimitDialog({
  brand,
  brandName,
  currency,
  editing,
  onClose,
}: {
  brand: string;
  brandName: string;
  currency: string;
  editing: Editing;
  onClose: () => void;
}) {
  const { t } = useTranslation('games');
  const save = useSetHouseLimit(brand);
  const start = editing.start;
  const [values, setValues] = useState<Record<Field, string>>({
    minBetMinor: start ? minorToInput(start.minBetMinor, currency) : '',
    maxBetMinor: start ? minorToInput(start.maxBetMinor, currency) : '',
    maxWinMinor: start ? minorToInput(start.maxWinMinor, currency) : '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const game = t(`houseGames.${editing.gameCode}`);
  const labels: Record<Field, string> = {
    minBetMinor: t('limits.minBet'),
    maxBetMinor: t('limits.maxBet'),
    maxWinMinor: t('limits.maxWin'),
  };

  async function submit() {
    const amounts = Object.fromEntries(FIELDS.map((field) => [field, parseMajor(values[field], currency) ?? NaN]));
    // The contract's schema, the one the server checks the call with; its rules said in the operator's language.
    const request = SetHouseLimitRequestSchema.safeParse({
      scope: editing.scope,
      gameCode: editing.gameCode,
      version: editing.opened?.version ?? null,
      ...amounts,
    });
    const found: Partial<Record<Field, string>> = {};
    // The schema compares the two bets only once every amount is one; said at once all the same.
    const { minBetMinor: min, maxBetMinor: max } = amounts;
    if (min !== undefined && max !== undefined && max >= 1 && max < min) found.maxBetMinor = t('limits.maxBelowMin');
    if (!request.success) {
      for (const issue of request.error.issues) {
        const field = issue.path[0] as Field;
        if (FIELDS.includes(field) && !found[field]) found[field] = t('limits.amountRule', { currency });
      }
    }
    if (!request.success || Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ brand, ...request.data });
      toast.success(
        editing.scope === 'default'
          ? t('limits.savedDefault', { game })
          : t('limits.savedOwn', { game, brand: brandName }),
      );
      onClose();
    } catch (error) {
      setFailure(messageOf(error, t('errors.failed')));
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      width={560}
      title={
        editing.scope === 'default'
          ? t('limits.defaultTitle', { game })
          : t('limits.ownTitle', { game, brand: brandName })
      }
      description={editing.scope === 'default' ? t('limits.defaultText') : t('limits.ownText')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" form="house-limit" disabled={save.isPending}>
            {t('limits.save')}
          </Button>
        </>
      }
    >
      <form
        id="house-limit"
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className={styles.threeColumns}>
          {FIELDS.map((field) => (
            <TextField
              key={field}
              label={`${labels[field]} (${currency})`}
              inputMode="decimal"
              isRequired
              value={values[field]}
              error={errors[field]}
              onChange={(event) => setValues({ ...values, [field]: event.target.value })}
            />
          ))}
        </div>
        <FormError message={failure} />
      </form>
    </Dialog>
  );
}
