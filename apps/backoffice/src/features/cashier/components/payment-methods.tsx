import { SavePaymentMethodRequestSchema, type BoPaymentMethod, type BoPaymentSettings } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorState } from '../../../components/ui/empty-state';
import { Checkbox, FormError, SelectField, TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatTime } from '../../../lib/format';
import { messageOf } from '../../../lib/form';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { usePaymentSettings, useSavePaymentMethod } from '../api/payment-methods';
import { formatMoney, minorToInput, parseMajor } from '../../../lib/money';
import styles from './cashier.module.css';

type Draft = Record<
  | 'name'
  | 'kind'
  | 'providerCode'
  | 'min'
  | 'max'
  | 'feeFixed'
  | 'feePerMille'
  | 'displayOrder'
  | 'bankName'
  | 'bankAccountNumber'
  | 'bankHolderName',
  string
> & { active: boolean };

function draftOf(method: BoPaymentMethod | null, currency: string, firstProvider: string): Draft {
  return {
    name: method?.name ?? '',
    kind: method?.kind ?? 'provider',
    providerCode: method?.providerCode ?? firstProvider,
    min: method ? minorToInput(method.minAmountMinor, currency) : '',
    max: method ? minorToInput(method.maxAmountMinor, currency) : '',
    feeFixed: method ? minorToInput(method.feeFixedMinor, currency) : '0',
    feePerMille: String(method?.feePerMille ?? 0),
    displayOrder: String(method?.displayOrder ?? 0),
    bankName: method?.bankName ?? '',
    bankAccountNumber: method?.bankAccountNumber ?? '',
    bankHolderName: method?.bankHolderName ?? '',
    active: method?.active ?? true,
  };
}

/** The dialog of one method: added, or saved with the version it was opened at. */
function MethodDialog({
  brand,
  settings,
  method,
  onClose,
}: {
  brand: string;
  settings: BoPaymentSettings;
  method: BoPaymentMethod | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('cashier');
  const save = useSavePaymentMethod(brand);
  const { currency } = settings;
  const [draft, setDraft] = useState<Draft>(() => draftOf(method, currency, settings.providers[0]?.code ?? ''));
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [key]: event.target.value });
  const isBank = draft.kind === 'manual_bank';

  async function onSave() {
    const text = (value: string) => (value.trim() === '' ? null : value.trim());
    const body = {
      name: draft.name.trim(),
      kind: draft.kind,
      providerCode: isBank ? null : text(draft.providerCode),
      minAmountMinor: parseMajor(draft.min, currency) ?? -1,
      maxAmountMinor: parseMajor(draft.max, currency) ?? -1,
      feeFixedMinor: parseMajor(draft.feeFixed, currency) ?? -1,
      feePerMille: Number(draft.feePerMille),
      displayOrder: Number(draft.displayOrder),
      active: draft.active,
      bankName: isBank ? text(draft.bankName) : null,
      bankAccountNumber: isBank ? text(draft.bankAccountNumber) : null,
      bankHolderName: isBank ? text(draft.bankHolderName) : null,
      ...(method ? { version: method.version } : {}),
    };
    const checked = SavePaymentMethodRequestSchema.safeParse(body);
    if (!checked.success) {
      setProblem(t('methods.invalid'));
      return;
    }
    try {
      await save.mutateAsync({ ...checked.data, id: method?.id });
      toast.success(t('methods.saved', { name: body.name }));
      onClose();
    } catch (error) {
      setProblem(messageOf(error, t('errors.failed')));
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={method ? t('methods.editTitle', { name: method.name }) : t('methods.addTitle')}
      description={t('methods.dialogText', { currency })}
      width={640}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={() => void onSave()} disabled={save.isPending}>
            {t('actions.save')}
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        <TextField label={t('methods.name')} value={draft.name} onChange={set('name')} />
        <SelectField label={t('methods.kind')} value={draft.kind} onChange={set('kind')}>
          <option value="provider">{t('kinds.provider')}</option>
          <option value="manual_bank">{t('kinds.manual_bank')}</option>
        </SelectField>
        {!isBank && (
          <SelectField label={t('methods.provider')} value={draft.providerCode} onChange={set('providerCode')}>
            {settings.providers.map((provider) => (
              <option key={provider.code} value={provider.code}>
                {provider.code}
              </option>
            ))}
          </SelectField>
        )}
        <TextField label={t('methods.min', { currency })} inputMode="decimal" value={draft.min} onChange={set('min')} />
        <TextField label={t('methods.max', { currency })} inputMode="decimal" value={draft.max} onChange={set('max')} />
        <TextField
          label={t('methods.feeFixed', { currency })}
          inputMode="decimal"
          value={draft.feeFixed}
          onChange={set('feeFixed')}
        />
        <TextField
          label={t('methods.feePerMille')}
          hint={t('methods.feePerMilleHint')}
          inputMode="numeric"
          value={draft.feePerMille}
          onChange={set('feePerMille')}
        />
        <TextField
          label={t('methods.displayOrder')}
          inputMode="numeric"
          value={draft.displayOrder}
          onChange={set('displayOrder')}
        />
        {isBank && (
          <>
            <TextField label={t('methods.bankName')} value={draft.bankName} onChange={set('bankName')} />
            <TextField
              label={t('methods.bankAccountNumber')}
              value={draft.bankAccountNumber}
              onChange={set('bankAccountNumber')}
            />
            <TextField
              label={t('methods.bankHolderName')}
              value={draft.bankHolderName}
              onChange={set('bankHolderName')}
            />
          </>
        )}
        <div className={styles.wide}>
          <Checkbox
            label={t('methods.active')}
            checked={draft.active}
            onChange={(event) => setDraft({ ...draft, active: event.target.checked })}
          />
        </div>
        <div className={styles.wide}>
          <FormError message={problem} />
        </div>
      </div>
    </Dialog>
  );
}

/** A brand's payment methods (decision 0039): range, fee, order, on or off; and the configured providers. */
export function PaymentMethodsPage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('cashier');
  const query = usePaymentSettings(brand);
  const canWrite = useCan('deposits.write');
  const [editing, setEditing] = useState<BoPaymentMethod | 'new' | null>(null);
  const settings = query.data;
  return (
    <>
      <PageHeader
        title={t('methods.title')}
        subtitle={t('methods.subtitle', { brand: brandName })}
        actions={
          canWrite && settings ? <Button onClick={() => setEditing('new')}>{t('methods.add')}</Button> : undefined
        }
      />
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !settings ? (
        <PageLoader />
      ) : (
        <>
          <section className={styles.section} aria-label={t('methods.title')}>
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('methods.name')}</th>
                    <th scope="col">{t('methods.kind')}</th>
                    <th scope="col">{t('methods.range')}</th>
                    <th scope="col">{t('methods.fee')}</th>
                    <th scope="col">{t('methods.displayOrder')}</th>
                    <th scope="col">{t('methods.state')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('columns.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {settings.methods.map((method) => (
                    <tr key={method.id}>
                      <td>
                        <strong>{method.name}</strong>
                      </td>
                      <td>
                        <span className={styles.name}>
                          <span>{t(`kinds.${method.kind}`)}</span>
                          <span className={styles.muted}>
                            {method.providerCode ?? `${method.bankName ?? ''} ${method.bankAccountNumber ?? ''}`}
                          </span>
                        </span>
                      </td>
                      <td className={styles.number}>
                        {formatMoney(method.minAmountMinor, settings.currency)} –{' '}
                        {formatMoney(method.maxAmountMinor, settings.currency)}
                      </td>
                      <td className={styles.number}>
                        {formatMoney(method.feeFixedMinor, settings.currency)} + {(method.feePerMille / 10).toString()}%
                      </td>
                      <td className={styles.number}>{method.displayOrder}</td>
                      <td>
                        <Badge tone={method.active ? 'ok' : 'off'}>
                          {method.active ? t('methods.on') : t('methods.off')}
                        </Badge>
                      </td>
                      <td>
                        {canWrite && (
                          <Button
                            size="small"
                            variant="secondary"
                            aria-label={t('methods.editOf', { name: method.name })}
                            onClick={() => setEditing(method)}
                          >
                            {t('actions.edit')}
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section className={styles.section} aria-labelledby="cashier-providers">
            <h2 id="cashier-providers" className={styles.subtitle}>
              {t('providers.title')}
            </h2>
            <p className={styles.muted}>{t('providers.text')}</p>
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('providers.code')}</th>
                    <th scope="col">{t('providers.adapter')}</th>
                    <th scope="col">{t('providers.baseUrl')}</th>
                    <th scope="col">{t('providers.updated')}</th>
                  </tr>
                </thead>
                <tbody>
                  {settings.providers.map((provider) => (
                    <tr key={provider.code}>
                      <td className={styles.code}>{provider.code}</td>
                      <td>{provider.adapter}</td>
                      <td className={styles.code}>{provider.baseUrl}</td>
                      <td>{formatTime(provider.updatedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          {editing && (
            <MethodDialog
              key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
              brand={brand}
              settings={settings}
              method={editing === 'new' ? null : editing}
              onClose={() => setEditing(null)}
            />
          )}
        </>
      )}
    </>
  );
}
