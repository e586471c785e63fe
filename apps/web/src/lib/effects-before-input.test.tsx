import { fireEvent } from '@testing-library/react';
import { options } from 'preact';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { runEffectsBeforeInput } from './effects-before-input';

// Preact's own scheduling has no hook set: the next test starts from it.
afterEach(() => {
  delete options.requestAnimationFrame;
});

/** A dialog that closes on Escape through a listener its effect adds, as Radix's does. */
function Dialog() {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey, { capture: true });
    return () => document.removeEventListener('keydown', onKey, { capture: true });
  }, []);
  return open ? <div role="dialog">open</div> : null;
}

async function escapePressedInTheFirstFrame(): Promise<string> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  root.render(<Dialog />);
  fireEvent.keyDown(document.body, { key: 'Escape' });
  await new Promise((resolve) => setTimeout(resolve, 60));
  const text = container.textContent ?? '';
  root.unmount();
  container.remove();
  return text;
}

describe('runEffectsBeforeInput', () => {
  it("runs a component's effects before a key pressed in the frame it was drawn in", async () => {
    // Preact alone: the key comes before the listener, and the dialog stays open.
    expect(await escapePressedInTheFirstFrame()).toBe('open');
    runEffectsBeforeInput();
    expect(await escapePressedInTheFirstFrame()).toBe('');
  });

  it('still runs the effects after the frame when no input comes', async () => {
    runEffectsBeforeInput();
    let ran = false;
    function Marks() {
      useEffect(() => {
        ran = true;
      }, []);
      return null;
    }
    createRoot(document.createElement('div')).render(<Marks />);
    expect(ran).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(ran).toBe(true);
  });
});
