import {
  CreateInviteLinkRequestSchema,
  type DownlineAccountKind,
  type InviteLink,
  type InviteLinks as InviteLinkList,
} from '@parlay/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { Modal } from '../../../../../components/ui/dialog';
import { EmptyState } from '../../../../../components/ui/empty-state';
import { Icon } from '../../../../../components/ui/icon';
import { QrCode, loadQrCodeLibrary } from '../../../../../components/ui/qr-code';
import { ApiError } from '../../../../../lib/api-client';
import { useOptionalBrand } from '../../../../../lib/brand';
import { useContractLabels } from '../../contracts/components/contract-labels';
import { useCreateInviteLink, useDisableInviteLink } from '../api/invite-links';
import styles from '../register-center.module.css';
import {
  LinkContractTerms,
  readLinkTerms,
  useOwnContracts,
  useTermsSummary,
  type LinkTermsDraft,
} from './link-contract-terms';

/** How long "Copied" stays on a copy button. */
export const COPIED_FOR_MS = 2_500;

/**
 * My invitation links (decision 0064): a form for a new one (a label, and whom it makes of a registrant), then each
 * link with its code, registrations and state, and its actions: copy the link, its QR code in a dialog, disable.
 */
export function InviteLinks({ list }: { list: InviteLinkList }) {
  const { t, i18n } = useTranslation('member-agent');
  const timeZone = useOptionalBrand()?.brand?.timeZone ?? 'Asia/Seoul';
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'ko', { dateStyle: 'short', timeZone });
  const [qrFor, setQrFor] = useState<InviteLink | null>(null);
  const termsSummary = useTermsSummary();
  const active = list.items.filter((link) => link.active).length;

  return (
    <section className={styles.section} aria-labelledby="agent-links-title">
      <h3 id="agent-links-title" className={styles.subtitle}>
        {t('accounts.links.title')}
      </h3>
      <CreateLinkForm subAgentsAllowed={list.subAgentsAllowed} isFull={active >= list.max} max={list.max} />
      {list.items.length === 0 ? (
        <EmptyState compact icon="invite" title={t('accounts.links.empty')} text={t('accounts.links.emptyText')} />
      ) : (
        <div className={styles.scroll} role="region" aria-labelledby="agent-links-title" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('accounts.links.label')}</th>
                <th scope="col">{t('accounts.links.code')}</th>
                <th scope="col">{t('accounts.links.type')}</th>
                <th scope="col">{t('accounts.links.terms.column')}</th>
                <th scope="col">{t('accounts.links.registrations')}</th>
                <th scope="col">{t('accounts.links.created')}</th>
                <th scope="col">{t('accounts.links.status')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('accounts.links.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((link) => (
                <tr key={link.id} data-active={link.active || undefined} data-testid="invite-link">
                  <th scope="row" className={styles.linkLabel}>
                    {link.label}
                  </th>
                  <td data-label={t('accounts.links.code')}>
                    <code className={styles.code}>{link.code}</code>
                  </td>
                  <td data-label={t('accounts.links.type')}>{t(`accounts.types.${link.accountType}`)}</td>
                  <td data-label={t('accounts.links.terms.column')} className={styles.linkTerms}>
                    {termsSummary(link.contractTerms)}
                  </td>
                  <td data-label={t('accounts.links.registrations')} className={styles.number}>
                    {link.registrations}
                  </td>
                  <td data-label={t('accounts.links.created')}>{date.format(new Date(link.createdAt))}</td>
                  <td data-label={t('accounts.links.status')} data-status={link.active ? 'active' : 'disabled'}>
                    {link.active ? t('accounts.links.active') : t('accounts.links.disabled')}
                  </td>
                  <td className={styles.rowActions}>
                    {link.active && <LinkActions link={link} onQr={() => setQrFor(link)} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {qrFor?.url && (
        <Modal
          open
          onOpenChange={(open) => !open && setQrFor(null)}
          title={t('accounts.qr.title', { label: qrFor.label })}
          width={360}
          height={0}
          name="inviteLinkQr"
        >
          <figure className={styles.qr}>
            <QrCode text={qrFor.url} size={220} label={t('accounts.qr.label', { label: qrFor.label })} />
            <figcaption>{t('accounts.qr.caption')}</figcaption>
            <code className={styles.url}>{qrFor.url}</code>
          </figure>
        </Modal>
      )}
    </section>
  );
}

function CreateLinkForm({
  subAgentsAllowed,
  isFull,
  max,
}: {
  subAgentsAllowed: boolean;
  isFull: boolean;
  max: number;
}) {
  const { t } = useTranslation('member-agent');
  const ids = useId();
  const create = useCreateInviteLink();
  const [label, setLabel] = useState('');
  const [kind, setKind] = useState<DownlineAccountKind>('member');
  const [error, setError] = useState<string | null>(null);
  // A sub-agent link's contract terms (decision 0064): bounded by my own contracts, read only for such a link.
  const accountType = subAgentsAllowed ? kind : 'member';
  const owns = useOwnContracts(accountType === 'agent');
  const exponent = useOptionalBrand()?.brand?.currencyExponent ?? 0;
  const labels = useContractLabels();
  const [terms, setTerms] = useState<LinkTermsDraft>({});
  const [termsError, setTermsError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    const contractTerms =
      accountType === 'agent' ? readLinkTerms(terms, owns.own, { exponent, rate: labels.rate }, t) : [];
    const body = { label: label.trim(), accountType } as const;
    if (!CreateInviteLinkRequestSchema.safeParse(body).success) {
      setError(t('accounts.links.labelRequired'));
      return;
    }
    setError(null);
    if (typeof contractTerms === 'string') {
      setTermsError(contractTerms);
      return;
    }
    setTermsError(null);
    create.mutate(contractTerms.length > 0 ? { ...body, contractTerms } : body, {
      onSuccess: () => {
        setLabel('');
        setTerms({});
      },
    });
  }

  const serverError =
    create.error instanceof ApiError ? create.error.message : create.isError ? t('accounts.links.failed') : null;
  return (
    <form className={styles.linkForm} onSubmit={onSubmit} noValidate>
      <div className={styles.field}>
        <label htmlFor={`${ids}-label`} className={styles.label}>
          {t('accounts.links.label')}
        </label>
        <input
          id={`${ids}-label`}
          className={styles.input}
          maxLength={40}
          placeholder={t('accounts.links.labelHint')}
          value={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-label-error` : undefined}
          onChange={(event) => setLabel(event.target.value)}
        />
        {error && (
          <span id={`${ids}-label-error`} className={styles.fieldError}>
            {error}
          </span>
        )}
      </div>
      {subAgentsAllowed && (
        <div className={styles.field}>
          <label htmlFor={`${ids}-kind`} className={styles.label}>
            {t('accounts.links.joinAs')}
          </label>
          <select
            id={`${ids}-kind`}
            className={styles.input}
            value={kind}
            onChange={(event) => setKind(event.target.value as DownlineAccountKind)}
          >
            <option value="member">{t('accounts.types.member')}</option>
            <option value="agent">{t('accounts.types.agent')}</option>
          </select>
        </div>
      )}
      {accountType === 'agent' && (
        <LinkContractTerms
          own={owns.own}
          isPending={owns.isPending}
          exponent={exponent}
          value={terms}
          onChange={(next) => {
            setTerms(next);
            setTermsError(null);
          }}
        />
      )}
      {termsError && (
        <p className={styles.error} role="alert">
          {termsError}
        </p>
      )}
      <Button type="submit" disabled={create.isPending || isFull}>
        {create.isPending ? t('accounts.links.busy') : t('accounts.links.create')}
      </Button>
      {isFull && <p className={styles.hint}>{t('accounts.links.full', { max })}</p>}
      {serverError && (
        <p className={styles.error} role="alert">
          {serverError}
        </p>
      )}
    </form>
  );
}

/** A link's actions: copy it, its QR code, and disable it (asked once more: a disabled link is not enabled again). */
function LinkActions({ link, onQr }: { link: InviteLink; onQr: () => void }) {
  const { t } = useTranslation('member-agent');
  const disable = useDisableInviteLink();
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (copied === null) return;
    const timer = setTimeout(() => setCopied(null), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function onCopy() {
    if (!link.url) return;
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link.url);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  }

  if (confirming) {
    return (
      <div className={styles.linkActions} role="group" aria-label={t('accounts.links.confirm', { label: link.label })}>
        <span className={styles.hint}>{t('accounts.links.confirm', { label: link.label })}</span>
        <Button
          variant="secondary"
          size="small"
          disabled={disable.isPending}
          onClick={() => disable.mutate({ id: link.id }, { onSettled: () => setConfirming(false) })}
        >
          {t('accounts.links.disableYes')}
        </Button>
        <Button variant="ghost" size="small" onClick={() => setConfirming(false)}>
          {t('accounts.links.disableNo')}
        </Button>
      </div>
    );
  }
  return (
    <>
      <div className={styles.linkActions}>
        {link.url ? (
          <>
            <Button
              variant="secondary"
              size="small"
              aria-label={t('accounts.links.copyFor', { label: link.label })}
              onClick={() => void onCopy()}
            >
              {copied === 'copied' && <Icon name="check" size={14} aria-hidden="true" />}
              {copied === 'copied' ? t('accounts.links.copied') : t('accounts.links.copy')}
            </Button>
            <Button
              variant="secondary"
              size="small"
              aria-label={t('accounts.links.qrFor', { label: link.label })}
              onPointerEnter={() => void loadQrCodeLibrary()}
              onFocus={() => void loadQrCodeLibrary()}
              onClick={onQr}
            >
              {t('accounts.links.qr')}
            </Button>
          </>
        ) : (
          <span className={styles.hint}>{t('accounts.links.noUrl')}</span>
        )}
        <Button
          variant="ghost"
          size="small"
          aria-label={t('accounts.links.disableFor', { label: link.label })}
          onClick={() => setConfirming(true)}
        >
          {t('accounts.links.disable')}
        </Button>
      </div>
      {copied === 'failed' && (
        <p className={styles.copyFailed} role="status">
          {t('accounts.links.copyFailed', { url: link.url })}
        </p>
      )}
    </>
  );
}
