import type { Avatar } from '@parlay/contract';
import { StaticAvatar } from '../../../../../components/ui/member-avatar';
import styles from '../profile.module.css';

/** A member's avatar: an uploaded image, or a static one drawn here. */
export function AvatarImage({ avatar, size }: { avatar: Avatar; size: number }) {
  if (avatar.avatarType === 'CUSTOM') {
    return <img className={styles.customAvatar} src={avatar.avatar} alt="" width={size} height={size} />;
  }
  return <StaticAvatar id={avatar.avatar} size={size} />;
}
