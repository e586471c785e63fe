import type { VendorFeed } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';

/** A vendor's or a game's status in its feed. */
export function FeedStatusBadge({ status }: { status: VendorFeed['status'] }) {
  const { t } = useTranslation('games');
  const tone = status === 'active' ? 'ok' : status === 'maintenance' ? 'warn' : 'off';
  return <Badge tone={tone}>{t(`status.${status}`)}</Badge>;
}
