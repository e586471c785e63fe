import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ChunkTimeoutError } from '../../lib/chunk-timeout';

/**
 * A page that cannot open shows why, and nothing is thrown further: route navigation errors are swallowed
 * (docs/product/games-and-wallet.md#opening-a-game). A chunk that did not arrive in 120 s shows the
 * slow-network message.
 */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const isSlow = error instanceof ChunkTimeoutError;
  const isChunk =
    error instanceof Error && /dynamically imported module|Importing a module script/i.test(error.message);
  return (
    <EmptyState
      icon="info"
      title={isSlow || isChunk ? t('errors.slowNetwork') : t('errors.system')}
      action={<Button onClick={() => window.location.reload()}>{t('retry')}</Button>}
    />
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** A new value (the next address) clears a caught error. */
  resetKey?: string;
}

interface BoundaryState {
  failure: { error: unknown } | null;
  resetKey: string | undefined;
}

/** Catches what a page throws while loading or rendering and shows RouteError in its place. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failure: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failure: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failure ? <RouteError error={this.state.failure.error} /> : this.props.children;
  }
}
