import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from '@portfolio/shared/ui';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Modal label="Certificate" onClose={() => setOpen(false)}>
          <p>Some text</p>
          <a href="#one">first link</a>
          <a href="#two">last link</a>
        </Modal>
      )}
    </>
  );
}

async function openModal() {
  const user = userEvent.setup();
  render(<Harness />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return user;
}

describe('Modal', () => {
  it('focuses the close button when it opens and closes with it, returning focus', async () => {
    const user = await openModal();
    expect(screen.getByRole('dialog', { name: 'Certificate' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('closes on Escape', async () => {
    const user = await openModal();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('still closes on Escape after a click on its text', async () => {
    const user = await openModal();
    await user.click(screen.getByText('Some text'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('closes on Escape and brings Tab back inside when focus has left it', async () => {
    const user = await openModal();
    (document.activeElement as HTMLElement).blur();
    expect(document.body).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on a backdrop click but not on a click inside', async () => {
    const user = await openModal();
    await user.click(screen.getByRole('link', { name: 'first link' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab focus inside the dialog', async () => {
    const user = await openModal();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('link', { name: 'last link' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('link', { name: 'last link' })).toHaveFocus();
  });

  it('stands apart from where it is declared: a dimmed list around it does not dim it', async () => {
    const user = userEvent.setup();
    render(
      <ul aria-busy="true" style={{ opacity: 0.7 }} data-testid="refreshing-list">
        <li>
          <Harness />
        </li>
      </ul>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Certificate' });
    expect(screen.getByTestId('refreshing-list')).not.toContainElement(dialog);
    expect(screen.getByTestId('modal-backdrop').parentElement).toBe(document.body);
    // Still one React tree: closing gives focus back to what opened it, inside the list.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });
});
