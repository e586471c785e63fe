import { ContentPage } from '../../features/content/components/content-page';
import { HelpCentre } from '../../features/content/components/help-centre';

/** /help: the help centre by category; #terms is the terms (spec 01 §2). */
export function Component() {
  return (
    <ContentPage>
      <HelpCentre />
    </ContentPage>
  );
}

export default Component;
