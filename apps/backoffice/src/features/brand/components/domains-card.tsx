import { SetDomainsRequestSchema, SetSiteUrlRequestSchema } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Checkbox, TextField } from '../../../components/ui/field';
import { Icon } from '../../../components/ui/icon';
import { checkWith } from '../../../lib/form';
import { BrandCard, useBrandPage, useSavePart } from './brand-card';
import styles from './brand.module.css';

interface DomainRow {
  key: number;
  domain: string;
  isRoute: boolean;
  /** Only agents sign in on this host (decision 0059). */
  isAgentSite: boolean;
}

let nextKey = 1;

/** The hosts that open the brand, in order (a host left out no longer opens it), and the site's own address. */
export function DomainsCard() {
  const { t } = useTranslation('brand');
  const { settings, canWrite } = useBrandPage();
  const domains = useSavePart('domains');
  const siteUrl = useSavePart('siteUrl');
  const [rows, setRows] = useState<DomainRow[]>(() => settings.domains.map((entry) => ({ key: nextKey++, ...entry })));
  const [address, setAddress] = useState(settings.siteUrl ?? '');
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const [addressFailed, setAddressFailed] = useState(false);
  const isDirty =
    JSON.stringify(rows.map(({ domain, isRoute, isAgentSite }) => ({ domain, isRoute, isAgentSite }))) !==
    JSON.stringify(settings.domains);

  const update = (key: number, change: Partial<DomainRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  async function onSubmit() {
    const checked = checkWith(SetDomainsRequestSchema, {
      domains: rows.map(({ domain, isRoute, isAgentSite }) => ({ domain, isRoute, isAgentSite })),
      version: settings.version,
    });
    if (!checked.data) {
      setFailed(checked.failed);
      return;
    }
    setFailed(new Set());
    if (await domains.save({ domains: checked.data.domains })) {
      setRows(checked.data.domains.map((entry) => ({ key: nextKey++, ...entry })));
    }
  }

  async function onSaveAddress() {
    const checked = checkWith(SetSiteUrlRequestSchema, { siteUrl: address, version: settings.version });
    setAddressFailed(!checked.data);
    if (checked.data) await siteUrl.save({ siteUrl: checked.data.siteUrl });
  }

  return (
    <BrandCard
      id="domains"
      title={t('domains.title')}
      description={t('domains.text')}
      onSubmit={() => void onSubmit()}
      failure={domains.failure ?? siteUrl.failure}
      isSaving={domains.isSaving}
      isDirty={isDirty}
      saveLabel={t('domains.save')}
    >
      <div className={styles.inlineField}>
        <TextField
          label={t('domains.siteUrl')}
          hint={t('domains.siteUrlHint')}
          value={address}
          readOnly={!canWrite}
          spellCheck={false}
          autoCapitalize="none"
          onChange={(event) => setAddress(event.target.value)}
          error={addressFailed ? t('domains.siteUrlRule') : undefined}
        />
        {canWrite && (
          <Button
            variant="secondary"
            disabled={siteUrl.isSaving || address === (settings.siteUrl ?? '')}
            onClick={() => void onSaveAddress()}
          >
            {t('domains.saveSiteUrl')}
          </Button>
        )}
      </div>
      <ul className={styles.rows} aria-label={t('domains.list')}>
        {rows.map((row, index) => (
          <li key={row.key} className={styles.domainRow}>
            <TextField
              label={t('domains.domain')}
              value={row.domain}
              readOnly={!canWrite}
              spellCheck={false}
              autoCapitalize="none"
              onChange={(event) => update(row.key, { domain: event.target.value })}
              error={failed.has(`domains.${index}.domain`) ? t('domains.domainRule') : undefined}
            />
            <Checkbox
              label={t('domains.isRoute')}
              checked={row.isRoute}
              disabled={!canWrite}
              onChange={(event) => update(row.key, { isRoute: event.target.checked })}
            />
            <Checkbox
              label={t('domains.isAgentSite')}
              checked={row.isAgentSite}
              disabled={!canWrite}
              onChange={(event) => update(row.key, { isAgentSite: event.target.checked })}
            />
            {canWrite && (
              <Button
                variant="ghost"
                className={styles.remove}
                aria-label={t('domains.remove', { domain: row.domain || index + 1 })}
                onClick={() => setRows((current) => current.filter((item) => item.key !== row.key))}
              >
                <Icon name="trash" size={16} />
              </Button>
            )}
          </li>
        ))}
      </ul>
      {failed.has('domains') && <p className={styles.fieldError}>{t('domains.duplicate')}</p>}
      {canWrite && (
        <div>
          <Button
            variant="secondary"
            onClick={() =>
              setRows((current) => [...current, { key: nextKey++, domain: '', isRoute: false, isAgentSite: false }])
            }
          >
            <Icon name="plus" size={16} />
            {t('domains.add')}
          </Button>
        </div>
      )}
    </BrandCard>
  );
}
