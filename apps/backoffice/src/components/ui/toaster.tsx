import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useToastStore, type Toast } from '../../lib/toast-store';
import { Icon } from './icon';
import styles from './toaster.module.css';

/** How long a toast stays: long enough to read a refusal twice. */
export const TOAST_MS = { success: 5_000, error: 10_000 } as const;

function ToastItem({ item }: { item: Toast }) {
  const { t } = useTranslation();
  const dismiss = useToastStore((state) => state.dismiss);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(item.id), TOAST_MS[item.tone]);
    return () => clearTimeout(timer);
  }, [item, dismiss]);
  return (
    <li className={`${styles.toast} ${styles[item.tone]}`} data-toast={item.tone}>
      <Icon name={item.tone === 'success' ? 'check' : 'alert'} />
      <span className={styles.text}>{item.text}</span>
      <button type="button" className={styles.close} aria-label={t('close')} onClick={() => dismiss(item.id)}>
        <Icon name="close" size={16} />
      </button>
    </li>
  );
}

/** The corner where toasts appear; a live region, so a screen reader reads each as it comes. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToastStore((state) => state.toasts);
  return (
    <ol className={styles.region} aria-live="polite" aria-label={t('notifications')}>
      {toasts.map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
    </ol>
  );
}
