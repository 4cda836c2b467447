import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMAIL_LABEL } from '../../texts';
import {
  GOOGLE_CHOOSER_ACCOUNTS_LABEL,
  GOOGLE_CHOOSER_ANOTHER,
  GOOGLE_CHOOSER_BACK,
  GOOGLE_CHOOSER_CANCEL,
  GOOGLE_CHOOSER_CONTINUE,
  GOOGLE_CHOOSER_NAME_LABEL,
  GOOGLE_CHOOSER_NOTICE,
  GOOGLE_CHOOSER_PHOTO_LABEL,
  GOOGLE_CHOOSER_TITLE,
} from './chooser-texts';
import { GoogleAccountChooser } from './GoogleAccountChooser';
import { GOOGLE_TEST_IDENTITIES, rememberedIdentities } from './test-identities';

beforeEach(() => window.localStorage.clear());

function renderChooser() {
  const onChoose = jest.fn();
  const onCancel = jest.fn();
  const user = userEvent.setup();
  render(<GoogleAccountChooser onChoose={onChoose} onCancel={onCancel} />);
  return {
    user,
    onChoose,
    onCancel,
    dialog: screen.getByRole('dialog', { name: GOOGLE_CHOOSER_TITLE }),
  };
}

const ada = GOOGLE_TEST_IDENTITIES[0]!;

describe('GoogleAccountChooser', () => {
  it('is a dialog that says it is the emulator and lists the test identities', () => {
    const { dialog } = renderChooser();
    expect(within(dialog).getByRole('heading', { name: GOOGLE_CHOOSER_TITLE })).toBeVisible();
    expect(dialog).toHaveTextContent(GOOGLE_CHOOSER_NOTICE);
    const list = within(dialog).getByRole('list', { name: GOOGLE_CHOOSER_ACCOUNTS_LABEL });
    const accounts = within(list).getAllByRole('button');
    expect(accounts.map((button) => button.textContent)).toEqual(
      GOOGLE_TEST_IDENTITIES.map(({ name, email }) => `${name.charAt(0)}${name}${email}`),
    );
  });

  it('signs in as the identity clicked, and lists it first next time', async () => {
    const { user, onChoose, onCancel } = renderChooser();
    const grace = GOOGLE_TEST_IDENTITIES[1]!;
    await user.click(screen.getByRole('button', { name: new RegExp(grace.email) }));
    expect(onChoose).toHaveBeenCalledWith(grace);
    expect(onCancel).not.toHaveBeenCalled();
    expect(rememberedIdentities()).toEqual([grace]);
  });

  it('takes another account: name, e-mail and an optional http(s) photo', async () => {
    const { user, onChoose } = renderChooser();
    await user.click(screen.getByRole('button', { name: GOOGLE_CHOOSER_ANOTHER }));
    const form = screen.getByRole('form', { name: GOOGLE_CHOOSER_ANOTHER });
    const name = within(form).getByLabelText(GOOGLE_CHOOSER_NAME_LABEL);
    expect(name).toHaveFocus();
    expect(name).toBeRequired();
    expect(within(form).getByLabelText(EMAIL_LABEL)).toHaveAttribute('type', 'email');
    expect(within(form).getByLabelText(EMAIL_LABEL)).toBeRequired();
    const photo = within(form).getByLabelText(GOOGLE_CHOOSER_PHOTO_LABEL);
    expect(photo).not.toBeRequired();
    expect(photo).toHaveAttribute('pattern', 'https?://.+');

    await user.type(name, '  Margaret Hamilton ');
    await user.type(within(form).getByLabelText(EMAIL_LABEL), 'margaret@example.org');
    await user.type(photo, 'https://photos.example.org/m.png');
    await user.click(within(form).getByRole('button', { name: GOOGLE_CHOOSER_CONTINUE }));
    const margaret = {
      name: 'Margaret Hamilton',
      email: 'margaret@example.org',
      photoURL: 'https://photos.example.org/m.png',
    };
    expect(onChoose).toHaveBeenCalledWith(margaret);
    expect(rememberedIdentities()).toEqual([margaret]);
  });

  it('leaves the photo out when none is given, and refuses a blank name', async () => {
    const { user, onChoose } = renderChooser();
    await user.click(screen.getByRole('button', { name: GOOGLE_CHOOSER_ANOTHER }));
    const form = screen.getByRole('form', { name: GOOGLE_CHOOSER_ANOTHER });
    await user.type(within(form).getByLabelText(GOOGLE_CHOOSER_NAME_LABEL), '   ');
    await user.type(within(form).getByLabelText(EMAIL_LABEL), 'blank@example.org');
    await user.click(within(form).getByRole('button', { name: GOOGLE_CHOOSER_CONTINUE }));
    expect(onChoose).not.toHaveBeenCalled();

    await user.type(within(form).getByLabelText(GOOGLE_CHOOSER_NAME_LABEL), 'Blank Photo');
    await user.click(within(form).getByRole('button', { name: GOOGLE_CHOOSER_CONTINUE }));
    expect(onChoose).toHaveBeenCalledWith({ name: 'Blank Photo', email: 'blank@example.org' });
  });

  it('goes back from the form to the list', async () => {
    const { user } = renderChooser();
    await user.click(screen.getByRole('button', { name: GOOGLE_CHOOSER_ANOTHER }));
    await user.click(screen.getByRole('button', { name: GOOGLE_CHOOSER_BACK }));
    expect(screen.getByRole('button', { name: new RegExp(ada.email) })).toBeVisible();
  });

  it('is cancelled by its Cancel button and by Escape', async () => {
    const { user, onCancel, onChoose } = renderChooser();
    await user.click(screen.getByRole('button', { name: GOOGLE_CHOOSER_CANCEL }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onChoose).not.toHaveBeenCalled();
  });
});
