import { AvatarSchema, type Avatar } from '@parlay/contract';
import { ACCOUNT_CALLS } from '@parlay/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { playerAvatarKeys } from '../../../../../lib/player-avatar';
import { useSessionStore } from '../../../../../lib/session-store';
import type { IconList } from './get-avatars';
import { profileKeys } from './query-keys';

/** PUT /wps/member/info/icon: one of the static avatars. */
export function setStaticAvatar(avatar: string): Promise<Avatar> {
  return apiRequest(ACCOUNT_CALLS.changeAvatar, { body: { avatar } }, AvatarSchema);
}

/** PUT /wps/member/info/icon/upload: a PNG or JPEG, sent as it is; the server checks, crops and re-encodes it. */
export function uploadAvatar(file: Blob): Promise<Avatar> {
  return apiRequest(ACCOUNT_CALLS.uploadAvatar, { body: file }, AvatarSchema);
}

/** Either change; the avatar list then shows the new current one, and the header's avatar is asked again. */
export function useChangeAvatar() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return useMutation({
    mutationFn: (change: { avatar: string } | { file: Blob }) =>
      'file' in change ? uploadAvatar(change.file) : setStaticAvatar(change.avatar),
    onSuccess: (current) => {
      queryClient.setQueryData<IconList>(profileKeys.avatars(token), (list) => (list ? { ...list, current } : list));
      void queryClient.invalidateQueries({ queryKey: playerAvatarKeys.all });
    },
  });
}
