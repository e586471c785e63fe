import { ContentPage } from '../../features/content/components/content-page';
import { JoinUs } from '../../features/content/components/join-us';

/** /join: the join-us (affiliate) page. */
export function Component() {
  return (
    <ContentPage>
      <JoinUs />
    </ContentPage>
  );
}

export default Component;
