import './chart.css';
import { Button } from 'primereact/button';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';

/** A row of figures: one bar per category, or one slice per category of a doughnut. */
export interface ChartSeries {
  label: string;
  values: number[];
}

/** Chart.js and PrimeReact's Chart load with the first chart shown: never with the sign-in page or a list. */
const ChartCanvas = lazy(() => import('./ChartCanvas.tsx'));

type View = 'chart' | 'table';

/**
 * Every chart of the app (issue 19, part 7): a heading, a text summary that screen readers read (and
 * everyone sees), the chart, and a Table view with the same figures. `id` names its test ids and elements.
 */
export function ReportChart(props: {
  id: string;
  title: string;
  kind: 'bar' | 'doughnut';
  /** The table's first column: what the categories are (Month, Bucket, Status). */
  categoryHeader: string;
  categories: string[];
  series: ChartSeries[];
  format: (value: number) => string;
  summary: string;
  /** Shown instead of the chart when every figure is 0 (the table still lists them). */
  empty?: string;
  /** A colour per category (a doughnut's slices), so that a status keeps its colour in every chart. */
  colours?: string[];
  /** The report the chart comes from. */
  link?: { to: string; label: string };
  headingLevel?: 'h2' | 'h3';
}) {
  const [view, setView] = useState<View>('chart');
  const Heading = props.headingLevel ?? 'h3';
  const summaryId = `${props.id}-summary`;
  const nothing = props.series.every((s) => s.values.every((v) => v === 0));
  const toggle = (to: View, label: string, icon: string) => (
    <Button
      type="button"
      label={label}
      icon={icon}
      size="small"
      outlined={view !== to}
      aria-pressed={view === to}
      onClick={() => setView(to)}
      data-testid={`${props.id}-view-${to}`}
    />
  );
  return (
    <figure className="report-chart" aria-labelledby={`${props.id}-title`} data-testid={props.id}>
      <div className="report-chart__head">
        <Heading id={`${props.id}-title`} className="report-chart__title">
          {props.title}
        </Heading>
        <fieldset className="report-chart__views">
          <legend className="sr-only">{`${props.title}: view`}</legend>
          {toggle('chart', 'Chart', 'pi pi-chart-bar')}
          {toggle('table', 'Table', 'pi pi-table')}
        </fieldset>
      </div>
      <p id={summaryId} className="report-chart__summary" data-testid={summaryId}>
        {props.summary}
      </p>
      {view === 'chart' &&
        (nothing && props.empty ? (
          <p className="muted" role="status">
            {props.empty}
          </p>
        ) : (
          <div className={`report-chart__area report-chart__area--${props.kind}`}>
            <Suspense fallback={<p className="muted">Loading the chart…</p>}>
              <ChartCanvas
                kind={props.kind}
                categories={props.categories}
                series={props.series}
                format={props.format}
                colours={props.colours}
                label={`${props.title}. ${props.summary}`}
              />
            </Suspense>
          </div>
        ))}
      {view === 'table' && (
        <div className="report-chart__table-wrap">
          <table className="report-chart__table" data-testid={`${props.id}-table`}>
            <caption>{props.title}</caption>
            <thead>
              <tr>
                <th scope="col">{props.categoryHeader}</th>
                {props.series.map((s) => (
                  <th key={s.label} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {props.categories.map((category, row) => (
                <tr key={category}>
                  <th scope="row">{category}</th>
                  {props.series.map((s) => (
                    <td key={s.label}>{props.format(s.values[row] ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {props.link && (
        <Link className="report-chart__link" to={props.link.to} data-testid={`${props.id}-link`}>
          {props.link.label}
        </Link>
      )}
    </figure>
  );
}
