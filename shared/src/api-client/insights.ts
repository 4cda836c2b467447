// Page views (admin, docs/decisions/180).
import { INSIGHTS_EXPORT_PATH, INSIGHTS_PATH, InsightsSchema } from '@portfolio/contract';
import type { Insights, InsightsRange } from '@portfolio/contract';
import { withDeadline, sendOk, requestJson } from './transport';
import type { RequestOptions } from './transport';

export type { Insights, InsightsRange };

/** The site's page views over the last `days` days, today included (admin, docs/decisions/180). */
export function getInsights(days: InsightsRange, options: RequestOptions): Promise<Insights> {
  return requestJson(`${INSIGHTS_PATH}?days=${days}`, InsightsSchema, {}, options);
}

/** The same range as CSV, a row per day and page (admin). */
export function getInsightsCsv(days: InsightsRange, options: RequestOptions): Promise<string> {
  return withDeadline(options.signal, async (signal) => {
    const response = await sendOk(`${INSIGHTS_EXPORT_PATH}?days=${days}`, {}, options, signal);
    return response.text();
  });
}
