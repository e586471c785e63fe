import type { BrandSettings } from '@parlay/contract';
import { createContext, useContext, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-client';
import { messageOf } from '../../../lib/form';
import { toast } from '../../../lib/toast-store';
import { useSaveBrandPart, type BrandPart, type BrandParts } from '../api/save-brand-part';
import styles from './brand.module.css';

/** What every card of the page shares: the settings as last read or saved, and whether the roles may change them. */
export interface BrandPageState {
  brand: string;
  settings: BrandSettings;
  canWrite: boolean;
  /** Another operator saved since the page opened: the page says so and offers to reload. */
  onStale: () => void;
}

export const BrandPageContext = createContext<BrandPageState | null>(null);

export function useBrandPage(): BrandPageState {
  const state = useContext(BrandPageContext);
  if (!state) throw new Error('useBrandPage outside the brand page');
  return state;
}

type WithoutVersion<P extends BrandPart> = Omit<BrandParts[P], 'version'>;

/**
 * Saves one part with the version the page holds (its own saves move it on; another operator's is refused as
 * BO_CHANGED_SINCE_OPENED). Resolves true when saved; says why not in a toast and under the form.
 */
export function useSavePart<P extends BrandPart>(part: P) {
  const { t } = useTranslation('brand');
  const { brand, settings, onStale } = useBrandPage();
  const mutation = useSaveBrandPart(brand, part);
  const [failure, setFailure] = useState<string | null>(null);
  async function save(values: WithoutVersion<P>, savedText = t('saved')): Promise<boolean> {
    setFailure(null);
    try {
      await mutation.mutateAsync({ ...values, version: settings.version } as BrandParts[P]);
      toast.success(savedText);
      return true;
    } catch (error) {
      if (isApiError(error, 'BO_CHANGED_SINCE_OPENED')) onStale();
      const text = messageOf(error, t('failed'));
      setFailure(text);
      toast.error(text);
      return false;
    }
  }
  return { save, failure, setFailure, isSaving: mutation.isPending };
}

/** One part of the brand's settings: a titled card with its own form and Save button. */
export function BrandCard({
  id,
  title,
  description,
  status,
  children,
  onSubmit,
  failure,
  isSaving,
  isDirty = true,
  saveLabel,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  status?: ReactNode;
  children: ReactNode;
  /** Absent: the card saves as it goes (the flags), with no Save button. */
  onSubmit?: () => void;
  failure?: string | null;
  isSaving?: boolean;
  isDirty?: boolean;
  saveLabel?: string;
}) {
  const { t } = useTranslation('brand');
  const { canWrite } = useBrandPage();
  const titleId = `${id}-title`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  return (
    <section id={id} className={styles.card} aria-labelledby={titleId}>
      <header className={styles.cardHeader}>
        <div>
          <h2 id={titleId} className={styles.cardTitle}>
            {title}
          </h2>
          {description && <p className={styles.cardText}>{description}</p>}
        </div>
        {status}
      </header>
      <form className={styles.cardBody} onSubmit={submit} noValidate aria-labelledby={titleId}>
        {children}
        <FormError message={failure ?? null} />
        {onSubmit && canWrite && (
          <div className={styles.cardFooter}>
            <Button type="submit" disabled={isSaving || !isDirty}>
              {saveLabel ?? t('save')}
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}
