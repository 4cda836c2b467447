import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AuthProvider } from '@portfolio/shared/auth';

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** Renders a page at `route` inside the real AuthProvider; other routes show where we went. */
export function renderPage(ui: ReactElement, route: string) {
  const user = userEvent.setup();
  const result = render(
    <AuthProvider>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={route.split('?')[0]} element={ui} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AuthProvider>,
  );
  return { user, ...result };
}

/** The path the page navigated to (waits for the navigation). */
export async function navigatedTo(): Promise<string | null> {
  return (await screen.findByTestId('location')).textContent;
}
