import { KYC_DOCUMENT_LIMITS, type KycState } from '@parlay/contract';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { Icon } from '../../../../../components/ui/icon';
import { addKoreanTexts } from '../../../../../i18n';
import texts from '../../../../../i18n/locales/ko/member-kyc.json';
import { ApiError } from '../../../../../lib/api-client';
import { useKycState, useUploadKycDocument } from '../api/kyc';
import styles from '../security-center.module.css';

addKoreanTexts('member-kyc', texts);

const MAX_MB = KYC_DOCUMENT_LIMITS.maxBytes / 1024 / 1024;

/**
 * Identity verification (decision 0043), shown only where the brand checks identities: the state (none, pending,
 * verified, rejected with the operator's reason), the documents of the current review, and an upload of a PNG, JPEG
 * or PDF of at most 5 MB, at most 3 a review (checked here for size and count, and by the server by content).
 */
export function KycCard() {
  const { t } = useTranslation('member-kyc');
  const id = useId();
  const state = useKycState();
  const upload = useUploadKycDocument();
  const input = useRef<HTMLInputElement>(null);
  const [localError, setLocalError] = useState('');
  if (!state.data?.enabled) return null;
  const kyc: KycState = state.data;
  const full = kyc.status === 'pending' && kyc.documents.length >= KYC_DOCUMENT_LIMITS.maxDocuments;
  const canUpload = kyc.status !== 'verified' && !full;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setLocalError('');
    upload.reset();
    if (!file) return;
    if (file.size > KYC_DOCUMENT_LIMITS.maxBytes) {
      setLocalError(t('tooLarge', { max: MAX_MB }));
      return;
    }
    upload.mutate(file);
  };
  const error =
    localError || (upload.error instanceof ApiError ? upload.error.message : upload.error ? t('failed') : '');

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <div className={styles.row}>
        <span className={styles.rowIcon} aria-hidden="true">
          <Icon name="user" size={18} />
        </span>
        <div className={styles.rowText}>
          <h3 id={`${id}-title`} className={styles.rowTitle}>
            {t('title')}{' '}
            <span className={styles.status} data-on={kyc.status === 'verified' || undefined}>
              {t(`status.${kyc.status}`)}
            </span>
          </h3>
          <span className={styles.muted}>{t(`text.${kyc.status}`)}</span>
          {kyc.status === 'rejected' && kyc.reason && (
            <span className={styles.warning}>{t('reason', { reason: kyc.reason })}</span>
          )}
          {kyc.withdrawalThresholdMinor !== null && kyc.status !== 'verified' && (
            <span className={styles.muted}>{t('threshold')}</span>
          )}
        </div>
      </div>
      {kyc.documents.length > 0 && (
        <ul className={styles.chips} aria-label={t('documents')}>
          {kyc.documents.map((document, index) => (
            <li key={document.id} className={styles.chip}>
              {t('document', {
                number: index + 1,
                type: t(`types.${document.contentType.split('/')[1]}`),
                size: Math.max(1, Math.round(document.sizeBytes / 1024)),
              })}
            </li>
          ))}
        </ul>
      )}
      {canUpload && (
        <div className={styles.actions}>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept="image/png,image/jpeg,application/pdf"
            hidden
            onChange={onFile}
          />
          <Button size="small" onClick={() => input.current?.click()} disabled={upload.isPending}>
            {upload.isPending ? t('uploading') : t('upload')}
          </Button>
          <span className={styles.muted}>{t('hint', { max: MAX_MB, count: KYC_DOCUMENT_LIMITS.maxDocuments })}</span>
        </div>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {upload.isSuccess && !error && (
        <p className={styles.muted} role="status">
          {t('uploaded')}
        </p>
      )}
    </section>
  );
}
