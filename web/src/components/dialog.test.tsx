import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../testing/i18n.ts';
import { Dialog } from './dialog.tsx';

/** A dialog opened by state from a button (no Radix trigger), as the product's dialogs are. */
function Opener({ removeOpenerOnClose = false }: { removeOpenerOnClose?: boolean }) {
  const [open, setOpen] = useState(false);
  const [openerShown, setOpenerShown] = useState(true);
  return (
    <I18nextProvider i18n={createI18n('en')}>
      <button type="button">Before</button>
      {openerShown ? (
        <button type="button" onClick={() => setOpen(true)}>
          Open settings
        </button>
      ) : null}
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next && removeOpenerOnClose) setOpenerShown(false);
        }}
        title="Settings"
      >
        <input aria-label="Password" />
      </Dialog>
    </I18nextProvider>
  );
}

describe('Dialog focus', () => {
  it('takes the focus when it opens and gives it back to the button that opened it when it closes', async () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open settings' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('an opener that has gone meanwhile leaves the focus to Radix, without an error', async () => {
    render(<Opener removeOpenerOnClose />);
    const opener = screen.getByRole('button', { name: 'Open settings' });
    opener.focus();
    fireEvent.click(opener);
    await screen.findByRole('dialog');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener.isConnected).toBe(false);
    expect(document.activeElement).not.toBe(opener);
  });
});
