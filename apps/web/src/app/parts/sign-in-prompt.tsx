import { WHITELABEL } from '@parlay/contract/constants';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import type { IconName } from '../../components/ui/icon';
import { useBrand } from '../../lib/brand';
import { openModal } from '../../lib/modal-store';

/** What a guest sees where a page needs a member: why, and the way in. */
export function SignInPrompt({ icon = 'lock', title, text }: { icon?: IconName; title: string; text?: string }) {
  const { t } = useTranslation('shell');
  const { isEnabled } = useBrand();
  return (
    <EmptyState
      icon={icon}
      title={title}
      text={text}
      action={
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', justifyContent: 'center' }}>
          <Button onClick={() => openModal('loginPopupModal', {})}>{t('login')}</Button>
          {isEnabled(WHITELABEL.DIRECT_REGISTER) && (
            <Button variant="secondary" onClick={() => openModal('registerModal', {})}>
              {t('register')}
            </Button>
          )}
        </div>
      }
    />
  );
}
