import { renderToString } from 'react-dom/server';
import { ISLAND_ATTRIBUTES, Island } from './island';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('Island', () => {
  it('renders its component inside an element naming the island, its trigger and its props', () => {
    const html = renderToString(
      <Island
        owner="portfolio"
        name="Greeting"
        when="visible"
        component={Greeting}
        props={{ name: '<Ada & "co">' }}
      />,
    );
    const element = new DOMParser().parseFromString(html, 'text/html').body.firstElementChild!;
    expect(element.getAttribute(ISLAND_ATTRIBUTES.name)).toBe('portfolio/Greeting');
    expect(element.getAttribute(ISLAND_ATTRIBUTES.when)).toBe('visible');
    // What the island is hydrated with, read back exactly.
    expect(JSON.parse(element.getAttribute(ISLAND_ATTRIBUTES.props)!)).toEqual({
      name: '<Ada & "co">',
    });
    expect(element.innerHTML).toBe('<p>Hello <!-- -->&lt;Ada &amp; "co"&gt;</p>');
  });
});
