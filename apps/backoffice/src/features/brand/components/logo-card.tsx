import { BRAND_IMAGE_LIMITS, BRAND_IMAGE_TYPES } from '@parlay/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/field';
import { Icon } from '../../../components/ui/icon';
import { isApiError } from '../../../lib/api-client';
import { messageOf } from '../../../lib/form';
import { toast } from '../../../lib/toast-store';
import { useRemoveBrandLogo, useUploadBrandLogo } from '../api/upload-brand-logo';
import { imageProblem } from '../../../lib/image-check';
import { BrandCard, useBrandPage } from './brand-card';
import styles from './brand.module.css';

const { logo: LIMITS, maxBytes } = BRAND_IMAGE_LIMITS;

/**
 * The logo the site's header shows. The page checks the type by the file's first bytes and the size before it
 * sends anything; the server checks both again, decodes the image and stores its own encoding under a name it
 * makes up.
 */
export function LogoCard() {
  const { t } = useTranslation('brand');
  const { brand, settings, canWrite, onStale } = useBrandPage();
  const upload = useUploadBrandLogo(brand);
  const remove = useRemoveBrandLogo(brand);
  const input = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);

  const fail = (error: unknown) => {
    if (isApiError(error, 'BO_CHANGED_SINCE_OPENED')) onStale();
    const text = messageOf(error, t('failed'));
    setFailure(text);
    toast.error(text);
  };

  async function onFile(file: File | undefined) {
    if (!file) return;
    setFailure(null);
    const problem = await imageProblem(file, maxBytes);
    if (input.current) input.current.value = '';
    if (problem) {
      setFailure(t(`logo.problem.${problem}`, { maxKb: maxBytes / 1024 }));
      return;
    }
    try {
      await upload.mutateAsync({ file, version: settings.version });
      toast.success(t('logo.uploaded'));
    } catch (error) {
      fail(error);
    }
  }

  return (
    <BrandCard
      id="logo"
      title={t('logo.title')}
      description={t('logo.text', {
        maxKb: maxBytes / 1024,
        minWidth: LIMITS.minWidth,
        minHeight: LIMITS.minHeight,
        maxWidth: LIMITS.maxWidth,
        maxHeight: LIMITS.maxHeight,
      })}
    >
      <div className={styles.logoRow}>
        <div className={styles.logoFrame}>
          {settings.logoUrl ? (
            <img src={settings.logoUrl} alt={t('logo.current', { brand: settings.name })} className={styles.logo} />
          ) : (
            <span className={styles.logoNone}>{t('logo.none', { brand: settings.name })}</span>
          )}
        </div>
        {canWrite && (
          <div className={styles.logoActions}>
            <input
              ref={input}
              type="file"
              accept={BRAND_IMAGE_TYPES.join(',')}
              className="visually-hidden"
              id="logo-file"
              aria-label={t('logo.choose')}
              onChange={(event) => void onFile(event.target.files?.[0])}
            />
            <Button variant="secondary" disabled={upload.isPending} onClick={() => input.current?.click()}>
              <Icon name="download" size={16} className={styles.uploadIcon} />
              {upload.isPending ? t('logo.uploading') : t('logo.choose')}
            </Button>
            {settings.logoUrl && (
              <Button variant="ghost" onClick={() => setIsConfirming(true)}>
                <Icon name="trash" size={16} />
                {t('logo.remove')}
              </Button>
            )}
          </div>
        )}
      </div>
      <FormError message={failure} />
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={t('logo.removeTitle')}
        description={t('logo.removeText', { brand: settings.name })}
        confirmLabel={t('logo.remove')}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(settings.version);
            toast.success(t('logo.removed'));
          } catch (error) {
            fail(error);
            throw error;
          }
        }}
      />
    </BrandCard>
  );
}
