import { startTransition, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act } from '@testing-library/react';
import { useTypedBeforeHydration } from './use-typed-before-hydration';

function Form({ onSubmit }: { onSubmit: (values: Record<string, string>) => void }) {
  const [values, setValues] = useState({ name: '', email: '' });
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, (typed) => setValues((previous) => ({ ...previous, ...typed })));
  return (
    <form
      ref={form}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(values);
      }}
    >
      {(['name', 'email'] as const).map((field) => (
        <input
          key={field}
          aria-label={field}
          name={field}
          value={values[field]}
          onChange={(event) => setValues({ ...values, [field]: event.target.value })}
        />
      ))}
      <button type="submit">Send</button>
    </form>
  );
}

describe('useTypedBeforeHydration', () => {
  it('keeps in the state what was typed into the server-rendered form before it was live', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const submitted: Record<string, string>[] = [];
    container.innerHTML = renderToString(<Form onSubmit={() => undefined} />);
    // The visitor types into both fields before the scripts have run.
    const [name, email] = Array.from(container.querySelectorAll('input'));
    if (!name || !email) throw new Error('no fields');
    name.value = 'Ada';
    email.value = 'ada@example.com';

    await act(async () => {
      hydrateRoot(container, <Form onSubmit={(values) => submitted.push(values)} />);
    });
    // A later render (here: the submit) neither empties the fields nor sends them empty.
    await act(async () => {
      container.querySelector('button')?.click();
    });
    expect(submitted).toEqual([{ name: 'Ada', email: 'ada@example.com' }]);
    expect(email.value).toBe('ada@example.com');
    container.remove();
  });

  it('has what was typed in the state by the time the island is marked live', async () => {
    // The island's wrapper marks it live in an effect after its first commit (shell/src/islands/
    // hydrate.tsx): from then on a press reaches the form directly. Here a press comes as soon as
    // anything else can run after that effect, with React's scheduling as in the browser (no
    // act()).
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean })
      .IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.createElement('div');
    document.body.append(container);
    try {
      const submitted: Record<string, string>[] = [];
      const onSubmit = (values: Record<string, string>) => submitted.push(values);
      function Live({ children }: { children: ReactNode }) {
        useEffect(() => queueMicrotask(() => container.querySelector('button')?.click()), []);
        return children;
      }
      container.innerHTML = renderToString(
        <Live>
          <Form onSubmit={onSubmit} />
        </Live>,
      );
      const [name, email] = Array.from(container.querySelectorAll('input'));
      if (!name || !email) throw new Error('no fields');
      name.value = 'Ada';
      email.value = 'ada@example.com';
      startTransition(() => {
        hydrateRoot(
          container,
          <Live>
            <Form onSubmit={onSubmit} />
          </Live>,
        );
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(submitted).toEqual([{ name: 'Ada', email: 'ada@example.com' }]);
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT =
        actEnvironment;
      container.remove();
    }
  });
});
