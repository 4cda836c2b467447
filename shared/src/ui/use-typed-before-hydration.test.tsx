import { useRef, useState } from 'react';
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
});
