import { useCallback } from 'react';
import { useNavigate, type NavigateOptions, type To } from 'react-router';

/**
 * Navigation whose failures are swallowed, as the product asks of route navigation errors
 * (docs/product/games-and-wallet.md#opening-a-game).
 */
export function useSafeNavigate() {
  const navigate = useNavigate();
  return useCallback(
    (to: To, options?: NavigateOptions) => {
      try {
        void Promise.resolve(navigate(to, options)).catch(() => undefined);
      } catch {
        // A navigation that throws (a blocked or duplicate navigation) leaves the user where they are.
      }
    },
    [navigate],
  );
}
