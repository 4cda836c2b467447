import { renderToString } from 'react-dom/server';
import { Island } from './island';
import { ISLAND_ATTRIBUTES, isServerIsland } from './island-protocol';

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

  it('marks a script island, which takes no needs, and renders its component the same', () => {
    const html = renderToString(
      <Island
        owner="portfolio"
        name="Greeting"
        when="load"
        script
        needs={['router']}
        component={Greeting}
        props={{ name: 'Ada' }}
      />,
    );
    const element = new DOMParser().parseFromString(html, 'text/html').body.firstElementChild!;
    expect(element.hasAttribute(ISLAND_ATTRIBUTES.script)).toBe(true);
    expect(element.hasAttribute(ISLAND_ATTRIBUTES.needs)).toBe(false);
    expect(element.innerHTML).toBe('<p>Hello <!-- -->Ada</p>');
  });

  it('marks no other island as a script island', () => {
    const html = renderToString(
      <Island
        owner="blog"
        name="Greeting"
        when="visible"
        component={Greeting}
        props={{ name: 'x' }}
      />,
    );
    const element = new DOMParser().parseFromString(html, 'text/html').body.firstElementChild!;
    expect(element.hasAttribute(ISLAND_ATTRIBUTES.script)).toBe(false);
  });
  it("carries the render's island key (React's identifier prefix), which makes it the server's", () => {
    const pageKey = 'Xq3v9RkT2mWbZc7LpN4dHg';
    const render = (identifierPrefix?: string) =>
      new DOMParser().parseFromString(
        renderToString(
          <Island
            owner="blog"
            name="Greeting"
            when="load"
            component={Greeting}
            props={{ name: 'x' }}
          />,
          identifierPrefix === undefined ? {} : { identifierPrefix },
        ),
        'text/html',
      ).body.firstElementChild!;
    expect(isServerIsland(render(pageKey), pageKey)).toBe(true);
    expect(isServerIsland(render(), pageKey)).toBe(false);
    expect(isServerIsland(render('Zz9'), pageKey)).toBe(false);
    // No page key, or one too short to be a key: nothing is the server's.
    expect(isServerIsland(render(pageKey), undefined)).toBe(false);
    expect(isServerIsland(render(''), '')).toBe(false);
    expect(isServerIsland(render('R_'), 'R_')).toBe(false);
  });
});
