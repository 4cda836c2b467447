import { screen, waitFor, within } from '@testing-library/react';
import type { Insights } from '@portfolio/contract';
import { mockFetch, renderPage, setUpTestRuntimeConfig } from '@portfolio/testing';
import { makeUser, resetFirebaseMock, setCurrentUser } from '@portfolio/testing/firebase';
import AdminDashboardPage from '../../pages/AdminDashboardPage/AdminDashboardPage';
import { niceMaximum } from './InsightsChart';
import {
  CHART_HEADING,
  COMMENTS_LABEL,
  DELETED_ARTICLE,
  EXPORT_CSV_LABEL,
  INSIGHTS_COUNTING_OFF,
  NO_REFERRERS,
  REFERRERS_HEADING,
  TABLE_VIEW_LABEL,
  TOP_ARTICLES_HEADING,
  TOP_PAGES_HEADING,
  VIEWPORTS_HEADING,
  chartSummary,
  chartTitle,
  nowText,
  rangeLabel,
} from './insights-texts';

setUpTestRuntimeConfig();

beforeEach(() => {
  resetFirebaseMock();
  setCurrentUser(makeUser({ uid: 'admin-uid', role: 'admin' }));
});

const days = (count: number, end = '2026-12-01') =>
  Array.from({ length: count }, (_, index) => {
    const day = new Date(Date.parse(`${end}T00:00:00Z`) - (count - 1 - index) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    return {
      day,
      views: index === count - 2 ? 12 : index % 3,
      visitors: index === count - 2 ? 7 : index % 2,
    };
  });

const figures = (range: 7 | 30 | 90, extra: Partial<Insights> = {}): Insights => {
  const daily = days(range);
  return {
    counting: true,
    days: range,
    now: 3,
    totals: {
      views: daily.reduce((sum, day) => sum + day.views, 0),
      visitors: daily.reduce((sum, day) => sum + day.visitors, 0),
    },
    daily,
    pages: [
      { path: '/article/tls-in-practice', views: 40, visitors: 30 },
      { path: '/', views: 12, visitors: 11 },
    ],
    articles: [
      {
        _id: 'tls-in-practice',
        title: 'TLS in Practice',
        path: '/article/tls-in-practice',
        views: 40,
        visitors: 30,
        newsletterViews: 9,
      },
      { _id: null, title: 'Gone Article', path: null, views: 5, visitors: 4, newsletterViews: 0 },
    ],
    referrers: [{ origin: 'https://news.example.org', views: 8 }],
    viewports: [
      { viewport: 'phone', views: 30 },
      { viewport: 'desktop', views: 10 },
    ],
    ...extra,
  };
};

const openInsights = () =>
  renderPage(<AdminDashboardPage />, { route: '/admin-dashboard?tab=insights', auth: true });

describe('the Insights tab', () => {
  it('shows the last 30 days: totals, now, the chart with its text and table, top pages and articles, referrers, screens', async () => {
    const answer = figures(30);
    mockFetch({ 'GET /insights?days=30': { body: answer } });
    const { user } = openInsights();
    const chart = await screen.findByRole('img', { name: new RegExp(chartTitle(30)) });
    expect(chart).toHaveAccessibleName(`${chartTitle(30)} ${chartSummary(answer.daily)}`);
    expect(chartSummary(answer.daily)).toContain(
      'Busiest day Nov 30, 2026, with 12 views by 7 visitors.',
    );
    expect(screen.getByText(nowText(3))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: rangeLabel(30) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The chart's table: one row per day, a header row.
    const chartSection = screen.getByRole('region', { name: CHART_HEADING });
    await user.click(within(chartSection).getByText(TABLE_VIEW_LABEL));
    const table = within(chartSection).getByRole('table', { name: chartTitle(30) });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByRole('row', { name: 'Nov 30, 2026 7 12' })).toBeInTheDocument();
    const pages = screen.getByRole('region', { name: TOP_PAGES_HEADING });
    expect(within(pages).getByRole('link', { name: '/article/tls-in-practice' })).toHaveAttribute(
      'href',
      '/article/tls-in-practice',
    );
    const articles = screen.getByRole('region', { name: TOP_ARTICLES_HEADING });
    expect(
      within(articles).getByRole('row', { name: 'TLS in Practice 40 30 9' }),
    ).toBeInTheDocument();
    expect(within(articles).getByText(`Gone Article ${DELETED_ARTICLE}`)).toBeInTheDocument();
    // No comments column while the API keeps no comments.
    expect(within(articles).queryByRole('columnheader', { name: COMMENTS_LABEL })).toBeNull();
    expect(
      within(screen.getByRole('region', { name: REFERRERS_HEADING })).getByText(
        'https://news.example.org',
      ),
    ).toBeInTheDocument();
    const screens = screen.getByRole('region', { name: VIEWPORTS_HEADING });
    expect(within(screens).getByRole('row', { name: 'Phone 30 75%' })).toBeInTheDocument();
  });

  it('asks for another range when one is chosen', async () => {
    const fetchMock = mockFetch({
      'GET /insights?days=30': { body: figures(30) },
      'GET /insights?days=90': { body: figures(90, { referrers: [] }) },
    });
    const { user } = openInsights();
    await screen.findByRole('img', { name: new RegExp(chartTitle(30)) });
    await user.click(screen.getByRole('button', { name: rangeLabel(90) }));
    expect(
      await screen.findByRole('img', { name: new RegExp(chartTitle(90)) }),
    ).toBeInTheDocument();
    expect(screen.getByText(NO_REFERRERS)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      'http://api.test/api/insights?days=90',
      expect.anything(),
    );
  });

  it('shows a comments column when the API keeps comments, and says when counting is off', async () => {
    const answer = figures(7, { counting: false });
    answer.articles = answer.articles.map((article) => ({ ...article, comments: 2 }));
    mockFetch({ 'GET /insights?days=30': { body: answer } });
    openInsights();
    expect(await screen.findByText(INSIGHTS_COUNTING_OFF)).toBeInTheDocument();
    const articles = screen.getByRole('region', { name: TOP_ARTICLES_HEADING });
    expect(
      within(articles).getByRole('columnheader', { name: COMMENTS_LABEL }),
    ).toBeInTheDocument();
  });

  it('exports the range as a CSV file', async () => {
    const csv = 'day,path,article,views,visitors,newsletter_views\r\n';
    mockFetch({
      'GET /insights?days=30': { body: figures(30) },
      'GET /insights/export.csv?days=30': { body: csv },
    });
    const saved: { name: string; blob: Blob }[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        saved.push({ name: '', blob });
        return 'blob:insights';
      },
      revokeObjectURL: () => {},
    });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved[saved.length - 1]!.name = this.download;
    });
    const { user } = openInsights();
    await screen.findByRole('img', { name: new RegExp(chartTitle(30)) });
    await user.click(screen.getByRole('button', { name: EXPORT_CSV_LABEL }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('insights-30-days.csv');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved[0]!.blob);
    });
    // The test's fetch sends every body as JSON.
    expect(JSON.parse(text)).toBe(csv);
    click.mockRestore();
  });
});

it.each([
  [0, 1],
  [1, 1],
  [7, 10],
  [12, 20],
  [48, 50],
  [51, 100],
  [1234, 2000],
])('rounds an axis of %i up to %i', (value, nice) => {
  expect(niceMaximum(value)).toBe(nice);
});
