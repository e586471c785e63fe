import { options } from 'preact';

/**
 * Runs the effects Preact still holds before the page handles a click, a key or a touch, as React does.
 *
 * Preact runs `useEffect` after the next frame (at most 35 ms later, more on a busy phone). A listener a component
 * adds in an effect is missing until then: a dialog drawn this frame did not close on an Escape pressed at once,
 * because Radix adds its Escape listener in an effect (two CI runs caught it). React flushes such effects before
 * any discrete event. Here the effects are held as Preact schedules them (`options.requestAnimationFrame`), with
 * Preact's own timing, and run at once when an input event reaches the window, before any listener of the page.
 */
const INPUT_EVENTS = ['keydown', 'keyup', 'pointerdown', 'pointerup', 'mousedown', 'mouseup', 'click', 'touchstart'];
/** Preact's own wait: the next frame, or this long when no frame comes (a tab in the background). */
const FRAME_TIMEOUT_MS = 35;

let pending: (() => void) | null = null;
let generation = 0;

function runPending(): void {
  const flush = pending;
  pending = null;
  flush?.();
}

export function runEffectsBeforeInput(target: Window = window): void {
  options.requestAnimationFrame = (flush) => {
    pending = flush;
    const mine = ++generation;
    const done = () => {
      clearTimeout(timeout);
      cancelAnimationFrame(frame);
      // Effects of a later render are that render's to schedule; these ran early when an input came first.
      setTimeout(() => {
        if (generation === mine) runPending();
      });
    };
    const timeout = setTimeout(done, FRAME_TIMEOUT_MS);
    const frame = requestAnimationFrame(done);
  };
  for (const type of INPUT_EVENTS) target.addEventListener(type, runPending, { capture: true });
}
