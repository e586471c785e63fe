import type { Game } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Modal } from '../../../components/ui/dialog';
import type { PlayMode } from '../lib/navigation';
import { PagedGameGrid } from './paged-game-grid';

/**
 * The popup list of a VASSALAGE game (docs/product/games-and-wallet.md#opening-a-game): its sub-games,
 * paged like every game list.
 */
export function VassalagePopup({
  game,
  onClose,
  onOpen,
}: {
  game: Game | null;
  onClose: () => void;
  onOpen: (game: Game, mode: PlayMode) => void;
}) {
  const { t } = useTranslation('games');
  const [page, setPage] = useState(1);
  return (
    <Modal
      open={game !== null}
      onOpenChange={(open) => {
        if (!open) {
          setPage(1);
          onClose();
        }
      }}
      title={game?.gameName ?? ''}
      description={game ? t('vassalageText', { vendor: game.nodeName || game.vassalage }) : undefined}
      width={880}
      height={520}
      name="vassalageModal"
    >
      {game && (
        <PagedGameGrid
          filters={{ parentId: game.id }}
          page={page}
          onPageChange={setPage}
          onOpen={onOpen}
          compact
          label={game.gameName}
          empty={<EmptyState compact icon="slots" title={t('noSubGames')} />}
        />
      )}
    </Modal>
  );
}
