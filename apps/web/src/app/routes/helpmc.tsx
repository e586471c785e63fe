import { ContentPage } from '../../features/content/components/content-page';
import { HelpCentre } from '../../features/content/components/help-centre';

/** /helpmc: the help centre with no header, menus or footer, for embedding in apps (spec 01 §2). */
export function Component() {
  return (
    <ContentPage bare>
      <HelpCentre />
    </ContentPage>
  );
}

export default Component;
