// Texts of the dashboard's Insights tab (docs/decisions/180, 183). Pages, tests and the browser
// specs import them.
import type { InsightsRange, ViewportClass } from '@portfolio/contract';
import { formatPostDate } from '@portfolio/shared/format';

export const TAB_INSIGHTS = 'Insights';
export const INSIGHTS_HEADING = 'Insights';
export const INSIGHTS_RANGE_LABEL = 'Range';
export const rangeLabel = (days: InsightsRange) => `Last ${days} days`;
export const INSIGHTS_LOADING = 'Loading the figures...';
export const INSIGHTS_LOAD_ERROR = 'The figures could not be loaded.';
export const INSIGHTS_COUNTING_OFF =
  'Counting is off (ANALYTICS=off): no page view is recorded. The figures below are what was kept.';
export const INSIGHTS_UTC_NOTE = 'Days are UTC days.';
export const VISITORS_LABEL = 'Visitors';
export const VIEWS_LABEL = 'Views';
export const NOW_LABEL = 'Now';
export const nowText = (visitors: number) =>
  `${count(visitors)} ${visitors === 1 ? 'visitor' : 'visitors'} in the last 5 minutes`;

export const CHART_HEADING = 'Visitors and views per day';
export const chartTitle = (days: number) => `Visitors and views per day, last ${days} days`;
export const TABLE_VIEW_LABEL = 'Table view';
export const DAY_LABEL = 'Day';

export const TOP_PAGES_HEADING = 'Top pages';
export const PAGE_LABEL = 'Page';
export const NO_PAGES = 'No page views in this range.';
export const TOP_ARTICLES_HEADING = 'Top articles';
export const ARTICLE_LABEL = 'Article';
export const NEWSLETTER_VIEWS_LABEL = 'From the newsletter';
export const COMMENTS_LABEL = 'Comments';
export const NO_ARTICLES_READ = 'No article was read in this range.';
export const DELETED_ARTICLE = '(deleted)';
export const REFERRERS_HEADING = 'Where readers come from';
export const REFERRER_LABEL = 'Site';
export const NO_REFERRERS = 'No visits from links on other sites in this range.';
export const VIEWPORTS_HEADING = 'Screens';
export const VIEWPORT_LABEL = 'Screen';
export const SHARE_LABEL = 'Share';
export const VIEWPORT_NAMES: Record<ViewportClass, string> = {
  phone: 'Phone',
  tablet: 'Tablet',
  desktop: 'Desktop',
};
export const EXPORT_CSV_LABEL = 'Export CSV';
export const EXPORT_ERROR = 'The export could not be made.';
export const exportFileName = (days: number) => `insights-${days}-days.csv`;

/** 1,234 */
export const count = (value: number) => value.toLocaleString('en-US');
/**
 * Each part's share of their total as whole percentages that add up to 100% (the largest
 * remainders are rounded up, so 1, 1, 1 is 34%, 33%, 33%, never 33% three times or 101%).
 */
export function percentages(parts: readonly number[]): string[] {
  const total = parts.reduce((sum, part) => sum + part, 0);
  if (total === 0) return parts.map(() => '0%');
  const exact = parts.map((part) => (part / total) * 100);
  const whole = exact.map(Math.floor);
  const left = 100 - whole.reduce((sum, value) => sum + value, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder.slice(0, left)) whole[index]! += 1;
  return whole.map((value) => `${value}%`);
}
/** A day of the figures (`YYYY-MM-DD`, UTC), as the site shows dates: "Dec 1, 2026". */
export const formatDay = (day: string) => formatPostDate(`${day}T00:00:00Z`);
/** "Dec 1": a short day for the chart's axis. */
export const formatShortDay = (day: string) => formatDay(day).replace(/, \d{4}$/, '');

/** The chart's text alternative: the range's totals and its busiest day. */
export function chartSummary(daily: readonly { day: string; views: number; visitors: number }[]) {
  if (daily.length === 0) return '';
  const views = daily.reduce((sum, day) => sum + day.views, 0);
  const visitors = daily.reduce((sum, day) => sum + day.visitors, 0);
  const range = `From ${formatDay(daily[0]!.day)} to ${formatDay(daily[daily.length - 1]!.day)}`;
  if (views === 0) return `${range}: no views.`;
  const busiest = daily.reduce((best, day) => (day.views > best.views ? day : best));
  return (
    `${range}: ${count(views)} views by ${count(visitors)} visitors. ` +
    `Busiest day ${formatDay(busiest.day)}, with ${count(busiest.views)} views by ` +
    `${count(busiest.visitors)} visitors.`
  );
}
