import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Footer } from './Footer';

const owner = {
  name: 'Ada\u202e Lovelace\u2069',
  email: 'ada@example.com',
  social: [{ label: 'GitHub', url: 'https://github.com/ada' }],
};

describe('Footer', () => {
  it("shows the owner's name isolated, without bidi controls (docs/decisions/164)", () => {
    render(
      <MemoryRouter>
        <Footer owner={owner} />
      </MemoryRouter>,
    );
    const name = screen.getByText('Ada Lovelace', { selector: 'bdi' });
    expect(name.closest('p')?.textContent).toBe(`© ${new Date().getFullYear()} Ada Lovelace`);
    expect(screen.getByRole('contentinfo').textContent).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });
});
