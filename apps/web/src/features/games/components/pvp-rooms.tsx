import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { useSafeNavigate } from '../../../hooks/use-safe-navigate';
import { openModal } from '../../../lib/modal-store';
import { useOptionalBrand } from '../../../lib/brand';
import { formatMoney } from '../../../lib/format-money';
import { useSessionStore } from '../../../lib/session-store';
import { useRoomList } from '../api/get-room-list';
import { launchPath } from '../lib/navigation';
import styles from './pvp-rooms.module.css';

/** The PVP rooms of /pvp for a member: each joins in /game by its roomId. Nothing shows when none is open. */
export function PvpRooms() {
  const { t } = useTranslation('games');
  const navigate = useSafeNavigate();
  const isSignedIn = useSessionStore((state) => state.isSignedIn);
  const rooms = useRoomList();
  const brand = useOptionalBrand()?.brand;
  const { i18n } = useTranslation();
  const formatMinor = (minor: number) =>
    formatMoney(minor, {
      currency: brand?.currency ?? 'KRW',
      exponent: brand?.currencyExponent ?? 0,
      locale: i18n.resolvedLanguage ?? 'ko',
    });
  if (!isSignedIn || !rooms.data || rooms.data.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="pvp-rooms">
      <h2 id="pvp-rooms" className={styles.title}>
        <Icon name="pvp" size={18} />
        {t('rooms.title')}
      </h2>
      <ul className={styles.rooms}>
        {rooms.data.map((room) => (
          <li key={room.roomId} className={styles.room}>
            <div className={styles.meta}>
              <strong>{room.roomName}</strong>
              <span>
                {room.vassalage}
                {room.minBet !== null ? ` · ${t('rooms.minBet', { amount: formatMinor(room.minBet) })}` : ''}
              </span>
            </div>
            <button
              type="button"
              className={styles.join}
              disabled={room.status !== 'active'}
              onClick={() => {
                if (!isSignedIn) openModal('loginPopupModal', { message: t('notLoggedIn') });
                else navigate(launchPath({ roomId: room.roomId }));
              }}
            >
              {room.status === 'active' ? t('rooms.join') : t('maintenanceShort')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
