import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The tab's title: the page's, then the back office's name. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  const name = t('appName');
  useEffect(() => {
    document.title = title ? `${title} · ${name}` : name;
  }, [title, name]);
}
