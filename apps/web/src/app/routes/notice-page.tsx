import { ContentPage } from '../../features/content/components/content-page';
import { NoticePage } from '../../features/content/components/notice-page';

/** /noticePage: every notice, 9 a page, with the selected one beside the list. */
export function Component() {
  return (
    <ContentPage>
      <NoticePage />
    </ContentPage>
  );
}

export default Component;
