// The dashboard's chart of visitors and views per day (docs/decisions/183): an SVG React draws,
// no charting library. Views are bars, visitors a line over them; the y axis has three lines
// (0, half, a round maximum), the x axis the first, middle and last day. The picture has a title
// and a summary as its text alternative, and the same figures are a table (Table view).
import { useId } from 'react';
import type { InsightsDay } from '@portfolio/contract';
import {
  DAY_LABEL,
  TABLE_VIEW_LABEL,
  VIEWS_LABEL,
  VISITORS_LABEL,
  chartSummary,
  chartTitle,
  count,
  formatDay,
  formatShortDay,
} from './insights-texts';
import styles from './InsightsPanel.module.css';

const WIDTH = 640;
const HEIGHT = 240;
// Room for the y axis's labels up to 10,000 at a phone's larger text (InsightsPanel.module.css).
const LEFT = 72;
const RIGHT = 8;
const TOP = 12;
const BOTTOM = 28;

/** A round number at least `value` (1, 2, 5 × a power of ten), so the axis reads easily. */
export function niceMaximum(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= value) ?? 10;
  return step * power;
}

export function InsightsChart({ daily }: { daily: readonly InsightsDay[] }) {
  const id = useId();
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const max = niceMaximum(Math.max(0, ...daily.map((day) => Math.max(day.views, day.visitors))));
  const slot = plotWidth / Math.max(1, daily.length);
  const x = (index: number) => LEFT + slot * index + slot / 2;
  const y = (value: number) => TOP + plotHeight - (value / max) * plotHeight;
  const barWidth = Math.max(1, slot * 0.7);
  const labelled = [0, Math.floor((daily.length - 1) / 2), daily.length - 1].filter(
    (index, position, all) => index >= 0 && all.indexOf(index) === position,
  );
  return (
    <figure className={styles.figure}>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>{chartTitle(daily.length)}</title>
        <desc id={`${id}-desc`}>{chartSummary(daily)}</desc>
        {[0, max / 2, max].map((value) => (
          <g key={value} className={styles.grid}>
            <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(value)} y2={y(value)} />
            <text x={LEFT - 6} y={y(value)} dy="0.32em" textAnchor="end">
              {count(value)}
            </text>
          </g>
        ))}
        <g className={styles.bars}>
          {daily.map((day, index) => (
            <rect
              key={day.day}
              x={x(index) - barWidth / 2}
              y={y(day.views)}
              width={barWidth}
              height={Math.max(0, TOP + plotHeight - y(day.views))}
            />
          ))}
        </g>
        <polyline
          className={styles.line}
          points={daily.map((day, index) => `${x(index)},${y(day.visitors)}`).join(' ')}
        />
        {daily.length <= 31 && (
          <g className={styles.points}>
            {daily.map((day, index) => (
              <circle key={day.day} cx={x(index)} cy={y(day.visitors)} r={2.5} />
            ))}
          </g>
        )}
        <g className={styles.axis}>
          {labelled.map((index) => (
            <text
              key={index}
              x={x(index)}
              y={HEIGHT - 8}
              textAnchor={index === 0 ? 'start' : index === daily.length - 1 ? 'end' : 'middle'}
            >
              {formatShortDay(daily[index]!.day)}
            </text>
          ))}
        </g>
      </svg>
      <figcaption className={styles.legend}>
        <span className={styles.legendViews}>{VIEWS_LABEL}</span>
        <span className={styles.legendVisitors}>{VISITORS_LABEL}</span>
      </figcaption>
      <details className={styles.tableView}>
        <summary>{TABLE_VIEW_LABEL}</summary>
        <table className={styles.table}>
          <caption>{chartTitle(daily.length)}</caption>
          <thead>
            <tr>
              <th scope="col">{DAY_LABEL}</th>
              <th scope="col">{VISITORS_LABEL}</th>
              <th scope="col">{VIEWS_LABEL}</th>
            </tr>
          </thead>
          <tbody>
            {daily.map((day) => (
              <tr key={day.day}>
                <th scope="row">{formatDay(day.day)}</th>
                <td>{count(day.visitors)}</td>
                <td>{count(day.views)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
