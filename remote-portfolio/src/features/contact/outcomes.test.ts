import { CONTACT_PAGE_FAILED, CONTACT_SUCCESS, HOME_CONTACT_FAILED } from '../../texts';
import { judgeContactPage, judgeHomeContact } from './outcomes';

describe('judgeHomeContact (home: only 201 is a success)', () => {
  it.each([
    [201, 'success', CONTACT_SUCCESS],
    [200, 'error', HOME_CONTACT_FAILED],
    [204, 'error', HOME_CONTACT_FAILED],
    [400, 'error', HOME_CONTACT_FAILED],
    [500, 'error', HOME_CONTACT_FAILED],
  ])('status %i → %s "%s"', (status, kind, text) => {
    const ok = status >= 200 && status < 300;
    expect(judgeHomeContact({ status, ok, message: 'from the server' })).toEqual({ kind, text });
  });
});

describe('judgeContactPage (contact page: any ok is a success)', () => {
  it.each([200, 201, 204])('status %i is a success', (status) => {
    expect(judgeContactPage({ status, ok: true })).toEqual({
      kind: 'success',
      text: CONTACT_SUCCESS,
    });
  });

  it("shows the server's message when it is not ok", () => {
    expect(judgeContactPage({ status: 429, ok: false, message: 'Too many messages.' })).toEqual({
      kind: 'error',
      text: 'Too many messages.',
    });
  });

  it('falls back to "Error sending message" without a message', () => {
    expect(judgeContactPage({ status: 500, ok: false })).toEqual({
      kind: 'error',
      text: CONTACT_PAGE_FAILED,
    });
    expect(judgeContactPage({ status: 500, ok: false, message: '' })).toEqual({
      kind: 'error',
      text: CONTACT_PAGE_FAILED,
    });
  });
});
