import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { useSyncExternalStore } from './react-on-preact';

function counterStore() {
  const listeners = new Set<() => void>();
  let value = 1;
  return {
    listeners,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => value,
    set: (next: number) => {
      value = next;
      for (const listener of listeners) listener();
    },
  };
}

describe('useSyncExternalStore on Preact', () => {
  it('is subscribed as soon as the component is drawn, before the next frame', async () => {
    const store = counterStore();
    function Shows() {
      return <span>{useSyncExternalStore(store.subscribe, store.get)}</span>;
    }
    const container = document.createElement('div');
    const root = createRoot(container);
    root.render(<Shows />);
    // preact/compat's own hook has no listener here yet: it subscribes once the next frame has passed.
    expect(store.listeners.size).toBe(1);
    expect(container.textContent).toBe('1');

    store.set(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.textContent).toBe('2');

    root.unmount();
    expect(store.listeners.size).toBe(0);
  });

  it('draws a value that changed between the render and the subscription', async () => {
    const store = counterStore();
    function Shows() {
      const value = useSyncExternalStore(store.subscribe, store.get);
      // Changes the store while drawing, before any listener exists, as a store fed by a socket may.
      if (value === 1) store.set(5);
      return <span>{value}</span>;
    }
    const container = document.createElement('div');
    createRoot(container).render(<Shows />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.textContent).toBe('5');
  });

  it("keeps a mutation's onSuccess when the button is pressed in the frame the card was drawn in", async () => {
    let press: (() => void) | undefined;
    const succeeded: string[] = [];
    function Card() {
      const start = useMutation({ mutationFn: async () => 'enrolment' });
      press = () => start.mutate(undefined, { onSuccess: (value) => succeeded.push(value) });
      return <button type="button">Set up</button>;
    }
    createRoot(document.createElement('div')).render(
      <QueryClientProvider client={new QueryClient()}>
        <Card />
      </QueryClientProvider>,
    );
    press!();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(succeeded).toEqual(['enrolment']);
  });
});
