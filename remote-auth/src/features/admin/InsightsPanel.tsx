// The dashboard's Insights tab (docs/decisions/180, 183): the site's page views over the last 7,
// 30 or 90 days, counted without tracking anyone. Visitors and views per day as a chart (with its
// table), the visitors of the last five minutes, the top pages and articles, where readers came
// from, their screens, and the range as CSV.
import { useCallback, useState } from 'react';
import { INSIGHTS_RANGES } from '@portfolio/contract';
import type { Insights, InsightsRange } from '@portfolio/contract';
import { getInsights, getInsightsCsv } from '@portfolio/shared/api-client';
import { Link } from '@portfolio/shared/router';
import { Button, ErrorMessage, Spinner } from '@portfolio/shared/ui';
import { RETRY_LABEL } from '../../texts';
import { loadErrorMessage } from '../session/errors';
import { InsightsChart } from './InsightsChart';
import {
  ARTICLE_LABEL,
  CHART_HEADING,
  COMMENTS_LABEL,
  DELETED_ARTICLE,
  EXPORT_CSV_LABEL,
  EXPORT_ERROR,
  INSIGHTS_COUNTING_OFF,
  INSIGHTS_HEADING,
  INSIGHTS_LOADING,
  INSIGHTS_LOAD_ERROR,
  INSIGHTS_RANGE_LABEL,
  INSIGHTS_UTC_NOTE,
  NEWSLETTER_VIEWS_LABEL,
  NOW_LABEL,
  NO_ARTICLES_READ,
  NO_PAGES,
  NO_REFERRERS,
  PAGE_LABEL,
  REFERRERS_HEADING,
  REFERRER_LABEL,
  SHARE_LABEL,
  TOP_ARTICLES_HEADING,
  TOP_PAGES_HEADING,
  VIEWPORTS_HEADING,
  VIEWPORT_LABEL,
  VIEWPORT_NAMES,
  VIEWS_LABEL,
  VISITORS_LABEL,
  count,
  exportFileName,
  nowText,
  percentages,
  rangeLabel,
} from './insights-texts';
import { ToggleGroup } from './ListParts';
import type { Toggle } from './ListParts';
import { saveCsvFile } from './save-file';
import { useAdminToken } from './use-admin-token';
import { useResource } from './use-resource';
import adminStyles from './admin.module.css';
import styles from './InsightsPanel.module.css';

const DEFAULT_RANGE: InsightsRange = 30;
const RANGES: readonly Toggle<InsightsRange>[] = INSIGHTS_RANGES.map((range) => ({
  value: range,
  label: rangeLabel(range),
}));

export function InsightsPanel() {
  const getToken = useAdminToken();
  const [days, setDays] = useState<InsightsRange>(DEFAULT_RANGE);
  const [exportError, setExportError] = useState('');
  const load = useCallback(
    async () => getInsights(days, { token: await getToken() }),
    [days, getToken],
  );
  const { state, reload } = useResource(load);
  const figures = state.status === 'loaded' ? state.data : null;

  const exportCsv = async () => {
    setExportError('');
    try {
      saveCsvFile(exportFileName(days), await getInsightsCsv(days, { token: await getToken() }));
    } catch (error) {
      setExportError(loadErrorMessage(error, EXPORT_ERROR));
    }
  };

  return (
    <div className={adminStyles.manager}>
      <div className={adminStyles.managerHeader}>
        <h2 className={adminStyles.managerHeading}>{INSIGHTS_HEADING}</h2>
        <Button variant="secondary" onClick={() => void exportCsv()}>
          {EXPORT_CSV_LABEL}
        </Button>
      </div>
      {exportError && <ErrorMessage>{exportError}</ErrorMessage>}
      <ToggleGroup label={INSIGHTS_RANGE_LABEL} toggles={RANGES} chosen={days} onChoose={setDays} />
      {state.status === 'loading' && <Spinner label={INSIGHTS_LOADING} />}
      {state.status === 'error' && (
        <ErrorMessage>
          {loadErrorMessage(state.error, INSIGHTS_LOAD_ERROR)}{' '}
          <Button variant="secondary" onClick={reload}>
            {RETRY_LABEL}
          </Button>
        </ErrorMessage>
      )}
      {figures && <Figures figures={figures} />}
    </div>
  );
}

function Figures({ figures }: { figures: Insights }) {
  const viewportShares = percentages(figures.viewports.map((row) => row.views));
  const withComments = figures.articles.some((article) => article.comments !== undefined);
  return (
    <>
      {!figures.counting && <p className={styles.off}>{INSIGHTS_COUNTING_OFF}</p>}
      <dl className={styles.summary}>
        <div>
          <dt>{VISITORS_LABEL}</dt>
          <dd>{count(figures.totals.visitors)}</dd>
        </div>
        <div>
          <dt>{VIEWS_LABEL}</dt>
          <dd>{count(figures.totals.views)}</dd>
        </div>
        <div className={styles.now}>
          <dt>{NOW_LABEL}</dt>
          <dd>{nowText(figures.now)}</dd>
        </div>
      </dl>
      <section aria-labelledby="insights-chart" className={styles.section}>
        <h3 id="insights-chart">{CHART_HEADING}</h3>
        <InsightsChart daily={figures.daily} />
        <p className={adminStyles.muted}>{INSIGHTS_UTC_NOTE}</p>
      </section>
      <div className={styles.columns}>
        <section aria-labelledby="insights-pages" className={styles.section}>
          <h3 id="insights-pages">{TOP_PAGES_HEADING}</h3>
          {figures.pages.length === 0 ? (
            <p className={adminStyles.muted}>{NO_PAGES}</p>
          ) : (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{PAGE_LABEL}</th>
                  <th scope="col">{VIEWS_LABEL}</th>
                  <th scope="col">{VISITORS_LABEL}</th>
                </tr>
              </thead>
              <tbody>
                {figures.pages.map((row) => (
                  <tr key={row.path}>
                    <th scope="row">
                      <Link to={row.path}>{row.path}</Link>
                    </th>
                    <td>{count(row.views)}</td>
                    <td>{count(row.visitors)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section aria-labelledby="insights-articles" className={styles.section}>
          <h3 id="insights-articles">{TOP_ARTICLES_HEADING}</h3>
          {figures.articles.length === 0 ? (
            <p className={adminStyles.muted}>{NO_ARTICLES_READ}</p>
          ) : (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{ARTICLE_LABEL}</th>
                  <th scope="col">{VIEWS_LABEL}</th>
                  <th scope="col">{VISITORS_LABEL}</th>
                  <th scope="col">{NEWSLETTER_VIEWS_LABEL}</th>
                  {withComments && <th scope="col">{COMMENTS_LABEL}</th>}
                </tr>
              </thead>
              <tbody>
                {figures.articles.map((article) => (
                  <tr key={article._id ?? `deleted-${article.title}`}>
                    <th scope="row">
                      {article.path ? (
                        <Link to={article.path}>{article.title}</Link>
                      ) : (
                        `${article.title} ${DELETED_ARTICLE}`
                      )}
                    </th>
                    <td>{count(article.views)}</td>
                    <td>{count(article.visitors)}</td>
                    <td>{count(article.newsletterViews)}</td>
                    {withComments && <td>{count(article.comments ?? 0)}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section aria-labelledby="insights-referrers" className={styles.section}>
          <h3 id="insights-referrers">{REFERRERS_HEADING}</h3>
          {figures.referrers.length === 0 ? (
            <p className={adminStyles.muted}>{NO_REFERRERS}</p>
          ) : (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{REFERRER_LABEL}</th>
                  <th scope="col">{VIEWS_LABEL}</th>
                </tr>
              </thead>
              <tbody>
                {figures.referrers.map((row) => (
                  <tr key={row.origin}>
                    <th scope="row">{row.origin}</th>
                    <td>{count(row.views)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section aria-labelledby="insights-viewports" className={styles.section}>
          <h3 id="insights-viewports">{VIEWPORTS_HEADING}</h3>
          {figures.viewports.length === 0 ? (
            <p className={adminStyles.muted}>{NO_PAGES}</p>
          ) : (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{VIEWPORT_LABEL}</th>
                  <th scope="col">{VIEWS_LABEL}</th>
                  <th scope="col">{SHARE_LABEL}</th>
                </tr>
              </thead>
              <tbody>
                {figures.viewports.map((row, index) => (
                  <tr key={row.viewport}>
                    <th scope="row">{VIEWPORT_NAMES[row.viewport]}</th>
                    <td>{count(row.views)}</td>
                    <td>{viewportShares[index]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    </>
  );
}
