import type { Game, VendorCard } from '@parlay/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { NavigateOptions } from 'react-router';
import { useSafeNavigate } from '../../../hooks/use-safe-navigate';
import { useUiLanguage } from '../../../lib/language';
import { useSessionStore } from '../../../lib/session-store';
import { getGameListQueryOptions } from '../api/get-game-list';
import { gameListPath, isDirectOpen } from '../lib/navigation';
import { useOpenGame } from './use-open-game';

/** What opening a vendor came to: its game list, its game started (or sign-in asked), or nothing to start. */
export type OpenVendorResult = 'list' | 'started' | 'no-game' | 'failed';

/**
 * Opens a vendor as docs/product/games-and-wallet.md#opening-a-vendor says: a sports or lottery vendor directly, by
 * starting its first game (found through the game list, as the server launches games by id), the others through their
 * game list. Starting goes through `useOpenGame`: a guest gets the login popup, a lottery game its route.
 */
export function useOpenVendor(onPopup: (game: Game) => void) {
  const client = useQueryClient();
  const navigate = useSafeNavigate();
  const openGame = useOpenGame(onPopup);
  const merchantCode = useSessionStore((state) => state.merchantCode);
  const [language] = useUiLanguage();
  return useCallback(
    async (
      vendor: Pick<VendorCard, 'gameType' | 'vassalage'>,
      options?: NavigateOptions,
    ): Promise<OpenVendorResult> => {
      if (!isDirectOpen(vendor.gameType)) {
        navigate(gameListPath(vendor.gameType, vendor.vassalage), options);
        return 'list';
      }
      const filters = { gameType: vendor.gameType, vassalage: vendor.vassalage };
      let game: Game | undefined;
      try {
        const list = await client.fetchQuery(getGameListQueryOptions(filters, 1, { merchantCode, language }));
        game = list.games[0];
      } catch {
        return 'failed';
      }
      if (!game) return 'no-game';
      openGame(game, 'real', options);
      return 'started';
    },
    [client, language, merchantCode, navigate, openGame],
  );
}
