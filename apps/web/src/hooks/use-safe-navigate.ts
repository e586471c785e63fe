import { useCallback } from 'react';
import { useNavigate, type NavigateOptions, type To } from 'react-router';

/** Navigation whose failures are swallowed, as the spec asks of route navigation errors (spec 01 §4). */
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
