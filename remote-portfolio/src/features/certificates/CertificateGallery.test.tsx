import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_API_BASE, setUpTestRuntimeConfig } from '@portfolio/testing';
import { makeSiteSettings } from '@portfolio/testing/fixtures';
import {
  CERTIFICATE_CLOSE_LABEL,
  VERIFY_CREDENTIAL_LABEL,
  certificateIssued,
  certificateOpenLabel,
} from '../../texts';
import { CertificateGallery } from './CertificateGallery';

setUpTestRuntimeConfig();

const CERTIFICATIONS = makeSiteSettings().portfolio.certifications;
const badge = (image: string | undefined) => `${TEST_API_BASE}${image}`;

function renderGallery() {
  const user = userEvent.setup();
  render(<CertificateGallery certificates={CERTIFICATIONS} />);
  return user;
}

const [first, second] = CERTIFICATIONS as [
  (typeof CERTIFICATIONS)[number],
  ...typeof CERTIFICATIONS,
];
const card = (title: string) => screen.getByRole('button', { name: certificateOpenLabel(title) });

describe('CertificateGallery', () => {
  it('shows six certification cards, each with its image and title', () => {
    renderGallery();
    expect(CERTIFICATIONS).toHaveLength(6);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(6);
    CERTIFICATIONS.forEach((certificate, index) => {
      const item = items[index]!;
      expect(within(item).getByText(certificate.title)).toBeInTheDocument();
      const image = item.querySelector('img');
      expect(image).toHaveAttribute('src', badge(certificate.image));
      expect(image).toHaveAttribute('width');
      expect(image).toHaveAttribute('height');
      expect(image).toHaveAttribute('loading', 'lazy');
    });
  });

  it('says who issued each certificate and when, and links where to verify it', () => {
    renderGallery();
    const item = screen.getAllByRole('listitem')[1]!;
    expect(
      within(item).getByText(certificateIssued(second!.issuer, 'September 2021')),
    ).toBeVisible();
    expect(
      within(item).getByRole('link', { name: new RegExp(`^${VERIFY_CREDENTIAL_LABEL}`) }),
    ).toHaveAttribute('href', second!.credentialUrl);
  });

  it('shows a plain badge for a certificate without an image, and no link without one', () => {
    render(
      <CertificateGallery
        certificates={[{ title: 'Plain', issuer: 'Somebody', date: '2020-01' }]}
      />,
    );
    const item = screen.getByRole('listitem');
    // The remote's own plain badge (a file of its build), not an image of the API.
    expect(item.querySelector('img')?.getAttribute('src')).not.toContain(TEST_API_BASE);
    expect(within(item).queryByRole('link')).not.toBeInTheDocument();
    expect(within(item).getByText(certificateIssued('Somebody', 'January 2020'))).toBeVisible();
  });

  it("shows a measured badge from the API's variants, at the size the card and the pop-up need", async () => {
    const user = userEvent.setup();
    const image = '/images/cert-measured.svg';
    render(
      <CertificateGallery
        certificates={[
          {
            title: 'Measured',
            issuer: 'Somebody',
            date: '2020-01',
            image,
            badge: {
              path: image,
              width: 240,
              height: 240,
              widths: [320, 480],
              formats: ['avif', 'webp', 'png'],
            },
          },
        ]}
      />,
    );
    const thumbnail = screen.getByRole('listitem').querySelector('picture');
    const sources = [...(thumbnail?.querySelectorAll('source') ?? [])];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual([
      'image/avif',
      'image/webp',
    ]);
    expect(sources[0]).toHaveAttribute(
      'srcset',
      `${badge(image)}/320.avif 320w, ${badge(image)}/480.avif 480w`,
    );
    expect(sources[0]).toHaveAttribute('sizes', '8rem');
    const img = thumbnail?.querySelector('img');
    expect(img).toHaveAttribute(
      'srcset',
      `${badge(image)}/320.png 320w, ${badge(image)}/480.png 480w`,
    );
    expect(img).toHaveAttribute('width', '240');
    expect(img).toHaveAttribute('loading', 'lazy');
    await user.click(card('Measured'));
    const full = within(screen.getByRole('dialog')).getByRole('img', {
      name: 'Certificate: Measured',
    });
    expect(full.closest('picture')?.querySelector('source')).toHaveAttribute(
      'sizes',
      'min(24rem, 75vw)',
    );
  });

  it('opens the clicked certificate in a pop-up with its image', async () => {
    const user = renderGallery();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(card(second!.title));
    const dialog = screen.getByRole('dialog', { name: second!.title });
    expect(
      within(dialog).getByRole('img', { name: `Certificate: ${second!.title}` }),
    ).toHaveAttribute('src', badge(second!.image));
    expect(within(dialog).getByRole('button', { name: CERTIFICATE_CLOSE_LABEL })).toHaveFocus();
  });

  it('closes by its close button and gives focus back to the card', async () => {
    const user = renderGallery();
    await user.click(card(first.title));
    await user.click(screen.getByRole('button', { name: CERTIFICATE_CLOSE_LABEL }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(card(first.title)).toHaveFocus();
  });

  it('closes by a click on the backdrop, not by a click on the image', async () => {
    const user = renderGallery();
    await user.click(card(first.title));
    await user.click(screen.getByRole('img', { name: `Certificate: ${first.title}` }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(card(first.title)).toHaveFocus();
  });

  it('opens from the keyboard, closes with Escape and returns focus', async () => {
    const user = renderGallery();
    // The first card, its link to verify it, then the second card.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(card(second!.title)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: second!.title })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(card(second!.title)).toHaveFocus();
  });

  it('closes with Escape after a click on the certificate image', async () => {
    const user = renderGallery();
    await user.click(card(first.title));
    await user.click(screen.getByRole('img', { name: `Certificate: ${first.title}` }));
    expect(screen.getByRole('dialog', { name: first.title })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(card(first.title)).toHaveFocus();
  });

  it('keeps Tab inside the pop-up while it is open', async () => {
    const user = renderGallery();
    await user.click(card(first.title));
    const dialog = screen.getByRole('dialog');
    const close = within(dialog).getByRole('button', { name: CERTIFICATE_CLOSE_LABEL });
    const verify = within(dialog).getByRole('link', { name: new RegExp(VERIFY_CREDENTIAL_LABEL) });
    expect(close).toHaveFocus();
    await user.tab();
    expect(verify).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(verify).toHaveFocus();
  });
});
