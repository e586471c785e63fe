import { useEffect } from 'react';

/** How a card grid asks for another page: `replace` corrects the address in place of a new history entry. */
export type PageChange = (page: number, options?: { replace?: boolean }) => void;

/**
 * Moves a card grid that was opened past its last page (an old link, a list that shrank) to that last
 * page, in place of the history entry. `pastEnd` is true only once the list's size is known.
 */
export function useLastPageWhenPastEnd(pastEnd: boolean, pageCount: number, onPageChange: PageChange): void {
  useEffect(() => {
    if (pastEnd) onPageChange(pageCount, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only arriving past the end moves the page
  }, [pastEnd, pageCount]);
}
