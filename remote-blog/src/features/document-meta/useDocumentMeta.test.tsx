import { render } from '@testing-library/react';
import { useDocumentMeta } from './useDocumentMeta';
import type { DocumentMeta } from './useDocumentMeta';

function Probe({ meta }: { meta: DocumentMeta | null }) {
  useDocumentMeta(meta);
  return null;
}

const description = () =>
  document.head.querySelector('meta[name="description"]')?.getAttribute('content');

beforeEach(() => {
  document.head.innerHTML = '<meta name="description" content="The site.">';
  document.title = 'Site';
});

describe('useDocumentMeta', () => {
  it('sets the title and description, and restores both when the page leaves', () => {
    const { rerender, unmount } = render(<Probe meta={{ title: 'One', description: 'First' }} />);
    expect(document.title).toBe('One');
    expect(description()).toBe('First');
    rerender(<Probe meta={{ title: 'Two', description: 'Second' }} />);
    expect(document.title).toBe('Two');
    expect(description()).toBe('Second');
    unmount();
    expect(document.title).toBe('Site');
    expect(description()).toBe('The site.');
  });

  it('creates the description tag when there is none, and removes it again', () => {
    document.head.innerHTML = '';
    const { unmount } = render(<Probe meta={{ title: 'One', description: 'First' }} />);
    expect(description()).toBe('First');
    unmount();
    expect(document.head.querySelector('meta[name="description"]')).toBeNull();
  });

  it('changes nothing while there is no meta yet, and only the title without a description', () => {
    const { rerender } = render(<Probe meta={null} />);
    expect(document.title).toBe('Site');
    rerender(<Probe meta={{ title: 'Only a title' }} />);
    expect(document.title).toBe('Only a title');
    expect(description()).toBe('The site.');
  });
});
