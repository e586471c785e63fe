import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../features/content/components/content-page';
import { DownloadGuide } from '../../features/content/components/download-guide';
import { PageTitle } from '../../lib/page-title';

/** /down: the app downloads with their QR codes and the install guides. */
export function Component() {
  const { t } = useTranslation('guides');
  return (
    <ContentPage>
      <PageTitle name={t('download.title')} />
      <DownloadGuide />
    </ContentPage>
  );
}

export default Component;
