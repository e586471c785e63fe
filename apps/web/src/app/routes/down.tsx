import { ContentPage } from '../../features/content/components/content-page';
import { DownloadGuide } from '../../features/content/components/download-guide';

/** /down: the app downloads with their QR codes and the install guides. */
export function Component() {
  return (
    <ContentPage>
      <DownloadGuide />
    </ContentPage>
  );
}

export default Component;
