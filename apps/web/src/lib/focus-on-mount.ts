/**
 * Focuses an element when it is drawn, in place of `autoFocus`: React focused an element with `autoFocus` whenever
 * it mounted, Preact only writes the attribute, which a browser honours as the page loads and not later
 * (docs/decisions/0047-preact-for-the-player-site.md). Pass it as `ref`: one function for every render, so it runs
 * on mount alone, not again on each render.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
