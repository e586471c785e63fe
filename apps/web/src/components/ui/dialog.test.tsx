import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/index';
import { Dialog, Modal } from './dialog';

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <Modal open={open} onOpenChange={setOpen} title="Notices">
      body text
    </Modal>
  );
}

/** A page button that opens the dialog, as a game card opens the VASSALAGE list or the login popup. */
function OpenerHarness({ kind, unmountWhenClosed }: { kind: 'modal' | 'dialog'; unmountWhenClosed?: boolean }) {
  const [open, setOpen] = useState(false);
  const shown = open || !unmountWhenClosed;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Play now
      </button>
      {shown && kind === 'modal' && (
        <Modal open={open} onOpenChange={setOpen} title="Games">
          body text
        </Modal>
      )}
      {shown && kind === 'dialog' && <Dialog open={open} onOpenChange={setOpen} title="prompt" />}
    </>
  );
}

describe(Modal.name, () => {
  it.each([false, true])(
    'gives focus back to the button that opened it when Escape closes it (unmounted on close: %s)',
    async (unmountWhenClosed) => {
      const user = userEvent.setup();
      render(<OpenerHarness kind="modal" unmountWhenClosed={unmountWhenClosed} />);
      const opener = screen.getByRole('button', { name: 'Play now' });
      await user.click(opener);
      await waitFor(() => expect(screen.getByRole('heading', { name: 'Games' })).toHaveFocus());
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(opener).toHaveFocus());
    },
  );

  it('stays open on a background click and closes on Escape', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(<Harness />);
    expect(screen.getByRole('dialog', { name: 'Notices' })).toBeInTheDocument();
    await user.click(document.querySelector('.overlay')!);
    expect(screen.getByRole('dialog', { name: 'Notices' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Notices' })).not.toBeInTheDocument();
  });

  it('locks page scrolling while open and shows a close button by default', () => {
    render(<Harness />);
    expect(document.body).toHaveStyle({ overflow: 'hidden' });
    expect(screen.getAllByRole('button').length).toBeGreaterThan(0);
  });

  it('moves focus onto its title when it opens, not onto the close button, which Tab reaches next', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const title = screen.getByRole('heading', { name: 'Notices' });
    await waitFor(() => expect(title).toHaveFocus());
    expect(screen.getByRole('dialog')).toContainElement(title);
    await user.tab();
    // The close button is the modal's only button here.
    expect(screen.getByRole('button')).toHaveFocus();
  });

  it('goes from its title round to its last control on Shift+Tab, and leaves the title out of the Tab round after', async () => {
    const user = userEvent.setup();
    render(
      <Modal open onOpenChange={() => undefined} title="Notices" footer={<button type="button">Got it</button>}>
        <input aria-label="Search notices" />
      </Modal>,
    );
    const title = screen.getByRole('heading', { name: 'Notices' });
    await waitFor(() => expect(title).toHaveFocus());
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Got it' })).toHaveFocus();
    // From the last control Tab goes round to the first one, the close button: the title is not a stop.
    await user.tab();
    expect(screen.getByRole('button', { name: i18n.t('close') })).toHaveFocus();
    expect(title).toHaveAttribute('tabindex', '-1');
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Got it' })).toHaveFocus();
  });

  it('gives the growing body part to its content, not to the description above it', () => {
    render(
      <Modal open onOpenChange={() => undefined} title="Games" description="Pick a game">
        <ul aria-label="games" />
      </Modal>,
    );
    // jsdom has no layout: the body class is what takes the dialog's free height (flex: 1).
    expect(screen.getByText('Pick a game')).not.toHaveClass('body');
    expect(screen.getByRole('list', { name: 'games' }).parentElement).toHaveClass('body');
  });

  it('defaults to 600 by 300', () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog');
    expect(dialog.style.getPropertyValue('--dialog-width')).toBe('600px');
    expect(dialog.style.getPropertyValue('--dialog-height')).toBe('300px');
  });
});

describe(Dialog.name, () => {
  it('gives focus back to the button that opened it when its CLOSE button closes it', async () => {
    const user = userEvent.setup();
    render(<OpenerHarness kind="dialog" />);
    const opener = screen.getByRole('button', { name: 'Play now' });
    await user.click(opener);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'prompt' })).toHaveFocus());
    await user.keyboard('{Tab}{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('moves focus onto its title when it opens; its buttons are a Tab away', async () => {
    const user = userEvent.setup();
    render(
      <Dialog open onOpenChange={() => undefined} title="prompt">
        are you sure to log out
      </Dialog>,
    );
    await waitFor(() => expect(screen.getByRole('heading', { name: 'prompt' })).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('button')).toHaveFocus();
  });

  it('goes from its title to its last button on Shift+Tab', async () => {
    const user = userEvent.setup();
    render(
      <Dialog open onOpenChange={() => undefined} title="prompt" buttons={[{ label: 'Cancel' }, { label: 'Log out' }]}>
        are you sure to log out
      </Dialog>,
    );
    await waitFor(() => expect(screen.getByRole('heading', { name: 'prompt' })).toHaveFocus());
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Log out' })).toHaveFocus();
  });

  it('offers one CLOSE button by default that closes it', async () => {
    const user = userEvent.setup();
    function DialogHarness() {
      const [open, setOpen] = useState(true);
      return (
        <Dialog open={open} onOpenChange={setOpen} title="prompt">
          are you sure to log out
        </Dialog>
      );
    }
    render(<DialogHarness />);
    const dialog = screen.getByRole('alertdialog', { name: 'prompt' });
    expect(dialog.style.getPropertyValue('--dialog-width')).toBe('400px');
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]!);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
